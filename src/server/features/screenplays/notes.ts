import { eq } from "drizzle-orm";
import { type NoteCreateInput, type ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { layoutScript } from "../../../common/screenplay/layout.ts";
import { type Caller } from "../../auth/caller.ts";
import { screenplayNotes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { accessTo, getScreenplay, readable } from "./reading.ts";
import { publishChanged } from "./changes.ts";
import { isUuid } from "../../../common/ids.ts";

// ── Notes ────────────────────────────────────────────────────────────────────────────────────────

export async function createNote(
  s: S,
  opts: { caller: Caller; id: string; input: NoteCreateInput },
): Promise<ScreenplayDetail> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const header = await repo.selectHeader(s.db, sp);
  const access = await accessTo(s.db, opts.caller, sp, header.project?.supervisorId);
  if (!access.comment)
    throw new AppError(
      "forbidden",
      "Only the writer, the project's crew, its supervisor and staff can comment on this screenplay.",
    );
  const lines = sp.body.split("\n");
  if (opts.input.line >= Math.max(1, lines.length))
    throw new AppError("bad_request", "This line is not in the script any more; reload and choose the line again.");
  const layout = layoutScript(parseFountain(sp.body), { locked: sp.lockedScenes ?? null });
  const scene = [...layout.scenes].reverse().find((sc) => sc.line !== null && sc.line <= opts.input.line);
  await s.db.insert(screenplayNotes).values({
    screenplayId: sp.id,
    line: opts.input.line,
    quote: (lines[opts.input.line] ?? "").slice(0, 300),
    sceneNumber: scene?.number ?? null,
    body: opts.input.body,
    authorId: opts.caller.id,
    authorName: opts.caller.name,
  });
  await publishChanged(s, sp.id, []);
  return getScreenplay(s, opts);
}

export async function updateNote(
  s: S,
  opts: { caller: Caller; id: string; noteId: string; resolved: boolean },
): Promise<ScreenplayDetail> {
  const { sp, access } = await readable(s, opts.caller, opts.id);
  const note = isUuid(opts.noteId) ? await repo.selectNote(s.db, sp.id, opts.noteId) : null;
  if (!note) throw new AppError("not_found", "There is no note with this id on this screenplay.");
  if (!access.edit) throw new AppError("forbidden", "Only the writer, the project's crew and staff can resolve notes.");
  await s.db
    .update(screenplayNotes)
    .set(
      opts.resolved
        ? { resolved: true, resolvedByName: opts.caller.name, resolvedAt: new Date() }
        : { resolved: false, resolvedByName: null, resolvedAt: null },
    )
    .where(eq(screenplayNotes.id, note.id));
  await publishChanged(s, sp.id, []);
  return getScreenplay(s, opts);
}
