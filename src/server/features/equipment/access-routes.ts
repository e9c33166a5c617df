import { Hono } from "hono";
import { accessAssignInput, accessLevelInput } from "../../../common/equipment-access.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, idParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

/**
 * /rest/v1/equipment/access-levels: the office's levels and the level an item or a kit carries; everyone signed in
 * may ask what an item needs and whether it is open to them.
 */
export const accessRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.listAccessLevels(c.get("services"), { caller: callerOf(c) })))
  .post("/", async (c) =>
    c.json(
      await service.createAccessLevel(c.get("services"), {
        caller: callerOf(c),
        input: await body(c, accessLevelInput),
      }),
      201,
    ),
  )
  .put("/:id", async (c) =>
    c.json(
      await service.updateAccessLevel(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "access level"),
        input: await body(c, accessLevelInput),
      }),
    ),
  )
  .delete("/:id", async (c) =>
    c.json(
      await service.deleteAccessLevel(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "access level") }),
    ),
  )
  .get("/items/:id", async (c) =>
    c.json(await service.itemAccess(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "item") })),
  )
  .put("/items/:id", async (c) =>
    c.json(
      await service.setItemAccessLevel(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "item"),
        input: await body(c, accessAssignInput),
      }),
    ),
  )
  .put("/kits/:id", async (c) =>
    c.json(
      await service.setKitAccessLevel(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "kit"),
        input: await body(c, accessAssignInput),
      }),
    ),
  );
