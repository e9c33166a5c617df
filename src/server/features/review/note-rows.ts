/**
 * A version's notes as `ReviewNote`s, notes on the timeline in time order with their replies. Written here so the
 * guest link and the exports stand on their own until the notes service (`notes.ts:listNotes`) is merged; the lead
 * folds this into that one.
 */
import { asc, eq } from "drizzle-orm";
import type { ReviewNote } from "../../../common/review.ts";
import type { DbOrTx } from "../../db/client.ts";
import { reviewNotes } from "../../db/schema/index.ts";

type Row = typeof reviewNotes.$inferSelect;

export const noteOf = (r: Row, replies: ReviewNote[] = []): ReviewNote => ({
  id: r.id,
  versionId: r.versionId,
  parentId: r.parentId,
  authorName: r.authorName,
  guest: r.guestLinkId !== null,
  atMs: r.atMs,
  endMs: r.endMs,
  body: r.body,
  drawing: r.drawing ?? null,
  resolvedAt: r.resolvedAt?.toISOString() ?? null,
  resolvedByName: r.resolvedByName,
  carriedFromId: r.carriedFromId,
  createdAt: r.createdAt.toISOString(),
  replies,
});

/** Oldest first at one time, so the order is the same on every read and in every export. */
export async function versionNotes(db: DbOrTx, versionId: string): Promise<ReviewNote[]> {
  const rows = await db
    .select()
    .from(reviewNotes)
    .where(eq(reviewNotes.versionId, versionId))
    .orderBy(asc(reviewNotes.atMs), asc(reviewNotes.createdAt), asc(reviewNotes.id));
  const replies = new Map<string, Row[]>();
  for (const r of rows) if (r.parentId) replies.set(r.parentId, [...(replies.get(r.parentId) ?? []), r]);
  const byTime = (a: Row, b: Row) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);
  return rows
    .filter((r) => !r.parentId)
    .map((r) =>
      noteOf(
        r,
        (replies.get(r.id) ?? []).sort(byTime).map((x) => noteOf(x)),
      ),
    );
}
