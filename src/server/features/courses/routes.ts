import { Hono, type Context } from "hono";
import {
  courseCreateInput,
  courseListQuery,
  courseUpdateInput,
  rosterJsonInput,
  rosterQuery,
} from "../../../common/courses.ts";
import { courseGreenlightInput } from "../../../common/course-greenlight.ts";
import { callerOf, requireCan } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as service from "./index.ts";

/**
 * The class list: JSON (a list of people, or `{ students }`) when sent as JSON; otherwise the file's own bytes
 * (`text/csv`, or anything a script sends), in whatever encoding and with whichever delimiter it was saved.
 */
async function rosterSource(c: Context<AppEnv>): Promise<service.RosterSource> {
  if (c.req.header("content-type")?.toLowerCase().includes("json")) return { people: await body(c, rosterJsonInput) };
  return { csv: new Uint8Array(await c.req.arrayBuffer()) };
}

/** Everyone signed in lists the courses they teach or take; the service decides who sees which and who changes them. */
export const courseRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(await service.listCourses(c.get("services"), { caller: callerOf(c), query: query(c, courseListQuery) })),
  )
  .post("/", requireCan("courses.manage"), async (c) =>
    c.json(
      await service.createCourse(c.get("services"), { caller: callerOf(c), input: await body(c, courseCreateInput) }),
      201,
    ),
  )
  .get("/:id", async (c) =>
    c.json(await service.getCourse(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "course") })),
  )
  .patch("/:id", requireCan("courses.manage"), async (c) =>
    c.json(
      await service.updateCourse(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "course"),
        input: await body(c, courseUpdateInput),
      }),
    ),
  )
  /** The course's own checklist and deadlines; the service decides who may change them (its teachers, admins). */
  .get("/:id/greenlight", async (c) =>
    c.json(
      await service.getCourseGreenlight(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "course") }),
    ),
  )
  .put("/:id/greenlight", async (c) =>
    c.json(
      await service.saveCourseGreenlight(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "course"),
        input: await body(c, courseGreenlightInput),
      }),
    ),
  )
  .delete("/:id/greenlight", async (c) =>
    c.json(
      await service.resetCourseGreenlight(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "course") }),
    ),
  )
  /** `?dryRun=true` answers the preview and changes nothing; without it the import is applied. */
  .post("/:id/roster", requireCan("courses.manage"), async (c) =>
    c.json(
      await service.importRoster(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "course"),
        dryRun: query(c, rosterQuery).dryRun,
        source: await rosterSource(c),
      }),
    ),
  );
