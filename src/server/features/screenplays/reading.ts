import {
  type CompareResult,
  type RevisionColour,
  type RevisionDetail,
  type RevisionSummary,
  type ScreenplayDetail,
  type ScreenplayNote,
  type ScriptReport,
} from "../../../common/screenplay-api.ts";
import { diffLines, diffStats } from "../../../common/screenplay/diff.ts";
import { revisionMarks } from "../../../common/screenplay/revision-marks.ts";
import { parseFountain, type ParsedScript } from "../../../common/screenplay/fountain.ts";
import { layoutScript } from "../../../common/screenplay/layout.ts";
import { scenesLocked } from "../../../common/screenplay/numbering.ts";
import { reportFromLayout } from "../../../common/screenplay/report.ts";
import { isAdmin, isStaff, type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { screenplayNotes } from "../../db/schema/index.ts";
import { cachePerBus, type EntryScope } from "../../lib/cache.ts";
import { crewProjectsOf } from "../projects/index.ts";
import { isMember } from "../projects/access.ts";
import { fountainToFdx } from "./fdx-export.ts";
import { screenplayPdf } from "./pdf.ts";
import * as repo from "./repository.ts";
import { noRevision, noScreenplay, type S } from "./shared.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";
import { isUuid } from "../../../common/ids.ts";

// ── Who may do what: owner, the project's crew and staff edit; everyone who may read comments ────────

export interface Access {
  read: boolean;
  edit: boolean;
  comment: boolean;
  remove: boolean;
}

export async function accessTo(
  db: S["db"] | Tx,
  caller: Caller,
  sp: repo.ScreenplayRow,
  supervisorId?: string | null,
): Promise<Access> {
  const member = sp.projectId ? await isMember(db, sp.projectId, caller.id) : false;
  return accessOf(caller, sp, member, supervisorId);
}

function accessOf(
  caller: Caller,
  sp: Pick<repo.ScreenplayRow, "ownerId" | "projectId">,
  member: boolean,
  supervisorId?: string | null,
): Access {
  const owner = sp.ownerId === caller.id;
  const edit = owner || member || isStaff(caller.role);
  // A personal draft stays with its writer (and the staff who supervise writing); a project's script is as open as the project.
  const read = edit || sp.projectId !== null;
  return { read, edit, comment: edit || supervisorId === caller.id, remove: owner || isAdmin(caller.role) };
}

export async function readable(s: Pick<S, "db">, caller: Caller, id: string) {
  if (!isUuid(id)) throw noScreenplay();
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
export function pagesOf(s: S, body: string, locked: string[] | null, fallback: number): number {
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

export async function getScreenplay(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<ScreenplayDetail> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const shared = await readDetail(s, sp);
  return withAccess(shared, await accessTo(s.db, opts.caller, sp, shared.supervisorId));
}

/** What every reader of a screenplay is shown alike, with what decides each reader's rights. */
type SharedDetail = Omit<ScreenplayDetail, "canEdit" | "canComment" | "canDelete"> & {
  ownerId: string;
  projectId: string | null;
  supervisorId: string | null;
};

const withAccess = (
  { ownerId: _o, projectId: _p, supervisorId: _s, ...detail }: SharedDetail,
  access: Access,
): ScreenplayDetail => ({
  ...detail,
  canEdit: access.edit,
  canComment: access.comment,
  canDelete: access.remove,
});

async function readDetail(
  s: Pick<S, "db">,
  sp: repo.ScreenplayRow,
  known?: repo.ScreenplayHeader,
): Promise<SharedDetail> {
  const [header, revisions, notes] = await Promise.all([
    known ?? repo.selectHeader(s.db, sp),
    repo.selectRevisions(s.db, sp.id),
    repo.selectNotes(s.db, sp.id),
  ]);
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
const details = cachePerBus<KeptDetail | null>({ ttlMs: 30_000, maxEntries: 300, staleMs: 30_000 });
const utf8 = new TextEncoder();

export async function viewScreenplay(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; id: string },
): Promise<Uint8Array<ArrayBuffer>> {
  if (!isUuid(opts.id)) throw noScreenplay();
  const load = async (): Promise<KeptDetail | null> => {
    const row = await repo.selectScreenplayWithHeader(s.db, opts.id);
    if (!row) return null;
    const { ownerId, projectId, supervisorId, ...detail } = await readDetail(s, row.sp, row.header);
    return { ownerId, projectId, supervisorId, json: utf8.encode(JSON.stringify(detail)) };
  };
  const scope: EntryScope = { deps: [keys.screenplay(opts.id), keys.project(), keys.projects(), ...PEOPLE_KEYS] };
  const [kept, crews] = await Promise.all([
    details(s.events).get(opts.id, load, undefined, scope),
    crewProjectsOf(s, opts.caller.id),
  ]);
  const access =
    kept && accessOf(opts.caller, kept, kept.projectId !== null && crews.has(kept.projectId), kept.supervisorId);
  // Someone who may not read it is told it is not there, so private titles do not leak.
  if (!kept || !access?.read) throw noScreenplay();
  const rights = utf8.encode(`{"canEdit":${access.edit},"canComment":${access.comment},"canDelete":${access.remove},`);
  const answer = new Uint8Array(rights.length + kept.json.length - 1);
  answer.set(rights);
  answer.set(kept.json.subarray(1), rights.length);
  return answer;
}

export async function getRevision(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string; revisionId: string },
): Promise<RevisionDetail> {
  const { sp } = await readable(s, opts.caller, opts.id);
  if (!isUuid(opts.revisionId)) throw noRevision();
  const r = await repo.selectRevision(s.db, sp.id, opts.revisionId);
  if (!r) throw noRevision();
  return { ...toRevision(r), body: r.body };
}

/** Compares two revisions, or a revision with the current draft ("current"). */
export async function compare(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string; from: string; to: string },
): Promise<CompareResult> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const side = async (which: string) => {
    if (which === "current") return { id: "current", label: "Current draft", body: sp.body };
    if (!isUuid(which)) throw noRevision();
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
  if (!revisionId)
    return { body: sp.body, locked: sp.lockedScenes ?? null, revision: undefined, number: null, marked: [], set: null };
  const r = isUuid(revisionId) ? await repo.selectRevision(s.db, sp.id, revisionId) : null;
  if (!r) throw noRevision();
  return {
    body: r.body,
    locked: r.lockedScenes ?? null,
    revision: `${r.name} (${r.colour}) ${r.createdAt.toISOString().slice(0, 10)}`,
    number: r.number,
    marked: r.markedLines ?? [],
    set: { name: r.name, colour: r.colour as RevisionColour },
  };
}

export async function getReport(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string; revisionId?: string },
): Promise<ScriptReport> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const { body, locked } = await draftOrRevision(s, sp, opts.revisionId);
  return reportFromLayout(layoutScript(parseFountain(body), { locked }));
}

