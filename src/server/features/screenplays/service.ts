import { eq } from "drizzle-orm";
import {
  IMPORT_EXTENSIONS,
  IMPORT_FILE_MAX_BYTES,
  SCREENPLAY_TEXT_MAX,
  revisionColour,
  screenplayCreateInput,
  screenplayUpdateInput,
  type CompareResult,
  type NoteCreateInput,
  type Page,
  type RevisionCreateInput,
  type RevisionColour,
  type RevisionDetail,
  type RevisionSummary,
  type ScreenplayConflictDetails,
  type ScreenplayCreateInput,
  type ScreenplayDetail,
  type ScreenplayListItem,
  type ScreenplayListQuery,
  type ScreenplayNote,
  type ScreenplayUpdateInput,
  type ScriptReport,
} from "../../../common/screenplay-api.ts";
import { diffLines, diffStats } from "../../../common/screenplay/diff.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { layoutScript } from "../../../common/screenplay/layout.ts";
import { scenesLocked, stampSceneNumbers } from "../../../common/screenplay/numbering.ts";
import { reportFromLayout } from "../../../common/screenplay/report.ts";
import { isAdmin, isStaff, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { screenplayNotes, screenplayRevisions, screenplays } from "../../db/schema/index.ts";
import { cachePerBus, PEOPLE, type EntryScope } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { crewProjectsOf } from "../projects/index.ts";
import { isMember } from "../projects/access.ts";
import { fdxToFountain } from "./fdx.ts";
import { screenplayPdf } from "./pdf.ts";
import * as repo from "./repository.ts";

type S = Pick<Services, "db" | "events"> & Partial<Pick<Services, "log">>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noScreenplay = () => new AppError("not_found", "There is no screenplay with this id.");
const noRevision = () => new AppError("not_found", "There is no revision with this id in this screenplay.");

// ── Who may do what: owner, the project's crew and staff edit; everyone who may read comments ────────


export interface Access {
  read: boolean;
  edit: boolean;
  comment: boolean;
  remove: boolean;
}

export async function accessTo(db: S["db"] | Tx, caller: Caller, sp: repo.ScreenplayRow, supervisorId?: string | null): Promise<Access> {
  const member = sp.projectId ? await isMember(db, sp.projectId, caller.id) : false;
  return accessOf(caller, sp, member, supervisorId);
}

function accessOf(caller: Caller, sp: Pick<repo.ScreenplayRow, "ownerId" | "projectId">, member: boolean, supervisorId?: string | null): Access {
  const owner = sp.ownerId === caller.id;
  const edit = owner || member || isStaff(caller.role);
  // A personal draft stays with its writer (and the staff who supervise writing); a project's script is as open as the project.
  const read = edit || sp.projectId !== null;
  return { read, edit, comment: edit || supervisorId === caller.id, remove: owner || isAdmin(caller.role) };
}

export async function readable(s: Pick<S, "db">, caller: Caller, id: string) {
  if (!UUID.test(id)) throw noScreenplay();
  const sp = await repo.selectScreenplay(s.db, id);
  if (!sp) throw noScreenplay();
  const access = await accessTo(s.db, caller, sp);
  // Someone who may not read it is told it is not there, so private titles do not leak.
  if (!access.read) throw noScreenplay();
  return { sp, access };
}

/**
 * The page count kept with a draft. The text is what matters: should the layout ever fail on some text,
 * the draft is still saved (with the count it had) and the failure goes to the log, never a 500.
 */
function pagesOf(s: S, body: string, locked: string[] | null, fallback: number): number {
  try {
    return body.trim() ? layoutScript(parseFountain(body), { locked }).pages.length : 0;
  } catch (err) {
    s.log?.error({ err }, "screenplay layout failed; the draft is saved without a new page count");
    return fallback;
  }
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toRevision = (r: Awaited<ReturnType<typeof repo.selectRevisions>>[number]): RevisionSummary => ({
  id: r.id,
  number: r.number,
  name: r.name,
  colour: r.colour as RevisionColour,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
});

const toNote = (n: typeof screenplayNotes.$inferSelect): ScreenplayNote => ({
  id: n.id,
  line: n.line,
  quote: n.quote,
  sceneNumber: n.sceneNumber,
  body: n.body,
  authorName: n.authorName,
  resolved: n.resolved,
  resolvedByName: n.resolvedByName,
  resolvedAt: iso(n.resolvedAt),
  createdAt: n.createdAt.toISOString(),
});

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

export async function listScreenplays(s: Pick<S, "db">, opts: { caller: Caller; query: ScreenplayListQuery }): Promise<Page<ScreenplayListItem>> {
  const staff = isStaff(opts.caller.role);
  const page = await repo.selectPage(s.db, opts.query, { id: opts.caller.id, staff });
  return {
    total: page.total,
    items: page.rows.map((r) => ({
      id: r.screenplay.id,
      title: r.screenplay.title,
      project: r.screenplay.projectId && r.projectTitle ? { id: r.screenplay.projectId, title: r.projectTitle } : null,
      owner: { id: r.screenplay.ownerId, name: r.ownerName },
      pages: r.screenplay.pages,
      revisionCount: r.revisionCount,
      latestColour: r.latestColour as RevisionColour | null,
      openNotes: r.openNotes,
      canEdit: staff || r.screenplay.ownerId === opts.caller.id || !!r.isMember,
      updatedAt: r.screenplay.updatedAt.toISOString(),
    })),
  };
}

export async function getScreenplay(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<ScreenplayDetail> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const shared = await readDetail(s, sp);
  return withAccess(shared, await accessTo(s.db, opts.caller, sp, shared.supervisorId));
}

/** What every reader of a screenplay is shown alike, with what decides each reader's rights. */
type SharedDetail = Omit<ScreenplayDetail, "canEdit" | "canComment" | "canDelete"> & { ownerId: string; projectId: string | null; supervisorId: string | null };

const withAccess = ({ ownerId: _o, projectId: _p, supervisorId: _s, ...detail }: SharedDetail, access: Access): ScreenplayDetail => ({
  ...detail,
  canEdit: access.edit,
  canComment: access.comment,
  canDelete: access.remove,
});

async function readDetail(s: Pick<S, "db">, sp: repo.ScreenplayRow): Promise<SharedDetail> {
  const [header, revisions, notes] = await Promise.all([repo.selectHeader(s.db, sp), repo.selectRevisions(s.db, sp.id), repo.selectNotes(s.db, sp.id)]);
  return {
    id: sp.id,
    title: sp.title,
    project: header.project ? { id: header.project.id, title: header.project.title } : null,
    owner: { id: sp.ownerId, name: header.ownerName },
    body: sp.body,
    version: sp.version,
    lockedScenes: sp.lockedScenes ?? null,
    scenesLocked: scenesLocked({ lockedScenes: sp.lockedScenes ?? null, scenesUnlocked: sp.scenesUnlocked }),
    updatedByName: header.updatedByName,
    updatedAt: sp.updatedAt.toISOString(),
    createdAt: sp.createdAt.toISOString(),
    revisions: revisions.map(toRevision),
    notes: notes.map(toNote),
    ownerId: sp.ownerId,
    projectId: sp.projectId,
    supervisorId: header.project?.supervisorId ?? null,
  };
}

/**
 * A screenplay as its readers open it, read and written out once for all of them until an event names it, a
 * project (its title, supervisor or crew) or the people, and answered to each with their own rights from their
 * crews (`crewProjectsOf`) put in front: a crew opening the script together costs the database one read and the
 * server one copy of the text, and a writer's autosave one more. `null` when there is no such screenplay.
 */
type KeptDetail = Pick<SharedDetail, "ownerId" | "projectId" | "supervisorId"> & { json: Uint8Array };
const details = cachePerBus<KeptDetail | null>({ ttlMs: 30_000, maxEntries: 100 });
const utf8 = new TextEncoder();

export async function viewScreenplay(s: Pick<S, "db" | "events">, opts: { caller: Caller; id: string }): Promise<Uint8Array<ArrayBuffer>> {
  if (!UUID.test(opts.id)) throw noScreenplay();
  const load = async (): Promise<KeptDetail | null> => {
    const sp = await repo.selectScreenplay(s.db, opts.id);
    if (!sp) return null;
    const { ownerId, projectId, supervisorId, ...detail } = await readDetail(s, sp);
    return { ownerId, projectId, supervisorId, json: utf8.encode(JSON.stringify(detail)) };
  };
  const scope: EntryScope = { deps: [["screenplay", opts.id], ["project"], ["projects"], ...PEOPLE] };
  const [kept, crews] = await Promise.all([details(s.events).get(opts.id, load, undefined, scope), crewProjectsOf(s, opts.caller.id)]);
  const access = kept && accessOf(opts.caller, kept, kept.projectId !== null && crews.has(kept.projectId), kept.supervisorId);
  // Someone who may not read it is told it is not there, so private titles do not leak.
  if (!kept || !access?.read) throw noScreenplay();
  const rights = utf8.encode(`{"canEdit":${access.edit},"canComment":${access.comment},"canDelete":${access.remove},`);
  const answer = new Uint8Array(rights.length + kept.json.length - 1);
  answer.set(rights);
  answer.set(kept.json.subarray(1), rights.length);
  return answer;
}

export async function getRevision(s: Pick<S, "db">, opts: { caller: Caller; id: string; revisionId: string }): Promise<RevisionDetail> {
  const { sp } = await readable(s, opts.caller, opts.id);
  if (!UUID.test(opts.revisionId)) throw noRevision();
  const r = await repo.selectRevision(s.db, sp.id, opts.revisionId);
  if (!r) throw noRevision();
  return { ...toRevision(r), body: r.body };
}

/** Compares two revisions, or a revision with the current draft ("current"). */
export async function compare(s: Pick<S, "db">, opts: { caller: Caller; id: string; from: string; to: string }): Promise<CompareResult> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const side = async (which: string) => {
    if (which === "current") return { id: "current", label: "Current draft", body: sp.body };
    if (!UUID.test(which)) throw noRevision();
    const r = await repo.selectRevision(s.db, sp.id, which);
    if (!r) throw noRevision();
    return { id: r.id, label: `${r.number}. ${r.name} (${r.colour})`, body: r.body };
  };
  const [from, to] = await Promise.all([side(opts.from), side(opts.to)]);
  const lines = diffLines(from.body, to.body);
  return { from: { id: from.id, label: from.label }, to: { id: to.id, label: to.label }, lines, ...diffStats(lines) };
}

/** The text to report on or print: the current draft, or one revision of it. */
async function draftOrRevision(s: Pick<S, "db">, sp: repo.ScreenplayRow, revisionId?: string) {
  if (!revisionId) return { body: sp.body, locked: sp.lockedScenes ?? null, revision: undefined };
  const r = UUID.test(revisionId) ? await repo.selectRevision(s.db, sp.id, revisionId) : null;
  if (!r) throw noRevision();
  return { body: r.body, locked: r.lockedScenes ?? null, revision: `${r.name} (${r.colour}) ${r.createdAt.toISOString().slice(0, 10)}` };
}

export async function getReport(s: Pick<S, "db">, opts: { caller: Caller; id: string; revisionId?: string }): Promise<ScriptReport> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const { body, locked } = await draftOrRevision(s, sp, opts.revisionId);
  return reportFromLayout(layoutScript(parseFountain(body), { locked }));
}

