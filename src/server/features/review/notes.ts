import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { keys } from "../../../common/query-keys.ts";
import {
  GUEST_NAME_MAX,
  noteInput,
  notePatchInput,
  notesFilter,
  replyInput,
  type Drawing,
  type NoteInput,
  type NotePatchInput,
  type NotesFilter,
  type ReplyInput,
  type ReviewNote,
} from "../../../common/review.ts";
import { rateOf, timecodeAt } from "../../../common/timecode.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { reviewNotes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { crewOf, cutPagePath, versionFor, versionRow, type CutRow, type S, type VersionRow } from "./review-shared.ts";

type NoteRow = typeof reviewNotes.$inferSelect;

const noNote = () => new AppError("not_found", "There is no note with this id.");

export function toNote(n: NoteRow, replies: ReviewNote[] = []): ReviewNote {
  return {
    id: n.id,
    versionId: n.versionId,
    parentId: n.parentId,
    authorId: n.authorId,
    authorName: n.authorName,
    guest: n.guestLinkId !== null,
    atMs: n.atMs,
    endMs: n.endMs,
    body: n.body,
    drawing: n.drawing ?? null,
    resolvedAt: n.resolvedAt?.toISOString() ?? null,
    resolvedByName: n.resolvedByName,
    carriedFromId: n.carriedFromId,
    createdAt: n.createdAt.toISOString(),
    replies,
  };
}

/** Notes with their replies nested, each list in its order (notes by time on the timeline, replies as written). */
async function withReplies(db: DbOrTx, notes: NoteRow[]): Promise<ReviewNote[]> {
  if (notes.length === 0) return [];
  const replies = await db
    .select()
    .from(reviewNotes)
    .where(
      inArray(
        reviewNotes.parentId,
        notes.map((n) => n.id),
      ),
    )
    .orderBy(asc(reviewNotes.createdAt), asc(reviewNotes.id));
  return notes.map((n) =>
    toNote(
      n,
      replies.filter((r) => r.parentId === n.id).map((r) => toNote(r)),
    ),
  );
}

/**
 * A version's notes, ordered by their time in the cut, replies nested; filtered by reviewer (an account's id, or
 * a name as shown, in any case: a guest has only a name) and by open or resolved. Who may read is the caller's
 * business: the signed-in route checks the project, the guest's route its link.
 */
export async function listNotes(s: Pick<S, "db">, versionId: string, filter: NotesFilter = {}): Promise<ReviewNote[]> {
  const f = notesFilter.parse(filter);
  const where: SQL[] = [eq(reviewNotes.versionId, versionId), isNull(reviewNotes.parentId)];
  if (f.reviewer) {
    const byName = sql`lower(${reviewNotes.authorName}) = lower(${f.reviewer})`;
    // Account ids are better-auth's, not uuids: match either the id or the name.
    where.push(or(eq(reviewNotes.authorId, f.reviewer), byName)!);
  }
  if (f.state === "open") where.push(isNull(reviewNotes.resolvedAt));
  if (f.state === "resolved") where.push(isNotNull(reviewNotes.resolvedAt));
  const notes = await s.db
    .select()
    .from(reviewNotes)
    .where(and(...where))
    .orderBy(asc(reviewNotes.atMs), asc(reviewNotes.createdAt), asc(reviewNotes.id));
  return withReplies(s.db, notes);
}

/** The signed-in reading: everyone who may read the project reads its cuts' notes. */
export async function getNotes(
  s: Pick<S, "db">,
  opts: { caller: Caller; versionId: string; filter: NotesFilter },
): Promise<ReviewNote[]> {
  await versionFor(s.db, opts.caller, opts.versionId);
  return listNotes(s, opts.versionId, opts.filter);
}

