import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../../env.ts";
import { isAdmin } from "../../auth/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, profileUpdateSchema } from "../../../common/profile.ts";
import { readAvatar, removeAvatar, saveAvatar } from "./avatar.ts";
import { getProfile, syncProfile, updateProfile } from "./service.ts";
import { body } from "../../lib/validate.ts";

export const syncInput = z.object({ user_id: z.string().min(1, "user_id is required") });

/** The app's 1 MB limit for JSON does not fit a picture; this route has its own, checked while reading. */
export const AVATAR_UPLOAD_PATH = "/rest/v1/profile/avatar";

export const profileRoutes = new Hono<AppEnv>()
  .post("/rpc/sync_auth_user_to_profile", async (c) => {
    const { user_id } = await body(c, syncInput);
    const me = c.get("user");
    // An admin still setting up a required two-step sign-in reaches only their own (guards.ts: mayDuringSetup).
    if (user_id !== me.id && (!isAdmin(me.role) || me.twoStepSetupNeeded))
      throw new AppError("forbidden", "You may only sync your own profile.");
    return c.json(await syncProfile(c.get("services").db, user_id));
  })
  .get("/profile", async (c) => {
    const profile = await getProfile(c.get("services").db, c.get("user").id);
    if (!profile) throw new AppError("not_found", "Profile not found");
    return c.json(profile);
  })
  .patch("/profile", async (c) => {
    const update = await body(c, profileUpdateSchema);
    return c.json(await updateProfile(c.get("services"), { userId: c.get("user").id, update }));
  })
  .post(
    "/profile/avatar",
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", AVATAR_TOO_LARGE);
      },
    }),
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(
        await saveAvatar(c.get("services"), {
          userId: c.get("user").id,
          declaredType: c.req.header("content-type"),
          bytes,
        }),
      );
    },
  )
  .delete("/profile/avatar", async (c) => c.json(await removeAvatar(c.get("services"), c.get("user").id)))
  .get("/profile/avatar/:userId", async (c) => {
    const { bytes, type } = await readAvatar(c.get("services"), c.req.param("userId"));
    return c.body(new Uint8Array(bytes), 200, {
      "content-type": type,
      // The address changes with each new picture (?v=), so a private copy may be kept a long time.
      "cache-control": "private, max-age=86400",
      "x-content-type-options": "nosniff",
    });
  });