export async function exportPdf(s: Pick<S, "db">, opts: { caller: Caller; id: string; revisionId?: string }): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const { body, locked, revision } = await draftOrRevision(s, sp, opts.revisionId);
  const bytes = await screenplayPdf(layoutScript(parseFountain(body), { locked }), { title: sp.title, revision });
  const fileName = `${sp.title.replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-") || "screenplay"}.pdf`;
  return { fileName, bytes };
}

// ── Changing ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A project's stripboard shows its screenplay's scenes, so the schedules of the projects the screenplay is (or was)
 * attached to refetch too: only theirs, so one writer's autosave does not make every open stripboard reload.
 */
async function publishChanged(s: Pick<S, "events">, id: string, projectIds: (string | null)[]) {
  const schedules = [...new Set(projectIds.filter((p): p is string => p !== null))].map((p) => ["schedule", p]);
  await s.events.publish({ type: "screenplay.changed", invalidate: [["screenplays"], ["screenplay", id], ...schedules], data: { id } });
}

/** A screenplay can be attached only to a project the caller works on (staff to any). */
async function assertAttachable(db: S["db"] | Tx, caller: Caller, projectId: string) {
  const project = await repo.selectProjectBrief(db, projectId);
  if (!project) throw new AppError("bad_request", "There is no project with this id to attach the screenplay to.");
  if (!isStaff(caller.role) && project.supervisorId !== caller.id && !(await isMember(db, projectId, caller.id))) {
    throw new AppError("forbidden", "You can attach a screenplay only to a project you are on the crew of.");
  }
}

