import { z } from "zod";
import { NOTIFICATION_KINDS } from "../../common/school.ts";
import type { Services } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import { defineJob, enqueue, PermanentJobError, type EnqueueOptions } from "../lib/jobs.ts";
import { storageFor } from "../lib/storage.ts";
import { notificationHeaders } from "./unsubscribe.ts";
import { keys } from "../../common/query-keys.ts";

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
    attachments: z
      .array(z.object({ filename: z.string(), contentType: z.string(), storageKey: z.string() }))
      .optional(),
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
    await s.mailer.send(
      { ...mail, ...(headers ? { headers } : {}), ...(files.length ? { attachments: files } : {}) },
      { jobId: run.id },
    );
    // The outbox listing is admin-only, so telling every signed-in client to refetch it discloses nothing.
    await s.events.publish({ type: "email.sent", invalidate: [keys.emails()] });
  },
});

export type QueuedMail = z.infer<typeof sendEmailJob.payload>;

/** All mail goes through the queue, so none is lost while the mail server is down. */
export function queueEmail(s: { db: DbOrTx }, mail: QueuedMail, opts?: EnqueueOptions) {
  return enqueue(s.db, sendEmailJob, mail, opts);
}
