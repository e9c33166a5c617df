import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects } from "./projects.ts";
import { shootDays } from "./schedule.ts";

/**
 * A production's shared contacts (issue 20): the people and firms outside the crew it works with (cast,
 * crew hired from outside, vendors, locations). Read only by the crew, staff and admins; the call sheet,
 * the documents' dialogs and the insurance requests reuse them.
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
    /** The place or the firm's address: what an insurance request names. */
    address: text("address").notNull().default(""),
    notes: text("notes").notNull().default(""),
    /** On every day's call sheet, whatever the days chosen in `production_contact_days`. */
    everyDay: boolean("every_day").notNull().default(false),
    /**
     * A location contact's place in the script (a scene heading's location, upper case as the strips read it):
     * on the call sheet of every day that shoots a scene there. "" = not linked.
     */
    sceneLocation: text("scene_location").notNull().default(""),
    /** A cast contact's character (the stripboard's cast key): on the call sheet of the days it works. "" = none. */
    character: text("character").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("production_contacts_project_idx").on(t.projectId, t.name)],
);

/** The shoot days whose call sheet lists a contact (issue 20: the day's contacts, not the production's). */
export const productionContactDays = pgTable(
  "production_contact_days",
  {
    contactId: uuid("contact_id")
      .notNull()
      .references(() => productionContacts.id, { onDelete: "cascade" }),
    shootDayId: uuid("shoot_day_id")
      .notNull()
      .references(() => shootDays.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.shootDayId] }),
    index("production_contact_days_day_idx").on(t.shootDayId),
  ],
);
