import { renderMail } from "./layout.ts";

export const confirmEmailMail = (opts: { name: string; url: string }) =>
  renderMail({
    subject: "Confirm your e-mail address for The Portal",
    heading: `Welcome to The Portal, ${opts.name}`,
    paragraphs: [
      "Please confirm that this is your e-mail address, so the school can reach you about your productions.",
    ],
    action: { label: "Confirm my e-mail address", url: opts.url },
  });
