import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { DeliveryItem } from "../../../common/delivery.ts";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";
import { projects } from "./projects.ts";

/**
 * A course's own delivery checklist. No row: the course follows the school's list. Kept whole (its order is the
 * checklist's order); the hand ticks stay on the projects by item key, so an item taken off and put back keeps its tick.
 */
export const courseDeliveries = pgTable("course_deliveries", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  items: jsonb("items").$type<DeliveryItem[]>().notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A hand-ticked delivery item of a project: a row is a tick. The name is kept beside the id, so the record still
 * says who ticked it after a student's account is deleted.
 */
export const projectDeliveryTicks = pgTable(
  "project_delivery_ticks",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    note: text("note"),
    doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
    doneByName: text("done_by_name").notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.itemKey] })],
);

/** The teacher's sign-off that closed the production: once per project. */
export const projectDeliverySignoffs = pgTable("project_delivery_signoffs", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  note: text("note"),
  signedBy: text("signed_by").references(() => user.id, { onDelete: "set null" }),
  signedByName: text("signed_by_name").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
});
