import { eq } from "drizzle-orm";
import {
  courseCreateInput,
  courseUpdateInput,
  type CourseCreateInput,
  type CourseDetail,
  type CourseListItem,
  type CourseListQuery,
  type CourseUpdateInput,
  type Page,
} from "../../../common/courses.ts";
import { keys } from "../../../common/query-keys.ts";
import { can, isStaff, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { courses, profiles, projects } from "../../db/schema/index.ts";
import { pgCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit } from "../audit/service.ts";
import * as repo from "./repository.ts";

export type S = Pick<Services, "db" | "events">;

export const noCourse = () => new AppError("not_found", "There is no course with this id.");
export const mayManageCourses = (caller: Pick<Caller, "role">) => can(caller.role, "courses.manage");

function toListItem(r: NonNullable<Awaited<ReturnType<typeof repo.selectCourse>>>): CourseListItem {
  return {
    id: r.course.id,
    code: r.course.code,
    title: r.course.title,
    term: r.course.term,
    projectTypes: r.course.projectTypes,
    teachers: r.teachers ?? [],
    activeStudents: r.activeStudents,
    projectCount: r.projectCount,
    isTeacher: !!r.isTeacher,
    isStudent: !!r.isStudent,
  };
}

/** Those who manage courses see every course; everyone else the courses they teach or take. */
export async function listCourses(s: Pick<S, "db">, opts: { caller: Caller; query: CourseListQuery }) {
  const mine = !!opts.query.mine || !mayManageCourses(opts.caller);
  const page = await repo.selectCoursePage(s.db, { q: opts.query, viewerId: opts.caller.id, mine });
  return { total: page.total, items: page.rows.map(toListItem) } satisfies Page<CourseListItem>;
}

/** A course is read by those who manage courses, its teachers and its students; to anyone else it does not exist. */
export async function getCourse(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<CourseDetail> {
  if (!isUuid(opts.id)) throw noCourse();
  const row = await repo.selectCourse(s.db, opts.id, opts.caller.id);
  const canManage = mayManageCourses(opts.caller);
  if (!row || !(canManage || row.isTeacher || row.isStudent)) throw noCourse();
  // Dropped students and everyone's e-mail are the course's administration, not its class list.
  const enrolments = await repo.selectEnrolments(s.db, opts.id, { activeOnly: !canManage });
  return {
    ...toListItem(row),
    canManage,
    students: enrolments.map(({ enrolment: e, name }) => ({
      id: e.id,
      userId: e.userId,
      name: name ?? (e.rosterName || e.email),
      ...(canManage ? { email: e.email } : {}),
      status: e.status,
      enrolledAt: e.enrolledAt.toISOString(),
      droppedAt: e.droppedAt?.toISOString() ?? null,
    })),
  };
}

function assertManager(caller: Caller) {
  if (!mayManageCourses(caller)) throw new AppError("forbidden", "Only staff and admins can create and edit courses.");
}

/** Teachers are the school side (those who may act on any project and supervise one). */
async function assertTeachers(tx: DbOrTx, ids: string[]) {
  for (const id of ids) {
    const [person] = await tx
      .select({ role: profiles.role, active: profiles.active, name: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, id));
    if (!person || !person.active)
      throw new AppError("bad_request", "There is no active member of staff with this id to teach the course.");
    if (!isStaff(person.role))
      throw new AppError("bad_request", `${person.name} is not a member of staff: a course's teachers are staff.`);
  }
}

const uniqueViolation = (err: unknown) => pgCode(err) === UNIQUE_VIOLATION;
const duplicate = (code: string, term: string) =>
  new AppError("conflict", `There is already a course ${code} in ${term}. A code names one course per term.`);

export async function publishCourseChanged(s: Pick<S, "events">, id: string, projectsToo = false) {
  await s.events.publish({
    type: "course.changed",
    invalidate: [
      keys.courses(),
      keys.course(id),
      keys.overview(),
      ...(projectsToo ? [keys.projects(), keys.projectsDocumentary(), keys.project()] : []),
    ],
    data: { id },
  });
}

export async function createCourse(s: S, opts: { caller: Caller; input: CourseCreateInput }): Promise<CourseDetail> {
  assertManager(opts.caller);
  const { teacherIds, ...fields } = courseCreateInput.parse(opts.input);
  let id: string;
  try {
    id = await s.db.transaction(async (tx) => {
      await assertTeachers(tx, teacherIds);
      const [row] = await tx.insert(courses).values(fields).returning({ id: courses.id });
      await repo.replaceTeachers(tx, row!.id, teacherIds);
      await recordAudit(tx, opts.caller, {
        action: "course.created",
        targetType: "course",
        targetId: row!.id,
        targetLabel: `${fields.code} (${fields.term})`,
      });
      return row!.id;
    });
  } catch (err) {
    if (uniqueViolation(err)) throw duplicate(fields.code, fields.term);
    throw err;
  }
  await publishCourseChanged(s, id);
  return getCourse(s, { caller: opts.caller, id });
}

export async function updateCourse(
  s: S,
  opts: { caller: Caller; id: string; input: CourseUpdateInput },
): Promise<CourseDetail> {
  assertManager(opts.caller);
  if (!isUuid(opts.id)) throw noCourse();
  const { teacherIds, ...fields } = courseUpdateInput.parse(opts.input);
  let recoded = false;
  try {
    await s.db.transaction(async (tx) => {
      const course = await repo.lockCourse(tx, opts.id);
      if (!course) throw noCourse();
      if (teacherIds) {
        await assertTeachers(tx, teacherIds);
        await repo.replaceTeachers(tx, course.id, teacherIds);
      }
      await tx
        .update(courses)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(courses.id, course.id));
      // The projects' course text follows the code, so the exports and searches that read it stay true.
      if (fields.code && fields.code !== course.code) {
        recoded = true;
        await tx.update(projects).set({ course: fields.code }).where(eq(projects.courseId, course.id));
      }
      await recordAudit(tx, opts.caller, {
        action: "course.edited",
        targetType: "course",
        targetId: course.id,
        targetLabel: `${fields.code ?? course.code} (${fields.term ?? course.term})`,
        details: { fields: [...Object.keys(fields), ...(teacherIds ? ["teacherIds"] : [])] },
      });
    });
  } catch (err) {
    if (uniqueViolation(err)) throw duplicate(fields.code ?? "with this code", fields.term ?? "this term");
    throw err;
  }
  await publishCourseChanged(s, opts.id, recoded);
  return getCourse(s, opts);
}

/**
 * The course a project is linked to, checked for the person linking it: those who manage courses link any;
 * others a course they teach or take. Answers the course's code (the project's course text) and the teacher a
 * project without a supervisor gets (the first active one by name), or null when it has none.
 */
export async function courseForProject(
  tx: Tx,
  caller: Caller,
  courseId: string,
): Promise<{ code: string; defaultSupervisorId: string | null }> {
  const [course] = isUuid(courseId) ? await tx.select().from(courses).where(eq(courses.id, courseId)) : [];
  if (!course) throw new AppError("bad_request", "There is no course with this id.");
  if (!mayManageCourses(caller) && !(await repo.isInCourse(tx, course.id, caller.id)))
    throw new AppError(
      "bad_request",
      `You can link a project only to a course you take or teach; ${course.code} is not one.`,
    );
  const [teacher] = await repo.selectTeacherIds(tx, course.id);
  return { code: course.code, defaultSupervisorId: teacher ?? null };
}

/** The course and term filters' choices on the overview and the projects list. */
export async function courseFilterOptions(s: Pick<S, "db">) {
  const [rows, terms] = await Promise.all([
    s.db
      .select({ id: courses.id, code: courses.code, title: courses.title, term: courses.term })
      .from(courses)
      .orderBy(courses.term, courses.code)
      .limit(500),
    repo.selectTerms(s.db),
  ]);
  return { courseList: rows, terms };
}
