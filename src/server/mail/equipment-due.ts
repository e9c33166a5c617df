import { renderMail } from "./layout.ts";

/** Before the due time (`late` false) and once it has passed (`late` true). */
export const equipmentDueMail = (opts: {
  late: boolean;
  projectTitle: string;
  due: string;
  items: string[];
  url: string;
}) =>
  renderMail({
    subject: opts.late
      ? `Overdue: equipment for “${opts.projectTitle}” was due ${opts.due}`
      : `Equipment for “${opts.projectTitle}” is due back ${opts.due}`,
    heading: opts.late ? "Your equipment is overdue" : "Your equipment is due back soon",
    paragraphs: [
      opts.late
        ? `The equipment you borrowed for “${opts.projectTitle}” was due back ${opts.due} and is not checked in yet.`
        : `The equipment you borrowed for “${opts.projectTitle}” is due back at the desk ${opts.due}.`,
      `Still out: ${opts.items.join(", ")}.`,
      opts.late
        ? "Bring it to the equipment desk as soon as you can. A late return counts as a strike; at the school's limit you cannot book until the office clears them."
        : "Returning it late counts as a strike.",
    ],
    action: { label: "Open your reservations", url: opts.url },
    footer: "You receive this because you borrowed equipment. Turn equipment e-mails off in Settings.",
  });
