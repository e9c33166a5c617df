import { and, eq, max } from "drizzle-orm";
import {
  moveShot,
  numberClash,
  SHOT_LIMITS,
  type MoveDirection,
  type ShotCreateInput,
  type ShotDto,
  type ShotsDto,
  type ShotUpdateInput,
} from "../../../common/shots.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { shots } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordActivity } from "../projects/index.ts";
import { removeStoredFrame } from "./frames.ts";
import {
  byScene,
  numbered,
  noShot,
  projectOf,
  publishChanged,
  scenesOf,
  shotRows,
  type S,
  type ShotRow,
} from "./shared.ts";

type Opts = { caller: Caller; projectId: string };

export async function getShots(s: Pick<S, "db">, opts: Opts): Promise<ShotsDto> {
  return (await readShots(s, opts)).shots;
}

/** The shot list with the project's title, for the printed copies. */
export async function readShots(s: Pick<S, "db">, opts: Opts): Promise<{ title: string; shots: ShotsDto }> {
  const project = await projectOf(s.db, opts.caller, opts.projectId);
  const [{ title, scenes }, rows] = await Promise.all([scenesOf(s.db, project.id), shotRows(s.db, project.id)]);
  return {
    title: project.title,
    shots: {
      projectId: project.id,
      canEdit: project.canEdit,
      screenplayTitle: title,
      scenes: byScene(scenes, numbered(rows)),
    },
  };
}

/**
 * A change to one project's shots: the project row locked, so two people adding or moving shots of a scene at
 * once get positions one after the other; the event goes out after the commit.
 */
async function change<T>(s: S, opts: Opts, fn: (tx: Tx, projectId: string) => Promise<T>): Promise<T> {
  const result = await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    return { value: await fn(tx, project.id), projectId: project.id };
  });
  await publishChanged(s, result.projectId);
  return result.value;
}

export async function lockShot(tx: Tx, projectId: string, shotId: string): Promise<ShotRow> {
  if (!isUuid(shotId)) throw noShot();
  const [row] = await tx
    .select()
    .from(shots)
    .where(and(eq(shots.id, shotId), eq(shots.projectId, projectId)))
    .for("update");
  if (!row) throw noShot();
  return row;
}

/** The shot as it now reads, its number counted among its scene's. */
async function shotDto(tx: Tx, row: ShotRow): Promise<ShotDto> {
  return numbered(await shotRows(tx, row.projectId, [row.sceneNumber])).find((x) => x.id === row.id)!;
}

/** A typed number another shot of the scene already shows is refused: two slates reading 4B would confuse the edit. */
async function checkNumber(tx: Tx, row: Pick<ShotRow, "id" | "projectId" | "sceneNumber">, wanted: string) {
  const shown = numbered(await shotRows(tx, row.projectId, [row.sceneNumber]));
  const clash = numberClash(shown, row.id, wanted);
  if (clash)
    throw new AppError("conflict", `Shot ${clash} is already in scene ${row.sceneNumber}. Choose another number.`);
}

export async function createShot(s: S, opts: Opts & { input: ShotCreateInput }): Promise<ShotDto> {
  const { input } = opts;
  return change(s, opts, async (tx, projectId) => {
    const { scenes } = await scenesOf(tx, projectId);
    if (!scenes.has(input.sceneNumber))
      throw new AppError(
        "bad_request",
        `The screenplay has no scene ${input.sceneNumber}. Choose a scene from the list.`,
      );
    const [last] = await tx
      .select({ position: max(shots.position) })
      .from(shots)
      .where(and(eq(shots.projectId, projectId), eq(shots.sceneNumber, input.sceneNumber)));
    const position = last?.position === null || last?.position === undefined ? 0 : last.position + 1;
    if (position >= SHOT_LIMITS.perScene)
      throw new AppError("bad_request", `A scene holds at most ${SHOT_LIMITS.perScene} shots.`);
    const number = input.number?.trim() || null;
    if (number) await checkNumber(tx, { id: "", projectId, sceneNumber: input.sceneNumber }, number);
    const [row] = await tx
      .insert(shots)
      .values({
        projectId,
        sceneNumber: input.sceneNumber,
        position,
        number,
        size: input.size,
        angle: input.angle,
        movement: input.movement,
        lensMm: input.lens,
        description: input.description.trim(),
        setupMinutes: input.setupMinutes,
      })
      .returning();
    const dto = await shotDto(tx, row!);
    await recordActivity(tx, {
      projectId,
      actor: opts.caller,
      kind: "shots.shot",
      summary: `${opts.caller.name} added shot ${dto.number} to scene ${row!.sceneNumber}`,
    });
    return dto;
  });
}

export async function updateShot(s: S, opts: Opts & { shotId: string; input: ShotUpdateInput }): Promise<ShotDto> {
  const { input } = opts;
  return change(s, opts, async (tx, projectId) => {
    const row = await lockShot(tx, projectId, opts.shotId);
    const number = input.number === undefined ? row.number : input.number.trim() || null;
    if (number && number !== row.number) await checkNumber(tx, row, number);
    const [saved] = await tx
      .update(shots)
      .set({
        number,
        ...(input.size !== undefined ? { size: input.size } : {}),
        ...(input.angle !== undefined ? { angle: input.angle } : {}),
        ...(input.movement !== undefined ? { movement: input.movement } : {}),
        ...(input.lens !== undefined ? { lensMm: input.lens } : {}),
        ...(input.description !== undefined ? { description: input.description.trim() } : {}),
        ...(input.setupMinutes !== undefined ? { setupMinutes: input.setupMinutes } : {}),
        ...(input.done !== undefined ? { done: input.done } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shots.id, row.id))
      .returning();
    return shotDto(tx, saved!);
  });
}

/** Moves a shot one place up or down its scene's list; the automatic numbers follow the new order. */
export async function moveShotInScene(
  s: S,
  opts: Opts & { shotId: string; direction: MoveDirection },
): Promise<ShotDto> {
  return change(s, opts, async (tx, projectId) => {
    const row = await lockShot(tx, projectId, opts.shotId);
    const scene = await shotRows(tx, projectId, [row.sceneNumber]);
    const order = moveShot(
      scene.map((r) => r.id),
      row.id,
      opts.direction,
    );
    for (const [position, id] of order.entries()) {
      const was = scene.find((r) => r.id === id)!;
      if (was.position !== position) await tx.update(shots).set({ position }).where(eq(shots.id, id));
    }
    return shotDto(tx, { ...row, position: order.indexOf(row.id) });
  });
}

export async function deleteShot(s: S, opts: Opts & { shotId: string }): Promise<{ id: string }> {
  const gone = await change(s, opts, async (tx, projectId) => {
    const row = await lockShot(tx, projectId, opts.shotId);
    const number = (await shotDto(tx, row)).number;
    await tx.delete(shots).where(eq(shots.id, row.id));
    // The places close up, so the next shot added comes right after the last one.
    const rest = await shotRows(tx, projectId, [row.sceneNumber]);
    for (const [position, r] of rest.entries())
      if (r.position !== position) await tx.update(shots).set({ position }).where(eq(shots.id, r.id));
    await recordActivity(tx, {
      projectId,
      actor: opts.caller,
      kind: "shots.shot",
      summary: `${opts.caller.name} deleted shot ${number} of scene ${row.sceneNumber}`,
    });
    return row;
  });
  if (gone.frameKey) await removeStoredFrame(s, gone.frameKey);
  return { id: gone.id };
}
