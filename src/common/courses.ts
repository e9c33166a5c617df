/**
 * The courses API contract: what /rest/v1/courses… accepts (zod, used by the server's validation and the web
 * forms) and what it answers (DTO types). Instants are ISO 8601 strings.
 */
import { z } from "zod";
import { isUuid } from "./ids.ts";
import { PROJECT_TYPES, type ProjectType } from "./projects.ts";
import { emailSchema, type Page } from "./users.ts";

export type { Page };

export const ENROLMENT_STATUSES = ["active", "dropped"] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

export const COURSE_PAGE_MAX = 100;
/** A class list longer than this is not a class: the import refuses it rather than guess. */
export const ROSTER_MAX_ROWS = 2_000;

const text = (max: number, what: string) =>
  z.string(`${what} must be text`).trim().max(max, `${what} may be at most ${max} characters long.`);
const personId = z.string("Choose a person").trim().min(1, "Choose a person").max(100);

const courseFields = {
  code: text(40, "The course code").min(1, "Give the course a code, such as FILM-201."),
  title: text(200, "The course title").min(1, "Give the course a title."),
  term: text(40, "The term").min(1, "Give the term, such as 2026 Autumn."),
  teacherIds: z
    .array(personId, "Teachers must be a list")
    .max(20, "A course has at most 20 teachers.")
    .transform((ids) => [...new Set(ids)]),
  projectTypes: z
    .array(z.enum(PROJECT_TYPES, { message: `Project types are: ${PROJECT_TYPES.join(", ")}` }), "Must be a list")
    .max(PROJECT_TYPES.length)
    .transform((types) => [...new Set(types)]),
};

export const courseCreateInput = z.object({
  code: courseFields.code,
  title: courseFields.title,
  term: courseFields.term,
  teacherIds: courseFields.teacherIds.default([]),
  projectTypes: courseFields.projectTypes.default([]),
});
export type CourseCreateInput = z.input<typeof courseCreateInput>;

export const courseUpdateInput = z
  .object({
    code: courseFields.code.optional(),
    title: courseFields.title.optional(),
    term: courseFields.term.optional(),
    teacherIds: courseFields.teacherIds.optional(),
    projectTypes: courseFields.projectTypes.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Change at least one field of the course.");
export type CourseUpdateInput = z.input<typeof courseUpdateInput>;

/** Query string of GET /rest/v1/courses. */
export const courseListQuery = z.object({
  search: z.string().trim().max(200, "Search at most 200 characters").optional(),
  term: z.string().trim().max(40).optional(),
  /** Only the courses the signed-in person teaches or takes; always so for those who may not manage courses. */
  mine: z.stringbool({ message: "mine is true or false" }).optional(),
  limit: z.coerce
    .number("limit is a number")
    .int()
    .min(1, "limit is at least 1")
    .max(COURSE_PAGE_MAX, `limit is at most ${COURSE_PAGE_MAX}`)
    .default(25),
  offset: z.coerce.number("offset is a number").int().min(0, "offset is at least 0").default(0),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

/** A course id in a query string or a form: checked as an id, so a wrong one is a 400 that says so. */
export const courseIdSchema = z.string("Choose a course").trim().refine(isUuid, "There is no course with this id.");

/** POST /rest/v1/courses/:id/roster with a JSON body: the class list as people, or `{ students: [...] }`. */
const rosterPerson = z.object({
  email: emailSchema,
  name: text(200, "The name").default(""),
});
export const rosterJsonInput = z
  .union([z.array(rosterPerson), z.object({ students: z.array(rosterPerson) })], {
    message: 'Send the class list as a list of { "email", "name" }, or as CSV text.',
  })
  .transform((v) => (Array.isArray(v) ? v : v.students))
  .refine((v) => v.length <= ROSTER_MAX_ROWS, `A class list has at most ${ROSTER_MAX_ROWS} people.`);

export const rosterQuery = z.object({
  dryRun: z.stringbool({ message: "dryRun is true or false" }).default(false),
});

// ── What the API answers ─────────────────────────────────────────────────────────────────────────

export interface CoursePerson {
  id: string;
  name: string;
}

/** A row of GET /rest/v1/courses. */
export interface CourseListItem {
  id: string;
  code: string;
  title: string;
  term: string;
  projectTypes: ProjectType[];
  teachers: CoursePerson[];
  activeStudents: number;
  projectCount: number;
  /** The signed-in person teaches it. */
  isTeacher: boolean;
  /** The signed-in person is an active student of it. */
  isStudent: boolean;
}

export interface EnrolmentDto {
  id: string;
  /** null while the person has no account yet (invited from a roster; enrolled by e-mail). */
  userId: string | null;
  name: string;
  /** Only to those who may manage courses. */
  email?: string;
  status: EnrolmentStatus;
  enrolledAt: string;
  droppedAt: string | null;
}

/** GET /rest/v1/courses/:id, and the answer of every change to a course. */
export interface CourseDetail extends CourseListItem {
  /** Active students first, then (to those who may manage courses) the dropped ones, each by name. */
  students: EnrolmentDto[];
  canManage: boolean;
}

/** Which learning platform's export a class list was read as. */
export type RosterFormat = "canvas-gradebook" | "canvas-people" | "moodle" | "list";
export const ROSTER_FORMAT_LABELS: Record<RosterFormat, string> = {
  "canvas-gradebook": "Canvas gradebook export",
  "canvas-people": "Canvas people export",
  moodle: "Moodle participants export",
  list: "List of people",
};

export interface RosterPersonDto {
  email: string;
  name: string;
  /** The row of the file (the header is row 1); absent for those dropped, who are not in it. */
  row?: number;
}

export interface RosterRowReport {
  row: number;
  reason: string;
}

/** What an import would do (`dryRun`) or did. */
export interface RosterPreview {
  format: RosterFormat;
  applied: boolean;
  /** People with an account who join the course (or rejoin it after being dropped). */
  added: RosterPersonDto[];
  /** Active students absent from the file: they leave the course's active lists and keep their history. */
  dropped: RosterPersonDto[];
  /** No account has this e-mail: they are invited, and enrolled by e-mail until they accept. */
  unknown: RosterPersonDto[];
  /** Already on the course as the file says. */
  unchanged: number;
  /** Rows that could not be read, with why; the rest of the file still counts. */
  problems: RosterRowReport[];
  /** Rows left out on purpose (a teacher in a participants export). */
  skipped: RosterRowReport[];
}
