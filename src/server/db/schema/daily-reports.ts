import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DailyReportFields } from "../../../common/daily-reports.ts";
import { user } from "./auth.ts";
import { documents } from "./documents.ts";
import { projects } from "./projects.ts";
import { shootDays } from "./schedule.ts";

/**
 * The daily production report of one shoot day: what the crew typed (one jsonb, saved whole by every
 * autosave, so an offline phone sends one answer), the planned and shot pages kept as columns so that the
 * overview sums them in one query, and the producer's signature.
 */
export const dailyReports = pgTable(
  "daily_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    shootDayId: uuid("shoot_day_id")
      .notNull()
      .references(() => shootDays.id, { onDelete: "cascade" }),
    fields: jsonb("fields").$type<DailyReportFields>().notNull(),
    /** Raised by every save; a save naming an older version is refused with who changed it and when. */
    version: integer("version").notNull().default(1),
    /** The day's scheduled pages, in eighths, as the call sheet had them when the report was last saved. */
    plannedEighths: integer("planned_eighths").notNull().default(0),
    shotEighths: integer("shot_eighths").notNull().default(0),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedByName: text("updated_by_name").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    signedBy: text("signed_by").references(() => user.id, { onDelete: "set null" }),
    signedByName: text("signed_by_name"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /** The signed PDF in the project's documents (category call_sheets); a later signature adds a version. */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("daily_reports_day_uq").on(t.shootDayId), index("daily_reports_project_idx").on(t.projectId)],
);
