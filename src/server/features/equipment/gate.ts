// The greenlight gate (school settings): equipment waits for a production's complete greenlight checklist either
// to be reserved or to leave the desk, as the school chooses.
import type { ReservationDto } from "../../../common/equipment.ts";
import type { SchoolSettings } from "../../../common/school.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { missingGreenlightItems } from "../projects/greenlight.ts";
import { getSchoolSettings } from "../school/service.ts";

/** The reserve gate: only productions with a complete checklist may book. `rules`: the settings' rules, if read. */
export async function reserveGate(
  db: DbOrTx,
  projectId: string,
  rules?: Pick<SchoolSettings["equipmentRules"], "greenlightGate">,
) {
  if ((rules ?? (await getSchoolSettings(db)).equipmentRules).greenlightGate !== "reserve") return;
  if ((await missingGreenlightItems(db, projectId)).length > 0)
    throw new AppError(
      "bad_request",
      "Greenlight required: the school lets only productions with a complete greenlight checklist book equipment.",
    );
}

/**
 * The checkout gate: a production may reserve before its greenlight is complete, but the desk hands nothing out
 * to it until it is. The refusal names what is missing, so the desk can tell the crew what to finish.
 */
export async function checkoutGate(db: DbOrTx, project: { id: string; title: string }) {
  if ((await getSchoolSettings(db)).equipmentRules.greenlightGate !== "checkout") return;
  const missing = await missingGreenlightItems(db, project.id);
  if (missing.length > 0)
    throw new AppError(
      "conflict",
      `Greenlight not complete: “${project.title}” cannot take equipment out until its greenlight checklist is done. Still missing: ${missing.map((m) => m.label).join(", ")}.`,
    );
}

/**
 * Reservations as the gate at check-out holds them: each one still to be collected names the greenlight items its
 * production misses, so the office and the crew see it before the desk scans anything.
 */
export async function withCheckoutGate(db: DbOrTx, list: ReservationDto[]): Promise<ReservationDto[]> {
  const waiting = list.filter((r) => r.state === "requested" || r.state === "approved");
  if (waiting.length === 0 || (await getSchoolSettings(db)).equipmentRules.greenlightGate !== "checkout") return list;
  const projectIds = [...new Set(waiting.map((r) => r.project.id))];
  const missing = new Map<string, string[]>();
  for (const id of projectIds)
    missing.set(
      id,
      (await missingGreenlightItems(db, id)).map((m) => m.label),
    );
  return list.map((r) => (waiting.includes(r) ? { ...r, greenlightMissing: missing.get(r.project.id) ?? [] } : r));
}
