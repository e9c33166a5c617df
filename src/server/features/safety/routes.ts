import { Hono, type Context } from "hono";
import { attachInput, decisionInput, hazardKindsInput } from "../../../common/safety.ts";
import { callerOf, requireCan } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, idParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

const ids = (c: C) => ({ caller: callerOf(c), projectId: idParam(c, "projectId", "project") });
const requirement = (c: C) => ({ ...ids(c), requirementId: idParam(c, "requirementId", "safety requirement") });

/** /rest/v1/projects/{projectId}/safety: everyone signed in reads; the crew attaches, the approver decides (the service checks). */
export const projectSafetyRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.getSafety(c.get("services"), ids(c))))
  .post("/:requirementId/document", async (c) =>
    c.json(await service.attachDocument(c.get("services"), { ...requirement(c), input: await body(c, attachInput) })),
  )
  .post("/:requirementId/decision", async (c) =>
    c.json(
      await service.decideRequirement(c.get("services"), { ...requirement(c), input: await body(c, decisionInput) }),
    ),
  );

/** /rest/v1/safety: what awaits the caller's decision; the school's hazard kinds (administrators change them). */
export const safetyRoutes = new Hono<AppEnv>()
  .get("/awaiting", async (c) => c.json(await service.listAwaiting(c.get("services"), { caller: callerOf(c) })))
  .get("/hazard-kinds", async (c) => c.json({ kinds: await service.getHazardKinds(c.get("services").db) }))
  .put("/hazard-kinds", requireCan("school.admin"), async (c) =>
    c.json({
      kinds: await service.saveHazardKinds(c.get("services"), {
        caller: callerOf(c),
        input: await body(c, hazardKindsInput),
      }),
    }),
  );
