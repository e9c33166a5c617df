import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { documents } from "./documents.ts";
import { schoolLocations } from "./locations.ts";
import { projects } from "./projects.ts";
import { screenplays } from "./screenplays.ts";

/** One row per project with a schedule: which screenplay its strips come from, and the board's version. */
export const stripboards = pgTable("stripboards", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  screenplayId: uuid("screenplay_id").references(() => screenplays.id, { onDelete: "set null" }),
  /** Raised by every save of the strips; a save naming an older version is refused. */
  version: integer("version").notNull().default(1),
  /** The producer's order of the cast IDs (character names, ID 1 first); null numbers them by first appearance. */
  castOrder: jsonb("cast_order").$type<string[]>(),
  /** The producer's estimated shooting minutes of scenes, by scene number; a scene not named is timed from its pages. */
  estimates: jsonb("estimates").$type<Record<string, number>>().notNull().default({}),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const shootDays = pgTable(
  "shoot_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    location: text("location").notNull().default(""),
    address: text("address").notNull().default(""),
    /** "HH:MM", the crew's general call. */
    generalCall: text("general_call").notNull().default("08:00"),
    notes: text("notes").notNull().default(""),
    weather: text("weather").notNull().default(""),
    hospital: text("hospital").notNull().default(""),
    /** The library location the day was picked from; its contact and hospital go on the call sheet. */
    locationId: uuid("location_id").references(() => schoolLocations.id, { onDelete: "set null" }),
    /** Calls that differ from the general call: cast by character name, crew by user id. */
    castCalls: jsonb("cast_calls").$type<Record<string, string>>().notNull().default({}),
    crewCalls: jsonb("crew_calls").$type<Record<string, string>>().notNull().default({}),
    /** "HH:MM" estimated wrap and meal, "" until planned; at or before the call = the next morning. */
    wrap: text("wrap").notNull().default(""),
    meal: text("meal").notNull().default(""),
    /** Wraps that differ from the day's, keyed like the calls. */
    castWraps: jsonb("cast_wraps").$type<Record<string, string>>().notNull().default({}),
    crewWraps: jsonb("crew_wraps").$type<Record<string, string>>().notNull().default({}),
    /** The chaperone or studio teacher of each minor working the day, by character. */
    chaperones: jsonb("chaperones").$type<Record<string, string>>().notNull().default({}),
    version: integer("version").notNull().default(1),
    callSheetSentAt: timestamp("call_sheet_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shoot_days_project_date_idx").on(t.projectId, t.date), index("shoot_days_date_idx").on(t.date)],
);

/** A scheduled scene: its number (its identity) in a shoot day, at a position. Unscheduled scenes have no row. */
export const scheduleStrips = pgTable(
  "schedule_strips",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    shootDayId: uuid("shoot_day_id")
      .notNull()
      .references(() => shootDays.id, { onDelete: "cascade" }),
    sceneNumber: text("scene_number").notNull(),
    position: integer("position").notNull(),
    /** The heading when it was scheduled, shown if the scene later leaves the script. */
    heading: text("heading").notNull().default(""),
  },
  (t) => [
    unique("schedule_strips_scene_uq").on(t.projectId, t.sceneNumber),
    index("schedule_strips_day_idx").on(t.shootDayId, t.position),
  ],
);

/**
 * A banner strip in a shoot day's lane: a note, a company move (from, to) or a meal break (minutes). Its position
 * is counted with the day's strips (one sequence per day: a strip's and a banner's positions never tie), so the
 * lane reads strips and banners in the order they were placed.
 */
export const scheduleBanners = pgTable(
  "schedule_banners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    shootDayId: uuid("shoot_day_id")
      .notNull()
      .references(() => shootDays.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"note" | "move" | "meal">().notNull(),
    position: integer("position").notNull(),
    text: text("text").notNull().default(""),
    fromPlace: text("from_place").notNull().default(""),
    toPlace: text("to_place").notNull().default(""),
    /** A meal's or a move's minutes, counted in the day's total; 0 for a note. */
    minutes: integer("minutes").notNull().default(0),
  },
  (t) => [index("schedule_banners_project_idx").on(t.projectId), index("schedule_banners_day_idx").on(t.shootDayId)],
);

/** Who a call sheet was sent to, with the hash of their personal confirmation link. */
export const callSheetRecipients = pgTable(
  "call_sheet_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shootDayId: uuid("shoot_day_id")
      .notNull()
      .references(() => shootDays.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedIp: text("confirmed_ip"),
    confirmedUserAgent: text("confirmed_user_agent"),
  },
  (t) => [
    unique("call_sheet_recipients_day_email_uq").on(t.shootDayId, t.email),
    index("call_sheet_recipients_token_idx").on(t.tokenHash),
  ],
);

/**
 * Who plays a character of the project's script, named as the script names it. The cast of the Day Out
 * of Days and of the call sheets; an actor with an e-mail address is sent the call sheet like the crew.
 */
export const castMembers = pgTable(
  "cast_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    character: text("character").notNull(),
    actorName: text("actor_name").notNull(),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    /** A minor is known by a date of birth under 18 at a shoot day, or marked so when the date is not given. */
    dateOfBirth: date("date_of_birth"),
    minor: boolean("minor").notNull().default(false),
    guardianName: text("guardian_name").notNull().default(""),
    guardianEmail: text("guardian_email").notNull().default(""),
    /** The minor's work permit: a document of the project (category permits) and the day it expires. */
    permitDocumentId: uuid("permit_document_id").references(() => documents.id, { onDelete: "set null" }),
    permitExpiresOn: date("permit_expires_on"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("cast_members_character_uq").on(t.projectId, t.character)],
);
