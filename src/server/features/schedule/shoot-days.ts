import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { onCrew } from "../projects/access.ts";
import {
  shootDayCreateInput,
  shootDayUpdateInput,
  SHOOT_DAYS_MAX,
  type ScheduleDto,
  type ShootDayCreateInput,
  type ShootDayUpdateInput,
} from "../../../common/schedule.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { projects, shootDays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { noDay, type S } from "./shared.ts";
import { projectOf, publishChanged } from "./scenes.ts";
import { getSchedule } from "./board.ts";
import { dayFieldsFrom } from "../locations/index.ts";

// ── Shoot days ───────────────────────────────────────────────────────────────────────────────────

export async function createShootDay(
  s: S,
  opts: { caller: Caller; projectId: string; input: ShootDayCreateInput },
): Promise<ScheduleDto> {
  const input = shootDayCreateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const [n] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(shootDays)
      .where(eq(shootDays.projectId, project.id));
    if ((n?.n ?? 0) >= SHOOT_DAYS_MAX)
      throw new AppError("bad_request", `A schedule has at most ${SHOOT_DAYS_MAX} shoot days.`);
    const picked = input.locationId ? await dayFieldsFrom(tx, input.locationId) : {};
    await tx.insert(shootDays).values({ projectId: project.id, ...input, ...picked });
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

export async function dayFor(db: DbOrTx, projectId: string, dayId: string, lock = false) {
  if (!isUuid(dayId)) throw noDay();
  const q = db
    .select()
    .from(shootDays)
    .where(and(eq(shootDays.id, dayId), eq(shootDays.projectId, projectId)));
  const [day] = lock ? await q.for("update") : await q;
  if (!day) throw noDay();
  return day;
}

export async function updateShootDay(
  s: S,
  opts: { caller: Caller; projectId: string; dayId: string; input: ShootDayUpdateInput },
): Promise<ScheduleDto> {
  const { version, ...input } = shootDayUpdateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true });
    const day = await dayFor(tx, project.id, opts.dayId, true);
    if (day.version !== version) {
      throw new AppError(
        "conflict",
        "Someone else changed this shoot day after you opened it. It is shown as it is now; make your change again.",
        { version: day.version },
      );
    }
    // Picking another library location brings its name, address and hospital, as a person would copy them.
    const picked =
      input.locationId && input.locationId !== day.locationId ? await dayFieldsFrom(tx, input.locationId) : {};
    const clean = (calls: Record<string, string> | undefined) =>
      calls ? Object.fromEntries(Object.entries(calls).filter(([, t]) => t !== "")) : undefined;
    await tx
      .update(shootDays)
      .set({
        ...input,
        ...picked,
        castCalls: clean(input.castCalls),
        crewCalls: clean(input.crewCalls),
        castWraps: clean(input.castWraps),
        crewWraps: clean(input.crewWraps),
        chaperones: clean(input.chaperones),
        version: day.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(shootDays.id, day.id));
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

/** A deleted day's strips go back to the bank (their rows go with the day). */
export async function deleteShootDay(
  s: S,
  opts: { caller: Caller; projectId: string; dayId: string },
): Promise<ScheduleDto> {
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const day = await dayFor(tx, project.id, opts.dayId, true);
    await tx.delete(shootDays).where(eq(shootDays.id, day.id));
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

// ── For other domains: shoot days on the overview timeline and in iCal feeds ─────────────────────

/** Scheduled shoot days of the given projects between two days (both included). */
export async function shootDaysOf(db: DbOrTx, projectIds: string[], from: string, to: string) {
  if (projectIds.length === 0) return [];
  return db
    .select({ projectId: shootDays.projectId, date: sql<string>`${shootDays.date}` })
    .from(shootDays)
    .where(and(inArray(shootDays.projectId, projectIds), sql`${shootDays.date} between ${from} and ${to}`))
    .orderBy(asc(shootDays.date));
}

/** The shoot days of the projects a person is on the crew of or supervises, for their calendar feed. */
export async function feedShootDays(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ day: shootDays, projectTitle: projects.title })
    .from(shootDays)
    .innerJoin(projects, eq(projects.id, shootDays.projectId))
    .where(or(eq(projects.supervisorId, userId), onCrew(projects.id, userId)))
    .orderBy(desc(shootDays.date))
    .limit(limit);
}
