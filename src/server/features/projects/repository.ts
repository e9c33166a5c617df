import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { ProjectListQuery } from "../../../common/project-api.ts";
import type { LicenceStatus } from "../../../common/projects.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { courseChecklistSize, onProjectChecklist } from "./greenlight.ts";
import {
  courses,
  docArchival,
  docInterviews,
  docParticipants,
  milestones,
  phaseChanges,
  profiles,
  projectActivity,
  projectGreenlight,
  projectGreenlightItems,
  projectMembers,
  projects,
} from "../../db/schema/index.ts";

export type ProjectRow = typeof projects.$inferSelect;

const supervisor = aliasedTable(profiles, "supervisor");
const creator = aliasedTable(profiles, "creator");

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters of every projects list; the production overview filters with the same ones. */
export function listWhere(q: Partial<ProjectListQuery>, viewerId: string, onlyType?: "documentary"): SQL | undefined {
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  return and(
    like ? or(ilike(projects.title, like), ilike(projects.logline, like), ilike(projects.course, like)) : undefined,
    onlyType ? eq(projects.type, onlyType) : q.type ? eq(projects.type, q.type) : undefined,
    q.phase ? eq(projects.phase, q.phase) : undefined,
    q.course ? eq(projects.course, q.course) : undefined,
    q.courseId ? eq(projects.courseId, q.courseId) : undefined,
    q.term ? sql`${projects.courseId} in (select c.id from ${courses} c where c.term = ${q.term})` : undefined,
    q.supervisorId ? eq(projects.supervisorId, q.supervisorId) : undefined,
    q.academicYear ? eq(projects.academicYear, q.academicYear) : undefined,
    // "Mine" is what a person works on: their crews, and for staff the productions they supervise. Written as
    // the set of their projects' ids (both halves read by index) rather than a test of every project, which
    // read the whole table and grew with the school.
    q.mine
      ? sql`${projects.id} in (select m.project_id from ${projectMembers} m where m.user_id = ${viewerId}
          union select p.id from ${projects} p where p.supervisor_id = ${viewerId})`
      : undefined,
  );
}

function listOrder(q: ProjectListQuery): SQL[] {
  const dir = q.dir ?? (q.sort === "updated" ? "desc" : "asc");
  const by = (col: SQL | typeof projects.title) => (dir === "asc" ? asc(col) : desc(col));
  switch (q.sort) {
    case "title":
      return [by(sql`lower(${projects.title})`), asc(projects.id)];
    case "shootStart":
      return [sql`${projects.shootStart} ${sql.raw(dir)} nulls last`, asc(projects.id)];
    case "phase":
      return [by(sql`${projects.phase}`), asc(sql`lower(${projects.title})`), asc(projects.id)];
    case "updated":
      return [by(sql`${projects.updatedAt}`), asc(projects.id)];
  }
}

/** The list columns every projects list shows; computed per row of the page only (PostgreSQL evaluates them after LIMIT). */
function listColumns(viewerId: string, greenlightKeys: string[]) {
  return {
    project: projects,
    supervisorName: supervisor.fullName,
    memberCount: sql<number>`(select count(*) from ${projectMembers} m where m.project_id = ${projects.id})`.mapWith(
      Number,
    ),
    leadNames: sql<string[]>`(select coalesce(json_agg(pr.full_name order by pr.full_name), '[]'::json)
      from ${projectMembers} m join ${profiles} pr on pr.id = m.user_id where m.project_id = ${projects.id} and m.is_lead)`,
    nextMilestone: sql<{
      id: string;
      title: string;
      dueDate: string;
      overdue: boolean;
    } | null>`(select json_build_object(
        'id', ms.id, 'title', ms.title, 'dueDate', ms.due_date, 'overdue', ms.due_date < current_date)
      from ${milestones} ms where ms.project_id = ${projects.id} and not ms.done order by ms.due_date, ms.id limit 1)`,
    greenlightDone: sql<number>`(select count(*) from ${projectGreenlight} g
      where g.project_id = ${projects.id} and g.done and (${onProjectChecklist(sql`g.item_key`, projects.courseId, greenlightKeys)}
        or g.item_key in (select pi.item_key from ${projectGreenlightItems} pi where pi.project_id = ${projects.id})))`.mapWith(
      Number,
    ),
    /** The items of the project's course list, or null: the school's. */
    greenlightBase: courseChecklistSize(projects.courseId),
    /** Items only this project has (see projectGreenlightItems), counted on top of the school's. */
    greenlightOwn:
      sql<number>`(select count(*) from ${projectGreenlightItems} pi where pi.project_id = ${projects.id})`.mapWith(
        Number,
      ),
    overdueMilestones: sql<number>`(select count(*) from ${milestones} ms
      where ms.project_id = ${projects.id} and not ms.done and ms.due_date < current_date)`.mapWith(Number),
    isMember: onCrew(projects.id, viewerId),
  };
}

/**
 * The ids of one page, in order. Chosen on the bare table first: with the per-row columns in the same
 * query, PostgreSQL computes them for every matching row before sorting (10,000 projects made a page
 * take hundreds of milliseconds); here they are computed for the page's rows only.
 */
