import { Hono } from "hono";
import { z } from "zod";
import { PERF_FLAG_MS } from "../../../common/perf.ts";
import { requireUser } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { AppError } from "../../lib/errors.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { body } from "../../lib/validate.ts";

export const perfEntry = z.object({
  kind: z.enum(["api", "route"]),
  name: z.string().min(1).max(300),
  durationMs: z
    .number()
    .min(PERF_FLAG_MS)
    .max(24 * 3600 * 1000),
});

/** Reports one person's browser may send a minute; a slow page sends a few, a loop or a script many more. */
export const PERF_REPORTS_PER_MINUTE = 20;

/**
 * The browser reports flagged (> 3 s) calls and route loads here, so slow pages show up in the server's log.
 * Only signed-in people may write to the log, each at a bounded rate, and only a sample of the reports is
 * written (PERF_LOG_SAMPLE; each line says the rate, so counts can be scaled back).
 */
export function perfRoutes() {
  const limiter = createRateLimiter({ limit: PERF_REPORTS_PER_MINUTE, windowMs: 60_000 });
  return new Hono<AppEnv>().use(requireUser).post("/", async (c) => {
    const entry = await body(c, perfEntry);
    if (!limiter.take(c.get("user").id)) {
      // Not worded as a sign-in limit: the web signs a person out on those (SPEC §4), never on this.
      throw new AppError(
        "too_many_requests",
        `Performance reports are limited to ${PERF_REPORTS_PER_MINUTE} a minute; this one was dropped.`,
      );
    }
    const { log, config } = c.get("services");
    const sampleRate = config.PERF_LOG_SAMPLE;
    if (sampleRate > 0 && Math.random() < sampleRate) {
      log.error(
        { perf: { ...entry, source: "browser", userId: c.get("user").id, sampleRate } },
        `slow ${entry.kind}: ${entry.name} took ${Math.round(entry.durationMs)} ms`,
      );
    }
    return c.body(null, 204);
  });
}
