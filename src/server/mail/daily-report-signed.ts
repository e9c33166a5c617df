import { renderMail } from "./layout.ts";

export const dailyReportSignedMail = (opts: {
  producerName: string;
  projectTitle: string;
  date: string;
  dayNumber: number;
  pages: string;
  wrap: string;
  injury: boolean;
  url: string;
}) =>
  renderMail({
    subject: `Daily production report: “${opts.projectTitle}”, day ${opts.dayNumber}`,
    heading: `Day ${opts.dayNumber} of “${opts.projectTitle}” is reported`,
    paragraphs: [
      `${opts.producerName} signed the daily production report of ${opts.date}: ${opts.pages} shot, wrap at ${opts.wrap}.`,
      ...(opts.injury ? ["The report includes an injury or accident report. Please read it."] : []),
      "The signed report is stored with the project's call sheets.",
    ],
    action: { label: "Open the project", url: opts.url },
    footer: "You receive this because you supervise this production on The Portal. Turn these e-mails off in Settings.",
  });
