/** The scan that expires old requests and reminds signers who have not answered. */
import { and, eq, lt, or, sql } from "drizzle-orm";
import { DAY_MS } from "../../../common/time.ts";
import { documents, signatureSubmissions } from "../../db/schema/index.ts";
import * as repo from "./repository.ts";
import { publishDocumentsChanged, syncGreenlight } from "./changing.ts";
import type { S } from "./shared.ts";
import { nextToAsk, sendLink, signersOf } from "./signature-links.ts";

// ── Reminders and expiry ─────────────────────────────────────────────────────────────────────────

/**
 * Marks requests past their expiry as expired, and reminds signers whose turn it is after the request's
 * number of days without an answer (from the link or the last reminder). Each request is its own
 * transaction holding its row, so two scans never remind twice.
 */
export async function scanSignatures(s: S, opts: { now?: Date } = {}): Promise<{ expired: number; reminded: number }> {
  const now = opts.now ?? new Date();
  const due = await s.db
    .select({ id: signatureSubmissions.id, projectId: documents.projectId })
    .from(signatureSubmissions)
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .where(
      and(
        eq(signatureSubmissions.status, "pending"),
        or(lt(signatureSubmissions.expiresAt, now), sql`${signatureSubmissions.reminderDays} > 0`),
      ),
    );
  let expired = 0;
  let reminded = 0;
  const touched = new Set<string>();
  for (const { id, projectId } of due) {
    await s.db.transaction(async (tx) => {
      const row = await repo.lockSubmission(tx, id);
      if (!row || row.submission.status !== "pending") return;
      if (row.submission.expiresAt <= now) {
        await tx.update(signatureSubmissions).set({ status: "expired" }).where(eq(signatureSubmissions.id, id));
        await repo.recordActivity(tx, {
          projectId,
          actor: { id: null, name: "The Portal" },
          kind: "signature.expired",
          summary: `The signature request of “${row.document.title}” expired`,
          details: { submissionId: id },
        });
        await syncGreenlight(tx, projectId);
        expired++;
        touched.add(projectId);
        return;
      }
      const cutoff = now.getTime() - row.submission.reminderDays * DAY_MS;
      const late = nextToAsk(row.submission, await signersOf(tx, id)).filter((x) => {
        const last = x.lastRemindedAt ?? x.sentAt;
        return last && last.getTime() <= cutoff;
      });
      for (const x of late) await sendLink(s, tx, row, x, { reminder: true });
      if (late.length) {
        await repo.recordActivity(tx, {
          projectId,
          actor: { id: null, name: "The Portal" },
          kind: "signature.reminded",
          summary: `The Portal reminded ${late.map((x) => x.name).join(", ")} to sign “${row.document.title}”`,
          details: { submissionId: id },
        });
        reminded += late.length;
        touched.add(projectId);
      }
    });
  }
  for (const projectId of touched) await publishDocumentsChanged(s, projectId);
  return { expired, reminded };
}
