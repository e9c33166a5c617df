import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { NotificationKind } from "../../../common/school.ts";
import { THEMES } from "../../../common/school.ts";
import { ROLES } from "../../../common/roles.ts";
import { user } from "./auth.ts";

export const roleEnum = pgEnum("role", ROLES);
export const themeEnum = pgEnum("theme", THEMES);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    role: roleEnum("role").notNull().default("student"),
    /** A deactivated person cannot sign in; their sessions are ended when this turns false. */
    active: boolean("active").notNull().default(true),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    phone: text("phone"),
    /** Students: their programme (e.g. "BA Film Production") and year of study. */
    programme: text("programme"),
    yearOfStudy: integer("year_of_study"),
    avatarPath: text("avatar_path"),
    theme: themeEnum("theme").notNull().default("system"),
    /** E-mail kinds the person turned off; absent = on. */
    emailOptOuts: jsonb("email_opt_outs").$type<NotificationKind[]>().notNull().default([]),
    /** SHA-256 of the secret in the person's iCal feed URL. */
    icalTokenHash: text("ical_token_hash").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("profiles_role_idx").on(t.role), index("profiles_full_name_idx").on(t.fullName)],
);
