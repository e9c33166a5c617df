import { Hono } from "hono";
import { schoolSettingsUpdateSchema } from "../../../common/school.ts";
import { requireRole, type AppEnv } from "../../auth/guards.ts";
import { body } from "../../lib/validate.ts";
import { getSchoolSettingsDto, updateSchoolSettings } from "./service.ts";

// Everyone signed in reads them (the UI shows the school's name and formats money in its currency);
// only admins change them.
export const schoolRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getSchoolSettingsDto(c.get("services").db)))
  .put("/", requireRole("admin"), async (c) => {
    const { version, settings } = await body(c, schoolSettingsUpdateSchema);
    return c.json(await updateSchoolSettings(c.get("services"), { actor: { id: c.get("user").id, name: c.get("user").name }, version, settings }));
  });
