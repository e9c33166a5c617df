import { Hono, type Context } from "hono";
import { frameUploadQuery, shotCreateInput, shotMoveInput, shotUpdateInput } from "../../../common/shots.ts";
import { callerOf, requireUser } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { fileHeaders, readUpload, uploadLimit } from "../../lib/upload.ts";
import { body, idParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

const ids = (c: C) => ({ caller: callerOf(c), projectId: idParam(c, "projectId", "project") });
const shot = (c: C) => ({ ...ids(c), shotId: idParam(c, "shotId", "shot") });
const pdf = (c: C, r: { fileName: string; bytes: Uint8Array }) =>
  c.body(r.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${r.fileName}"`,
  });

/** /rest/v1/projects/{projectId}/shots: everyone signed in reads, the crew, staff and admins plan (the service checks). */
export const shotRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.getShots(c.get("services"), ids(c))))
  .post("/", async (c) =>
    c.json(await service.createShot(c.get("services"), { ...ids(c), input: await body(c, shotCreateInput) }), 201),
  )
  .get("/storyboard.pdf", async (c) => pdf(c, await service.storyboardPdf(c.get("services"), ids(c))))
  .get("/shot-list.pdf", async (c) => pdf(c, await service.shotListPdf(c.get("services"), ids(c))))
  .patch("/:shotId", async (c) =>
    c.json(await service.updateShot(c.get("services"), { ...shot(c), input: await body(c, shotUpdateInput) })),
  )
  .post("/:shotId/move", async (c) =>
    c.json(
      await service.moveShotInScene(c.get("services"), {
        ...shot(c),
        direction: (await body(c, shotMoveInput)).direction,
      }),
    ),
  )
  .delete("/:shotId", async (c) => c.json(await service.deleteShot(c.get("services"), shot(c))));

/**
 * /storage/v1/object/shots/<projectId>/<shotId>: a shot's storyboard frame. POST (the picture's bytes) sets or
 * replaces it, GET opens it, DELETE removes it; the service checks who.
 */
export const shotFrameStorageRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .post("/:projectId/:shotId", uploadLimit, async (c) => {
    const { q, bytes } = await readUpload(c, frameUploadQuery);
    return c.json(await service.putFrame(c.get("services"), { ...shot(c), bytes, drawn: q.drawn === "true" }), 201);
  })
  .get("/:projectId/:shotId", async (c) => {
    const r = await service.readFrame(c.get("services"), shot(c));
    return c.body(new Uint8Array(r.bytes), 200, fileHeaders(r.contentType, r.fileName, true));
  })
  .delete("/:projectId/:shotId", async (c) => c.json(await service.deleteFrame(c.get("services"), shot(c))));
