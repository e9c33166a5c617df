import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects } from "./projects.ts";

/**
 * A production's shared contacts (issue 20): the people and firms outside the crew it works with (cast,
 * crew hired from outside, vendors, locations). Read only by the crew, staff and admins; the call sheet
 * and the documents' dialogs reuse them.
 */
export const productionContacts = pgTable(
  "production_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** One of `PRODUCTION_CONTACT_KINDS` (common/production-contacts.ts). */
    kind: text("kind").notNull(),
    /** Their role or company, as the crew writes it ("Owner, Harbour Café", "Lighting rental"). */
    role: text("role").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("production_contacts_project_idx").on(t.projectId, t.name)],
);
