import { count, desc } from "drizzle-orm";
import type { EmailDto, EmailPageDto } from "../../../common/emails.ts";
import type { Services } from "../../context.ts";
import { emails } from "../../db/schema/index.ts";
import { processBatch } from "../../lib/jobs.ts";
import { testMail } from "./emails/test-mail.ts";
import { jobRegistry, queueEmail } from "./jobs.ts";

export function runNotificationJobs(s: Services, limit = 20) {
  return processBatch(s.db, jobRegistry, s, s.log, { limit, leaseSeconds: s.config.JOB_LEASE_SECONDS });
}

export async function listEmails(s: Services, opts: { limit: number; offset: number }): Promise<EmailPageDto> {
  const rows = await s.db.select().from(emails).orderBy(desc(emails.createdAt)).limit(opts.limit).offset(opts.offset);
  const [total] = await s.db.select({ n: count() }).from(emails);
  return {
    transport: s.mailer.transport,
    total: total?.n ?? 0,
    items: rows.map((e): EmailDto => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

export async function sendTestEmail(s: Services, opts: { to: string; sentBy: string }) {
  const jobId = await queueEmail(s, { to: opts.to, ...testMail({ sentBy: opts.sentBy, transport: s.mailer.transport }) });
  return { queued: true, jobId };
}
