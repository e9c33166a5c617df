import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { keys } from "../../../common/query-keys.ts";
import { carryInput, type CarryInput, type CarryResult } from "../../../common/review.ts";
import type { Caller } from "../../auth/caller.ts";
import { reviewNotes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordActivity } from "../projects/index.ts";
import { listNotes } from "./notes.ts";
import { openNotesOf, versionFor, versionRow, type S } from "./review-shared.ts";

/**
 * Carries the open notes of an earlier version of the same cut to a newer one, as Frame.io does when a new version
 * is stacked: each copy keeps its author, time, range and drawing, and names its original (`carriedFromId`).
 * Once: a note already carried to this version is not copied again, so a second call copies nothing twice. The
 * newer version's row is locked for the copy, so two calls at once do not both copy. Replies stay with the
 * original (the thread is read there); the crew, staff and admins carry.
 */
export async function carryNotes(
  s: S,
  opts: { caller: Caller; versionId: string; input: CarryInput },
): Promise<CarryResult> {
  const input = carryInput.parse(opts.input);
  const denied = "Only the project's crew, staff and admins can carry notes to a new version.";
  const target = await versionFor(s.db, opts.caller, opts.versionId, { need: "edit", denied });
  const carried = await s.db.transaction(async (tx) => {
    const to = await versionRow(tx, opts.versionId, true);
    const from = await versionRow(tx, input.fromVersionId);
    if (from.cut.id !== to.cut.id)
      throw new AppError("bad_request", "Notes are carried between versions of the same cut only.");
    if (from.version.number >= to.version.number)
      throw new AppError(
        "bad_request",
        `Notes are carried forward, to a newer version: v${from.version.number} is not older than v${to.version.number}.`,
      );
    const open = await tx.select().from(reviewNotes).where(openNotesOf(from.version.id));
    if (open.length === 0) return 0;
    const already = await tx
      .select({ from: reviewNotes.carriedFromId })
      .from(reviewNotes)
      .where(
        and(
          eq(reviewNotes.versionId, to.version.id),
          isNotNull(reviewNotes.carriedFromId),
          inArray(
            reviewNotes.carriedFromId,
            open.map((n) => n.id),
          ),
        ),
      );
    const done = new Set(already.map((r) => r.from));
    const fresh = open.filter((n) => !done.has(n.id));
    if (fresh.length === 0) return 0;
    await tx.insert(reviewNotes).values(
      fresh.map((n) => ({
        versionId: to.version.id,
        authorId: n.authorId,
        guestLinkId: n.guestLinkId,
        authorName: n.authorName,
        atMs: n.atMs,
        endMs: n.endMs,
        body: n.body,
        drawing: n.drawing,
        carriedFromId: n.id,
        // Kept in order with the originals: the copies sort as their notes did.
        createdAt: n.createdAt,
      })),
    );
    await recordActivity(tx, {
      projectId: to.cut.projectId,
      actor: opts.caller,
      kind: "review.notes_carried",
      summary: `${opts.caller.name} carried ${fresh.length} open note${fresh.length === 1 ? "" : "s"} of ${to.cut.title} from v${from.version.number} to v${to.version.number}`,
      details: { cutId: to.cut.id, from: from.version.id, to: to.version.id },
    });
    return fresh.length;
  });
  if (carried > 0)
    await s.events.publish({
      type: "review.notes_changed",
      invalidate: [keys.reviewNotes(opts.versionId), keys.cut(target.cut.id), keys.project(target.cut.projectId)],
      data: { versionId: opts.versionId, cutId: target.cut.id },
    });
  return { carried, notes: await listNotes(s, opts.versionId) };
}