async function selectPageIds(db: Db, where: SQL | undefined, q: ProjectListQuery) {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(where)
    .orderBy(...listOrder(q))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => r.id);
}

function inPageOrder<T extends { project: { id: string } }>(rows: T[], ids: string[]): T[] {
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.project.id)! - position.get(b.project.id)!);
}

async function countWhere(db: Db, where: SQL | undefined) {
  const [total] = await db.select({ n: count() }).from(projects).where(where);
  return total?.n ?? 0;
}

export async function selectProjectPage(
  db: Db,
  opts: { q: ProjectListQuery; viewerId: string; greenlightKeys: string[] },
) {
  const where = listWhere(opts.q, opts.viewerId);
  // The count runs beside the page on a second connection. Folding it into the ids query as
  // `count(*) over ()` measured slower (12 ms against 0.1 + 1.8 ms at 10,000 projects): the window makes
  // PostgreSQL read every matching row before the LIMIT.
  const page = async () => {
    const ids = await selectPageIds(db, where, opts.q);
    const rows = ids.length
      ? await db
          .select(listColumns(opts.viewerId, opts.greenlightKeys))
          .from(projects)
          .leftJoin(supervisor, eq(supervisor.id, projects.supervisorId))
          .where(inArray(projects.id, ids))
      : [];
    return inPageOrder(rows, ids);
  };
  const [total, rows] = await Promise.all([countWhere(db, where), page()]);
  return { total, rows };
}

export async function selectDocumentaryPage(
  db: Db,
  opts: { q: ProjectListQuery; viewerId: string; greenlightKeys: string[]; unlicensed: LicenceStatus[] },
) {
  const where = listWhere(opts.q, opts.viewerId, "documentary");
  const ids = await selectPageIds(db, where, opts.q);
  if (ids.length === 0) return { total: await countWhere(db, where), rows: [] };
  const statuses = sql.join(
    opts.unlicensed.map((st) => sql`${st}`),
    sql`, `,
  );
  const rows = await db
    .select({
      ...listColumns(opts.viewerId, opts.greenlightKeys),
      participantCount:
        sql<number>`(select count(*) from ${docParticipants} d where d.project_id = ${projects.id})`.mapWith(Number),
      pendingConsent: sql<number>`(select count(*) from ${docParticipants} d
        where d.project_id = ${projects.id} and d.consent_status = 'pending')`.mapWith(Number),
      upcomingInterviews: sql<number>`(select count(*) from ${docInterviews} i where i.project_id = ${projects.id}
        and i.status in ('planned', 'confirmed') and (i.scheduled_at is null or i.scheduled_at >= now()))`.mapWith(
        Number,
      ),
      unlicensedArchive: sql<number>`(select count(*) from ${docArchival} a
        where a.project_id = ${projects.id} and a.licence_status::text in (${statuses}))`.mapWith(Number),
    })
    .from(projects)
    .leftJoin(supervisor, eq(supervisor.id, projects.supervisorId))
    .where(inArray(projects.id, ids));
  return { total: await countWhere(db, where), rows: inPageOrder(rows, ids) };
}

/**
 * The reasons behind the list's blocker counts, for the projects of one page: their ticked greenlight
 * items and their overdue milestones (the same conditions the counts in `listColumns` use).
 */
export async function selectBlockerDetails(db: Db, projectIds: string[]) {
  if (projectIds.length === 0) return { ticked: [], overdue: [], own: [] };
  const [ticked, overdue, own] = await Promise.all([
    db
      .select({ projectId: projectGreenlight.projectId, itemKey: projectGreenlight.itemKey })
      .from(projectGreenlight)
      .where(and(inArray(projectGreenlight.projectId, projectIds), eq(projectGreenlight.done, true))),
    db
      .select({
        projectId: milestones.projectId,
        id: milestones.id,
        title: milestones.title,
        dueDate: milestones.dueDate,
      })
      .from(milestones)
      .where(
        and(
          inArray(milestones.projectId, projectIds),
          eq(milestones.done, false),
          sql`${milestones.dueDate} < current_date`,
        ),
      )
      .orderBy(asc(milestones.dueDate), asc(milestones.id)),
    db
      .select({
        projectId: projectGreenlightItems.projectId,
        key: projectGreenlightItems.itemKey,
        label: projectGreenlightItems.label,
      })
      .from(projectGreenlightItems)
      .where(inArray(projectGreenlightItems.projectId, projectIds))
      .orderBy(asc(projectGreenlightItems.createdAt), asc(projectGreenlightItems.itemKey)),
  ]);
  return { ticked, overdue, own };
}

