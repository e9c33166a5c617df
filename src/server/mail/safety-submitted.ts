import { renderMail } from "./layout.ts";

/** A production attached the document of a hazard requirement: its approver is asked to decide. */
export const safetySubmittedMail = (opts: {
  projectTitle: string;
  requirement: string;
  scene: string;
  document: string;
  by: string;
  /** "26 April", or the lead time while the scene is unscheduled ("14 days before the shoot"). */
  due: string;
  url: string;
}) => {
  const heading = `“${opts.requirement}” awaits your decision`;
  return renderMail({
    subject: `${heading} (${opts.projectTitle})`,
    heading,
    paragraphs: [
      `${opts.by} attached “${opts.document}” to “${opts.requirement}” for scene ${opts.scene} of “${opts.projectTitle}”, due ${opts.due}.`,
      "Until it is approved, the shoot day of that scene is blocked and its call sheet cannot be sent. Approve it, ask for changes or refuse it on the project's Safety tab.",
    ],
    action: { label: "Open the Safety tab", url: opts.url },
    footer:
      "You receive this because you approve this project's safety paperwork. Turn safety e-mails off in Settings.",
  });
};
