import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CONDITIONS, ITEM_STATUSES, MAINTENANCE_KINDS, RESERVATION_STATES } from "../../../common/equipment-states.ts";
import { user } from "./auth.ts";
import { projects } from "./projects.ts";

export const itemStatusEnum = pgEnum("equipment_item_status", ITEM_STATUSES);
export const conditionEnum = pgEnum("equipment_condition", CONDITIONS);
export const reservationStateEnum = pgEnum("reservation_state", RESERVATION_STATES);
export const maintenanceKindEnum = pgEnum("maintenance_kind", MAINTENANCE_KINDS);

export const equipmentCategories = pgTable("equipment_categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What a person must be trained on to book certain items (e.g. "Steadicam", "HMI lighting"). */
export const certifications = pgTable("equipment_certifications", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const userCertifications = pgTable(
  "user_certifications",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    certificationId: uuid("certification_id")
      .notNull()
      .references(() => certifications.id, { onDelete: "cascade" }),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.certificationId] })],
);

export const equipmentItems = pgTable(
  "equipment_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => equipmentCategories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    brand: text("brand").notNull().default(""),
    model: text("model").notNull().default(""),
    serialNumber: text("serial_number").notNull().default(""),
    assetTag: text("asset_tag").notNull().unique(),
    valueMinor: integer("value_minor").notNull().default(0),
    /** What the rental house charges a production per day, in minor units; null: no rate kept. */
    dayRateMinor: integer("day_rate_minor"),
    condition: conditionEnum("condition").notNull().default("good"),
    status: itemStatusEnum("status").notNull().default("available"),
    location: text("location").notNull().default(""),
    photoUrl: text("photo_url").notNull().default(""),
    notes: text("notes").notNull().default(""),
    certificationId: uuid("certification_id").references(() => certifications.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The catalogue's order within a category, so a page stops reading after its rows.
    index("equipment_items_category_order_idx").on(t.categoryId, sql`lower(${t.name})`, t.assetTag),
    index("equipment_items_name_lower_idx").on(sql`lower(${t.name})`, t.id),
    check("equipment_items_value_nonnegative", sql`${t.valueMinor} >= 0`),
    check("equipment_items_day_rate_nonnegative", sql`${t.dayRateMinor} >= 0`),
  ],
);

export const equipmentKits = pgTable("equipment_kits", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const kitItems = pgTable(
  "equipment_kit_items",
  {
    kitId: uuid("kit_id")
      .notNull()
      .references(() => equipmentKits.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => equipmentItems.id, { onDelete: "cascade" }),
  },
  // An item belongs to at most one kit: a kit is the office's standing package, booked as one.
  (t) => [primaryKey({ columns: [t.kitId, t.itemId] }), uniqueIndex("equipment_kit_items_item_idx").on(t.itemId)],
);

export const reservations = pgTable(
  "equipment_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    requesterId: text("requester_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    state: reservationStateEnum("state").notNull().default("requested"),
    note: text("note").notNull().default(""),
    rejectReason: text("reject_reason"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    /** Set once each reminder is sent, so a scan never sends it twice (across restarts and instances). */
    dueRemindedAt: timestamp("due_reminded_at", { withTimezone: true }),
    lateRemindedAt: timestamp("late_reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("equipment_reservations_state_idx").on(t.state, t.startsAt),
    index("equipment_reservations_project_idx").on(t.projectId),
    index("equipment_reservations_requester_idx").on(t.requesterId),
    check("equipment_reservations_range", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One row per item of a reservation, carrying its own copy of the time range and an `active` flag
 * (true while the reservation holds the item). The exclusion constraint over (item_id, range) where
 * active lives in the custom migration `equipment_extra`: it is what makes double booking impossible.
 */
export const reservationItems = pgTable(
  "equipment_reservation_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => equipmentItems.id, { onDelete: "cascade" }),
    kitId: uuid("kit_id").references(() => equipmentKits.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    returnCondition: conditionEnum("return_condition"),
    returnNotes: text("return_notes").notNull().default(""),
    /** Addresses of the condition photos taken at check-in, in the `equipment` storage bucket. */
    returnPhotos: text("return_photos")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    damaged: boolean("damaged").notNull().default(false),
    /**
     * Booked as "one of this model" (brand and model): the unit is a stand-in holding the model's place, and the desk
     * may hand out any other free unit of the model instead, which then takes this row.
     */
    byModel: boolean("by_model").notNull().default(false),
  },
  (t) => [
    uniqueIndex("equipment_reservation_items_unique").on(t.reservationId, t.itemId),
    index("equipment_reservation_items_item_idx").on(t.itemId, t.startsAt),
    // "Which items are busy in this range" across the inventory (the catalogue's only-free filter): the
    // exclusion constraint's index leads with the item, so a range-only search needs its own.
    index("equipment_reservation_items_active_range_idx")
      .using("gist", sql`tstzrange(${t.startsAt}, ${t.endsAt}, '[)')`)
      .where(sql`${t.active}`),
    // Items out and not back: a handful of rows, read by every availability check (late items stay busy).
    index("equipment_reservation_items_out_idx")
      .on(t.itemId, t.endsAt)
      .where(sql`${t.checkedOutAt} is not null and ${t.returnedAt} is null`),
    check("equipment_reservation_items_range", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const maintenanceLog = pgTable(
  "equipment_maintenance",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => equipmentItems.id, { onDelete: "cascade" }),
    kind: maintenanceKindEnum("kind").notNull(),
    note: text("note").notNull().default(""),
    costMinor: integer("cost_minor"),
    byId: text("by_id").references(() => user.id, { onDelete: "set null" }),
    byName: text("by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("equipment_maintenance_item_idx").on(t.itemId, t.createdAt)],
);

/** Late returns; at the school's limit of uncleared strikes a person cannot book until the office clears them. */
export const strikes = pgTable(
  "equipment_strikes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    clearedBy: text("cleared_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One strike per late reservation, however many scans and check-ins notice it.
  (t) => [
    uniqueIndex("equipment_strikes_reservation_idx").on(t.reservationId),
    index("equipment_strikes_user_idx").on(t.userId),
  ],
);

/**
 * A signed hand-over at the desk: the receipt PDF (in the `equipment` bucket under receipts/<reservationId>/) of the
 * items handed out at once, with the borrower's drawn signature, or noting that the borrower was not present.
 */
export const handoverReceipts = pgTable(
  "equipment_handover_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["check_out", "check_in"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    borrowerPresent: boolean("borrower_present").notNull(),
    byId: text("by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("equipment_handover_receipts_idx").on(t.reservationId, t.kind, t.createdAt)],
);
