import { renderMail } from "./layout.ts";

/** The supervisor's decision on a cut, to its crew: rare and what the edit waits for, so it is mailed (notes are not). */
export const cutDecidedMail = (opts: {
  decidedBy: string;
  projectTitle: string;
  cut: string;
  /** "approved", "approved as picture lock" or "changes requested". */
  outcome: string;
  note: string | null;
  url: string;
}) =>
  renderMail({
    subject: `${opts.cut} of “${opts.projectTitle}”: ${opts.outcome}`,
    heading: `${opts.cut}: ${opts.outcome}`,
    paragraphs: [
      `${opts.decidedBy} reviewed ${opts.cut} of “${opts.projectTitle}”: ${opts.outcome}.`,
      ...(opts.note ? [`Their note: ${opts.note}`] : []),
      "The cut page has the notes at their timecodes, and the versions side by side.",
    ],
    action: { label: "Open the cut", url: opts.url },
    footer: "You receive this because you are on the crew of this production. Turn these e-mails off in Settings.",
  });
