import type { DayCheck } from "../../../common/day-checks.ts";
import type { QueryKeyOf } from "../../../common/query-keys.ts";
import { keys } from "../../../common/query-keys.ts";
import type { DbOrTx } from "../../db/client.ts";
import { hazardDayChecks } from "../safety/index.ts";
import { minorChecks } from "./minors.ts";
import { dayFacts, hoursChecks, type DayFacts } from "./working-hours.ts";
import { overLengthMessage, type DayTotals } from "../../../common/banners.ts";

/** A scheduled day as the checks read it: its date, its calls and the scenes it shoots. */
export interface CheckedDay {
  id: string;
  date: string;
  generalCall: string;
  castCalls: Record<string, string>;
  crewCalls: Record<string, string>;
  strips: { number: string; cast: string[] }[];
  /** Scenes, pages and estimated minutes against call to wrap (`common/banners.ts:dayTotals`). */
  totals: DayTotals;
}

/**
 * One feature's checks of a project's days: each day's id to what it found there. A source reads what it needs
 * in a few statements for all the days at once, never one per day.
 */
export type DayCheckSourceFn = (
  db: DbOrTx,
  projectId: string,
  days: readonly CheckedDay[],
  facts: DayFacts,
) => Promise<Map<string, DayCheck[]>>;

/**
 * The sources, in the order their checks are listed on a day. A feature adds its function here, and the query keys
 * its checks depend on to `DAY_CHECK_KEYS` so the kept stripboards are refreshed when they change.
 */
const SOURCES: DayCheckSourceFn[] = [hazardDayChecks, minorChecks, hoursChecks, lengthChecks];

/**
 * The day's estimate against its length (source "length"): the scenes' estimated minutes, meals and moves past
 * call to wrap is a warning, never a block (an estimate is a plan). Read from the day as assembled: no statement.
 */
async function lengthChecks(_db: DbOrTx, _projectId: string, days: readonly CheckedDay[]) {
  const out = new Map<string, DayCheck[]>();
  for (const d of days)
    if (d.totals.over) out.set(d.id, [{ source: "length", level: "warning", message: overLengthMessage(d.totals) }]);
  return out;
}

/** The query keys, beyond the schedule's own, that a source's checks read. */
export const dayCheckKeys = (projectId: string): QueryKeyOf[] => [
  keys.safety(projectId),
  // A minor's consent is signed, and their permit filed, in the project's documents.
  keys.documents(projectId),
];

/** Every source's checks of the days; what several sources read (`DayFacts`) is read once for all. */
export async function dayChecks(
  db: DbOrTx,
  projectId: string,
  days: readonly CheckedDay[],
  facts: DayFacts = dayFacts(db, projectId, days),
) {
  const out = new Map<string, DayCheck[]>(days.map((d) => [d.id, []]));
  if (days.length === 0) return out;
  const found = await Promise.all(SOURCES.map((source) => source(db, projectId, days, facts)));
  for (const map of found) for (const [dayId, checks] of map) out.get(dayId)?.push(...checks);
  return out;
}