/** A note's times against the version's length, when it is known, in the timecode the player shows. */
function checkTimes(version: VersionRow, input: NoteInput) {
  const len = version.durationMs;
  if (len === null) return;
  const tc = (ms: number) => timecodeAt(ms, rateOf(version), version.startTimecode);
  if (input.atMs > len)
    throw new AppError(
      "bad_request",
      `The note's time ${tc(input.atMs)} is past the end of v${version.number}, which ends at ${tc(len)}.`,
    );
  if (input.endMs != null && input.endMs > len)
    throw new AppError(
      "bad_request",
      `The range ends at ${tc(input.endMs)}, past the end of v${version.number} at ${tc(len)}.`,
    );
}

async function publishNotes(s: Pick<S, "events">, cut: CutRow, versionId: string) {
  await s.events.publish({
    type: "review.notes_changed",
    invalidate: [keys.reviewNotes(versionId), keys.cut(cut.id)],
    data: { versionId, cutId: cut.id },
  });
}

const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** Writes a note (an account's or a guest's) and tells the crew, in one transaction. */
async function insertNote(
  s: S,
  who: { authorId: string | null; guestLinkId: string | null; authorName: string },
  versionId: string,
  input: NoteInput,
): Promise<ReviewNote> {
  let notified: string[] = [];
  let cut: CutRow | undefined;
  const row = await s.db.transaction(async (tx) => {
    const found = await versionRow(tx, versionId);
    cut = found.cut;
    checkTimes(found.version, input);
    const [note] = await tx
      .insert(reviewNotes)
      .values({
        versionId,
        authorId: who.authorId,
        guestLinkId: who.guestLinkId,
        authorName: who.authorName,
        atMs: input.atMs,
        endMs: input.endMs ?? null,
        body: input.body,
        drawing: (input.drawing ?? null) as Drawing | null,
      })
      .returning();
    const v = found.version;
    const tc = timecodeAt(input.atMs, rateOf(v), v.startTimecode);
    notified = await notify(tx, {
      userIds: await crewOf(tx, found.cut.projectId, who.authorId),
      kind: "review",
      title: `New note on ${found.cut.title} v${v.number}`,
      body: `${who.authorName}${who.guestLinkId ? " (guest)" : ""} at ${tc}: ${excerpt(input.body)}`,
      link: cutPagePath(found.cut.projectId, found.cut.id, v.id),
    });
    return note!;
  });
  await publishNotes(s, cut!, versionId);
  await publishNotified(s, notified);
  return toNote(row);
}

/** A note by a signed-in reader of the project (a supervisor, the crew, a classmate asked for notes). */
export async function addNote(
  s: S,
  opts: { caller: Caller; versionId: string; input: NoteInput },
): Promise<ReviewNote> {
  const input = noteInput.parse(opts.input);
  await versionFor(s.db, opts.caller, opts.versionId);
  return insertNote(
    s,
    { authorId: opts.caller.id, guestLinkId: null, authorName: opts.caller.name },
    opts.versionId,
    input,
  );
}

const guestName = (name: string) => {
  const n = name.trim();
  if (!n) throw new AppError("bad_request", "Give your name, so the crew knows whose note it is.");
  if (n.length > GUEST_NAME_MAX) throw new AppError("bad_request", `A name has at most ${GUEST_NAME_MAX} characters.`);
  return n;
};

/**
 * A guest's note through a review link, under the name they gave. The guest helper's public route checks the
 * link (token, expiry, password) and that it is for this version; this writes the note as any other.
 */
export async function addGuestNote(
  s: S,
  opts: {
    versionId: string;
    linkId: string;
    authorName: string;
    atMs: number;
    endMs?: number | null;
    body: string;
    drawing?: Drawing | null;
  },
): Promise<ReviewNote> {
  const input = noteInput.parse({ atMs: opts.atMs, endMs: opts.endMs, body: opts.body, drawing: opts.drawing });
  return insertNote(
    s,
    { authorId: null, guestLinkId: opts.linkId, authorName: guestName(opts.authorName) },
    opts.versionId,
    input,
  );
}

async function noteFor(db: DbOrTx, caller: Caller, noteId: string) {
  if (!isUuid(noteId)) throw noNote();
  const [note] = await db.select().from(reviewNotes).where(eq(reviewNotes.id, noteId));
  if (!note) throw noNote();
  const found = await versionFor(db, caller, note.versionId);
  return { note, ...found };
}

