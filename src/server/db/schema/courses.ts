import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ENROLMENT_STATUSES } from "../../../common/courses.ts";
import type { ProjectType } from "../../../common/projects.ts";
import { user } from "./auth.ts";

export const enrolmentStatusEnum = pgEnum("enrolment_status", ENROLMENT_STATUSES);

/** A course of one term ("FILM-201", "2026 Autumn"): the unit the school plans its productions in. */
export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    /** e.g. "2026 Autumn" */
    term: text("term").notNull(),
    /** The project types the course runs (the projects' own vocabulary). */
    projectTypes: text("project_types")
      .array()
      .$type<ProjectType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A code names one course per term; the same code runs again next term.
    uniqueIndex("courses_code_term_idx").on(sql`lower(${t.code})`, t.term),
    index("courses_term_idx").on(t.term, t.code),
  ],
);

export const courseTeachers = pgTable(
  "course_teachers",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("course_teachers_user_idx").on(t.userId)],
);

/**
 * A student's place on a course. `email` is always kept (lower case): the roster matches people by it, and a
 * person invited from a roster is enrolled by it before their account exists (`userId` null until then).
 * Dropping keeps the row (status `dropped`): the history stays, the active lists leave the student out.
 */
export const courseEnrolments = pgTable(
  "course_enrolments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The name the roster gave, shown until the person has an account. */
    rosterName: text("roster_name").notNull().default(""),
    status: enrolmentStatusEnum("status").notNull().default("active"),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    droppedAt: timestamp("dropped_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("course_enrolments_course_email_idx").on(t.courseId, t.email),
    index("course_enrolments_user_idx").on(t.userId),
    index("course_enrolments_email_idx").on(t.email),
  ],
);
