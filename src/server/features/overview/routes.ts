import { Hono } from "hono";
import { boardQuery, overviewFilters, timelineQuery } from "../../../common/overview-api.ts";
import { callerOf, requireCan } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { CSV_CONTENT_TYPE } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { query } from "../../lib/validate.ts";
import * as service from "./index.ts";

/** Everyone signed in sees every production (DESIGN §4); moving a card goes through POST /rest/v1/projects/:id/phase. */
export const overviewRoutes = new Hono<AppEnv>()
  .get("/board", async (c) =>
    c.body(
      await service.browseBoard(c.get("services"), { caller: callerOf(c), query: query(c, boardQuery) }),
      200,
      JSON_TEXT,
    ),
  )
  .get("/timeline", async (c) =>
    c.body(
      await service.browseTimeline(c.get("services"), { caller: callerOf(c), query: query(c, timelineQuery) }),
      200,
      JSON_TEXT,
    ),
  )
  .get("/filters", async (c) => c.body(await service.browseFilterOptions(c.get("services")), 200, JSON_TEXT))
  .get("/export.csv", async (c) => {
    const filters = query(c, overviewFilters);
    const rows = service.exportCsv(c.get("services"), { caller: callerOf(c), filters });
    // The first page is read before answering, so a failing query is still an error response, not a cut-off file.
    const first = await rows.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await rows.return(undefined);
      },
    });
    return c.body(body, 200, {
      "content-type": CSV_CONTENT_TYPE,
      "content-disposition": `attachment; filename="${service.exportFilename(new Date())}"`,
      "cache-control": "no-store",
    });
  })
  .get("/ical-token", async (c) => c.json(await service.getIcalFeed(c.get("services"), { caller: callerOf(c) })))
  .post("/ical-token", async (c) => c.json(await service.rotateIcalToken(c.get("services"), { caller: callerOf(c) })));

/** Public: a calendar app has no session, the secret in the address is the only key. */
export const icalRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const file = c.req.param("file");
  if (!file.endsWith(".ics")) throw new AppError("not_found", "There is nothing at this address.");
  const calendar = await service.renderIcalFeed(c.get("services"), { token: file.slice(0, -".ics".length) });
  return c.body(calendar, 200, {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": 'inline; filename="shoots.ics"',
    "cache-control": "private, max-age=300",
  });
});

export const adminRoutes = new Hono<AppEnv>()
  .use(requireCan("dashboard"))
  .get("/dashboard", async (c) => c.json(await service.getDashboard(c.get("services"), { caller: callerOf(c) })))
  .post("/jobs/:id/retry", async (c) =>
    c.json(await service.retryJob(c.get("services"), { caller: callerOf(c), id: c.req.param("id") ?? "" })),
  );
