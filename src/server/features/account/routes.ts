import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env.ts";
import { query } from "../../lib/validate.ts";
import { resetTokenStatus } from "./service.ts";

const statusQuery = z.object({ token: z.string().min(1, "token is required").max(512) });

/** Public: the reset page is opened by someone who is not signed in; the answer reveals only yes or no. */
export const publicAccountRoutes = new Hono<AppEnv>().get("/password-reset/status", async (c) => {
  const { token } = query(c, statusQuery);
  return c.json(await resetTokenStatus(c.get("services").db, token));
});
