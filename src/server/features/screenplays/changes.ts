import { eq } from "drizzle-orm";
import {
  IMPORT_EXTENSIONS,
  IMPORT_FILE_MAX_BYTES,
  SCREENPLAY_TEXT_MAX,
  screenplayCreateInput,
  screenplayUpdateInput,
  type RevisionCreateInput,
  type ScreenplayConflictDetails,
  type ScreenplayCreateInput,
  type ScreenplayDetail,
  type ScreenplayUpdateInput,
} from "../../../common/screenplay-api.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { stampSceneNumbers } from "../../../common/screenplay/numbering.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { screenplayRevisions, screenplays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isMember } from "../projects/access.ts";
import { readFdx } from "./fdx.ts";
import * as repo from "./repository.ts";
import { noRevision, noScreenplay, type S } from "./shared.ts";
import { accessTo, getScreenplay, pagesOf, readable, viewScreenplay } from "./reading.ts";
import { keys } from "../../../common/query-keys.ts";
import { isUuid } from "../../../common/ids.ts";

// ── Changing ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A project's stripboard shows its screenplay's scenes, so the schedules of the projects the screenplay is (or was)
 * attached to refetch too: only theirs, so one writer's autosave does not make every open stripboard reload.
 */
export async function publishChanged(s: Pick<S, "events">, id: string, projectIds: (string | null)[]) {
  const schedules = [...new Set(projectIds.filter((p): p is string => p !== null))].map((p) => keys.schedule(p));
  await s.events.publish({
    type: "screenplay.changed",
    invalidate: [keys.screenplays(), keys.screenplay(id), ...schedules],
    data: { id },
  });
}

/** A screenplay can be attached only to a project the caller works on (staff to any). */
async function assertAttachable(db: S["db"] | Tx, caller: Caller, projectId: string) {
  const project = await repo.selectProjectBrief(db, projectId);
  if (!project) throw new AppError("bad_request", "There is no project with this id to attach the screenplay to.");
  if (!isStaff(caller.role) && project.supervisorId !== caller.id && !(await isMember(db, projectId, caller.id))) {
    throw new AppError("forbidden", "You can attach a screenplay only to a project you are on the crew of.");
  }
}