/** A reply to a note (a reply to a reply joins the same thread); its author hears of it. */
export async function replyToNote(
  s: S,
  opts: { caller: Caller; noteId: string; input: ReplyInput },
): Promise<ReviewNote> {
  const input = replyInput.parse(opts.input);
  const found = await noteFor(s.db, opts.caller, opts.noteId);
  const parentId = found.note.parentId ?? found.note.id;
  let notified: string[] = [];
  const row = await s.db.transaction(async (tx) => {
    const [parent] = await tx.select().from(reviewNotes).where(eq(reviewNotes.id, parentId));
    if (!parent) throw noNote();
    const [reply] = await tx
      .insert(reviewNotes)
      .values({
        versionId: parent.versionId,
        parentId,
        authorId: opts.caller.id,
        authorName: opts.caller.name,
        atMs: parent.atMs,
        endMs: parent.endMs,
        body: input.body,
      })
      .returning();
    if (parent.authorId && parent.authorId !== opts.caller.id)
      notified = await notify(tx, {
        userIds: [parent.authorId],
        kind: "review",
        title: `${opts.caller.name} replied to your note on ${found.cut.title} v${found.version.number}`,
        body: excerpt(input.body),
        link: cutPagePath(found.cut.projectId, found.cut.id, found.version.id),
      });
    return reply!;
  });
  await publishNotes(s, found.cut, found.version.id);
  await publishNotified(s, notified);
  return toNote(row);
}

/**
 * Resolves or reopens a note (its author, the crew, staff and admins: those who answer it), or rewrites its text
 * (its author alone). A reply is resolved with its note.
 */
export async function updateNote(
  s: S,
  opts: { caller: Caller; noteId: string; input: NotePatchInput },
): Promise<ReviewNote> {
  const input = notePatchInput.parse(opts.input);
  const found = await noteFor(s.db, opts.caller, opts.noteId);
  const { note } = found;
  const own = note.authorId === opts.caller.id;
  if (input.body !== undefined && !own)
    throw new AppError("forbidden", "Only the person who wrote a note can change its text; reply to it instead.");
  if (input.resolved !== undefined) {
    if (note.parentId)
      throw new AppError("bad_request", "A reply is not resolved on its own: resolve the note it answers.");
    if (!own && !found.access.canEdit)
      throw new AppError(
        "forbidden",
        "Only the project's crew, staff, admins and the note's author can resolve or reopen a note.",
      );
  }
  const resolving =
    input.resolved === undefined
      ? {}
      : input.resolved
        ? {
            resolvedAt: note.resolvedAt ?? new Date(),
            resolvedBy: note.resolvedBy ?? opts.caller.id,
            resolvedByName: note.resolvedByName ?? opts.caller.name,
          }
        : { resolvedAt: null, resolvedBy: null, resolvedByName: null };
  const [row] = await s.db
    .update(reviewNotes)
    .set({ ...(input.body !== undefined ? { body: input.body } : {}), ...resolving })
    .where(eq(reviewNotes.id, note.id))
    .returning();
  await publishNotes(s, found.cut, found.version.id);
  const [withThread] = row!.parentId ? [toNote(row!)] : await withReplies(s.db, [row!]);
  return withThread!;
}

/** Deletes a note with its replies, or one reply: its author, staff and admins. */
export async function deleteNote(s: S, opts: { caller: Caller; noteId: string }): Promise<{ deleted: number }> {
  const found = await noteFor(s.db, opts.caller, opts.noteId);
  const { note } = found;
  if (note.authorId !== opts.caller.id && !isStaff(opts.caller.role))
    throw new AppError("forbidden", "Only the person who wrote a note, staff and admins can delete it.");
  const gone = await s.db
    .delete(reviewNotes)
    .where(or(eq(reviewNotes.id, note.id), eq(reviewNotes.parentId, note.id)))
    .returning({ id: reviewNotes.id });
  await publishNotes(s, found.cut, found.version.id);
  return { deleted: gone.length };
}
