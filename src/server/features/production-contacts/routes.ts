import { Hono, type Context } from "hono";
import { contactDaysInput, productionContactInput } from "../../../common/production-contacts.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, idParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;
const ids = (c: C) => ({ caller: callerOf(c), projectId: idParam(c, "projectId", "project") });
const one = (c: C) => ({ ...ids(c), contactId: idParam(c, "contactId", "contact") });

/** /rest/v1/projects/{projectId}/contacts: the crew, staff and admins read; the crew change (the service checks). */
export const productionContactRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.listContacts(c.get("services"), ids(c))))
  .post("/", async (c) =>
    c.json(
      await service.createContact(c.get("services"), { ...ids(c), input: await body(c, productionContactInput) }),
      201,
    ),
  )
  .put("/:contactId", async (c) =>
    c.json(await service.updateContact(c.get("services"), { ...one(c), input: await body(c, productionContactInput) })),
  )
  .put("/:contactId/days", async (c) =>
    c.json(await service.setContactDays(c.get("services"), { ...one(c), input: await body(c, contactDaysInput) })),
  )
  .delete("/:contactId", async (c) => c.json(await service.deleteContact(c.get("services"), one(c))));
