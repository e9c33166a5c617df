import { Hono } from "hono";
import { z } from "zod";
import {
  compareQuery,
  importQuery,
  noteCreateInput,
  noteUpdateInput,
  revisionCreateInput,
  screenplayCreateInput,
  screenplayListQuery,
  screenplayUpdateInput,
  versionInput,
} from "../../../common/screenplay-api.ts";
import { elementCreateInput, safetyDecisionInput, safetyFlagByHandInput } from "../../../common/breakdown-api.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as breakdown from "./breakdown.ts";
import { decideSafetyFlag, flagSafetyByHand } from "./safety-flags.ts";
import * as service from "./index.ts";

const revisionQuery = z.object({ revision: z.string().optional() });

export const screenplayRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(
      await service.listScreenplays(c.get("services"), { caller: callerOf(c), query: query(c, screenplayListQuery) }),
    ),
  )
  .post("/", async (c) =>
    c.json(
      await service.createScreenplay(c.get("services"), {
        caller: callerOf(c),
        input: await body(c, screenplayCreateInput),
      }),
      201,
    ),
  )
  // The file travels as the raw request body, named in the query, so its size is its own.
  .post("/import", async (c) => {
    const q = query(c, importQuery);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(
      await service.importScreenplay(c.get("services"), {
        caller: callerOf(c),
        fileName: q.fileName,
        bytes,
        projectId: q.projectId,
        title: q.title,
      }),
      201,
    );
  })
  .get("/:id", async (c) =>
    c.body(
      await service.viewScreenplay(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "screenplay") }),
      200,
      JSON_TEXT,
    ),
  )
  .patch("/:id", async (c) =>
    c.body(
      await service.updateScreenplay(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        input: await body(c, screenplayUpdateInput),
      }),
      200,
      JSON_TEXT,
    ),
  )
  .delete("/:id", async (c) => {
    await service.deleteScreenplay(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "screenplay") });
    return c.body(null, 204);
  })
  .get("/:id/report", async (c) =>
    c.json(
      await service.getReport(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        revisionId: query(c, revisionQuery).revision,
      }),
    ),
  )
  .get("/:id/pdf", async (c) => {
    const pdf = await service.exportPdf(c.get("services"), {
      caller: callerOf(c),
      id: idParam(c, "id", "screenplay"),
      revisionId: query(c, revisionQuery).revision,
    });
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${pdf.fileName}"`,
    });
  })
  .get("/:id/fdx", async (c) => {
    const fdx = await service.exportFdx(c.get("services"), {
      caller: callerOf(c),
      id: idParam(c, "id", "screenplay"),
      revisionId: query(c, revisionQuery).revision,
    });
    return c.body(fdx.text, 200, {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${fdx.fileName}"`,
    });
  })
  .get("/:id/compare", async (c) =>
    c.json(
      await service.compare(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        ...query(c, compareQuery),
      }),
    ),
  )
  .post("/:id/revisions", async (c) =>
    c.body(
      await service.createRevision(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        input: await body(c, revisionCreateInput),
      }),
      201,
      JSON_TEXT,
    ),
  )
  .get("/:id/revisions/:revisionId", async (c) =>
    c.json(
      await service.getRevision(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        revisionId: idParam(c, "revisionId", "revision"),
      }),
    ),
  )
  .post("/:id/revisions/:revisionId/restore", async (c) =>
    c.body(
      await service.restoreRevision(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        revisionId: idParam(c, "revisionId", "revision"),
        ...(await body(c, versionInput)),
      }),
      200,
      JSON_TEXT,
    ),
  )
  .post("/:id/lock-scenes", async (c) =>
    c.body(
      await service.lockScenes(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        ...(await body(c, versionInput)),
      }),
      200,
      JSON_TEXT,
    ),
  )
  .post("/:id/unlock-scenes", async (c) =>
    c.body(
      await service.unlockScenes(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        ...(await body(c, versionInput)),
      }),
      200,
      JSON_TEXT,
    ),
  )
  .post("/:id/notes", async (c) =>
    c.json(
      await service.createNote(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        input: await body(c, noteCreateInput),
      }),
      201,
    ),
  )
  .patch("/:id/notes/:noteId", async (c) =>
    c.json(
      await service.updateNote(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        noteId: idParam(c, "noteId", "note"),
        ...(await body(c, noteUpdateInput)),
      }),
    ),
  )
  .get("/:id/breakdown", async (c) =>
    c.json(
      await breakdown.getBreakdown(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "screenplay") }),
    ),
  )
  .post("/:id/breakdown/elements", async (c) =>
    c.json(
      await breakdown.addElement(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        input: await body(c, elementCreateInput),
      }),
      201,
    ),
  )
  .delete("/:id/breakdown/elements/:elementId", async (c) =>
    c.json(
      await breakdown.removeElement(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        elementId: idParam(c, "elementId", "breakdown element"),
      }),
    ),
  )
  .post("/:id/breakdown/flags", async (c) =>
    c.json(
      await decideSafetyFlag(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        input: await body(c, safetyDecisionInput),
      }),
    ),
  )
  .post("/:id/breakdown/flags/by-hand", async (c) =>
    c.json(
      await flagSafetyByHand(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "screenplay"),
        input: await body(c, safetyFlagByHandInput),
      }),
    ),
  );
