/**
 * Banners in a day's lane (notes, company moves, meal breaks) and the scenes' estimated shooting times (issue 20).
 * A banner's position is counted with the day's strips: `banner-places.ts:lanePlaces` lays a saved day out as one sequence, which
 * `scenes.ts:assemble` reads back with `mergeLane`. See docs/decisions/2026-11-27-banners.md.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  bannerCreateInput,
  bannerUpdateInput,
  BANNERS_PER_DAY_MAX,
  estimateInput,
  type BannerCreateInput,
  type BannerUpdateInput,
  type EstimateInput,
} from "../../../common/banners.ts";
import type { ScheduleDto } from "../../../common/schedule.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { scheduleBanners, scheduleStrips, stripboards } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { getSchedule } from "./board.ts";
import { boardRow, projectOf, publishChanged } from "./scenes.ts";
import { dayFor } from "./shoot-days.ts";
import type { S } from "./shared.ts";

type Opts = { caller: Caller; projectId: string };
type BannerRow = typeof scheduleBanners.$inferSelect;

const noBanner = () => new AppError("not_found", "There is no banner with this id on this schedule.");

/** Raises the board's version, as a move of strips does, so a board opened before the change is told. */
async function bumpBoard(tx: DbOrTx, projectId: string, caller: Caller) {
  const set = { version: sql`${stripboards.version} + 1`, updatedBy: caller.id, updatedAt: new Date() };
  await tx
    .insert(stripboards)
    .values({ projectId, version: 2, updatedBy: caller.id })
    .onConflictDoUpdate({ target: stripboards.projectId, set });
}

const valuesOf = (input: ReturnType<typeof bannerUpdateInput.parse>) => ({
  kind: input.kind,
  text: input.text,
  fromPlace: input.kind === "move" ? input.from : "",
  toPlace: input.kind === "move" ? input.to : "",
  minutes: input.kind === "note" ? 0 : input.minutes,
});

/** Adds a banner at the end of its day's lane. */
export async function createBanner(s: S, opts: Opts & { input: BannerCreateInput }): Promise<ScheduleDto> {
  const input = bannerCreateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const day = await dayFor(tx, project.id, input.dayId, true);
    const [count] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(scheduleBanners)
      .where(eq(scheduleBanners.shootDayId, day.id));
    if ((count?.n ?? 0) >= BANNERS_PER_DAY_MAX)
      throw new AppError("bad_request", `A day has at most ${BANNERS_PER_DAY_MAX} banners.`);
    // The end of the lane: after the last strip or banner of the day.
    const max = sql<number>`coalesce(max(position), -1)`.mapWith(Number);
    const [strip] = await tx.select({ p: max }).from(scheduleStrips).where(eq(scheduleStrips.shootDayId, day.id));
    const [banner] = await tx.select({ p: max }).from(scheduleBanners).where(eq(scheduleBanners.shootDayId, day.id));
    const position = Math.max(strip?.p ?? -1, banner?.p ?? -1) + 1;
    await tx
      .insert(scheduleBanners)
      .values({ projectId: project.id, shootDayId: day.id, position, ...valuesOf(input) });
    await bumpBoard(tx, project.id, opts.caller);
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

async function bannerFor(tx: DbOrTx, projectId: string, bannerId: string): Promise<BannerRow> {
  if (!isUuid(bannerId)) throw noBanner();
  const [row] = await tx
    .select()
    .from(scheduleBanners)
    .where(and(eq(scheduleBanners.id, bannerId), eq(scheduleBanners.projectId, projectId)));
  if (!row) throw noBanner();
  return row;
}

export async function updateBanner(
  s: S,
  opts: Opts & { bannerId: string; input: BannerUpdateInput },
): Promise<ScheduleDto> {
  const input = bannerUpdateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const row = await bannerFor(tx, project.id, opts.bannerId);
    await tx.update(scheduleBanners).set(valuesOf(input)).where(eq(scheduleBanners.id, row.id));
    await bumpBoard(tx, project.id, opts.caller);
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

export async function deleteBanner(s: S, opts: Opts & { bannerId: string }): Promise<ScheduleDto> {
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const row = await bannerFor(tx, project.id, opts.bannerId);
    await tx.delete(scheduleBanners).where(eq(scheduleBanners.id, row.id));
    await bumpBoard(tx, project.id, opts.caller);
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

/** Sets (or, with null, clears) a scene's estimated minutes; the strip shows it and its day's total counts it. */
export async function saveEstimate(s: S, opts: Opts & { input: EstimateInput }): Promise<ScheduleDto> {
  const { scene, minutes } = estimateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const board = await boardRow(tx, project.id);
    const estimates = { ...(board?.board.estimates ?? {}) };
    if (minutes === null) delete estimates[scene];
    else estimates[scene] = minutes;
    await tx
      .insert(stripboards)
      .values({ projectId: project.id, estimates })
      .onConflictDoUpdate({ target: stripboards.projectId, set: { estimates } });
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}
