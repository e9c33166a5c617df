import { renderMail } from "./layout.ts";

export const reservationDecidedMail = (opts: {
  approved: boolean;
  projectTitle: string;
  range: string;
  reason: string | null;
  decidedBy: string;
  url: string;
}) =>
  renderMail({
    subject: opts.approved
      ? `Equipment approved for “${opts.projectTitle}”`
      : `Equipment request refused for “${opts.projectTitle}”`,
    heading: opts.approved ? "Your equipment is approved" : "Your equipment request was refused",
    paragraphs: opts.approved
      ? [
          `${opts.decidedBy} approved your reservation for “${opts.projectTitle}”, ${opts.range}.`,
          "Collect it at the equipment desk; bring it back on time, since late returns count as strikes.",
        ]
      : [
          `${opts.decidedBy} refused your reservation for “${opts.projectTitle}”, ${opts.range}.`,
          `Reason: ${opts.reason}`,
          "You can reserve other items or another time in the catalogue.",
        ],
    action: { label: "Open your reservations", url: opts.url },
    footer: "You receive this because you reserved equipment. Turn equipment e-mails off in Settings.",
  });
