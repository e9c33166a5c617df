import { Hono, type Context } from "hono";
import { courseDeliveryInput, deliverySignOffInput, deliveryTickInput } from "../../../common/delivery.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, idParam, pathParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

const course = (c: C) => ({ caller: callerOf(c), id: pathParam(c, "courseId") });
const ids = (c: C) => ({ caller: callerOf(c), projectId: idParam(c, "projectId", "project") });

/** /rest/v1/courses/{courseId}/delivery: the course's delivery checklist (its teachers and admins change it). */
export const courseDeliveryRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.getCourseDelivery(c.get("services"), course(c))))
  .put("/", async (c) =>
    c.json(
      await service.saveCourseDelivery(c.get("services"), { ...course(c), input: await body(c, courseDeliveryInput) }),
    ),
  )
  .delete("/", async (c) => c.json(await service.resetCourseDelivery(c.get("services"), course(c))));

/** /rest/v1/projects/{projectId}/delivery: the checklist's state, hand ticks, the sign-off and the archive. */
export const projectDeliveryRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.getDelivery(c.get("services"), ids(c))))
  .put("/items/:key", async (c) =>
    c.json(
      await service.tickDeliveryItem(c.get("services"), {
        ...ids(c),
        key: pathParam(c, "key"),
        input: await body(c, deliveryTickInput),
      }),
    ),
  )
  .post("/sign-off", async (c) =>
    c.json(await service.signOffDelivery(c.get("services"), { ...ids(c), input: await body(c, deliverySignOffInput) })),
  )
  .get("/archive.zip", async (c) => {
    const out = await service.projectArchive(c.get("services"), {
      caller: c.get("user"),
      projectId: idParam(c, "projectId", "project"),
    });
    return c.body(out.stream, 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${out.fileName}"`,
      "cache-control": "no-store",
    });
  });
