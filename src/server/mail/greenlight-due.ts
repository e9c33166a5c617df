import { renderMail } from "./layout.ts";

/** A course deadline of a project's greenlight checklist: coming up, or passed and not done. */
export const greenlightDueMail = (opts: {
  projectTitle: string;
  item: string;
  due: string;
  overdue: boolean;
  lead: string;
  url: string;
}) => {
  const heading = opts.overdue ? `“${opts.item}” was due ${opts.due}` : `“${opts.item}” is due ${opts.due}`;
  return renderMail({
    subject: heading,
    heading,
    paragraphs: [
      `The greenlight item “${opts.item}” of “${opts.projectTitle}” is not done yet. Your course wants it ${opts.lead}.`,
      opts.overdue
        ? "The deadline has passed. Get it done and ticked, or talk to your supervisor about the shoot dates."
        : "Once it is done it is ticked on the project's greenlight checklist, and this is the last you hear of it.",
    ],
    action: { label: "Open the project", url: opts.url },
    footer:
      "You receive this because you lead or produce this project. Turn greenlight deadline e-mails off in Settings.",
  });
};
