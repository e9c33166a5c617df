import { renderMail } from "./layout.ts";

export const milestoneDueMail = (opts: { projectTitle: string; milestone: string; due: string; url: string }) =>
  renderMail({
    subject: `“${opts.milestone}” is due ${opts.due}`,
    heading: `“${opts.milestone}” is due ${opts.due}`,
    paragraphs: [
      `The milestone “${opts.milestone}” of “${opts.projectTitle}” is not marked done yet.`,
      "If it is finished, tick it on the project page so the crew and your supervisor see it; if the date has moved, change it there.",
    ],
    action: { label: "Open the project", url: opts.url },
    footer: "You receive this because you are on the crew of this project. Turn milestone e-mails off in Settings.",
  });
