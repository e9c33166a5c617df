import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import type { SchoolSettings } from "../../../common/school.ts";

/** One row (id = 1) of school-wide settings; `version` lets two admins' saves not overwrite each other. */
export const schoolSettings = pgTable(
  "school_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<SchoolSettings>().notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("school_settings_single_row", sql`${t.id} = 1`)],
);
