import { asc, desc, eq, sql } from "drizzle-orm";
import { stripColour, type ShootDayDto, type StripDto } from "../../../common/schedule.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { numberScenes } from "../../../common/screenplay/numbering.ts";
import { syncGreenlight } from "../documents/index.ts";
import { scriptReport } from "../../../common/screenplay/report.ts";
import type { SceneReport } from "../../../common/screenplay/report.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { dayTotals, minutesFromEighths, type BannerDto } from "../../../common/banners.ts";
import {
  profiles,
  scheduleBanners,
  scheduleStrips,
  screenplays,
  shootDays,
  stripboards,
} from "../../db/schema/index.ts";
import { projectFor } from "../projects/access.ts";
import { dayChecks } from "./day-checks.ts";
import { dayFacts } from "./working-hours.ts";
import { type S, type ShootDayRow } from "./shared.ts";
import { keys } from "../../../common/query-keys.ts";

// ── Who may do what: as the project (DESIGN §4) — everyone signed in reads, the crew, staff and admins plan ──

export async function projectOf(
  db: DbOrTx,
  caller: Caller,
  projectId: string,
  opts: { edit?: boolean; lock?: boolean } = {},
) {
  const access = await projectFor(db, caller, projectId, {
    need: opts.edit ? "edit" : "read",
    lock: opts.lock,
    denied: "Only the project's crew, staff and admins can change its schedule.",
  });
  return {
    id: access.project.id,
    title: access.project.title,
    canEdit: access.canEdit,
    contactsVisible: access.contactsVisible,
  };
}

export async function publishChanged(s: Pick<S, "db" | "events">, projectId: string) {
  // What is scheduled and who is cast decide which releases the greenlight checklist waits for.
  await syncGreenlight(s.db, projectId);
  // Shoot days also appear on the production overview's timeline.
  await s.events.publish({
    type: "schedule.changed",
    invalidate: [keys.schedule(projectId), keys.overview(), keys.project(projectId), keys.projects()],
    data: { projectId },
  });
}

// ── The scenes behind the strips ─────────────────────────────────────────────────────────────────

const boardOf = preparedQuery((db) =>
  db
    .select({ board: stripboards, updatedByName: profiles.fullName })
    .from(stripboards)
    .leftJoin(profiles, eq(profiles.id, stripboards.updatedBy))
    .where(eq(stripboards.projectId, sql.placeholder("projectId"))),
);

export async function boardRow(db: DbOrTx, projectId: string) {
  const [row] = await boardOf(db, { projectId });
  return row ?? null;
}

const screenplaysOf = preparedQuery((db) =>
  db
    .select({
      id: screenplays.id,
      title: screenplays.title,
      body: screenplays.body,
      lockedScenes: screenplays.lockedScenes,
      scenesUnlocked: screenplays.scenesUnlocked,
    })
    .from(screenplays)
    .where(eq(screenplays.projectId, sql.placeholder("projectId")))
    .orderBy(desc(screenplays.updatedAt), asc(screenplays.id)),
);

export const projectScreenplays = (db: DbOrTx, projectId: string) => screenplaysOf(db, { projectId });

/** Scenes added since the last lock: their numbers can still change, so no new strip is keyed to one until a lock writes it in. */
export function provisionalScenes(sp: { body: string; lockedScenes: string[] | null } | null): Set<string> {
  if (!sp?.lockedScenes) return new Set();
  return new Set(
    numberScenes(
      parseFountain(sp.body).elements.filter((e) => e.type === "scene_heading"),
      sp.lockedScenes,
    ).provisional,
  );
}

/** The board's screenplay: the one chosen, else the project's most recently edited one. */
export function chosen<T extends { id: string }>(list: T[], screenplayId: string | null | undefined): T | null {
  return list.find((sp) => sp.id === screenplayId) ?? list[0] ?? null;
}

function toStrip(scene: SceneReport, estimates: Record<string, number>): StripDto {
  const estimate = estimates[scene.number];
  return {
    minutes: estimate ?? minutesFromEighths(scene.eighths),
    estimated: estimate !== undefined,
    number: scene.number,
    heading: scene.heading,
    intExt: scene.intExt,
    location: scene.location,
    timeOfDay: scene.timeOfDay,
    night: scene.night,
    colour: stripColour(scene.intExt, scene.night),
    eighths: scene.eighths,
    cast: scene.characters,
    omitted: false,
  };
}

/** A scheduled scene the script no longer has: kept in its day, marked, so nobody loses it silently. */
const omittedStrip = (number: string, heading: string): StripDto => ({
  number,
  heading: heading || "OMITTED",
  intExt: "",
  location: "",
  timeOfDay: "",
  night: false,
  colour: "white",
  eighths: 0,
  cast: [],
  omitted: true,
  minutes: 0,
  estimated: false,
});

/** A day as the server holds it, address included; answers pass it through `contactsFor`. */
type FullDay = ShootDayDto & { address: string };

