import type { Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { emails } from "../db/schema/index.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Uint8Array }[];
}

export interface Mailer {
  transport: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * With SMTP_URL, mail leaves through nodemailer; without it, the embedded outbox is the destination.
 * Either way a copy is kept in `emails`, so /email-test shows what the portal sent.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const smtpUrl = opts.smtpUrl;
  const transport = smtpUrl ? "smtp" : "outbox";
  // nodemailer costs a few MB resident; a portal on the embedded outbox never loads it, and one with SMTP
  // loads it with the first mail rather than at start.
  let transporter: Promise<Transporter> | null = null;
  const smtp = () => (transporter ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl)));
  return {
    transport,
    async send(mail) {
      const { attachments, ...copy } = mail;
      if (smtpUrl) await (await smtp()).sendMail({ from: opts.from, ...copy, attachments: attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })) });
      // The outbox keeps the message, not the files: they stay in storage.
      await db.insert(emails).values({ ...copy, html: copy.html ?? null, from: opts.from, transport });
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}
