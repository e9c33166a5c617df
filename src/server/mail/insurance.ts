import { renderMail } from "./layout.ts";

/** The request as the office reads it, in ready strings. */
interface RequestFacts {
  projectTitle: string;
  requestedBy: string;
  what: string;
  address: string;
  period: string;
  holder: string;
  /** The covered locations and vendors, each "Location: name, address"; no phone or e-mail (the contacts rule). */
  covers: string[];
  notes: string;
}

const facts = (r: RequestFacts) => [
  `What: ${r.what}. Where: ${r.address}. When: ${r.period}.`,
  `Certificate holder: ${r.holder}.`,
  ...(r.covers.length ? [`Also covered: ${r.covers.join("; ")}.`] : []),
  ...(r.notes ? [`Their notes: ${r.notes}`] : []),
];

/**
 * To the office's address: the request and the link that answers it without an account. A reminder (a ready
 * sentence saying why it comes) carries a fresh link, since only the link's hash is kept.
 */
export const insuranceOfficeMail = (
  opts: RequestFacts & {
    schoolName: string;
    endorsedBy: string | null;
    url: string;
    expiresOn: string;
    reminder?: string;
  },
) =>
  renderMail({
    subject: `${opts.reminder ? "Reminder: c" : "C"}ertificate of insurance requested: “${opts.projectTitle}”`,
    heading: `A certificate of insurance for “${opts.projectTitle}”`,
    paragraphs: [
      ...(opts.reminder ? [opts.reminder] : []),
      `${opts.requestedBy} of the production “${opts.projectTitle}” (${opts.schoolName}) asks for a certificate of insurance${opts.endorsedBy ? `, endorsed by ${opts.endorsedBy}` : ""}.`,
      ...facts(opts),
      `Answer through the link: upload the certificate (PDF or a picture), or decline with a reason. It works until ${opts.expiresOn}, and only once.${opts.reminder ? " It replaces the link of the earlier e-mail." : ""}`,
    ],
    action: { label: "Answer the request", url: opts.url },
    footer: "You receive this because the school named this address as its insurance office on The Portal.",
  });

/** The in-app notice's e-mail twin, for the office's account, a teacher, and the crew. */
export const insuranceNoticeMail = (opts: { subject: string; lines: string[]; url: string; action: string }) =>
  renderMail({
    subject: opts.subject,
    heading: opts.subject,
    paragraphs: opts.lines,
    action: { label: opts.action, url: opts.url },
    footer:
      "You receive this because of a certificate of insurance request on The Portal. Turn these e-mails off in Settings.",
  });

export type { RequestFacts as InsuranceRequestFacts };