export async function createScreenplay(s: S, opts: { caller: Caller; input: ScreenplayCreateInput }): Promise<ScreenplayDetail> {
  const input = screenplayCreateInput.parse(opts.input);
  const id = await s.db.transaction(async (tx) => {
    if (input.projectId) await assertAttachable(tx, opts.caller, input.projectId);
    const [row] = await tx
      .insert(screenplays)
      .values({ title: input.title, projectId: input.projectId, body: input.body, ownerId: opts.caller.id, updatedBy: opts.caller.id, pages: pagesOf(s, input.body, null, 0) })
      .returning({ id: screenplays.id });
    return row!.id;
  });
  await publishChanged(s, id, [input.projectId ?? null]);
  return getScreenplay(s, { caller: opts.caller, id });
}

const SIZE_KB = Math.round(IMPORT_FILE_MAX_BYTES / 1024);

/** Imports a .fountain/.txt (Fountain as it is) or a Final Draft .fdx (converted to Fountain) as a new screenplay. */
export async function importScreenplay(
  s: S,
  opts: { caller: Caller; fileName: string; bytes: Uint8Array; projectId?: string; title?: string },
): Promise<ScreenplayDetail> {
  const name = opts.fileName.trim();
  const ext = name.toLowerCase().match(/\.[a-z]+$/)?.[0] ?? "";
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new AppError("unsupported_media_type", "Import a Fountain (.fountain or .txt) or Final Draft (.fdx) file.");
  }
  if (opts.bytes.byteLength > IMPORT_FILE_MAX_BYTES) throw new AppError("payload_too_large", `The file is larger than ${SIZE_KB} KB; a screenplay file is much smaller.`);
  if (opts.bytes.byteLength === 0) throw new AppError("bad_request", "The file is empty.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(opts.bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new AppError("bad_request", "The file is not UTF-8 text. Save it as plain text (UTF-8) and import it again.");
  }
  if (text.includes("\u0000")) throw new AppError("bad_request", "The file is not a text file.");
  const body = ext === ".fdx" ? fdxToFountain(text) : text.replace(/\r\n?/g, "\n");
  if (body.length > SCREENPLAY_TEXT_MAX) throw new AppError("payload_too_large", "The script in this file is longer than a screenplay can be here.");
  const parsed = parseFountain(body);
  const title = opts.title || parsed.titlePage.find((t) => t.key === "title")?.text.split("\n")[0] || name.replace(/\.[a-z]+$/i, "");
  return createScreenplay(s, { caller: opts.caller, input: { title: title.slice(0, 200), projectId: opts.projectId ?? null, body } });
}

