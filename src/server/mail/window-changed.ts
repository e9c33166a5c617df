import { renderMail } from "./layout.ts";

const FOOTER =
  "You receive this because you requested equipment in a request window. Turn equipment e-mails off in Settings.";

/** The office cancelled a request window before its draw: the requests are withdrawn, the gear is bookable again. */
export const windowCancelledMail = (opts: { windowName: string; range: string; reason: string; url: string }) =>
  renderMail({
    subject: `Request window cancelled: “${opts.windowName}”`,
    heading: "A request window you asked in was cancelled",
    paragraphs: [
      `The equipment office cancelled “${opts.windowName}” for ${opts.range} before its lottery was drawn, and withdrew your requests.`,
      ...(opts.reason ? [`The office's reason: ${opts.reason}`] : []),
      "What it contested can be booked in the catalogue again, first come, first served.",
    ],
    action: { label: "Open the catalogue", url: opts.url },
    footer: FOOTER,
  });

/** The office moved a window's period or deadline: the requests stand, for the new dates. */
export const windowMovedMail = (opts: { windowName: string; range: string; deadline: string; url: string }) =>
  renderMail({
    subject: `Request window changed: “${opts.windowName}”`,
    heading: "A request window you asked in has new dates",
    paragraphs: [
      `The equipment office corrected “${opts.windowName}”: the period is now ${opts.range}, and requests are taken until ${opts.deadline}.`,
      "Your requests stand for the new dates; withdraw them before the deadline if the new dates do not suit you.",
    ],
    action: { label: "Open the window", url: opts.url },
    footer: FOOTER,
  });
