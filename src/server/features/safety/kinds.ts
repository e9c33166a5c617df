/**
 * The school's table of hazard kinds: what each hazard requires, edited by the administrators in the settings.
 * Until they save it, the defaults of `common/safety.ts` apply, so a new school starts with a sensible table.
 */
import { asc, inArray } from "drizzle-orm";
import { keys } from "../../../common/query-keys.ts";
import { isAdmin } from "../../../common/roles.ts";
import {
  DEFAULT_HAZARD_KINDS,
  hazardKindsInput,
  type HazardKind,
  type HazardKindsInput,
} from "../../../common/safety.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { hazardKinds, profiles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { sameJson } from "../../lib/same-json.ts";

export async function getHazardKinds(db: DbOrTx): Promise<HazardKind[]> {
  const rows = await db.select().from(hazardKinds).orderBy(asc(hazardKinds.position), asc(hazardKinds.key));
  if (rows.length === 0) return DEFAULT_HAZARD_KINDS;
  return rows.map((r) => ({ key: r.key, label: r.label, requirements: r.requirements }));
}

/** Replaces the table. A named approver must be one of the school's staff or administrators. */
export async function saveHazardKinds(
  s: Pick<Services, "db" | "events">,
  opts: { caller: Caller; input: HazardKindsInput },
): Promise<HazardKind[]> {
  if (!isAdmin(opts.caller.role)) throw new AppError("forbidden", "Only administrators change the hazard kinds.");
  const { kinds, basedOn } = hazardKindsInput.parse(opts.input);
  const named = [...new Set(kinds.flatMap((k) => k.requirements.flatMap((r) => r.approverUserId ?? [])))];
  if (named.length > 0) {
    const found = await s.db
      .select({ id: profiles.id, role: profiles.role })
      .from(profiles)
      .where(inArray(profiles.id, named));
    const ok = new Set(found.filter((p) => p.role === "staff" || p.role === "admin").map((p) => p.id));
    if (named.some((id) => !ok.has(id)))
      throw new AppError("bad_request", "A named approver must be one of the school's staff or administrators.");
  }
  await s.db.transaction(async (tx) => {
    // The rows locked, a second save of the same table waits for the first and then sees it changed.
    await tx.select({ key: hazardKinds.key }).from(hazardKinds).for("update");
    if (basedOn && !sameJson(basedOn, await getHazardKinds(tx)))
      throw new AppError(
        "conflict",
        "Another administrator saved the hazard kinds since you opened them. Your changes are still on the page: note them, reload to see theirs, and make your changes again.",
      );
    await tx.delete(hazardKinds);
    if (kinds.length > 0)
      await tx
        .insert(hazardKinds)
        .values(kinds.map((k, position) => ({ key: k.key, label: k.label, requirements: k.requirements, position })));
  });
  await s.events.publish({ type: "hazard-kinds.changed", invalidate: [keys.hazardKinds()] });
  return getHazardKinds(s.db);
}
