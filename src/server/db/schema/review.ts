import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { Decision, Drawing, ProxyStatus } from "../../../common/review.ts";
import { user } from "./auth.ts";
import { projects } from "./projects.ts";

/** A cut of a project's film ("Rough cut", "Fine cut"): the versions uploaded of it are reviewed one by one. */
export const cuts = pgTable(
  "cuts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cuts_project_idx").on(t.projectId)],
);

/**
 * One uploaded file of a cut, numbered v1, v2, … The original stays as uploaded; the proxy, poster and strip are
 * made from it by the `review.proxy` job. What ffprobe read is kept, so the player counts frames and timecode.
 */
export const cutVersions = pgTable(
  "cut_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cutId: uuid("cut_id")
      .notNull()
      .references(() => cuts.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    durationMs: integer("duration_ms"),
    fpsNum: integer("fps_num"),
    fpsDen: integer("fps_den"),
    startTimecode: text("start_timecode"),
    width: integer("width"),
    height: integer("height"),
    proxyStatus: text("proxy_status").$type<ProxyStatus>().notNull().default("waiting"),
    proxyProgress: real("proxy_progress").notNull().default(0),
    proxyError: text("proxy_error"),
    proxyKey: text("proxy_key"),
    posterKey: text("poster_key"),
    stripKey: text("strip_key"),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    uploadedByName: text("uploaded_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decision: text("decision").$type<Decision>(),
    pictureLock: boolean("picture_lock").notNull().default(false),
    decisionNote: text("decision_note"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [unique("cut_versions_cut_number_key").on(t.cutId, t.number)],
);

/**
 * A guest's way in to one version: an outside reviewer watches it and leaves notes under their name, with no
 * account. Only the token's hash is kept; a link expires, can be revoked, and may ask for a password.
 */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => cutVersions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    label: text("label").notNull(),
    passwordHash: text("password_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_links_version_idx").on(t.versionId)],
);

/** Each time a guest opened a link, under the name they gave. */
export const reviewLinkViews = pgTable(
  "review_link_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => reviewLinks.id, { onDelete: "cascade" }),
    viewerName: text("viewer_name").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_link_views_link_idx").on(t.linkId)],
);

/**
 * A note on a version at a time (or a range), with an optional drawing on the frame; a reply has its note as
 * parent. The author's name is kept beside the id (a guest has no account).
 */
export const reviewNotes = pgTable(
  "review_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => cutVersions.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id"),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    guestLinkId: uuid("guest_link_id").references(() => reviewLinks.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    atMs: integer("at_ms").notNull(),
    endMs: integer("end_ms"),
    body: text("body").notNull(),
    drawing: jsonb("drawing").$type<Drawing>(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
    resolvedByName: text("resolved_by_name"),
    carriedFromId: uuid("carried_from_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_notes_version_idx").on(t.versionId, t.atMs), index("review_notes_parent_idx").on(t.parentId)],
);
