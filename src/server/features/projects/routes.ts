import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  activityQuery,
  archivalCreateInput,
  archivalUpdateInput,
  greenlightTickInput,
  interviewCreateInput,
  interviewUpdateInput,
  memberAddInput,
  memberUpdateInput,
  milestoneCreateInput,
  milestoneUpdateInput,
  participantCreateInput,
  participantUpdateInput,
  phaseChangeInput,
  projectCreateInput,
  projectListQuery,
  projectUpdateInput,
} from "../../../common/project-api.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { body, idParam, pathParam, query } from "../../lib/validate.ts";
import * as service from "./index.ts";

/** The lists come already serialised from the service's cache. */

const CREATE = {
  participants: participantCreateInput,
  interviews: interviewCreateInput,
  archival: archivalCreateInput,
} as const;
const UPDATE = {
  participants: participantUpdateInput,
  interviews: interviewUpdateInput,
  archival: archivalUpdateInput,
} as const;

function section(c: Context<AppEnv>): service.DocSection {
  const s = pathParam(c, "section");
  if (!(service.DOC_SECTIONS as readonly string[]).includes(s)) {
    throw new AppError("not_found", "Documentary details are participants, interviews or archival.");
  }
  return s as service.DocSection;
}

/** Everyone signed in reads every project (DESIGN §4); the service decides who may change what. */
export const projectRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.body(
      await service.browseProjects(c.get("services"), { caller: callerOf(c), query: query(c, projectListQuery) }),
      200,
      JSON_TEXT,
    ),
  )
  .get("/documentary", async (c) =>
    c.body(
      await service.browseDocumentaries(c.get("services"), { caller: callerOf(c), query: query(c, projectListQuery) }),
      200,
      JSON_TEXT,
    ),
  )
  .post("/", async (c) =>
    c.json(
      await service.createProject(c.get("services"), { caller: callerOf(c), input: await body(c, projectCreateInput) }),
      201,
    ),
  )
  .get("/:id", async (c) =>
    c.body(
      await service.viewProject(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "project") }),
      200,
      JSON_TEXT,
    ),
  )
  .patch("/:id", async (c) =>
    c.json(
      await service.updateProject(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        input: await body(c, projectUpdateInput),
      }),
    ),
  )
  .delete("/:id", async (c) => {
    await service.deleteProject(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "project") });
    return c.body(null, 204);
  })
  .get("/:id/activity", async (c) =>
    c.json(
      await service.getActivity(c.get("services"), { id: idParam(c, "id", "project"), ...query(c, activityQuery) }),
    ),
  )
  .post("/:id/members", async (c) =>
    c.json(
      await service.addMember(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        input: await body(c, memberAddInput),
      }),
      201,
    ),
  )
  .patch("/:id/members/:userId", async (c) =>
    c.json(
      await service.updateMember(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        userId: pathParam(c, "userId"),
        input: await body(c, memberUpdateInput),
      }),
    ),
  )
  .delete("/:id/members/:userId", async (c) =>
    c.json(
      await service.removeMember(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        userId: pathParam(c, "userId"),
      }),
    ),
  )
  .post("/:id/milestones", async (c) =>
    c.json(
      await service.createMilestone(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        input: await body(c, milestoneCreateInput),
      }),
      201,
    ),
  )
  .patch("/:id/milestones/:milestoneId", async (c) =>
    c.json(
      await service.updateMilestone(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        milestoneId: idParam(c, "milestoneId", "milestone"),
        input: await body(c, milestoneUpdateInput),
      }),
    ),
  )
  .delete("/:id/milestones/:milestoneId", async (c) =>
    c.json(
      await service.deleteMilestone(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        milestoneId: idParam(c, "milestoneId", "milestone"),
      }),
    ),
  )
  .post("/:id/phase", async (c) =>
    c.json(
      await service.changePhase(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        input: await body(c, phaseChangeInput),
      }),
    ),
  )
  .put("/:id/greenlight/:key", async (c) =>
    c.json(
      await service.tickGreenlight(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        key: pathParam(c, "key"),
        input: await body(c, greenlightTickInput),
      }),
    ),
  )
  .post("/:id/documentary/:section", async (c) => {
    const s = section(c);
    const input = await body(c, CREATE[s] as z.ZodType);
    return c.json(
      await service.createDocItem(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        item: { section: s, input } as service.DocCreate,
      }),
      201,
    );
  })
  .patch("/:id/documentary/:section/:itemId", async (c) => {
    const s = section(c);
    const input = await body(c, UPDATE[s] as z.ZodType);
    return c.json(
      await service.updateDocItem(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        itemId: idParam(c, "itemId", "documentary item"),
        item: { section: s, input } as service.DocUpdate,
      }),
    );
  })
  .delete("/:id/documentary/:section/:itemId", async (c) =>
    c.json(
      await service.deleteDocItem(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "project"),
        section: section(c),
        itemId: idParam(c, "itemId", "documentary item"),
      }),
    ),
  );
