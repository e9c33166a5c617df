import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CONSENT_STATUSES,
  INTERVIEW_STATUSES,
  LICENCE_STATUSES,
  PHASES,
  PROJECT_TYPES,
} from "../../../common/projects.ts";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

export const projectTypeEnum = pgEnum("project_type", PROJECT_TYPES);
export const phaseEnum = pgEnum("phase", PHASES);
export const consentStatusEnum = pgEnum("consent_status", CONSENT_STATUSES);
export const interviewStatusEnum = pgEnum("interview_status", INTERVIEW_STATUSES);
export const licenceStatusEnum = pgEnum("licence_status", LICENCE_STATUSES);

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    type: projectTypeEnum("type").notNull(),
    /** The free text of before courses were first-class; kept readable, no longer what filters use. */
    course: text("course").notNull().default(""),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** e.g. "2026/27" */
    academicYear: text("academic_year").notNull(),
    phase: phaseEnum("phase").notNull().default("development"),
    logline: text("logline").notNull().default(""),
    synopsis: text("synopsis").notNull().default(""),
    targetRuntimeMinutes: integer("target_runtime_minutes"),
    format: text("format").notNull().default(""),
    shootStart: date("shoot_start"),
    shootEnd: date("shoot_end"),
    locations: jsonb("locations").$type<string[]>().notNull().default([]),
    supervisorId: text("supervisor_id").references(() => user.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** Raised by every save; a save naming an older version is refused, never silently applied. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A board column is a page of one phase in shoot order: read from this index, not sorted from the whole phase.
    index("projects_phase_shoot_idx").on(t.phase, t.shootStart, t.id),
    index("projects_type_idx").on(t.type),
    index("projects_supervisor_idx").on(t.supervisorId),
    index("projects_year_idx").on(t.academicYear),
    index("projects_course_idx").on(t.courseId),
    // The list's sort orders, with the id that breaks ties, so a page is read from the index rather than sorted.
    index("projects_updated_id_idx").on(t.updatedAt.desc().nullsFirst(), t.id),
    index("projects_title_lower_id_idx").on(sql`lower(${t.title})`, t.id),
  ],
);

export const projectMembers = pgTable(
  "project_members",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Film roles (FILM_ROLES); a member may hold several. */
    roles: jsonb("roles").$type<string[]>().notNull().default([]),
    isLead: boolean("is_lead").notNull().default(false),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user_idx").on(t.userId)],
);

export const milestones = pgTable(
  "milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    dueDate: date("due_date").notNull(),
    done: boolean("done").notNull().default(false),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("milestones_project_idx").on(t.projectId), index("milestones_due_idx").on(t.done, t.dueDate)],
);

/** The ticks of a project's greenlight checklist, keyed by the school's item keys. */
export const projectGreenlight = pgTable(
  "project_greenlight",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    done: boolean("done").notNull().default(false),
    note: text("note"),
    doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.itemKey] })],
);

/**
 * Checklist items of one project, added by a feature for something only this film needs (a confirmed
 * safety flag: "Safety plan: weapons (scene 12)"); they sit after the school's items and are ticked by hand.
 */
export const projectGreenlightItems = pgTable(
  "project_greenlight_items",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    label: text("label").notNull(),
    tickedBy: text("ticked_by").$type<"supervisor" | "staff" | "member">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.itemKey] })],
);

/** Every phase change with who, when and why; `overrideReason` when staff moved past an incomplete greenlight. */
export const phaseChanges = pgTable(
  "phase_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fromPhase: phaseEnum("from_phase").notNull(),
    toPhase: phaseEnum("to_phase").notNull(),
    reason: text("reason").notNull().default(""),
    overrideReason: text("override_reason"),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    changedByName: text("changed_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("phase_changes_project_idx").on(t.projectId, t.createdAt)],
);

/** The project's activity history shown on its page. */
export const projectActivity = pgTable(
  "project_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    kind: text("kind").notNull(),
    summary: text("summary").notNull(),
    details: jsonb("details").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_activity_project_idx").on(t.projectId, t.createdAt)],
);

export const docParticipants = pgTable(
  "doc_participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    consentStatus: consentStatusEnum("consent_status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("doc_participants_project_idx").on(t.projectId)],
);

export const docInterviews = pgTable(
  "doc_interviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id").references(() => docParticipants.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    place: text("place").notNull().default(""),
    status: interviewStatusEnum("status").notNull().default("planned"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("doc_interviews_project_idx").on(t.projectId, t.scheduledAt)],
);

export const docArchival = pgTable(
  "doc_archival",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    source: text("source").notNull().default(""),
    licenceStatus: licenceStatusEnum("licence_status").notNull().default("unknown"),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("doc_archival_project_idx").on(t.projectId)],
);

/** The in-app notification centre. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);
