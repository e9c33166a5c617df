import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { projects } from "./projects.ts";

/** The school's hospitals, named by its locations as their nearest. */
export const hospitals = pgTable("hospitals", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  emergencyPhone: text("emergency_phone").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The location library, shared across productions; a shoot day may name one (`shoot_days.location_id`). */
export const schoolLocations = pgTable(
  "school_locations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    contactName: text("contact_name").notNull().default(""),
    contactPhone: text("contact_phone").notNull().default(""),
    parking: text("parking").notNull().default(""),
    notes: text("notes").notNull().default(""),
    hospitalId: uuid("hospital_id").references(() => hospitals.id, { onDelete: "set null" }),
    /** The production that found it, kept to credit it when later productions reuse the place. */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    addedByName: text("added_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("school_locations_name_idx").on(t.name)],
);

export const locationPhotos = pgTable(
  "location_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    locationId: uuid("location_id")
      .notNull()
      .references(() => schoolLocations.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    storageKey: text("storage_key").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("location_photos_location_idx").on(t.locationId, t.position)],
);
