import type { SceneSetups } from "../../../common/shots.ts";
import { formatMinutes, totalSetupMinutes } from "../../../common/shots.ts";
import type { PdfSection } from "../../lib/pdf-table.ts";
import { and, eq, inArray } from "drizzle-orm";
import type { ShotDto } from "../../../common/shots.ts";
import type { DbOrTx } from "../../db/client.ts";
import { shots } from "../../db/schema/index.ts";
import { numbered, shotRows } from "./shared.ts";

/**
 * What a shoot day's scenes need of the camera: per scene, how many shots are planned and their setup time, in
 * the day's order. The schedule's call sheet reads this; the caller has already been let read the project.
 */
export async function setupsOf(db: DbOrTx, projectId: string, sceneNumbers: string[]): Promise<SceneSetups[]> {
  if (sceneNumbers.length === 0) return [];
  const rows = await shotRows(db, projectId, sceneNumbers);
  return sceneNumbers
    .map((sceneNumber) => {
      const list = rows.filter((r) => r.sceneNumber === sceneNumber);
      return { sceneNumber, shots: list.length, setupMinutes: totalSetupMinutes(list) };
    })
    .filter((x) => x.shots > 0);
}

/** The printed call sheet's table of the camera's day: how many setups each scene needs and how long they take. */
export const setupsSection = (setups: SceneSetups[]): PdfSection => ({
  heading: "Setups",
  widths: [1, 1, 2],
  numeric: 2,
  rows: [
    { cells: ["Scene", "Shots", "Setup time"], bold: true },
    ...setups.map((x) => ({ cells: [x.sceneNumber, String(x.shots), formatMinutes(x.setupMinutes)] })),
  ],
});

/** The shot lists of a day's scenes, in the day's order of scenes: what the daily report ticks off. */
export async function dayShotsOf(db: DbOrTx, projectId: string, sceneNumbers: string[]): Promise<ShotDto[]> {
  if (sceneNumbers.length === 0) return [];
  const list = numbered(await shotRows(db, projectId, sceneNumbers));
  return sceneNumbers.flatMap((n) => list.filter((x) => x.sceneNumber === n));
}

/**
 * Marks the project's shots done or not, as a day's report ticks them; ids of other projects' shots change
 * nothing. The caller has been let write the report, which the project's crew, staff and admins may.
 */
export async function markShotsDone(db: DbOrTx, projectId: string, ids: string[], done: boolean) {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(shots)
    .set({ done, updatedAt: new Date() })
    .where(and(eq(shots.projectId, projectId), inArray(shots.id, ids), eq(shots.done, !done)))
    .returning({ id: shots.id });
  return changed.length;
}
