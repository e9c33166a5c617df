import { renderMail } from "./layout.ts";

export const budgetDecidedMail = (opts: {
  projectTitle: string;
  number: number;
  outcome: string;
  decidedBy: string;
  comment: string;
  url: string;
}) =>
  renderMail({
    subject: `Budget of “${opts.projectTitle}”: ${opts.outcome}`,
    heading: `Budget version ${opts.number} of “${opts.projectTitle}”: ${opts.outcome}`,
    paragraphs: [
      `${opts.decidedBy.charAt(0).toUpperCase()}${opts.decidedBy.slice(1)} decided on version ${opts.number} of the budget: ${opts.outcome.toLowerCase()}.`,
      ...(opts.comment ? [`Comment: ${opts.comment}`] : []),
    ],
    action: { label: "Open the budget", url: opts.url },
    footer: "You receive this because you are on this project's crew. Turn these e-mails off in Settings.",
  });
