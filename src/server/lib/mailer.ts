import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { emails } from "../db/schema/index.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Whom a reply reaches: the person the portal wrote for (an approval, a signing request, a call sheet). */
  replyTo?: string;
  /** Extra header lines, e.g. List-Unsubscribe on notifications. */
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Uint8Array }[];
}

export interface Mailer {
  transport: "smtp" | "outbox";
  /** With `jobId`, a message is sent once for that job, however many workers have held it. */
  send(mail: Mail, opts?: { jobId?: string }): Promise<void>;
  close(): void;
}

/** The address part of "Name <address>" (or the address itself). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * With SMTP_URL, mail leaves through nodemailer; without it, the embedded outbox is the destination.
 * Either way a copy is kept in `emails`, so /email-test shows what the portal sent.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const smtpUrl = opts.smtpUrl;
  const transport = smtpUrl ? "smtp" : "outbox";
  const domain = addressOf(opts.from).split("@")[1] ?? "portal.invalid";
  // nodemailer costs a few MB resident; a portal on the embedded outbox never loads it, and one with SMTP
  // loads it with the first mail rather than at start.
  let transporter: Promise<Transporter> | null = null;
  const smtp = () => (transporter ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl)));
  return {
    transport,
    async send(mail, { jobId } = {}) {
      // A worker that sent the message and recorded it, then died before marking its job done, leaves the
      // copy behind: whoever takes the job over finds it and sends nothing.
      if (jobId && (await db.select({ id: emails.id }).from(emails).where(eq(emails.jobId, jobId)).limit(1)).length)
        return;
      const { attachments, replyTo, headers, ...copy } = mail;
      if (smtpUrl) {
        await (
          await smtp()
        ).sendMail({
          from: opts.from,
          ...copy,
          ...(replyTo ? { replyTo } : {}),
          // RFC 3834: written by the portal, not a person, so out-of-office replies are not sent back to it.
          headers: { "Auto-Submitted": "auto-generated", ...headers },
          // One job, one Message-ID: should a message go out twice after all (a crash between sending and
          // recording it), the receiving servers and mail clients see one message.
          ...(jobId ? { messageId: `<${jobId}@${domain}>` } : {}),
          attachments: attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
        });
      }
      // The outbox keeps the message, not the files: they stay in storage. The unique job id keeps one copy.
      await db
        .insert(emails)
        .values({ ...copy, html: copy.html ?? null, from: opts.from, transport, jobId: jobId ?? null })
        .onConflictDoNothing();
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}
