import { Hono } from "hono";
import { z } from "zod";
import { notificationListQuery } from "../../../common/inbox.ts";
import type { AppEnv } from "../../env.ts";
import { query } from "../../lib/validate.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { browseNotifications, markAllRead, markRead } from "./service.ts";

const idParam = z.object({ id: z.string().min(1) });

/** The signed-in person's own notifications; nobody reads another's. */
export const inboxRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.body(
      await browseNotifications(c.get("services"), { userId: c.get("user").id, ...query(c, notificationListQuery) }),
      200,
      JSON_TEXT,
    ),
  )
  .post("/read-all", async (c) => c.json(await markAllRead(c.get("services"), { userId: c.get("user").id })))
  .post("/:id/read", async (c) => {
    const { id } = idParam.parse(c.req.param());
    return c.json(await markRead(c.get("services"), { userId: c.get("user").id, id }));
  });
