import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { CourseListQuery } from "../../../common/courses.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { courseEnrolments, courses, courseTeachers, profiles, projects } from "../../db/schema/index.ts";

export type CourseRow = typeof courses.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The enrolment is the person's: by their account, or, before they have one (invited from a roster), by the
 * e-mail the roster gave. Read here, so accepting an invitation needs no step of its own to join the course.
 */
const enrolmentOf = (userId: string) =>
  sql`(e.user_id = ${userId} or (e.user_id is null and e.email = (select lower(pr.email) from ${profiles} pr where pr.id = ${userId})))`;

/** The ids of the courses a person teaches or actively takes. */
export const myCourseIds = (userId: string) =>
  sql`(select t.course_id from ${courseTeachers} t where t.user_id = ${userId}
    union select e.course_id from ${courseEnrolments} e where e.status = 'active' and ${enrolmentOf(userId)})`;

function listWhere(q: CourseListQuery, viewerId: string, mine: boolean): SQL | undefined {
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  return and(
    like ? or(ilike(courses.code, like), ilike(courses.title, like)) : undefined,
    q.term ? eq(courses.term, q.term) : undefined,
    mine ? sql`${courses.id} in ${myCourseIds(viewerId)}` : undefined,
  );
}

const courseIdRef = sql`${courses}.${sql.identifier("id")}`;

function listColumns(viewerId: string) {
  return {
    course: courses,
    teachers: sql<
      { id: string; name: string }[]
    >`(select coalesce(json_agg(json_build_object('id', pr.id, 'name', pr.full_name)
        order by pr.full_name, pr.id), '[]'::json)
      from ${courseTeachers} t join ${profiles} pr on pr.id = t.user_id where t.course_id = ${courseIdRef})`,
    activeStudents: sql<number>`(select count(*) from ${courseEnrolments} e
      where e.course_id = ${courseIdRef} and e.status = 'active')`.mapWith(Number),
    projectCount: sql<number>`(select count(*) from ${projects} p where p.course_id = ${courseIdRef})`.mapWith(Number),
    isTeacher: sql<boolean>`exists(select 1 from ${courseTeachers} t where t.course_id = ${courseIdRef} and t.user_id = ${viewerId})`,
    isStudent: sql<boolean>`exists(select 1 from ${courseEnrolments} e
      where e.course_id = ${courseIdRef} and e.status = 'active' and ${enrolmentOf(viewerId)})`,
  };
}

/** One page of courses, newest term first (terms sort as written: "2026 Autumn" after "2026 Spring" is not a rule). */
export async function selectCoursePage(db: Db, opts: { q: CourseListQuery; viewerId: string; mine: boolean }) {
  const where = listWhere(opts.q, opts.viewerId, opts.mine);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns(opts.viewerId))
      .from(courses)
      .where(where)
      .orderBy(asc(courses.term), asc(sql`lower(${courses.code})`), asc(courses.id))
      .limit(opts.q.limit)
      .offset(opts.q.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function selectCourse(db: DbOrTx, id: string, viewerId: string) {
  const [row] = await db.select(listColumns(viewerId)).from(courses).where(eq(courses.id, id));
  return row ?? null;
}

export async function lockCourse(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for("update");
  return row ?? null;
}

/** The course's enrolments with the person's name as the portal knows it, or as the roster gave it. */
export function selectEnrolments(db: DbOrTx, courseId: string, opts: { activeOnly: boolean }) {
  return db
    .select({ enrolment: courseEnrolments, name: profiles.fullName, profileEmail: profiles.email })
    .from(courseEnrolments)
    .leftJoin(
      profiles,
      sql`${profiles.id} = coalesce(${courseEnrolments.userId},
        (select pr.id from ${profiles} pr where lower(pr.email) = ${courseEnrolments.email} limit 1))`,
    )
    .where(
      and(eq(courseEnrolments.courseId, courseId), opts.activeOnly ? eq(courseEnrolments.status, "active") : undefined),
    )
    .orderBy(
      asc(courseEnrolments.status),
      asc(sql`lower(coalesce(${profiles.fullName}, ${courseEnrolments.rosterName}, ${courseEnrolments.email}))`),
      asc(courseEnrolments.id),
    );
}

/** Accounts by e-mail (compared without case), for matching a roster. */
export async function selectAccountsByEmail(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await db
    .select({ id: profiles.id, name: profiles.fullName, email: sql<string>`lower(${profiles.email})` })
    .from(profiles)
    .where(inArray(sql`lower(${profiles.email})`, emails));
  return new Map(rows.map((r) => [r.email, { id: r.id, name: r.name }]));
}

export async function selectTeacherIds(db: DbOrTx, courseId: string) {
  const rows = await db
    .select({ id: courseTeachers.userId })
    .from(courseTeachers)
    .innerJoin(profiles, eq(profiles.id, courseTeachers.userId))
    .where(and(eq(courseTeachers.courseId, courseId), eq(profiles.active, true)))
    .orderBy(asc(profiles.fullName), asc(profiles.id));
  return rows.map((r) => r.id);
}

export async function replaceTeachers(tx: DbOrTx, courseId: string, teacherIds: string[]) {
  await tx.delete(courseTeachers).where(eq(courseTeachers.courseId, courseId));
  if (teacherIds.length) await tx.insert(courseTeachers).values(teacherIds.map((userId) => ({ courseId, userId })));
}

export async function isInCourse(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(courses)
    .where(and(eq(courses.id, courseId), sql`${courses.id} in ${myCourseIds(userId)}`));
  return !!row;
}

export async function selectTerms(db: Db) {
  const rows = await db.selectDistinct({ term: courses.term }).from(courses).orderBy(asc(courses.term)).limit(200);
  return rows.map((r) => r.term);
}
