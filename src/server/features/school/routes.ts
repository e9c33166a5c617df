import { Hono } from "hono";
import { schoolSettingsUpdateSchema } from "../../../common/school.ts";
import { requireCan } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body } from "../../lib/validate.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { browseSchoolFormats, getSchoolSettingsDto, updateSchoolSettings } from "./service.ts";

// Everyone signed in reads them (the UI shows the school's name and formats money in its currency);
// only admins change them.
export const schoolRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getSchoolSettingsDto(c.get("services").db)))
  .put("/", requireCan("school.admin"), async (c) => {
    const { version, settings } = await body(c, schoolSettingsUpdateSchema);
    return c.json(
      await updateSchoolSettings(c.get("services"), {
        actor: { id: c.get("user").id, name: c.get("user").name },
        version,
        settings,
      }),
    );
  });

// Public: the pages opened from an e-mailed link (signing, budget approval, call-sheet confirmation)
// show their dates the school's way too, and how dates read is no secret.
export const schoolFormatRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.body(await browseSchoolFormats(c.get("services")), 200, JSON_TEXT),
);
