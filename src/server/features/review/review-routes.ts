import { Hono, type Context } from "hono";
import {
  carryInput,
  decisionInput,
  noteInput,
  notePatchInput,
  notesFilter,
  replyInput,
} from "../../../common/review.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as review from "./index-review.ts";

type C = Context<AppEnv>;

const version = (c: C) => ({ caller: callerOf(c), versionId: idParam(c, "versionId", "version of a cut") });
const note = (c: C) => ({ caller: callerOf(c), noteId: idParam(c, "noteId", "note") });

/**
 * Reviewing a cut (issue 21), mounted at /rest/v1: a cut's review state, a version's notes and replies, carrying
 * open notes to a newer version, and the supervisor's decision.
 */
export const reviewRoutes = new Hono<AppEnv>()
  .get("/cuts/:cutId/review", async (c) =>
    c.json(await review.getCutReview(c.get("services"), { caller: callerOf(c), cutId: idParam(c, "cutId", "cut") })),
  )
  .get("/cut-versions/:versionId/notes", async (c) =>
    c.json(await review.getNotes(c.get("services"), { ...version(c), filter: query(c, notesFilter) })),
  )
  .post("/cut-versions/:versionId/notes", async (c) =>
    c.json(await review.addNote(c.get("services"), { ...version(c), input: await body(c, noteInput) }), 201),
  )
  .post("/cut-versions/:versionId/carry-notes", async (c) =>
    c.json(await review.carryNotes(c.get("services"), { ...version(c), input: await body(c, carryInput) })),
  )
  .post("/cut-versions/:versionId/decision", async (c) =>
    c.json(await review.decideVersion(c.get("services"), { ...version(c), input: await body(c, decisionInput) })),
  )
  .post("/review-notes/:noteId/replies", async (c) =>
    c.json(await review.replyToNote(c.get("services"), { ...note(c), input: await body(c, replyInput) }), 201),
  )
  .patch("/review-notes/:noteId", async (c) =>
    c.json(await review.updateNote(c.get("services"), { ...note(c), input: await body(c, notePatchInput) })),
  )
  .delete("/review-notes/:noteId", async (c) => c.json(await review.deleteNote(c.get("services"), note(c))));
