import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CourseGreenlightItem } from "../../../common/course-greenlight.ts";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

/**
 * A course's own greenlight checklist, with a deadline per item counted back from a project's first shoot day.
 * No row: the course follows the school's list. The list is kept whole (its order is the checklist's order);
 * ticks stay on the projects by item key, so an item taken off the list stops showing and loses nothing.
 */
export const courseGreenlights = pgTable("course_greenlights", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  items: jsonb("items").$type<CourseGreenlightItem[]>().notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
