import { pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ROLES } from "../../../common/roles.ts";
import { user } from "./auth.ts";

export const roleEnum = pgEnum("role", ROLES);

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  fullName: text("full_name").notNull(),
  role: roleEnum("role").notNull().default("student"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
