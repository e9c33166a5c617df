import { renderMail } from "./layout.ts";

export const callSheetMail = (opts: {
  senderName: string;
  projectTitle: string;
  date: string;
  dayNumber: number;
  call: string;
  location: string;
  scenes: string[];
  notes: string;
  url: string;
}) =>
  renderMail({
    subject: `Call sheet: ${opts.projectTitle}, ${opts.date}`,
    heading: `Call sheet for day ${opts.dayNumber}: ${opts.date}`,
    paragraphs: [
      `${opts.senderName} sent the call sheet of “${opts.projectTitle}”.`,
      `Your call: ${opts.call}. Location: ${opts.location}.`,
      opts.scenes.length ? `Scenes: ${opts.scenes.join("; ")}.` : "No scenes are scheduled for this day yet.",
      ...(opts.notes ? [`Notes: ${opts.notes}`] : []),
      "Please confirm that you have it. The link is personal: do not forward it.",
    ],
    action: { label: "Confirm the call sheet", url: opts.url },
    footer: "You receive this because you are on the crew of this production on The Portal.",
  });
