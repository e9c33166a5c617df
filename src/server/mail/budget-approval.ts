import { renderMail } from "./layout.ts";

export const budgetApprovalMail = (opts: {
  submittedBy: string;
  projectTitle: string;
  number: number;
  total: string;
  message: string;
  url: string;
  expiresInDays: number;
  expiresOn: string;
}) =>
  renderMail({
    subject: `Budget approval: “${opts.projectTitle}” (version ${opts.number})`,
    heading: `Please review the budget of “${opts.projectTitle}”`,
    paragraphs: [
      `${opts.submittedBy} submitted version ${opts.number} of the budget, ${opts.total} in total, and names you as its approver.`,
      ...(opts.message ? [`Their note: ${opts.message}`] : []),
      `The link below shows the top sheet and every line. Approve, request changes or reject it there, with or without an account. It works for one decision and expires in ${opts.expiresInDays} days, on ${opts.expiresOn}.`,
    ],
    action: { label: "Review the budget", url: opts.url },
    footer: "If you did not expect this request, ignore this e-mail; nothing is decided without you.",
  });
