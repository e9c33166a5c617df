import { renderMail } from "./layout.ts";

const OUTSIDE = "You receive this because a production of a film school asked you to sign a document on The Portal.";

export const signatureRequestMail = (opts: {
  senderName: string;
  schoolName: string;
  projectTitle: string;
  documentTitle: string;
  message: string;
  role: "signer" | "approver";
  url: string;
  expiresOn: string;
  reminder?: boolean;
}) =>
  renderMail({
    subject: `${opts.reminder ? "Reminder: " : ""}please ${opts.role === "approver" ? "approve" : "sign"} “${opts.documentTitle}”`,
    heading: `${opts.reminder ? "Reminder: " : ""}“${opts.documentTitle}” waits for your ${opts.role === "approver" ? "approval" : "signature"}`,
    paragraphs: [
      `${opts.senderName} of the production “${opts.projectTitle}” (${opts.schoolName}) asks you to ${opts.role === "approver" ? "approve" : "sign"} this document.`,
      ...(opts.message ? [`Their message: ${opts.message}`] : []),
      `The link is personal: do not forward it. It works until ${opts.expiresOn}. You can read the whole document before you sign, on a phone or a computer, and you may decline with a reason.`,
    ],
    action: { label: opts.role === "approver" ? "Review and approve" : "Review and sign", url: opts.url },
    footer: OUTSIDE,
  });

export const signatureCompletedMail = (opts: {
  projectTitle: string;
  documentTitle: string;
  signers: string[];
  sha256: string;
  url?: string;
}) =>
  renderMail({
    subject: `Signed by everyone: “${opts.documentTitle}”`,
    heading: `“${opts.documentTitle}” is signed`,
    paragraphs: [
      `Everyone has signed the document of the production “${opts.projectTitle}”: ${opts.signers.join(", ")}.`,
      "The sealed PDF is attached. Its last page is the audit certificate: who signed, when, from which address and browser.",
      `SHA-256 of the sealed file: ${opts.sha256}. Any change to the file changes this number.`,
    ],
    ...(opts.url ? { action: { label: "Open the documents", url: opts.url } } : {}),
    footer: OUTSIDE,
  });

export const signatureStoppedMail = (opts: { projectTitle: string; documentTitle: string; why: string }) =>
  renderMail({
    subject: `No longer to sign: “${opts.documentTitle}”`,
    heading: `“${opts.documentTitle}” no longer needs your signature`,
    paragraphs: [
      `The signature request of the production “${opts.projectTitle}” was stopped: ${opts.why}`,
      "The link you were sent no longer opens the document. Nothing more is needed from you.",
    ],
    footer: OUTSIDE,
  });

export const signatureDeclinedMail = (opts: {
  projectTitle: string;
  documentTitle: string;
  signerName: string;
  reason: string;
  url: string;
}) =>
  renderMail({
    subject: `${opts.signerName} declined to sign “${opts.documentTitle}”`,
    heading: `${opts.signerName} declined to sign`,
    paragraphs: [
      `${opts.signerName} declined to sign “${opts.documentTitle}” of “${opts.projectTitle}”.`,
      `Their reason: ${opts.reason}`,
      "The request is closed; change the document if needed and send a new one.",
    ],
    action: { label: "Open the documents", url: opts.url },
    footer:
      "You receive this because you sent this signature request on The Portal. Turn these e-mails off in Settings.",
  });
