import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { onCrew } from "../projects/access.ts";
import type { OverviewFilters } from "../../../common/overview-api.ts";
import { rolesThatCan } from "../../../common/roles.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { auditLog, jobs, profiles, projectActivity, projects, shootDays } from "../../db/schema/index.ts";
import { listWhere } from "../projects/index.ts";

/**
 * The planned shoot: the project's dates, or else the span of its scheduled shoot days. A shoot with
 * only its first day planned lasts that one day.
 */
// Qualified by hand: in a select list drizzle writes a column without its table, which inside the
// subquery would name the shoot day's own id.
const projectIdRef = sql`${projects}.${sql.identifier("id")}`;
const firstShootDay = sql<string>`coalesce(${projects.shootStart}, (select min(d.date) from ${shootDays} d where d.project_id = ${projectIdRef}))`;
const lastShootDay = sql<string>`coalesce(${projects.shootEnd}, ${projects.shootStart}, (select max(d.date) from ${shootDays} d where d.project_id = ${projectIdRef}))`;

const shootColumns = {
  id: projects.id,
  title: projects.title,
  type: projects.type,
  phase: projects.phase,
  shootStart: firstShootDay,
  shootEnd: lastShootDay,
};

/** Projects whose planned shoot overlaps the days from `from` to `to` (both included), earliest first. */
export async function selectShootsBetween(
  db: Db,
  opts: { from: string; to: string; filters: OverviewFilters; viewerId: string; limit: number; offset: number },
) {
  const where = and(
    listWhere(opts.filters, opts.viewerId),
    // Written so that the planner can use a semi-join for the shoot days instead of a subquery per project.
    or(
      and(
        isNotNull(projects.shootStart),
        lte(projects.shootStart, opts.to),
        gte(sql`coalesce(${projects.shootEnd}, ${projects.shootStart})`, opts.from),
      ),
      and(
        isNull(projects.shootStart),
        sql`exists(select 1 from ${shootDays} d where d.project_id = ${projectIdRef} and d.date between ${opts.from} and ${opts.to})`,
      ),
    ),
  );
  const rows = await db
    .select(shootColumns)
    .from(projects)
    .where(where)
    .orderBy(asc(firstShootDay), asc(sql`lower(${projects.title})`), asc(projects.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(projects).where(where);
  return { total: total?.n ?? 0, rows };
}

export async function selectFilterOptions(db: Db) {
  const [courses, years, supervisors] = await Promise.all([
    db
      .selectDistinct({ course: projects.course })
      .from(projects)
      .where(sql`${projects.course} <> ''`)
      .orderBy(asc(projects.course))
      .limit(500),
    db
      .selectDistinct({ year: projects.academicYear })
      .from(projects)
      .where(sql`${projects.academicYear} <> ''`)
      .orderBy(desc(projects.academicYear))
      .limit(100),
    db
      .select({ id: profiles.id, name: profiles.fullName })
      .from(profiles)
      .where(and(inArray(profiles.role, rolesThatCan("projects.any")), eq(profiles.active, true)))
      .orderBy(asc(profiles.fullName), asc(profiles.id))
      .limit(500),
  ]);
  return { courses: courses.map((c) => c.course), academicYears: years.map((y) => y.year), supervisors };
}

// ── The iCal feed ────────────────────────────────────────────────────────────────────────────────

export async function setIcalTokenHash(db: DbOrTx, userId: string, hash: string) {
  await db.update(profiles).set({ icalTokenHash: hash, updatedAt: new Date() }).where(eq(profiles.id, userId));
}

export async function hasIcalToken(db: Db, userId: string) {
  const [row] = await db.select({ hash: profiles.icalTokenHash }).from(profiles).where(eq(profiles.id, userId));
  return !!row?.hash;
}

/** A deactivated person's feed stops with their account. */
export async function selectFeedOwner(db: Db, hash: string) {
  const [row] = await db
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(and(eq(profiles.icalTokenHash, hash), eq(profiles.active, true)));
  return row ?? null;
}

export const FEED_MAX_EVENTS = 500;

/** The shoots of the projects a person is on the crew of or supervises. */
export function selectFeedShoots(db: Db, userId: string) {
  return db
    .select({
      ...shootColumns,
      course: projects.course,
      supervisorName: profiles.fullName,
      updatedAt: projects.updatedAt,
      locations: projects.locations,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.id, projects.supervisorId))
    .where(and(isNotNull(projects.shootStart), or(eq(projects.supervisorId, userId), onCrew(projects.id, userId))))
    .orderBy(asc(projects.shootStart), asc(projects.id))
    .limit(FEED_MAX_EVENTS);
}

// ── The admin dashboard ──────────────────────────────────────────────────────────────────────────

export function countByPhase(db: Db) {
  return db.select({ phase: projects.phase, n: count() }).from(projects).groupBy(projects.phase);
}

export function countPeople(db: Db) {
  return db
    .select({ role: profiles.role, active: profiles.active, n: count() })
    .from(profiles)
    .groupBy(profiles.role, profiles.active);
}

export function countJobs(db: Db) {
  return db
    .select({ status: jobs.status, n: count() })
    .from(jobs)
    .where(inArray(jobs.status, ["pending", "running", "dead"]))
    .groupBy(jobs.status);
}

export function selectDeadJobs(db: Db, limit: number) {
  return db
    .select({
      id: jobs.id,
      type: jobs.type,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(eq(jobs.status, "dead"))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(limit);
}

/** The latest of each log; the caller merges them, so neither needs more than `limit` rows. */
export function selectRecentLogs(db: Db, limit: number) {
  return Promise.all([
    db
      .select({
        id: projectActivity.id,
        actorName: projectActivity.actorName,
        summary: projectActivity.summary,
        projectId: projectActivity.projectId,
        projectTitle: projects.title,
        createdAt: projectActivity.createdAt,
      })
      .from(projectActivity)
      .innerJoin(projects, eq(projects.id, projectActivity.projectId))
      .orderBy(desc(projectActivity.createdAt), desc(projectActivity.id))
      .limit(limit),
    db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit),
  ]);
}

export async function selectJobForUpdate(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
  return row ?? null;
}

/** Another job with the same de-duplication key is still to do (the unique index would refuse a second). */
export async function queuedTwin(tx: DbOrTx, dedupeKey: string, exceptId: string) {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.dedupeKey, dedupeKey), inArray(jobs.status, ["pending", "running"]), sql`${jobs.id} <> ${exceptId}`),
    );
  return !!row;
}

export async function requeueJob(tx: DbOrTx, id: string) {
  await tx
    .update(jobs)
    .set({ status: "pending", attempts: 0, runAt: sql`now()`, lockedUntil: null, updatedAt: new Date() })
    .where(eq(jobs.id, id));
}
