import { renderMail } from "./layout.ts";

export const greenlightOverrideMail = (opts: {
  overriddenBy: string;
  projectTitle: string;
  missing: string[];
  reason: string;
  url: string;
}) =>
  renderMail({
    subject: `“${opts.projectTitle}” went into production past its greenlight checklist`,
    heading: `“${opts.projectTitle}” went into production past its greenlight checklist`,
    paragraphs: [
      `${opts.overriddenBy} moved the project into production although the greenlight checklist was not complete.`,
      `Still open: ${opts.missing.join("; ")}.`,
      `The reason given: ${opts.reason}`,
      "Please finish the open items as soon as you can: the school still needs them on record.",
    ],
    action: { label: "Open the checklist", url: opts.url },
    footer: "You receive this because you are on this project's crew. Turn these e-mails off in Settings.",
  });
