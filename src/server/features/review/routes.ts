import { Hono } from "hono";
import { MEDIA_KINDS, newCutInput, type MediaKind } from "../../../common/review.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { AppError } from "../../lib/errors.ts";
import { body, idParam, pathParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

/** /rest/v1/projects/{projectId}/cuts: a project's cuts with their versions, and a new cut. */
export const projectCutRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(
      await service.listCuts(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
      }),
    ),
  )
  .post("/", async (c) =>
    c.json(
      await service.createCut(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, newCutInput),
      }),
      201,
    ),
  );

/** /rest/v1/cuts/{cutId}: one cut. */
export const cutRoutes = new Hono<AppEnv>().get("/:cutId", async (c) =>
  c.json(await service.getCut(c.get("services"), { caller: callerOf(c), cutId: idParam(c, "cutId", "cut") })),
);

/** /rest/v1/uploads/cuts: the tus endpoint (POST to start, HEAD to ask how far, PATCH to send, DELETE to drop). */
export const uploadRoutes = new Hono<AppEnv>().all("*", async (c) =>
  service.handleCutUpload(c.get("services"), callerOf(c), c.req.raw),
);

const mediaKind = (c: Parameters<typeof pathParam>[0]): MediaKind => {
  const kind = pathParam(c, "kind");
  if (!(MEDIA_KINDS as readonly string[]).includes(kind))
    throw new AppError("not_found", "A version has its original, proxy, poster and strip, nothing else.");
  return kind as MediaKind;
};

/** /rest/v1/cut-versions/{versionId}/media/{kind}: the files of a version, with byte ranges for the player. */
export const versionMediaRoutes = new Hono<AppEnv>().get("/:versionId/media/:kind", async (c) => {
  const kind = mediaKind(c);
  const version = await service.versionForWatching(c.get("services"), {
    caller: callerOf(c),
    versionId: idParam(c, "versionId", "version"),
  });
  return service.serveVersionMedia(c, version, kind);
});
