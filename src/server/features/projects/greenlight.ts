import { and, asc, eq, inArray, min, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alignSources, fromSchool, type CourseGreenlightItem } from "../../../common/course-greenlight.ts";
import type { GreenlightItem } from "../../../common/projects.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  courseGreenlights,
  projectGreenlight,
  projectGreenlightItems,
  projects,
  shootDays,
} from "../../db/schema/index.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { getSchoolSettings } from "../school/service.ts";

/** The school's greenlight checklist, as the admins configured it (school settings fill in the defaults). */
export async function getGreenlightItems(db: DbOrTx): Promise<GreenlightItem[]> {
  return (await getSchoolSettings(db)).greenlightItems;
}

/**
 * The checklist a project starts from: its course's own list (with the course's deadlines) when the course has
 * one, else the school's. `fromCourse` names the course whose list it is.
 */
const courseChecklist = preparedQuery((db) =>
  db
    .select({ code: projects.course, items: courseGreenlights.items })
    .from(projects)
    .innerJoin(courseGreenlights, eq(courseGreenlights.courseId, projects.courseId))
    .where(eq(projects.id, sql.placeholder("projectId"))),
);

const ownItems = preparedQuery((db) =>
  db
    .select()
    .from(projectGreenlightItems)
    .where(eq(projectGreenlightItems.projectId, sql.placeholder("projectId")))
    .orderBy(asc(projectGreenlightItems.createdAt), asc(projectGreenlightItems.itemKey)),
);

export async function getProjectChecklist(
  db: DbOrTx,
  projectId: string,
): Promise<{ items: CourseGreenlightItem[]; fromCourse: string | null }> {
  const [[row], school] = await Promise.all([courseChecklist(db, { projectId }), getGreenlightItems(db)]);
  return row
    ? { items: alignSources(row.items, school), fromCourse: row.code }
    : { items: fromSchool(school), fromCourse: null };
}

/**
 * One project's checklist: its course's or the school's items, then the items features added for this project
 * only; `checklist` when the caller has already asked for it.
 */
export async function getProjectGreenlightItems(
  db: DbOrTx,
  projectId: string,
  checklist = getProjectChecklist(db, projectId),
): Promise<(GreenlightItem & { leadDays?: number | null })[]> {
  const [{ items }, own] = await Promise.all([checklist, ownItems(db, { projectId })]);
  return [
    ...items,
    ...own.map((i) => ({ key: i.itemKey, label: i.label, source: "manual" as const, tickedBy: i.tickedBy })),
  ];
}

/** The items of a project's checklist not yet done: what stands between it and a complete greenlight. */
export async function missingGreenlightItems(db: DbOrTx, projectId: string): Promise<GreenlightItem[]> {
  const [items, done] = await Promise.all([
    getProjectGreenlightItems(db, projectId),
    db
      .select({ key: projectGreenlight.itemKey })
      .from(projectGreenlight)
      .where(and(eq(projectGreenlight.projectId, projectId), eq(projectGreenlight.done, true))),
  ]);
  const ticked = new Set(done.map((d) => d.key));
  return items.filter((i) => !ticked.has(i.key));
}

/**
 * How a feature adds an item that only this project needs (a safety plan for a confirmed flag); it is
 * ticked by hand like the school's manual items. Adding it again keeps the one already there.
 */
export async function addProjectGreenlightItem(
  tx: DbOrTx,
  opts: { projectId: string; key: string; label: string; tickedBy: GreenlightItem["tickedBy"] },
) {
  await tx
    .insert(projectGreenlightItems)
    .values({ projectId: opts.projectId, itemKey: opts.key, label: opts.label, tickedBy: opts.tickedBy })
    .onConflictDoNothing();
}

/**
 * How a feature (budgets, releases, documents, insurance) ticks or unticks the checklist items it feeds, in its
 * own transaction. Nobody is named as the ticker: the feature's own record says who did what. Only a change is
 * written, so the time an item was ticked stays the time it became true, however often a feature feeds it.
 */
