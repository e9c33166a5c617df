import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LIMIT_SCOPES, LOT_KINDS, WINDOW_STATES } from "../../../common/equipment-fair.ts";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";
import { equipmentCategories, equipmentItems, equipmentKits, reservations } from "./equipment.ts";
import { projects } from "./projects.ts";

export const limitScopeEnum = pgEnum("fair_share_scope", LIMIT_SCOPES);
export const lotKindEnum = pgEnum("request_window_lot_kind", LOT_KINDS);
export const windowStateEnum = pgEnum("request_window_state", WINDOW_STATES);

/** A course's fair share of the stores; no row (or a null limit) is no limit. */
export const fairShareLimits = pgTable(
  "equipment_fair_share",
  {
    courseId: uuid("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    maxActive: integer("max_active"),
    activeScope: limitScopeEnum("active_scope").notNull().default("student"),
    maxDaysPerWeek: integer("max_days_per_week"),
    daysScope: limitScopeEnum("days_scope").notNull().default("student"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedByName: text("updated_by_name"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("equipment_fair_share_active", sql`${t.maxActive} is null or ${t.maxActive} > 0`),
    check("equipment_fair_share_days", sql`${t.maxDaysPerWeek} is null or ${t.maxDaysPerWeek} between 1 and 7`),
  ],
);

/** A contested period the office allots by lottery instead of first come, first served. */
export const requestWindows = pgTable(
  "equipment_request_windows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    /** Course ids in the order they draw; a course left out draws after all of them. */
    priorities: uuid("priorities")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    state: windowStateEnum("state").notNull().default("open"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    drawnBy: text("drawn_by").references(() => user.id, { onDelete: "set null" }),
    drawnByName: text("drawn_by_name"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("equipment_request_windows_period_idx").on(t.state, t.startsAt),
    check("equipment_request_windows_range", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One contested thing of a window: a category (any of its items), a kit (as one) or one item. */
export const requestWindowLots = pgTable(
  "equipment_request_window_lots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    windowId: uuid("window_id")
      .notNull()
      .references(() => requestWindows.id, { onDelete: "cascade" }),
    kind: lotKindEnum("kind").notNull(),
    categoryId: uuid("category_id").references(() => equipmentCategories.id, { onDelete: "cascade" }),
    kitId: uuid("kit_id").references(() => equipmentKits.id, { onDelete: "cascade" }),
    itemId: uuid("item_id").references(() => equipmentItems.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
  },
  (t) => [
    index("equipment_request_window_lots_window_idx").on(t.windowId),
    check("equipment_request_window_lots_one", sql`num_nonnulls(${t.categoryId}, ${t.kitId}, ${t.itemId}) = 1`),
  ],
);

/** A project's request for one unit of a lot, and after the draw its place, outcome and the reason in words. */
export const windowRequests = pgTable(
  "equipment_window_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    windowId: uuid("window_id")
      .notNull()
      .references(() => requestWindows.id, { onDelete: "cascade" }),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => requestWindowLots.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    requesterId: text("requester_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    position: integer("position"),
    won: boolean("won"),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    explanation: text("explanation"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One request per project and lot: a crew of five asking five times would buy five tickets.
  (t) => [
    uniqueIndex("equipment_window_requests_lot_project_idx").on(t.lotId, t.projectId),
    index("equipment_window_requests_window_idx").on(t.windowId),
    index("equipment_window_requests_requester_idx").on(t.requesterId),
  ],
);
