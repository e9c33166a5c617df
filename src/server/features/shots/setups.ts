import type { SceneSetups } from "../../../common/shots.ts";
import { formatMinutes, totalSetupMinutes } from "../../../common/shots.ts";
import type { PdfSection } from "../../lib/pdf-table.ts";
import type { DbOrTx } from "../../db/client.ts";
import { shotRows } from "./shared.ts";

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
