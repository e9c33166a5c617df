import { z } from "zod";
import { NOTIFICATION_KINDS } from "../../../common/school.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { defineJob, enqueue, PermanentJobError, pruneJobs, queueNextRun, scheduleRecurring, type EnqueueOptions, type JobDefinition } from "../../lib/jobs.ts";
import type { Mail } from "../../lib/mailer.ts";
import { storageFor } from "../../lib/storage.ts";
import { runScheduledBackup } from "../../ops/backup.ts";
import { runSignatureScan } from "../documents/signatures.ts";
import { runEquipmentScan } from "../equipment/overdue.ts";
import { runMilestoneScan } from "../reminders/milestones.ts";
import { notificationHeaders } from "./unsubscribe.ts";

export const sendEmailJob = defineJob({
  type: "email.send",
  payload: z.object({
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string().optional(),
    replyTo: z.string().email().optional(),
    /** A notification's person and kind: its unsubscribe link is made when it is sent. */
    unsubscribe: z.object({ userId: z.string().min(1), kind: z.enum(NOTIFICATION_KINDS) }).optional(),
    /** Files ride along by their storage key, so the queue holds no file's bytes. */
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), storageKey: z.string() })).optional(),
  }),
  maxAttempts: 6,
  handle: async ({ attachments, unsubscribe, ...mail }, s: Services, run) => {
    const files = await Promise.all(
      (attachments ?? []).map(async (a) => {
        const content = await storageFor(s.config).get(a.storageKey);
        if (!content) throw new PermanentJobError(`attachment ${a.storageKey} is missing from storage`);
        return { filename: a.filename, contentType: a.contentType, content };
      }),
    );
    const headers = unsubscribe ? notificationHeaders(s.config, unsubscribe.userId, unsubscribe.kind) : undefined;
    await s.mailer.send({ ...mail, ...(headers ? { headers } : {}), ...(files.length ? { attachments: files } : {}) }, { jobId: run.id });
    // The outbox listing is admin-only, so telling every signed-in client to refetch it discloses nothing.
    await s.events.publish({ type: "email.sent", invalidate: [["emails"]] });
  },
});

/**
 * Tells crews about milestones due within 48 hours; it queues its own successor. Defined here rather
 * than beside the scan so the registry below never reads a job from a module still being loaded.
 */
export const milestoneScanJob = defineJob({
  type: "milestones.scan",
  payload: z.object({}),
  handle: (_payload, s: Services) => runMilestoneScan(s),
});

/** The one key that keeps a single prune queued across every instance sharing the database. */
export const PRUNE_JOBS_KEY = "jobs.prune";
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

/** Deletes finished job rows past their keeping time once a day, so the table holds what is still of use. */
export const pruneJobsJob = defineJob({
  type: "jobs.prune",
  payload: z.object({}),
  handle: async (_payload, s: Services) => {
    const { deleted } = await pruneJobs(s.db);
    if (deleted > 0) s.log.info({ deleted }, "pruned finished jobs");
    await queueNextRun(s.db, pruneJobsJob, PRUNE_JOBS_KEY, PRUNE_EVERY_MS);
  },
});

export const schedulePruneJobs = (db: DbOrTx) => scheduleRecurring(db, pruneJobsJob, PRUNE_JOBS_KEY);

/** Expires signature requests and sends the automatic reminders; it queues its own successor. */
export const signatureScanJob = defineJob({
  type: "signatures.scan",
  payload: z.object({}),
  handle: (_payload, s: Services) => runSignatureScan(s),
});

/** Reminds borrowers before gear is due and when it is late; it queues its own successor. */
export const equipmentScanJob = defineJob({
  type: "equipment.scan",
  payload: z.object({}),
  handle: (_payload, s: Services) => runEquipmentScan(s),
});

/** The one key that keeps a single daily backup queued across every instance sharing the database. */
export const BACKUP_KEY = "backup.daily";
const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;

/** Writes the daily backup into BACKUP_DIR and prunes the old ones; it queues its own successor while BACKUP_DIR is set. */
export const backupJob = defineJob({
  type: "backup.daily",
  payload: z.object({}),
  // A failed backup is retried a few times, then the next day's run tries afresh (the dead job is in the log).
  maxAttempts: 3,
  handle: async (_payload, s: Services) => {
    if (!s.config.BACKUP_DIR) return;
    const summary = await runScheduledBackup(s.database, s.config);
    s.log.info({ file: summary?.file, rows: summary?.rows, files: summary?.files }, "daily backup written");
    await queueNextRun(s.db, backupJob, BACKUP_KEY, BACKUP_EVERY_MS);
  },
});

export const scheduleBackup = (db: DbOrTx) => scheduleRecurring(db, backupJob, BACKUP_KEY);

/** Every job type the workers know. Later domains add theirs here. */
export const jobRegistry = new Map<string, JobDefinition<any, Services>>([
  [sendEmailJob.type, sendEmailJob],
  [milestoneScanJob.type, milestoneScanJob],
  [pruneJobsJob.type, pruneJobsJob],
  [signatureScanJob.type, signatureScanJob],
  [equipmentScanJob.type, equipmentScanJob],
  [backupJob.type, backupJob],
]);

/** All mail goes through the queue, so none is lost while the mail server is down. */
export function queueEmail(s: { db: DbOrTx }, mail: z.infer<typeof sendEmailJob.payload>, opts?: EnqueueOptions) {
  return enqueue(s.db, sendEmailJob, mail, opts);
}