/** The project with its supervisor's and creator's names; `lock` holds it for the rest of the transaction. */
export async function selectProject(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  if (opts.lock) {
    const [locked] = await db.select().from(projects).where(eq(projects.id, id)).for("update");
    return locked ?? null;
  }
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

const projectHeader = preparedQuery((db) =>
  db
    .select({ project: projects, supervisorName: supervisor.fullName, creatorName: creator.fullName })
    .from(projects)
    .leftJoin(supervisor, eq(supervisor.id, projects.supervisorId))
    .leftJoin(creator, eq(creator.id, projects.createdBy))
    .where(eq(projects.id, sql.placeholder("id"))),
);

export async function selectProjectHeader(db: Db, id: string) {
  const [row] = await projectHeader(db, { id });
  return row ?? null;
}

const members = preparedQuery((db) =>
  db
    .select({ member: projectMembers, name: profiles.fullName, email: profiles.email })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, sql.placeholder("projectId")))
    .orderBy(desc(projectMembers.isLead), asc(profiles.fullName)),
);

export const selectMembers = (db: DbOrTx, projectId: string) => members(db, { projectId });

const projectMilestones = preparedQuery((db) =>
  db
    .select({
      milestone: milestones,
      doneByName: profiles.fullName,
      overdue: sql<boolean>`(not ${milestones.done} and ${milestones.dueDate} < current_date)`,
    })
    .from(milestones)
    .leftJoin(profiles, eq(profiles.id, milestones.doneBy))
    .where(eq(milestones.projectId, sql.placeholder("projectId")))
    .orderBy(asc(milestones.dueDate), asc(milestones.createdAt)),
);

export const selectMilestones = (db: Db, projectId: string) => projectMilestones(db, { projectId });

const greenlightTicks = preparedQuery((db) =>
  db
    .select({ tick: projectGreenlight, doneByName: profiles.fullName })
    .from(projectGreenlight)
    .leftJoin(profiles, eq(profiles.id, projectGreenlight.doneBy))
    .where(eq(projectGreenlight.projectId, sql.placeholder("projectId"))),
);

export const selectGreenlightTicks = (db: DbOrTx, projectId: string) => greenlightTicks(db, { projectId });

const phaseHistory = preparedQuery((db) =>
  db
    .select()
    .from(phaseChanges)
    .where(eq(phaseChanges.projectId, sql.placeholder("projectId")))
    .orderBy(desc(phaseChanges.createdAt), desc(phaseChanges.id)),
);

export const selectPhaseHistory = (db: Db, projectId: string) => phaseHistory(db, { projectId });

const activityRows = preparedQuery((db) =>
  db
    .select()
    .from(projectActivity)
    .where(eq(projectActivity.projectId, sql.placeholder("projectId")))
    .orderBy(desc(projectActivity.createdAt), desc(projectActivity.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

/** A page of a project's activity, newest first, without counting the rest (the project page shows the latest). */
export const selectActivityRows = (db: Db, projectId: string, page: { limit: number; offset: number }) =>
  activityRows(db, { projectId, ...page });

export async function selectActivity(db: Db, projectId: string, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    selectActivityRows(db, projectId, page),
    db.select({ n: count() }).from(projectActivity).where(eq(projectActivity.projectId, projectId)),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function selectDocumentary(db: Db, projectId: string) {
  const [participants, interviews, archival] = await Promise.all([
    db
      .select()
      .from(docParticipants)
      .where(eq(docParticipants.projectId, projectId))
      .orderBy(asc(docParticipants.name), asc(docParticipants.id)),
    db
      .select({ interview: docInterviews, participantName: docParticipants.name })
      .from(docInterviews)
      .leftJoin(docParticipants, eq(docParticipants.id, docInterviews.participantId))
      .where(eq(docInterviews.projectId, projectId))
      .orderBy(sql`${docInterviews.scheduledAt} asc nulls last`, asc(docInterviews.createdAt)),
    db
      .select()
      .from(docArchival)
      .where(eq(docArchival.projectId, projectId))
      .orderBy(asc(docArchival.title), asc(docArchival.id)),
  ]);
  return { participants, interviews, archival };
}

export async function recordActivity(
  tx: DbOrTx,
  entry: {
    projectId: string;
    actor: { id: string | null; name: string };
    kind: string;
    summary: string;
    details?: Record<string, unknown>;
  },
) {
  await tx.insert(projectActivity).values({
    projectId: entry.projectId,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    kind: entry.kind,
    summary: entry.summary,
    details: entry.details ?? {},
  });
}

/** Crew, milestones and the rest change what "recently updated" means, without changing the edited fields' version. */
const touch = preparedQuery((db) =>
  db
    .update(projects)
    .set({ updatedAt: sql`now()` })
    .where(eq(projects.id, sql.placeholder("projectId"))),
);

export async function touchProject(tx: DbOrTx, projectId: string) {
  await touch(tx, { projectId });
}

/** The crew rule as a column or condition of a query over projects (or rows that name one): is `userId` on the crew. */
export const onCrew = (projectId: AnyColumn | SQL, userId: string | Placeholder) =>
  sql<boolean>`exists(select 1 from ${projectMembers} m where m.project_id = ${projectId} and m.user_id = ${userId})`;

const membership = preparedQuery((db) =>
  db
    .select({ one: sql`1` })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, sql.placeholder("projectId")),
        eq(projectMembers.userId, sql.placeholder("userId")),
      ),
    ),
);

export async function isMember(db: DbOrTx, projectId: string, userId: string) {
  const [row] = await membership(db, { projectId, userId });
  return !!row;
}
