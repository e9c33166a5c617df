import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { HazardRequirementSpec, RequirementStatus } from "../../../common/safety.ts";
import { user } from "./auth.ts";
import { documents } from "./documents.ts";
import { projects } from "./projects.ts";
import { screenplays } from "./screenplays.ts";

/** The school's hazard kinds and what each requires; while the table is empty the defaults of `common/safety.ts` apply. */
export const hazardKinds = pgTable("hazard_kinds", {
  key: text("key").primaryKey(),
  label: text("label").notNull(),
  requirements: jsonb("requirements").$type<HazardRequirementSpec[]>().notNull().default([]),
  position: integer("position").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One requirement a confirmed safety flag put on its project. What the school's table said when the flag was
 * confirmed is copied in (label, category, approver, lead time), so editing the table never changes paperwork
 * already under way. The due date is not stored: it follows the scene's shoot day.
 */
export const safetyRequirements = pgTable(
  "safety_requirements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    screenplayId: uuid("screenplay_id").references(() => screenplays.id, { onDelete: "set null" }),
    sceneNumber: text("scene_number").notNull(),
    kind: text("kind").notNull(),
    kindLabel: text("kind_label").notNull(),
    /** The greenlight item of the flag, ticked when all of the flag's requirements are approved. */
    greenlightKey: text("greenlight_key").notNull(),
    label: text("label").notNull(),
    category: text("category").notNull(),
    approverRole: text("approver_role").notNull().default("staff"),
    approverUserId: text("approver_user_id").references(() => user.id, { onDelete: "set null" }),
    approverName: text("approver_name").notNull(),
    leadDays: integer("lead_days").notNull(),
    businessDays: boolean("business_days").notNull().default(false),
    status: text("status").$type<RequirementStatus>().notNull().default("open"),
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("safety_requirements_uq").on(t.projectId, t.greenlightKey, t.label),
    index("safety_requirements_status_idx").on(t.status, t.projectId),
  ],
);

/** Every step of a requirement, kept: a document attached, a decision with its comment, a withdrawal. */
export const safetyRequirementEvents = pgTable(
  "safety_requirement_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requirementId: uuid("requirement_id")
      .notNull()
      .references(() => safetyRequirements.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    comment: text("comment").notNull().default(""),
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    documentTitle: text("document_title"),
    byId: text("by_id").references(() => user.id, { onDelete: "set null" }),
    byName: text("by_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("safety_requirement_events_req_idx").on(t.requirementId, t.at)],
);

/** The reminders sent, one per requirement, due date and stage, so a scan never sends the same one twice. */
export const safetyReminders = pgTable(
  "safety_reminders",
  {
    requirementId: uuid("requirement_id")
      .notNull()
      .references(() => safetyRequirements.id, { onDelete: "cascade" }),
    dueDate: text("due_date").notNull(),
    stage: text("stage").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requirementId, t.dueDate, t.stage] })],
);