class StaleVersion extends Error {}

/**
 * The one path of every change to a screenplay's draft: the row is locked, the caller's right to edit
 * checked, and a change naming an older version is refused with the text as it now is (409), so two
 * writers never overwrite each other unseen.
 */
async function change(
  s: S,
  opts: { caller: Caller; id: string; version?: number },
  work: (c: { tx: Tx; sp: repo.ScreenplayRow }) => Promise<Partial<typeof screenplays.$inferInsert> | null>,
): Promise<ScreenplayDetail> {
  if (!UUID.test(opts.id)) throw noScreenplay();
  let projects: (string | null)[] = [];
  try {
    await s.db.transaction(async (tx) => {
      const sp = await repo.selectScreenplay(tx, opts.id, { lock: true });
      if (!sp) throw noScreenplay();
      const access = await accessTo(tx, opts.caller, sp);
      if (!access.read) throw noScreenplay();
      if (!access.edit) throw new AppError("forbidden", "Only the writer, the project's crew and staff can change this screenplay.");
      if (opts.version !== undefined && sp.version !== opts.version) throw new StaleVersion();
      const set = await work({ tx, sp });
      projects = [sp.projectId, set?.projectId ?? null];
      if (!set) return;
      const body = set.body ?? sp.body;
      const locked = set.lockedScenes !== undefined ? set.lockedScenes : sp.lockedScenes;
      await tx
        .update(screenplays)
        .set({ ...set, pages: pagesOf(s, body, locked ?? null, sp.pages), version: sp.version + 1, updatedBy: opts.caller.id, updatedAt: new Date() })
        .where(eq(screenplays.id, sp.id));
    });
  } catch (err) {
    if (!(err instanceof StaleVersion)) throw err;
    const sp = (await repo.selectScreenplay(s.db, opts.id))!;
    const header = await repo.selectHeader(s.db, sp);
    throw new AppError(
      "conflict",
      `${header.updatedByName ?? "Someone else"} saved this screenplay after you opened it. Look at the difference, then keep your text or take theirs.`,
      { current: { body: sp.body, version: sp.version, title: sp.title, updatedByName: header.updatedByName, updatedAt: sp.updatedAt.toISOString() } } satisfies ScreenplayConflictDetails,
    );
  }
  await publishChanged(s, opts.id, projects);
  return getScreenplay(s, opts);
}

