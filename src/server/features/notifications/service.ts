import { count, desc } from "drizzle-orm";
import type { EmailDto, EmailPageDto } from "../../../common/emails.ts";
import type { Services } from "../../context.ts";
import { emails } from "../../db/schema/index.ts";
import { processBatch, scheduleRecurringJobs, startWorker } from "../../lib/jobs.ts";
import { queueEmail } from "../../mail/queue.ts";
import { testMail } from "../../mail/test-mail.ts";

/** One batch of due jobs, of every type the portal knows (`services.jobs`). */
export function runNotificationJobs(s: Services, limit = 20) {
  return processBatch(s.db, s.jobs, s, s.log, { limit, leaseSeconds: s.config.JOB_LEASE_SECONDS });
}

/** This instance's worker: queues each recurring job not queued yet (here or elsewhere), then drains the queue. */
export async function startJobWorker(s: Services) {
  await scheduleRecurringJobs(s.db, s.jobs, s);
  return startWorker(() => runNotificationJobs(s), s.config.JOB_POLL_MS, s.log);
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
  const jobId = await queueEmail(s, {
    to: opts.to,
    ...testMail({ sentBy: opts.sentBy, transport: s.mailer.transport }),
  });
  return { queued: true, jobId };
}