const toDayDto = (d: ShootDayRow, number: number, strips: StripDto[], banners: BannerDto[]): FullDay => ({
  id: d.id,
  number,
  date: d.date,
  location: d.location,
  address: d.address,
  generalCall: d.generalCall,
  notes: d.notes,
  weather: d.weather,
  hospital: d.hospital,
  locationId: d.locationId,
  castCalls: d.castCalls,
  crewCalls: d.crewCalls,
  wrap: d.wrap,
  meal: d.meal,
  castWraps: d.castWraps,
  crewWraps: d.crewWraps,
  chaperones: d.chaperones,
  version: d.version,
  strips,
  banners,
  eighths: strips.reduce((n, s) => n + s.eighths, 0),
  totals: dayTotals({ generalCall: d.generalCall, wrap: d.wrap, strips, banners }),
  callSheetSentAt: d.callSheetSentAt?.toISOString() ?? null,
  checks: [],
});

interface Assembled {
  days: FullDay[];
  bank: StripDto[];
  scenes: Map<string, SceneReport>;
  /** The screenplay's speaking characters in the order they first speak. */
  appearance: string[];
}

/** Banner rows as the lane shows them, `at` counted with the strips (see `common/banners.ts:mergeLane`). */
type BannerRow = typeof scheduleBanners.$inferSelect;

/**
 * A day's banners with their index in its lane. Strips and banners share one sequence of positions per day, so a
 * banner's index is the number of strips and banners before it.
 */
export function bannersAt(banners: BannerRow[], stripPositions: number[]): BannerDto[] {
  const sorted = [...banners].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  return sorted.map((b, k) => ({
    id: b.id,
    kind: b.kind,
    text: b.text,
    from: b.fromPlace,
    to: b.toPlace,
    minutes: b.minutes,
    at: k + stripPositions.filter((p) => p < b.position).length,
  }));
}

const projectDays = preparedQuery((db) =>
  db
    .select()
    .from(shootDays)
    .where(eq(shootDays.projectId, sql.placeholder("projectId")))
    .orderBy(asc(shootDays.date), asc(shootDays.createdAt), asc(shootDays.id)),
);

const projectStrips = preparedQuery((db) =>
  db
    .select()
    .from(scheduleStrips)
    .where(eq(scheduleStrips.projectId, sql.placeholder("projectId")))
    .orderBy(asc(scheduleStrips.position)),
);

const projectBanners = preparedQuery((db) =>
  db
    .select()
    .from(scheduleBanners)
    .where(eq(scheduleBanners.projectId, sql.placeholder("projectId"))),
);

/**
 * Reads a project's days, strips and banners in three statements, however many strips (the board is read at the
 * peak: issue 16). `estimates` are the producer's minutes by scene number (the stripboard row's).
 */
export async function assemble(
  db: DbOrTx,
  projectId: string,
  screenplay: { body: string; lockedScenes: string[] | null } | null,
  estimates: Record<string, number> = {},
  known: Pick<Parameters<typeof dayFacts>[3] & object, "cast" | "minorPapers"> = {},
): Promise<Assembled> {
  const [dayRows, stripRows, bannerRows] = await Promise.all([
    projectDays(db, { projectId }),
    projectStrips(db, { projectId }),
    projectBanners(db, { projectId }),
  ]);
  const report = screenplay?.body.trim() ? scriptReport(screenplay.body, screenplay.lockedScenes ?? null) : null;
  const scenes = new Map<string, SceneReport>();
  for (const sc of report?.scenes ?? []) if (!sc.omitted && !scenes.has(sc.number)) scenes.set(sc.number, sc);
  const scheduled = new Set<string>();
  const byDay = new Map<string, StripDto[]>();
  const positions = new Map<string, number[]>();
  for (const r of stripRows) {
    scheduled.add(r.sceneNumber);
    const scene = scenes.get(r.sceneNumber);
    const list = byDay.get(r.shootDayId) ?? [];
    list.push(scene ? toStrip(scene, estimates) : omittedStrip(r.sceneNumber, r.heading));
    byDay.set(r.shootDayId, list);
    const at = positions.get(r.shootDayId) ?? [];
    at.push(r.position);
    positions.set(r.shootDayId, at);
  }
  const bannersOf = new Map<string, BannerRow[]>();
  for (const b of bannerRows) {
    const list = bannersOf.get(b.shootDayId) ?? [];
    list.push(b);
    bannersOf.set(b.shootDayId, list);
  }
  const days = dayRows.map((d, i) =>
    toDayDto(d, i + 1, byDay.get(d.id) ?? [], bannersAt(bannersOf.get(d.id) ?? [], positions.get(d.id) ?? [])),
  );
  const checks = await dayChecks(db, projectId, days, dayFacts(db, projectId, days, { rows: dayRows, ...known }));
  for (const d of days) d.checks = checks.get(d.id) ?? [];
  const bank = [...scenes.values()].filter((sc) => !scheduled.has(sc.number)).map((sc) => toStrip(sc, estimates));
  return { days, bank, scenes, appearance: report?.appearance ?? [] };
}