export async function updateScreenplay(s: S, opts: { caller: Caller; id: string; input: ScreenplayUpdateInput }): Promise<ScreenplayDetail> {
  const { version, ...input } = screenplayUpdateInput.parse(opts.input);
  return change(s, { ...opts, version }, async ({ tx, sp }) => {
    const set: Partial<typeof screenplays.$inferInsert> = {};
    if (input.title !== undefined && input.title !== sp.title) set.title = input.title;
    if (input.body !== undefined && input.body !== sp.body) set.body = input.body;
    if (input.projectId !== undefined && input.projectId !== sp.projectId) {
      if (input.projectId) await assertAttachable(tx, opts.caller, input.projectId);
      set.projectId = input.projectId;
    }
    return Object.keys(set).length ? set : null;
  });
}

export async function deleteScreenplay(s: S, opts: { caller: Caller; id: string }): Promise<void> {
  const { sp, access } = await readable(s, opts.caller, opts.id);
  if (!access.remove) throw new AppError("forbidden", "Only the writer or an admin can delete a screenplay.");
  await s.db.delete(screenplays).where(eq(screenplays.id, sp.id));
  await publishChanged(s, sp.id, [sp.projectId]);
}

/** Saves the current draft as a named, immutable revision, with the next colour in the industry's order. */
export async function createRevision(s: S, opts: { caller: Caller; id: string; input: RevisionCreateInput }): Promise<ScreenplayDetail> {
  return change(s, opts, async ({ tx, sp }) => {
    const number = await repo.nextRevisionNumber(tx, sp.id);
    await tx.insert(screenplayRevisions).values({
      screenplayId: sp.id,
      number,
      name: opts.input.name,
      colour: revisionColour(number - 1),
      body: sp.body,
      lockedScenes: sp.lockedScenes,
      createdBy: opts.caller.id,
      createdByName: opts.caller.name,
    });
    await tx.update(screenplays).set({ updatedAt: new Date() }).where(eq(screenplays.id, sp.id));
    return null;
  });
}

