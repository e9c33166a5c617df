import { and, eq, inArray, isNull } from "drizzle-orm";
import { jsonAnswers } from "../../lib/cache.ts";
import {
  boardSaveInput,
  castIds,
  castOrderInput,
  castSaveInput,
  doodCodes,
  type CastOrderInput,
  type BoardSaveInput,
  type CastMemberDto,
  type CastSaveInput,
  type ScheduleDto,
} from "../../../common/schedule.ts";
import { scenesLocked } from "../../../common/screenplay/numbering.ts";
import type { SceneReport } from "../../../common/screenplay/report.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { castMembers, documents, scheduleStrips, shootDays, stripboards } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { contactsFor } from "../projects/contacts.ts";
import { standingOf } from "../projects/index.ts";
import { dayCheckKeys } from "./day-checks.ts";
import { lanePlaces, placeBanners } from "./banner-places.ts";
import { askGuardianConsent, minorDto, minorPapers } from "./minors.ts";
import { castRowsOf, once } from "./working-hours.ts";
import { type S } from "./shared.ts";
import {
  assemble,
  boardRow,
  chosen,
  projectOf,
  projectScreenplays,
  provisionalScenes,
  publishChanged,
} from "./scenes.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A stripboard as the crew's browsers ask for it, kept per standing (it differs between callers only in who may
 * edit and see contacts, which follow from role and crew) until an event names this schedule (a change to
 * the project's screenplay names it too), the project (its crew decides who sees contacts) or the people.
 */
const answers = jsonAnswers({ ttlMs: 30_000, maxEntries: 2_000, staleMs: 30_000 });

export function browseSchedule(s: Pick<S, "db" | "events">, opts: { caller: Caller; projectId: string }) {
  const scope = {
    deps: [
      keys.schedule(opts.projectId),
      keys.project(opts.projectId),
      keys.projects(),
      ...PEOPLE_KEYS,
      keys.schoolSettings(),
      ...dayCheckKeys(opts.projectId),
    ],
  };
  return standingOf(s, opts.caller, opts.projectId).then((standing) =>
    answers(s.events, `${standing} ${opts.projectId}`, scope, () => getSchedule(s, opts)),
  );
}

export async function getSchedule(s: Pick<S, "db">, opts: { caller: Caller; projectId: string }): Promise<ScheduleDto> {
  const project = await projectOf(s.db, opts.caller, opts.projectId);
  const { contactsVisible } = project;
  const [board, list] = await Promise.all([boardRow(s.db, project.id), projectScreenplays(s.db, project.id)]);
  const sp = chosen(list, board?.board.screenplayId);
  // The cast, the minors' consents and their permits are read once, for the cast list and the day checks both.
  const castRows = castRowsOf(s.db, project.id);
  const papers = once(async () => minorPapers(s.db, project.id, await castRows));
  const [{ days, bank, scenes, appearance }, cast, { consents, permits }] = await Promise.all([
    assemble(s.db, project.id, sp, board?.board.estimates, { cast: () => castRows, minorPapers: papers }),
    castRows.then(byCharacter),
    papers(),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const minorOf = (row: CastRow) => minorDto(row, today, consents, permits, contactsVisible);
  const castOrder = board?.board.castOrder ?? null;
  const ids = castIds(appearance, castOrder);
  const byId = (a: string, b: string) => (ids[a] ?? Infinity) - (ids[b] ?? Infinity) || a.localeCompare(b);
  const characters = new Set(days.flatMap((d) => d.strips.flatMap((st) => st.cast)));
  const dates = days.map((d) => d.date);
  const rows = [...characters]
    .map((name) => ({
      name,
      actor: cast.get(name)?.actorName ?? null,
      ...doodCodes(
        dates,
        days.map((d) => d.strips.some((st) => st.cast.includes(name))),
      ),
    }))
    // By cast ID, as the Day Out of Days is printed.
    .sort((a, b) => byId(a.name, b.name));
  return {
    projectId: project.id,
    castIds: ids,
    castOrder,
    projectTitle: project.title,
    canEdit: project.canEdit,
    screenplays: list.map((x) => ({
      id: x.id,
      title: x.title,
      locked: scenesLocked({ lockedScenes: x.lockedScenes ?? null, scenesUnlocked: x.scenesUnlocked }),
    })),
    screenplayId: sp?.id ?? null,
    version: board?.board.version ?? 1,
    updatedByName: board?.updatedByName ?? null,
    days: days.map((d) => contactsFor(d, contactsVisible)),
    bank,
    dood: { dates, rows },
    cast: castList(scenes, cast, minorOf, byId).map((c) => contactsFor(c, contactsVisible)),
    contactsVisible,
  };
}

// ── The cast ─────────────────────────────────────────────────────────────────────────────────────

export type CastRow = typeof castMembers.$inferSelect;

const byCharacter = (rows: CastRow[]) => new Map(rows.map((r) => [r.character, r]));

export async function castOf(db: DbOrTx, projectId: string): Promise<Map<string, CastRow>> {
  return byCharacter(await castRowsOf(db, projectId));
}

/** The script's speaking characters by cast ID, then anyone still cast whose character was cut. */
function castList(
  scenes: Map<string, SceneReport>,
  cast: Map<string, CastRow>,
  minorOf: (row: CastRow) => CastMemberDto["minor"],
  byId: (a: string, b: string) => number,
): CastMemberDto[] {
  const sceneCount = new Map<string, number>();
  for (const sc of scenes.values())
    for (const name of sc.characters) sceneCount.set(name, (sceneCount.get(name) ?? 0) + 1);
  const inScript = [...sceneCount.keys()].sort(byId);
  const cut = [...cast.keys()].filter((name) => !sceneCount.has(name)).sort();
  return [...inScript, ...cut].map((character) => {
    const row = cast.get(character);
    return {
      character,
      actorName: row?.actorName ?? "",
      email: row?.email ?? "",
      phone: row?.phone ?? "",
      inScript: sceneCount.has(character),
      ...(row && (row.dateOfBirth || row.minor || row.guardianName || row.permitDocumentId)
        ? { minor: minorOf(row) }
        : {}),
    };
  });
}

/** Casts (or, with an empty actor name, uncasts) one character of the project. */
export async function saveCast(
  s: S,
  opts: { caller: Caller; projectId: string; input: CastSaveInput },
): Promise<ScheduleDto> {
  const input = castSaveInput.parse(opts.input);
  const project = await projectOf(s.db, opts.caller, opts.projectId, { edit: true });
  const minorFields = [input.dateOfBirth, input.guardianName, input.guardianEmail, input.permitExpiresOn];
  if (!input.actorName) {
    if (input.email || input.phone || input.minor || minorFields.some(Boolean) || input.permitDocumentId)
      throw new AppError(
        "bad_request",
        "Give the actor's name, or clear the other fields to take the actor off the cast.",
      );
    await s.db
      .delete(castMembers)
      .where(and(eq(castMembers.projectId, project.id), eq(castMembers.character, input.character)));
  } else {
    if (input.permitDocumentId) {
      const [doc] = await s.db
        .select({ category: documents.category })
        .from(documents)
        .where(
          and(
            eq(documents.id, input.permitDocumentId),
            eq(documents.projectId, project.id),
            isNull(documents.deletedAt),
          ),
        );
      if (!doc) throw new AppError("bad_request", "The work permit must be one of this project's documents.");
      if (doc.category !== "permits")
        throw new AppError("bad_request", "Choose a document filed under Permits as the work permit.");
    }
    const values = {
      actorName: input.actorName,
      email: input.email,
      phone: input.phone,
      ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth || null } : {}),
      ...(input.minor !== undefined ? { minor: input.minor } : {}),
      ...(input.guardianName !== undefined ? { guardianName: input.guardianName } : {}),
      ...(input.guardianEmail !== undefined ? { guardianEmail: input.guardianEmail } : {}),
      ...(input.permitDocumentId !== undefined ? { permitDocumentId: input.permitDocumentId } : {}),
      ...(input.permitExpiresOn !== undefined ? { permitExpiresOn: input.permitExpiresOn || null } : {}),
      updatedAt: new Date(),
    };
    const [row] = await s.db
      .insert(castMembers)
      .values({ projectId: project.id, character: input.character, ...values })
      .onConflictDoUpdate({ target: [castMembers.projectId, castMembers.character], set: values })
      .returning();
    await askGuardianConsent(s, opts.caller, project.id, row!);
  }
  await publishChanged(s, project.id);
  return getSchedule(s, opts);
}

/**
 * Sets the producer's order of the cast IDs (null: by first appearance again). Every name must be a speaking
 * character of the board's screenplay, once; characters left out follow by first appearance.
 */
export async function saveCastOrder(
  s: S,
  opts: { caller: Caller; projectId: string; input: CastOrderInput },
): Promise<ScheduleDto> {
  const { order } = castOrderInput.parse(opts.input);
  const project = await projectOf(s.db, opts.caller, opts.projectId, { edit: true });
  if (order) {
    const [board, list] = await Promise.all([boardRow(s.db, project.id), projectScreenplays(s.db, project.id)]);
    const { appearance } = await assemble(s.db, project.id, chosen(list, board?.board.screenplayId));
    const speaking = new Set(appearance);
    const stranger = order.find((name) => !speaking.has(name));
    if (stranger) throw new AppError("bad_request", `${stranger} does not speak in the screenplay, so has no cast ID.`);
    if (new Set(order).size !== order.length) throw new AppError("bad_request", "Name each character once.");
  }
  await s.db
    .insert(stripboards)
    .values({ projectId: project.id, castOrder: order })
    .onConflictDoUpdate({ target: stripboards.projectId, set: { castOrder: order } });
  await publishChanged(s, project.id);
  return getSchedule(s, opts);
}

// ── The stripboard ───────────────────────────────────────────────────────────────────────────────

/**
 * Saves where every strip is: the days and their strips in order (scenes left out go to the bank).
 * The board names the version it was loaded at; a later save than that is refused with who saved,
 * so two people planning at once never overwrite each other unseen.
 */
export async function saveBoard(
  s: S,
  opts: { caller: Caller; projectId: string; input: BoardSaveInput },
): Promise<ScheduleDto> {
  const input = boardSaveInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const board = await boardRow(tx, project.id);
    const current = board?.board.version ?? 1;
    if (input.version !== current) {
      throw new AppError(
        "conflict",
        `${board?.updatedByName ?? "Someone else"} changed the stripboard after you opened it. Their board is shown now; make your move again.`,
        { version: current },
      );
    }
    const list = await projectScreenplays(tx, project.id);
    if (input.screenplayId && !list.some((x) => x.id === input.screenplayId))
      throw new AppError("bad_request", "This screenplay is not attached to the project.");
    const switching = input.screenplayId !== undefined && input.screenplayId !== (board?.board.screenplayId ?? null);
    const sp = chosen(list, input.screenplayId !== undefined ? input.screenplayId : board?.board.screenplayId);
    const { scenes } = await assemble(tx, project.id, sp);
    const provisional = provisionalScenes(sp);
    const old = await tx.select().from(scheduleStrips).where(eq(scheduleStrips.projectId, project.id));
    const oldHeading = new Map(old.map((r) => [r.sceneNumber, r.heading]));
    const dayIds = new Set(
      (await tx.select({ id: shootDays.id }).from(shootDays).where(eq(shootDays.projectId, project.id))).map(
        (d) => d.id,
      ),
    );
    for (const day of input.days)
      if (!dayIds.has(day.id))
        throw new AppError("bad_request", "A shoot day of this board no longer exists; reload the schedule.");
    // Strips and banners share one sequence of positions per day.
    const { scenePositions, bannerMoves } = await lanePlaces(tx, project.id, input.days, old);
    const seen = new Set<string>();
    const rows: (typeof scheduleStrips.$inferInsert)[] = [];
    for (const day of input.days) {
      const positions = scenePositions.get(day.id)!;
      day.scenes.forEach((number, index) => {
        if (seen.has(number))
          throw new AppError("bad_request", `Scene ${number} is on the board twice; a scene is shot on one day.`);
        seen.add(number);
        // An omitted scene may stay where it was; a new strip must be a scene of the script.
        const scene = scenes.get(number);
        if (!scene && (switching || !oldHeading.has(number)))
          throw new AppError("bad_request", `There is no scene ${number} in the screenplay.`);
        if (provisional.has(number) && (switching || !oldHeading.has(number)))
          throw new AppError(
            "conflict",
            `Scene ${number} was added after the scene numbers were locked. Lock them again in the screenplay to write its number in, then schedule it: until then its number can still change.`,
          );
        rows.push({
          projectId: project.id,
          shootDayId: day.id,
          sceneNumber: number,
          position: positions[index]!,
          heading: scene?.heading ?? oldHeading.get(number) ?? "",
        });
      });
    }
    // Days the save does not mention keep their strips (another person may have just added a day).
    const named = input.days.map((d) => d.id);
    if (named.length)
      await tx
        .delete(scheduleStrips)
        .where(and(eq(scheduleStrips.projectId, project.id), inArray(scheduleStrips.shootDayId, named)));
    const elsewhere = old
      .filter((r) => !named.includes(r.shootDayId) && seen.has(r.sceneNumber))
      .map((r) => r.sceneNumber);
    if (elsewhere.length)
      await tx
        .delete(scheduleStrips)
        .where(and(eq(scheduleStrips.projectId, project.id), inArray(scheduleStrips.sceneNumber, elsewhere)));
    if (rows.length) await tx.insert(scheduleStrips).values(rows);
    await placeBanners(tx, bannerMoves);
    const set = {
      version: current + 1,
      updatedBy: opts.caller.id,
      updatedAt: new Date(),
      ...(input.screenplayId !== undefined ? { screenplayId: input.screenplayId } : {}),
    };
    await tx
      .insert(stripboards)
      .values({ projectId: project.id, screenplayId: sp?.id ?? null, ...set })
      .onConflictDoUpdate({ target: stripboards.projectId, set });
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}
