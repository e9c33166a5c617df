import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects } from "./projects.ts";

/**
 * A shot of a scene's shot list. Scenes are the screenplay's scene numbers, as the schedule keys its strips,
 * so a shot outlives a re-parse of the script and follows its scene when the numbers are locked.
 */
export const shots = pgTable(
  "shots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sceneNumber: text("scene_number").notNull(),
    /** The place in the scene's list; rewritten 0…n-1 by every move. */
    position: integer("position").notNull(),
    /** Typed by hand; null takes the automatic number from the scene and the shot's place (1A, 1B, …). */
    number: text("number"),
    size: text("size").notNull(),
    angle: text("angle").notNull(),
    movement: text("movement").notNull(),
    lensMm: integer("lens_mm"),
    description: text("description").notNull().default(""),
    setupMinutes: integer("setup_minutes"),
    done: boolean("done").notNull().default(false),
    /** The storyboard frame in storage; a new key for every upload, so the replaced one can go after the commit. */
    frameKey: text("frame_key"),
    frameType: text("frame_type"),
    frameDrawn: boolean("frame_drawn").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shots_project_scene_idx").on(t.projectId, t.sceneNumber, t.position)],
);