/** Makes a revision's text the current draft again; the revisions themselves never change. */
export async function restoreRevision(s: S, opts: { caller: Caller; id: string; revisionId: string; version: number }): Promise<ScreenplayDetail> {
  return change(s, opts, async ({ tx, sp }) => {
    const r = UUID.test(opts.revisionId) ? await repo.selectRevision(tx, sp.id, opts.revisionId) : null;
    if (!r) throw noRevision();
    return { body: r.body };
  });
}

/**
 * Locks the scene numbers: each heading gets its number written in, later inserts become A-scenes.
 * A relock numbers against the last locked list, so every number ever locked stays with its scene
 * (or OMITTED) and the breakdown's tags and the stripboard's strips, keyed by number, stay put.
 */
export async function lockScenes(s: S, opts: { caller: Caller; id: string; version: number }): Promise<ScreenplayDetail> {
  return change(s, opts, async ({ sp }) => {
    const parsed = parseFountain(sp.body);
    if (!parsed.elements.some((e) => e.type === "scene_heading")) throw new AppError("bad_request", "The script has no scenes to number yet.");
    const { text, numbers } = stampSceneNumbers(sp.body, parsed, sp.lockedScenes ?? null);
    return { body: text, lockedScenes: numbers, scenesUnlocked: false };
  });
}

/** Unlocks the scene numbers; the last locked list is kept, so a later lock gives the same numbers back. */
export async function unlockScenes(s: S, opts: { caller: Caller; id: string; version: number }): Promise<ScreenplayDetail> {
  return change(s, opts, async ({ sp }) => (sp.lockedScenes && !sp.scenesUnlocked ? { scenesUnlocked: true } : null));
}

// ── Notes ────────────────────────────────────────────────────────────────────────────────────────

export async function createNote(s: S, opts: { caller: Caller; id: string; input: NoteCreateInput }): Promise<ScreenplayDetail> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const header = await repo.selectHeader(s.db, sp);
  const access = await accessTo(s.db, opts.caller, sp, header.project?.supervisorId);
  if (!access.comment) throw new AppError("forbidden", "Only the writer, the project's crew, its supervisor and staff can comment on this screenplay.");
  const lines = sp.body.split("\n");
  if (opts.input.line >= Math.max(1, lines.length)) throw new AppError("bad_request", "This line is not in the script any more; reload and choose the line again.");
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

export async function updateNote(s: S, opts: { caller: Caller; id: string; noteId: string; resolved: boolean }): Promise<ScreenplayDetail> {
  const { sp, access } = await readable(s, opts.caller, opts.id);
  const note = UUID.test(opts.noteId) ? await repo.selectNote(s.db, sp.id, opts.noteId) : null;
  if (!note) throw new AppError("not_found", "There is no note with this id on this screenplay.");
  if (!access.edit) throw new AppError("forbidden", "Only the writer, the project's crew and staff can resolve notes.");
  await s.db
    .update(screenplayNotes)
    .set(opts.resolved ? { resolved: true, resolvedByName: opts.caller.name, resolvedAt: new Date() } : { resolved: false, resolvedByName: null, resolvedAt: null })
    .where(eq(screenplayNotes.id, note.id));
  await publishChanged(s, sp.id, []);
  return getScreenplay(s, opts);
}