export async function createScreenplay(
  s: S,
  opts: { caller: Caller; input: ScreenplayCreateInput },
): Promise<ScreenplayDetail> {
  const input = screenplayCreateInput.parse(opts.input);
  const id = await s.db.transaction(async (tx) => {
    if (input.projectId) await assertAttachable(tx, opts.caller, input.projectId);
    const [row] = await tx
      .insert(screenplays)
      .values({
        title: input.title,
        projectId: input.projectId,
        body: input.body,
        ownerId: opts.caller.id,
        updatedBy: opts.caller.id,
        pages: pagesOf(s, input.body, null, 0),
      })
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
  if (opts.bytes.byteLength > IMPORT_FILE_MAX_BYTES)
    throw new AppError(
      "payload_too_large",
      `The file is larger than ${SIZE_KB} KB; a screenplay file is much smaller.`,
    );
  if (opts.bytes.byteLength === 0) throw new AppError("bad_request", "The file is empty.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(opts.bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new AppError("bad_request", "The file is not UTF-8 text. Save it as plain text (UTF-8) and import it again.");
  }
  if (text.includes("\u0000")) throw new AppError("bad_request", "The file is not a text file.");
  const { body, revision } = ext === ".fdx" ? readFdx(text) : { body: text.replace(/\r\n?/g, "\n"), revision: null };
  if (body.length > SCREENPLAY_TEXT_MAX)
    throw new AppError("payload_too_large", "The script in this file is longer than a screenplay can be here.");
  const parsed = parseFountain(body);
  const title =
    opts.title ||
    parsed.titlePage.find((t) => t.key === "title")?.text.split("\n")[0] ||
    name.replace(/\.[a-z]+$/i, "");
  const created = await createScreenplay(s, {
    caller: opts.caller,
    input: { title: title.slice(0, 200), projectId: opts.projectId ?? null, body },
  });
  if (!revision) return created;
  // A Final Draft file written in a revision (its runs marked Pink, say) comes in as that revision, so the next
  // one the writers save takes the colour after it, as the production's pages go.
  await s.db.insert(screenplayRevisions).values({
    screenplayId: created.id,
    number: 1,
    name: revision.name,
    colour: revision.colour,
    body,
    // The file's own "*" marks: what a diff cannot find, for the text the file revised from is not in it.
    markedLines: revision.marked.length ? revision.marked : null,
    createdBy: opts.caller.id,
    createdByName: opts.caller.name,
  });
  await publishChanged(s, created.id, [opts.projectId ?? null]);
  return getScreenplay(s, { caller: opts.caller, id: created.id });
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
): Promise<Uint8Array<ArrayBuffer>> {
  if (!isUuid(opts.id)) throw noScreenplay();
  let projects: (string | null)[] = [];
  try {
    await s.db.transaction(async (tx) => {
      const sp = await repo.selectScreenplay(tx, opts.id, { lock: true });
      if (!sp) throw noScreenplay();
      const access = await accessTo(tx, opts.caller, sp);
      if (!access.read) throw noScreenplay();
      if (!access.edit)
        throw new AppError("forbidden", "Only the writer, the project's crew and staff can change this screenplay.");
      if (opts.version !== undefined && sp.version !== opts.version) throw new StaleVersion();
      const set = await work({ tx, sp });
      projects = [sp.projectId, set?.projectId ?? null];
      if (!set) return;
      const body = set.body ?? sp.body;
      const locked = set.lockedScenes !== undefined ? set.lockedScenes : sp.lockedScenes;
      await tx
        .update(screenplays)
        .set({
          ...set,
          pages: pagesOf(s, body, locked ?? null, sp.pages),
          version: sp.version + 1,
          updatedBy: opts.caller.id,
          updatedAt: new Date(),
        })
        .where(eq(screenplays.id, sp.id));
    });
  } catch (err) {
    if (!(err instanceof StaleVersion)) throw err;
    const sp = (await repo.selectScreenplay(s.db, opts.id))!;
    const header = await repo.selectHeader(s.db, sp);
    throw new AppError(
      "conflict",
      `${header.updatedByName ?? "Someone else"} saved this screenplay after you opened it. Look at the difference, then keep your text or take theirs.`,
      {
        current: {
          body: sp.body,
          version: sp.version,
          title: sp.title,
          updatedByName: header.updatedByName,
          updatedAt: sp.updatedAt.toISOString(),
        },
      } satisfies ScreenplayConflictDetails,
    );
  }
  await publishChanged(s, opts.id, projects);
  // Read back through the readers' kept copy: the writer's answer fills it, so their next read and the crew's are
  // answered from memory instead of reading the script again.
  return viewScreenplay(s, opts);
}

export async function updateScreenplay(
  s: S,
  opts: { caller: Caller; id: string; input: ScreenplayUpdateInput },
): Promise<Uint8Array<ArrayBuffer>> {
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
export async function createRevision(
  s: S,
  opts: { caller: Caller; id: string; input: RevisionCreateInput },
): Promise<Uint8Array<ArrayBuffer>> {
  return change(s, opts, async ({ tx, sp }) => {
    const { number, colour } = await repo.nextRevision(tx, sp.id);
    await tx.insert(screenplayRevisions).values({
      screenplayId: sp.id,
      number,
      name: opts.input.name,
      colour,
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
export async function restoreRevision(
  s: S,
  opts: { caller: Caller; id: string; revisionId: string; version: number },
): Promise<Uint8Array<ArrayBuffer>> {
  return change(s, opts, async ({ tx, sp }) => {
    const r = isUuid(opts.revisionId) ? await repo.selectRevision(tx, sp.id, opts.revisionId) : null;
    if (!r) throw noRevision();
    return { body: r.body };
  });
}

/**
 * Locks the scene numbers: each heading gets its number written in, later inserts become A-scenes.
 * A relock numbers against the last locked list, so every number ever locked stays with its scene
 * (or OMITTED) and the breakdown's tags and the stripboard's strips, keyed by number, stay put.
 */
export async function lockScenes(
  s: S,
  opts: { caller: Caller; id: string; version: number },
): Promise<Uint8Array<ArrayBuffer>> {
  return change(s, opts, async ({ sp }) => {
    const parsed = parseFountain(sp.body);
    if (!parsed.elements.some((e) => e.type === "scene_heading"))
      throw new AppError("bad_request", "The script has no scenes to number yet.");
    const { text, numbers } = stampSceneNumbers(sp.body, parsed, sp.lockedScenes ?? null);
    return { body: text, lockedScenes: numbers, scenesUnlocked: false };
  });
}

/** Unlocks the scene numbers; the last locked list is kept, so a later lock gives the same numbers back. */
export async function unlockScenes(
  s: S,
  opts: { caller: Caller; id: string; version: number },
): Promise<Uint8Array<ArrayBuffer>> {
  return change(s, opts, async ({ sp }) => (sp.lockedScenes && !sp.scenesUnlocked ? { scenesUnlocked: true } : null));
}
