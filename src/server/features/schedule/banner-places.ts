/** Where a saved board puts each day's strips and banners: one sequence of positions per day (see `banners.ts`). */
import { eq } from "drizzle-orm";
import { BANNERS_PER_DAY_MAX, mergeLane } from "../../../common/banners.ts";
import type { BoardSaveInput } from "../../../common/schedule.ts";
import type { DbOrTx } from "../../db/client.ts";
import { scheduleBanners } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { bannersAt } from "./scenes.ts";

type SavedDay = BoardSaveInput["days"][number];

/**
 * Where a saved board puts each day's strips and banners, as one sequence per day (positions 0, 1, 2 …). A banner
 * the save lists goes to its day at its index; one the save leaves out stays at its index in its day, so a client
 * that knows nothing of banners loses none. A banner listed twice, or not of this project, is refused.
 */
export async function lanePlaces(
  tx: DbOrTx,
  projectId: string,
  days: SavedDay[],
  old: { shootDayId: string; position: number }[],
) {
  const current = await tx.select().from(scheduleBanners).where(eq(scheduleBanners.projectId, projectId));
  const known = new Map(current.map((b) => [b.id, b]));
  const listed = new Set<string>();
  for (const d of days)
    for (const b of d.banners ?? []) {
      if (!known.has(b.id))
        throw new AppError("bad_request", "A banner of this board no longer exists; reload the schedule.");
      if (listed.has(b.id)) throw new AppError("bad_request", "A banner is on the board twice; it belongs to one day.");
      listed.add(b.id);
    }
  const scenePositions = new Map<string, number[]>();
  const bannerMoves: { id: string; dayId: string; position: number }[] = [];
  for (const d of days) {
    const stays = current.filter((b) => b.shootDayId === d.id);
    const oldPositions = old.filter((r) => r.shootDayId === d.id).map((r) => r.position);
    const kept = bannersAt(stays, oldPositions).filter((b) => !listed.has(b.id));
    const banners = [...(d.banners ?? []), ...kept.map((b) => ({ id: b.id, at: b.at }))];
    if (banners.length > BANNERS_PER_DAY_MAX)
      throw new AppError("bad_request", `A day has at most ${BANNERS_PER_DAY_MAX} banners.`);
    const lane = mergeLane(
      d.scenes.map((number) => ({ number })),
      banners,
    );
    const positions: number[] = [];
    lane.forEach((item, position) => {
      if ("number" in item) positions.push(position);
      else bannerMoves.push({ id: item.id, dayId: d.id, position });
    });
    scenePositions.set(d.id, positions);
  }
  return { scenePositions, bannerMoves };
}

/** Writes the banners' places (a statement per banner moved: a board has a few, and this is a save, not a read). */
export async function placeBanners(tx: DbOrTx, moves: { id: string; dayId: string; position: number }[]) {
  for (const m of moves)
    await tx
      .update(scheduleBanners)
      .set({ shootDayId: m.dayId, position: m.position })
      .where(eq(scheduleBanners.id, m.id));
}
