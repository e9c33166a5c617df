import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { projects } from "./projects.ts";

export const screenplays = pgTable(
  "screenplays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The current draft, in Fountain. */
    body: text("body").notNull().default(""),
    /** Pages of the current draft, kept on save so the list need not lay out every script. */
    pages: integer("pages").notNull().default(0),
    /**
     * Scene numbers of the last lock, in script order, OMITTED ones included (null = never locked).
     * Unlocking keeps them, so a relock gives every surviving scene its number back and no new scene
     * takes a number that was ever locked.
     */
    lockedScenes: jsonb("locked_scenes").$type<string[] | null>(),
    /** Set by Unlock scene numbers, cleared by Lock; the numbers above stay either way. */
    scenesUnlocked: boolean("scenes_unlocked").notNull().default(false),
    /** Raised by every save; a save naming an older version is refused with the text as it now is. */
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("screenplays_owner_idx").on(t.ownerId),
    index("screenplays_project_idx").on(t.projectId),
    index("screenplays_updated_id_idx").on(t.updatedAt.desc(), t.id),
    index("screenplays_title_lower_idx").on(sql`lower(${t.title})`),
  ],
);

/** Named, immutable snapshots of the draft; `number` orders them and picks the revision colour. */
export const screenplayRevisions = pgTable(
  "screenplay_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    screenplayId: uuid("screenplay_id")
      .notNull()
      .references(() => screenplays.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    name: text("name").notNull(),
    colour: text("colour").notNull(),
    body: text("body").notNull(),
    lockedScenes: jsonb("locked_scenes").$type<string[] | null>(),
    /**
     * Source lines of elements the revision marks with "*" beyond what differs from the revision before: those an
     * imported Final Draft file marked as written in it (null: none; the file holds no text to compare with).
     */
    markedLines: jsonb("marked_lines").$type<number[] | null>(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("screenplay_revisions_number_uq").on(t.screenplayId, t.number)],
);

/** Comments on a line of the script (its scene is where the line is); the writer resolves them. */
export const screenplayNotes = pgTable(
  "screenplay_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    screenplayId: uuid("screenplay_id")
      .notNull()
      .references(() => screenplays.id, { onDelete: "cascade" }),
    /** 0-based line of the Fountain text the note was written on, and that line's text then. */
    line: integer("line").notNull(),
    quote: text("quote").notNull().default(""),
    sceneNumber: text("scene_number"),
    body: text("body").notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    resolved: boolean("resolved").notNull().default(false),
    resolvedByName: text("resolved_by_name"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("screenplay_notes_screenplay_idx").on(t.screenplayId, t.resolved, t.createdAt)],
);

/**
 * Breakdown elements tagged in a scene. A scene is named by its locked number (`#12#` in the heading),
 * which survives edits of the text: inserts become 12A, a removed scene is OMITTED and keeps its tags.
 */
export const breakdownElements = pgTable(
  "breakdown_elements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    screenplayId: uuid("screenplay_id")
      .notNull()
      .references(() => screenplays.id, { onDelete: "cascade" }),
    sceneNumber: text("scene_number").notNull(),
    category: text("category").notNull(),
    name: text("name").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("breakdown_elements_uq").on(t.screenplayId, t.sceneNumber, t.category, sql`lower(${t.name})`)],
);

/** A person's decision on a suggested safety flag; a flag without a row is still a suggestion. */
export const safetyFlags = pgTable(
  "safety_flags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    screenplayId: uuid("screenplay_id")
      .notNull()
      .references(() => screenplays.id, { onDelete: "cascade" }),
    sceneNumber: text("scene_number").notNull(),
    kind: text("kind").notNull(),
    status: text("status").$type<"confirmed" | "dismissed">().notNull(),
    evidence: text("evidence").notNull().default(""),
    /** Flagged by a person where the script's words suggest nothing (or for a school's kind without a rule). */
    byHand: boolean("by_hand").notNull().default(false),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("safety_flags_uq").on(t.screenplayId, t.sceneNumber, t.kind)],
);
