import { z } from "zod";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { defineJob, enqueue, PermanentJobError, type EnqueueOptions, type JobDefinition } from "../../lib/jobs.ts";
import { storageFor } from "../../lib/storage.ts";
import { runSignatureScan } from "../documents/signatures.ts";
import { runMilestoneScan } from "../reminders/milestones.ts";

export const sendEmailJob = defineJob({
  type: "email.send",
  payload: z.object({
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string().optional(),
    /** Files ride along by their storage key, so the queue holds no file's bytes. */
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), storageKey: z.string() })).optional(),
  }),
  maxAttempts: 6,
  handle: async ({ attachments, ...mail }, s: Services) => {
    const files = await Promise.all(
      (attachments ?? []).map(async (a) => {
        const content = await storageFor(s.config).get(a.storageKey);
        if (!content) throw new PermanentJobError(`attachment ${a.storageKey} is missing from storage`);
        return { filename: a.filename, contentType: a.contentType, content };
      }),
    );
    await s.mailer.send({ ...mail, ...(files.length ? { attachments: files } : {}) });
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

/** Expires signature requests and sends the automatic reminders; it queues its own successor. */
export const signatureScanJob = defineJob({
  type: "signatures.scan",
  payload: z.object({}),
  handle: (_payload, s: Services) => runSignatureScan(s),
});

/** Every job type the workers know. Later domains add theirs here. */
export const jobRegistry = new Map<string, JobDefinition<any, Services>>([
  [sendEmailJob.type, sendEmailJob],
  [milestoneScanJob.type, milestoneScanJob],
  [signatureScanJob.type, signatureScanJob],
]);

/** All mail goes through the queue, so none is lost while the mail server is down. */
export function queueEmail(s: { db: DbOrTx }, mail: z.infer<typeof sendEmailJob.payload>, opts?: EnqueueOptions) {
  return enqueue(s.db, sendEmailJob, mail, opts);
}
