import { renderMail } from "./layout.ts";

/** A hazard requirement of a production coming due, or late, and not yet approved. */
export const safetyDueMail = (opts: {
  projectTitle: string;
  requirement: string;
  scene: string;
  due: string;
  late: boolean;
  approver: boolean;
  url: string;
}) => {
  const heading = opts.late ? `“${opts.requirement}” was due ${opts.due}` : `“${opts.requirement}” is due ${opts.due}`;
  return renderMail({
    subject: `${heading} (${opts.projectTitle})`,
    heading,
    paragraphs: [
      `“${opts.projectTitle}” needs “${opts.requirement}” approved for scene ${opts.scene}. Until it is, the shoot day of that scene is blocked and its call sheet cannot be sent.`,
      opts.approver
        ? "You are asked to decide it: once the crew attaches the document, approve it, ask for changes or refuse it on the project's Safety tab."
        : "Attach the document on the project's Safety tab; the approver then decides it.",
    ],
    action: { label: "Open the Safety tab", url: opts.url },
    footer:
      "You receive this because you produce this project or approve its safety paperwork. Turn safety e-mails off in Settings.",
  });
};
