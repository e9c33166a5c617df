import { ROLE_LABELS, type Role } from "../../common/roles.ts";
import { renderMail } from "./layout.ts";

export const invitationMail = (opts: { invitedBy: string; role: Role; url: string; expiresInDays: number }) =>
  renderMail({
    subject: "You are invited to The Portal",
    heading: "You are invited to The Portal",
    paragraphs: [
      `${opts.invitedBy} invited you to join the film school's production portal as ${ROLE_LABELS[opts.role].toLowerCase()}.`,
      "The Portal is where the school's films and documentaries are run, from the first screenplay draft to delivery: projects and crews, budgets, equipment and release forms.",
      `Choose your name and a password with the link below. It works once and expires in ${opts.expiresInDays} days.`,
    ],
    action: { label: "Accept the invitation", url: opts.url },
    footer: "If you did not expect this invitation, ignore this e-mail; no account is made without you.",
  });
