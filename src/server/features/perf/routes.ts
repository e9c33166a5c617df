import { Hono } from "hono";
import { z } from "zod";
import { PERF_FLAG_MS } from "../../../common/perf.ts";
import type { AppEnv } from "../../auth/guards.ts";
import { body } from "../../lib/validate.ts";

export const perfEntry = z.object({
  kind: z.enum(["api", "route"]),
  name: z.string().min(1).max(300),
  durationMs: z.number().min(PERF_FLAG_MS).max(24 * 3600 * 1000),
});

/** The browser reports flagged (> 3 s) calls and route loads here, so slow pages show up in the server's log. */
export const perfRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const entry = await body(c, perfEntry);
  c.get("services").log.error({ perf: { ...entry, source: "browser" } }, `slow ${entry.kind}: ${entry.name} took ${Math.round(entry.durationMs)} ms`);
  return c.body(null, 204);
});
