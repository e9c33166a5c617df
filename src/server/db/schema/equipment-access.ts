import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { courses } from "./courses.ts";
import { certifications, equipmentItems, equipmentKits } from "./equipment.ts";

/** A level of the equipment ("Intermediate", "Thesis"): gear carrying it is booked only by those who hold it. */
export const accessLevels = pgTable("equipment_access_levels", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An active enrolment on one of these courses grants the level. */
export const accessLevelCourses = pgTable(
  "equipment_access_level_courses",
  {
    levelId: uuid("level_id")
      .notNull()
      .references(() => accessLevels.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.levelId, t.courseId] }),
    index("equipment_access_level_courses_course_idx").on(t.courseId),
  ],
);

/** Holding one of these certifications grants the level. */
export const accessLevelCertifications = pgTable(
  "equipment_access_level_certifications",
  {
    levelId: uuid("level_id")
      .notNull()
      .references(() => accessLevels.id, { onDelete: "cascade" }),
    certificationId: uuid("certification_id")
      .notNull()
      .references(() => certifications.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.levelId, t.certificationId] }),
    index("equipment_access_level_certifications_cert_idx").on(t.certificationId),
  ],
);

/**
 * The level an item needs, one at most. Kept beside the inventory rather than in it, so the items' table (read by
 * every catalogue page) keeps its shape; an item without a row is open to all.
 */
export const itemAccessLevels = pgTable(
  "equipment_item_access_levels",
  {
    itemId: uuid("item_id")
      .primaryKey()
      .references(() => equipmentItems.id, { onDelete: "cascade" }),
    levelId: uuid("level_id")
      .notNull()
      .references(() => accessLevels.id, { onDelete: "cascade" }),
  },
  (t) => [index("equipment_item_access_levels_level_idx").on(t.levelId)],
);

/** The level a kit needs; it covers the kit's items too, so booking them one by one does not get around it. */
export const kitAccessLevels = pgTable(
  "equipment_kit_access_levels",
  {
    kitId: uuid("kit_id")
      .primaryKey()
      .references(() => equipmentKits.id, { onDelete: "cascade" }),
    levelId: uuid("level_id")
      .notNull()
      .references(() => accessLevels.id, { onDelete: "cascade" }),
  },
  (t) => [index("equipment_kit_access_levels_level_idx").on(t.levelId)],
);