export async function feedGreenlight(
  tx: DbOrTx,
  opts: { projectId: string; source: Exclude<GreenlightItem["source"], "manual">; done: boolean; note?: string },
) {
  // The school's fed items too: a course that takes an item off its list and puts it back finds its tick true.
  const [school, project, ticks] = await Promise.all([
    getGreenlightItems(tx),
    getProjectChecklist(tx, opts.projectId),
    tx.select().from(projectGreenlight).where(eq(projectGreenlight.projectId, opts.projectId)),
  ]);
  const keys = [...new Set([...school, ...project.items].filter((i) => i.source === opts.source).map((i) => i.key))];
  const note = opts.note ?? null;
  for (const itemKey of keys) {
    const tick = ticks.find((t) => t.itemKey === itemKey);
    if ((tick?.done ?? false) === opts.done && (tick?.note ?? null) === note) continue;
    const values = { done: opts.done, note, doneBy: null, doneAt: opts.done ? new Date() : null };
    await tx
      .insert(projectGreenlight)
      .values({ projectId: opts.projectId, itemKey, ...values })
      .onConflictDoUpdate({
        target: [projectGreenlight.projectId, projectGreenlight.itemKey],
        set: { ...values, doneAt: opts.done ? sql`now()` : null },
      });
  }
}

/**
 * How a feature ticks or unticks an item it added for this project alone (a safety plan whose requirements are
 * all approved). Staff may still tick it by hand; the feature's own record says who approved what.
 */
export async function setProjectItemDone(
  tx: DbOrTx,
  opts: { projectId: string; key: string; done: boolean; note?: string },
) {
  const values = { done: opts.done, note: opts.note ?? null, doneBy: null, doneAt: opts.done ? new Date() : null };
  await tx
    .insert(projectGreenlight)
    .values({ projectId: opts.projectId, itemKey: opts.key, ...values })
    .onConflictDoUpdate({
      target: [projectGreenlight.projectId, projectGreenlight.itemKey],
      set: { ...values, doneAt: opts.done ? sql`now()` : null },
    });
}

/** The day a course's deadlines count back from: the project's earliest scheduled shoot day, or null. */
const firstDay = preparedQuery((db) =>
  db
    .select({ day: min(shootDays.date) })
    .from(shootDays)
    .where(eq(shootDays.projectId, sql.placeholder("projectId"))),
);

export async function firstShootDay(db: DbOrTx, projectId: string): Promise<string | null> {
  const [row] = await firstDay(db, { projectId });
  return row?.day ?? null;
}

// ── The lists' and the overview's counts, which read many projects at once ─────────────────────────

/**
 * SQL: `itemKey` is on the checklist the project starts from: its course's own list when the course has one,
 * else the school's keys.
 */
export function onProjectChecklist(itemKey: SQL, courseId: AnyColumn, schoolKeys: string[]): SQL {
  const school = schoolKeys.length
    ? sql.join(
        schoolKeys.map((k) => sql`${k}`),
        sql`, `,
      )
    : sql`null`;
  return sql`(case when exists (select 1 from ${courseGreenlights} cg where cg.course_id = ${courseId})
    then ${itemKey} in (select e->>'key' from ${courseGreenlights} cg, jsonb_array_elements(cg.items) e
      where cg.course_id = ${courseId})
    else ${itemKey} in (${school}) end)`;
}

/** SQL: how many items the project's course list has, or null when the project follows the school's. */
export const courseChecklistSize = (courseId: AnyColumn) =>
  sql<
    number | null
  >`(select jsonb_array_length(cg.items) from ${courseGreenlights} cg where cg.course_id = ${courseId})`;

/** The course lists of the given projects that follow their course's own checklist. */
export async function courseChecklistsOf(db: DbOrTx, projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, CourseGreenlightItem[]>();
  const rows = await db
    .select({ id: projects.id, items: courseGreenlights.items })
    .from(projects)
    .innerJoin(courseGreenlights, eq(courseGreenlights.courseId, projects.courseId))
    .where(inArray(projects.id, projectIds));
  return new Map(rows.map((r) => [r.id, r.items]));
}
