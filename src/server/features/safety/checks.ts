/**
 * Where unmet hazard requirements show: a blocking check on every scheduled day that shoots the scene, until the
 * requirement is approved, and a mark on the production overview's card. Both read all they need in one statement.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DayCheck } from "../../../common/day-checks.ts";
import { dueDateOf, UNMET } from "../../../common/safety.ts";
import { writerOf, type SchoolWriter } from "../../../common/school-writer.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { safetyRequirements, scheduleStrips, shootDays } from "../../db/schema/index.ts";
import { getSchoolSettings } from "../school/service.ts";

/** A scheduled day as `schedule/day-checks.ts` hands it over; written out here so no import runs back to the schedule. */
interface CheckedDay {
  id: string;
  date: string;
  strips: { number: string }[];
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "blocked: weapons plan due 3 Dec": the words a day, its call sheet and the overview use alike. */
export function blockedMessage(label: string, dueDate: string | null, w: SchoolWriter): string {
  return dueDate
    ? `blocked: ${lowerFirst(label)} due ${w.date(dueDate, { year: false })}`
    : `blocked: ${lowerFirst(label)}`;
}

const openRequirements = preparedQuery((db) =>
  db
    .select({
      sceneNumber: safetyRequirements.sceneNumber,
      label: safetyRequirements.label,
      leadDays: safetyRequirements.leadDays,
      businessDays: safetyRequirements.businessDays,
    })
    .from(safetyRequirements)
    .where(
      and(
        eq(safetyRequirements.projectId, sql.placeholder("projectId")),
        inArray(safetyRequirements.status, [...UNMET]),
      ),
    ),
);

/** The day-check source (`schedule/day-checks.ts`): each day shooting a scene whose requirements are unmet is blocked. */
export async function hazardDayChecks(
  db: DbOrTx,
  projectId: string,
  days: readonly CheckedDay[],
): Promise<Map<string, DayCheck[]>> {
  const out = new Map<string, DayCheck[]>();
  const open = await openRequirements(db, { projectId });
  if (open.length === 0) return out;
  const w = writerOf(await getSchoolSettings(db));
  for (const day of days) {
    const scenes = new Set(day.strips.map((s) => s.number));
    const checks = open
      .filter((r) => scenes.has(r.sceneNumber))
      .map((r) => {
        // A scene has one strip, so the day that shoots it is its first shoot day.
        const due = dueDateOf(day.date, r.leadDays, r.businessDays);
        return { due, label: r.label };
      })
      .sort((a, b) => (a.due ?? "").localeCompare(b.due ?? "") || a.label.localeCompare(b.label))
      .map((r): DayCheck => ({ source: "hazard", level: "blocking", message: blockedMessage(r.label, r.due, w) }));
    if (checks.length > 0) out.set(day.id, checks);
  }
  return out;
}

/**
 * The overview's mark: for each of the given projects with a blocked shoot day, the earliest such day and what
 * blocks it. One statement for all the projects of a board.
 */
export async function blockedDaysOf(
  db: DbOrTx,
  projectIds: string[],
): Promise<Map<string, { days: number; first: string; messages: string[] }>> {
  const out = new Map<string, { days: number; first: string; messages: string[] }>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .select({
      projectId: safetyRequirements.projectId,
      sceneNumber: safetyRequirements.sceneNumber,
      label: safetyRequirements.label,
      leadDays: safetyRequirements.leadDays,
      businessDays: safetyRequirements.businessDays,
      date: shootDays.date,
    })
    .from(safetyRequirements)
    .innerJoin(
      scheduleStrips,
      and(
        eq(scheduleStrips.projectId, safetyRequirements.projectId),
        eq(scheduleStrips.sceneNumber, safetyRequirements.sceneNumber),
      ),
    )
    .innerJoin(shootDays, eq(shootDays.id, scheduleStrips.shootDayId))
    .where(and(inArray(safetyRequirements.projectId, projectIds), inArray(safetyRequirements.status, [...UNMET])));
  if (rows.length === 0) return out;
  const w = writerOf(await getSchoolSettings(db));
  const dates = new Map<string, Set<string>>();
  for (const r of rows.sort((a, b) => a.date.localeCompare(b.date) || a.label.localeCompare(b.label))) {
    const entry = out.get(r.projectId) ?? { days: 0, first: r.date, messages: [] };
    const message = blockedMessage(r.label, dueDateOf(r.date, r.leadDays, r.businessDays), w);
    if (!entry.messages.includes(message)) entry.messages.push(message);
    const seen = dates.get(r.projectId) ?? new Set();
    seen.add(r.date);
    dates.set(r.projectId, seen);
    entry.days = seen.size;
    out.set(r.projectId, entry);
  }
  return out;
}
