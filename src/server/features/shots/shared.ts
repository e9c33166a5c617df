import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { keys } from "../../../common/query-keys.ts";
import { scriptReport } from "../../../common/screenplay/report.ts";
import {
  SHOT_ANGLES,
  SHOT_MOVEMENTS,
  SHOT_SIZES,
  shotNumbers,
  totalSetupMinutes,
  type ShotDto,
  type ShotSceneDto,
} from "../../../common/shots.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { screenplays, shots, stripboards } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { projectFor } from "../projects/access.ts";

export type S = Pick<Services, "db" | "events" | "config">;
export type ShotRow = typeof shots.$inferSelect;

export const noShot = () => new AppError("not_found", "There is no shot with this id in this project.");

/** As the schedule: everyone signed in reads a project's shot list; its crew, staff and admins plan it. */
export async function projectOf(
  db: DbOrTx,
  caller: Caller,
  projectId: string,
  opts: { edit?: boolean; lock?: boolean } = {},
) {
  const access = await projectFor(db, caller, projectId, {
    need: opts.edit ? "edit" : "read",
    lock: opts.lock,
    denied: "Only the project's crew, staff and admins can change its shot list and storyboard.",
  });
  return { id: access.project.id, title: access.project.title, canEdit: access.canEdit };
}

/** The call sheet shows each scene's setups, so a change to the shots changes the schedule's answers too. */
export async function publishChanged(s: Pick<S, "events">, projectId: string) {
  await s.events.publish({
    type: "shots.changed",
    invalidate: [keys.shots(projectId), keys.schedule(projectId)],
    data: { projectId },
  });
}

export const frameUrl = (projectId: string, shotId: string) => `/storage/v1/object/shots/${projectId}/${shotId}`;

const oneOf = <T extends string>(list: readonly T[], v: string): T => (list.includes(v as T) ? (v as T) : list[0]!);

export function toShot(r: ShotRow, number: string): ShotDto {
  return {
    id: r.id,
    sceneNumber: r.sceneNumber,
    number,
    numberIsCustom: r.number !== null,
    size: oneOf(SHOT_SIZES, r.size),
    angle: oneOf(SHOT_ANGLES, r.angle),
    movement: oneOf(SHOT_MOVEMENTS, r.movement),
    lens: r.lensMm,
    description: r.description,
    setupMinutes: r.setupMinutes,
    done: r.done,
    frame:
      r.frameKey && r.frameType
        ? {
            // The key's last part changes with every new frame, so a browser never shows the replaced picture.
            url: `${frameUrl(r.projectId, r.id)}?v=${r.frameKey.split("/").pop()!.split(".")[0]}`,
            contentType: r.frameType,
            drawn: r.frameDrawn,
          }
        : null,
  };
}

/** A scene's shots in order, with the numbers they show. */
export function numbered(rows: ShotRow[]): ShotDto[] {
  const bySceneNumber = new Map<string, ShotRow[]>();
  for (const r of rows) bySceneNumber.set(r.sceneNumber, [...(bySceneNumber.get(r.sceneNumber) ?? []), r]);
  const out: ShotDto[] = [];
  for (const [scene, list] of bySceneNumber) {
    const sorted = [...list].sort((a, b) => a.position - b.position);
    const numbers = shotNumbers(
      scene,
      sorted.map((r) => r.number),
    );
    sorted.forEach((r, i) => out.push(toShot(r, numbers[i]!)));
  }
  return out;
}

export async function shotRows(db: DbOrTx, projectId: string, sceneNumbers?: string[]) {
  return db
    .select()
    .from(shots)
    .where(
      sceneNumbers
        ? and(eq(shots.projectId, projectId), inArray(shots.sceneNumber, sceneNumbers))
        : eq(shots.projectId, projectId),
    )
    .orderBy(asc(shots.sceneNumber), asc(shots.position), asc(shots.createdAt));
}

/**
 * The scenes of the screenplay the schedule plans from (the board's, else the most recently edited one), read
 * from the tables rather than the schedule's service, which reads the shots for its call sheet.
 */
export async function scenesOf(db: DbOrTx, projectId: string) {
  const [board] = await db
    .select({ screenplayId: stripboards.screenplayId })
    .from(stripboards)
    .where(eq(stripboards.projectId, projectId));
  const list = await db
    .select({
      id: screenplays.id,
      title: screenplays.title,
      body: screenplays.body,
      lockedScenes: screenplays.lockedScenes,
    })
    .from(screenplays)
    .where(eq(screenplays.projectId, projectId))
    .orderBy(desc(screenplays.updatedAt), asc(screenplays.id));
  const sp = list.find((x) => x.id === board?.screenplayId) ?? list[0] ?? null;
  const scenes = new Map<string, string>();
  if (sp?.body.trim())
    for (const sc of scriptReport(sp.body, sp.lockedScenes ?? null).scenes)
      if (!sc.omitted && !scenes.has(sc.number)) scenes.set(sc.number, sc.heading);
  return { title: sp?.title ?? null, scenes };
}

/** Every scene of the script, then scenes the script lost that still have shots, each with its shots. */
export function byScene(scenes: Map<string, string>, list: ShotDto[]): ShotSceneDto[] {
  const out: ShotSceneDto[] = [...scenes].map(([number, heading]) => ({
    number,
    heading,
    omitted: false,
    shots: [],
    setupMinutes: 0,
  }));
  const index = new Map(out.map((sc) => [sc.number, sc]));
  for (const shot of list) {
    let sc = index.get(shot.sceneNumber);
    if (!sc) {
      sc = { number: shot.sceneNumber, heading: "Not in the screenplay", omitted: true, shots: [], setupMinutes: 0 };
      index.set(sc.number, sc);
      out.push(sc);
    }
    sc.shots.push(shot);
  }
  for (const sc of out) sc.setupMinutes = totalSetupMinutes(sc.shots);
  return out;
}
