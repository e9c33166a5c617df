import { renderMail } from "./layout.ts";

export const resetPasswordMail = (opts: { name: string; url: string; expiresInMinutes: number }) =>
  renderMail({
    subject: "Reset your password for The Portal",
    heading: `Hello ${opts.name},`,
    paragraphs: [
      "Someone asked to reset the password of your account on The Portal. If it was you, choose a new password with the link below.",
      `The link works once and expires in ${opts.expiresInMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    ],
    action: { label: "Choose a new password", url: opts.url },
  });
