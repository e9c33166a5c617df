import { z } from "zod";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { defineJob, enqueue, type EnqueueOptions, type JobDefinition } from "../../lib/jobs.ts";
import type { Mail } from "../../lib/mailer.ts";
import { runEquipmentScan } from "../equipment/overdue.ts";
import { runMilestoneScan } from "../reminders/milestones.ts";

export const sendEmailJob = defineJob({
  type: "email.send",
  payload: z.object({ to: z.string().email(), subject: z.string().min(1), text: z.string(), html: z.string().optional() }),
  maxAttempts: 6,
  handle: async (mail, s: Services) => {
    await s.mailer.send(mail);
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

/** Reminds borrowers before gear is due and when it is late; it queues its own successor. */
export const equipmentScanJob = defineJob({
  type: "equipment.scan",
  payload: z.object({}),
  handle: (_payload, s: Services) => runEquipmentScan(s),
});

/** Every job type the workers know. Later domains add theirs here. */
export const jobRegistry = new Map<string, JobDefinition<any, Services>>([
  [sendEmailJob.type, sendEmailJob],
  [milestoneScanJob.type, milestoneScanJob],
  [equipmentScanJob.type, equipmentScanJob],
]);

/** All mail goes through the queue, so none is lost while the mail server is down. */
export function queueEmail(s: { db: DbOrTx }, mail: Mail, opts?: EnqueueOptions) {
  return enqueue(s.db, sendEmailJob, mail, opts);
}