export async function exportPdf(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string; revisionId?: string },
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const draft = await draftOrRevision(s, sp, opts.revisionId);
  const { body, locked, revision } = draft;
  const parsed = parseFountain(body);
  const revised = await revisedLines(s, sp, draft, parsed);
  const bytes = await screenplayPdf(layoutScript(parsed, { locked }), { title: sp.title, revision, revised });
  return { fileName: exportName(sp.title, "pdf"), bytes };
}

/**
 * The elements (source lines) a revised page marks with "*": those changed since the revision before (the draft:
 * since the latest), and those an imported Final Draft file marked as written in this revision.
 */
async function revisedLines(
  s: Pick<S, "db">,
  sp: repo.ScreenplayRow,
  draft: { body: string; number: number | null; marked: number[] },
  parsed: ParsedScript,
): Promise<Set<number>> {
  const before = await repo.selectBodyBefore(s.db, sp.id, draft.number);
  return revisionMarks(
    before,
    draft.body,
    parsed.elements.map((e) => e.line),
    draft.marked,
  );
}

/**
 * The draft or a revision as a Final Draft file, its locked scene numbers written in; a revision as Final Draft's
 * revision set of its name and colour, its marked elements' text written in it.
 */
export async function exportFdx(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string; revisionId?: string },
): Promise<{ fileName: string; text: string }> {
  const { sp } = await readable(s, opts.caller, opts.id);
  const draft = await draftOrRevision(s, sp, opts.revisionId);
  const { body, locked } = draft;
  const parsed = parseFountain(body);
  const layout = layoutScript(parsed, { locked });
  // Every heading carries the number the pages print, so Final Draft shows the same scene numbers.
  const numbers = new Map(layout.scenes.flatMap((sc) => (sc.line === null ? [] : [[sc.line, sc.number] as const])));
  const elements = parsed.elements.map((e) =>
    e.type === "scene_heading" && numbers.has(e.line) ? { ...e, sceneNumber: numbers.get(e.line)! } : e,
  );
  const revision = draft.set ? { ...draft.set, marked: await revisedLines(s, sp, draft, parsed) } : undefined;
  return { fileName: exportName(sp.title, "fdx"), text: fountainToFdx({ ...parsed, elements }, revision) };
}

const exportName = (title: string, ext: string) =>
  `${
    title
      .replace(/[^\w\- ]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "screenplay"
  }.${ext}`;
