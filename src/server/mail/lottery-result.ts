import { renderMail } from "./layout.ts";

/** A request window's draw, told to each requester: what they got or not, and why, in the draw's own words. */
export const lotteryResultMail = (opts: {
  won: boolean;
  windowName: string;
  lotLabel: string;
  projectTitle: string;
  range: string;
  explanation: string;
  url: string;
}) =>
  renderMail({
    subject: opts.won
      ? `${opts.lotLabel} allotted to “${opts.projectTitle}” (${opts.windowName})`
      : `No ${opts.lotLabel} for “${opts.projectTitle}” this time (${opts.windowName})`,
    heading: opts.won ? "The lottery allotted you equipment" : "The lottery did not reach your request",
    paragraphs: [
      `The equipment office drew the lottery of “${opts.windowName}” for ${opts.range}.`,
      opts.explanation,
      opts.won
        ? "Your reservation is approved: collect it at the equipment desk and bring it back on time."
        : "Whatever is left of the stores for that period can be booked in the catalogue again.",
    ],
    action: { label: "Open the result", url: opts.url },
    footer:
      "You receive this because you requested equipment in a request window. Turn equipment e-mails off in Settings.",
  });
