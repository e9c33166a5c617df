import { and, eq, inArray, sql } from "drizzle-orm";
import type { CourseGreenlightItem } from "../../../common/course-greenlight.ts";
import type { ProjectType } from "../../../common/projects.ts";
import type { Services } from "../../context.ts";
import { getSchoolSettings } from "../school/service.ts";
import {
  courseEnrolments,
  courseGreenlights,
  courses,
  courseTeachers,
  profiles,
  projectGreenlight,
  projectMembers,
  projects,
} from "../../db/schema/index.ts";

interface CoursePlan {
  code: string;
  title: string;
  term: string;
  projectTypes: ProjectType[];
  teachers: string[];
  /** Students by e-mail; the crews of the course's demo projects are enrolled besides. */
  students: string[];
  dropped?: string[];
}

const SPRING = "2026 Spring";
const AUTUMN = "2026 Autumn";
const STAFF = "staff@portal.test";
const ADMIN = "admin@portal.test";
const ALL_STUDENTS = [
  "student@portal.test",
  "tomas.novak@portal.test",
  "amara.diallo@portal.test",
  "jun.park@portal.test",
  "sofia.marchetti@portal.test",
  "elliot.brooks@portal.test",
];

/** Two terms of the demo school's courses; the autumn ones carry the demo projects (matched by the course text). */
const COURSES: CoursePlan[] = [
  {
    code: "FILM-101",
    title: "Introduction to Film Production",
    term: SPRING,
    projectTypes: ["fiction", "documentary"],
    teachers: [STAFF, ADMIN],
    students: ALL_STUDENTS,
    dropped: ["noor.haddad@portal.test"],
  },
  {
    code: "FILM-150",
    title: "Directing Actors",
    term: SPRING,
    projectTypes: ["fiction"],
    teachers: [STAFF],
    students: ["student@portal.test", "jun.park@portal.test"],
  },
  {
    code: "FILM-201",
    title: "Fiction Workshop II",
    term: AUTUMN,
    projectTypes: ["fiction"],
    teachers: [STAFF],
    students: [],
  },
  {
    code: "DOC-210",
    title: "Documentary Practice",
    term: AUTUMN,
    projectTypes: ["documentary"],
    teachers: [STAFF, ADMIN],
    students: ["student@portal.test"],
  },
  {
    code: "EXP-220",
    title: "Experimental Forms",
    term: AUTUMN,
    projectTypes: ["experimental"],
    teachers: [STAFF],
    students: [],
  },
  {
    code: "ANI-230",
    title: "Animation Studio",
    term: AUTUMN,
    projectTypes: ["animation"],
    teachers: [STAFF],
    students: [],
  },
  {
    // The demo's Thesis access level is granted by this course (equipment/seed-access.ts).
    code: "FILM-401",
    title: "Thesis Film",
    term: AUTUMN,
    projectTypes: ["fiction", "documentary"],
    teachers: [STAFF, ADMIN],
    // Sofia shoots Nightjar, which has the Thesis camera approved; Elliot left the course.
    students: ["tomas.novak@portal.test", "sofia.marchetti@portal.test"],
    dropped: ["elliot.brooks@portal.test"],
  },
  {
    code: "MUS-240",
    title: "Music Video Lab",
    term: AUTUMN,
    projectTypes: ["music_video"],
    teachers: [STAFF],
    students: [],
  },
];

/**
 * The demo school's courses, teachers and rosters, and its projects linked to them: a project whose course text is
 * a course's title now belongs to that course and reads its code, and its crew are the course's students.
 */
export async function seedCourses(s: Pick<Services, "db">): Promise<number> {
  const people = await s.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  if (!idOf.has(STAFF)) return 0;
  for (const plan of COURSES) {
    const [course] = await s.db
      .insert(courses)
      .values({ code: plan.code, title: plan.title, term: plan.term, projectTypes: plan.projectTypes })
      .returning({ id: courses.id });
    const courseId = course!.id;
    await s.db
      .insert(courseTeachers)
      .values(plan.teachers.filter((e) => idOf.has(e)).map((e) => ({ courseId, userId: idOf.get(e)! })));
    await s.db
      .update(projects)
      .set({ courseId, course: plan.code })
      .where(and(eq(projects.course, plan.title), sql`${projects.courseId} is null`));
    const crews = await s.db
      .selectDistinct({ email: profiles.email })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
      .where(and(eq(projects.courseId, courseId), eq(profiles.role, "student")));
    const students = [...new Set([...plan.students, ...crews.map((c) => c.email)])].filter((e) => idOf.has(e));
    const rows = [
      ...students.map((email) => ({ courseId, email, userId: idOf.get(email)!, status: "active" as const })),
      ...(plan.dropped ?? [])
        .filter((e) => idOf.has(e))
        .map((email) => ({
          courseId,
          email,
          userId: idOf.get(email)!,
          status: "dropped" as const,
          droppedAt: new Date(),
        })),
    ];
    if (rows.length) await s.db.insert(courseEnrolments).values(rows);
    if (plan.code === FICTION_II_CODE) await seedFictionChecklist(s, courseId, idOf.get(STAFF)!);
  }
  return COURSES.length;
}

const FICTION_II_CODE = "FILM-201";
/** Days before the first shoot day, by the school's item keys (the example: 4, 3 and 2 weeks). */
const FICTION_II_LEADS: Record<string, number> = {
  budget_approved: 21,
  releases_signed: 14,
  risk_assessment: 7,
  supervisor_signoff: 3,
};

/**
 * Fiction Workshop II plans its shoots by its own checklist: the school's, with a locked script first and the
 * course's deadlines, so its projects with a shoot day scheduled ("Small Hours") show their dates.
 */
async function seedFictionChecklist(s: Pick<Services, "db">, courseId: string, teacherId: string) {
  const school = (await getSchoolSettings(s.db)).greenlightItems;
  const items: CourseGreenlightItem[] = [
    { key: "script_locked", label: "Script locked", source: "manual", tickedBy: "supervisor", leadDays: 28 },
    ...school.map((i) => ({ ...i, leadDays: FICTION_II_LEADS[i.key] ?? null })),
  ];
  await s.db.insert(courseGreenlights).values({ courseId, items, updatedBy: teacherId });
  // The course's films already shooting or in the edit locked their scripts before the course asked for the tick.
  const shooting = await s.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(eq(projects.courseId, courseId), inArray(projects.phase, ["production", "post_production", "completed"])),
    );
  if (shooting.length)
    await s.db.insert(projectGreenlight).values(
      shooting.map((p) => ({
        projectId: p.id,
        itemKey: "script_locked",
        done: true,
        doneBy: teacherId,
        doneAt: new Date(),
      })),
    );
}
