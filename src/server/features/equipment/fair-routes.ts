import { Hono } from "hono";
import {
  fairShareInput,
  windowCancelInput,
  windowCreateInput,
  windowRequestInput,
  windowUpdateInput,
} from "../../../common/equipment-fair.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, idParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

/**
 * Fair share and request windows, under /rest/v1/equipment beside the catalogue's routes. Everyone signed in reads
 * and requests; the services decide who sets limits (the office, a course's teachers) and who opens and draws.
 */
export const equipmentFairRoutes = new Hono<AppEnv>()
  .get("/fair-share", async (c) => c.json(await service.listFairShare(c.get("services"), { caller: callerOf(c) })))
  .get("/fair-share/:courseId", async (c) =>
    c.json(
      await service.getFairShare(c.get("services"), {
        caller: callerOf(c),
        courseId: idParam(c, "courseId", "course"),
      }),
    ),
  )
  .put("/fair-share/:courseId", async (c) =>
    c.json(
      await service.setFairShare(c.get("services"), {
        caller: callerOf(c),
        courseId: idParam(c, "courseId", "course"),
        input: await body(c, fairShareInput),
      }),
    ),
  )
  .get("/windows", async (c) => c.json(await service.listWindows(c.get("services"), { caller: callerOf(c) })))
  .post("/windows", async (c) =>
    c.json(
      await service.createWindow(c.get("services"), { caller: callerOf(c), input: await body(c, windowCreateInput) }),
      201,
    ),
  )
  .get("/windows/:id", async (c) =>
    c.json(await service.getWindow(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "request window") })),
  )
  .put("/windows/:id", async (c) =>
    c.json(
      await service.updateWindow(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "request window"),
        input: await body(c, windowUpdateInput),
      }),
    ),
  )
  .post("/windows/:id/cancel", async (c) =>
    c.json(
      await service.cancelWindow(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "request window"),
        input: await body(c, windowCancelInput),
      }),
    ),
  )
  .post("/windows/:id/requests", async (c) =>
    c.json(
      await service.requestInWindow(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "request window"),
        input: await body(c, windowRequestInput),
      }),
      201,
    ),
  )
  .delete("/windows/:id/requests/:requestId", async (c) =>
    c.json(
      await service.withdrawRequest(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "request window"),
        requestId: idParam(c, "requestId", "request"),
      }),
    ),
  )
  .post("/windows/:id/close", async (c) =>
    c.json(
      await service.closeWindow(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "request window") }),
    ),
  )
  .post("/windows/:id/draw", async (c) =>
    c.json(
      await service.drawWindow(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "request window") }),
    ),
  );
