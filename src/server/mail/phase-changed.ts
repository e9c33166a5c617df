import { renderMail } from "./layout.ts";

export const phaseChangedMail = (opts: {
  changedBy: string;
  projectTitle: string;
  from: string;
  to: string;
  reason: string;
  url: string;
}) =>
  renderMail({
    subject: `“${opts.projectTitle}” moved to ${opts.to}`,
    heading: `“${opts.projectTitle}” moved to ${opts.to}`,
    paragraphs: [`${opts.changedBy} moved the project from ${opts.from} to ${opts.to}.`, `Why: ${opts.reason}`],
    action: { label: "Open the project", url: opts.url },
    footer: "You receive this because you are on this project's crew. Turn these e-mails off in Settings.",
  });
