import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../auth/guards.ts";
import { AppError } from "../../lib/errors.ts";
import { profileUpdateSchema } from "../../../common/profile.ts";
import { getProfile, syncProfile, updateProfile } from "./service.ts";
import { body } from "../../lib/validate.ts";

export const syncInput = z.object({ user_id: z.string().min(1, "user_id is required") });

export const profileRoutes = new Hono<AppEnv>()
  .post("/rpc/sync_auth_user_to_profile", async (c) => {
    const { user_id } = await body(c, syncInput);
    const me = c.var.user;
    if (user_id !== me.id && me.role !== "admin") throw new AppError("forbidden", "You may only sync your own profile.");
    return c.json(await syncProfile(c.var.services.db, user_id));
  })
  .get("/profile", async (c) => {
    const profile = await getProfile(c.var.services.db, c.var.user.id);
    if (!profile) throw new AppError("not_found", "Profile not found");
    return c.json(profile);
  })
  .patch("/profile", async (c) => {
    const update = await body(c, profileUpdateSchema);
    return c.json(await updateProfile(c.var.services.db, { userId: c.var.user.id, update }));
  });
