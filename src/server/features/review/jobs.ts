import { z } from "zod";
import type { Services } from "../../context.ts";
import { defineJob, enqueue } from "../../lib/jobs.ts";
import { makeProxy } from "./proxy.ts";
import { stagingStore } from "./staging.ts";

/** Without ffmpeg a proxy waits this long before it looks again, so installing ffmpeg later makes the proxies. */
export const NO_FFMPEG_RETRY_MS = 10 * 60 * 1000;

/** The web proxy, poster and thumbnail strip of one uploaded version (`proxy.ts`). */
export const proxyJob = defineJob({
  type: "review.proxy",
  payload: z.object({ versionId: z.string().uuid() }),
  maxAttempts: 3,
  handle: async ({ versionId }, s: Services) => {
    const outcome = await makeProxy(s, versionId);
    // Not a failure: this job ends and a new one is queued for later, with its own attempts (never "dead").
    if (outcome === "no_ffmpeg")
      await enqueue(s.db, proxyJob, { versionId }, { runAt: new Date(Date.now() + NO_FFMPEG_RETRY_MS) });
  },
});

/** Drops the staged pieces of cut uploads left unfinished for a week, once a day, so they do not fill the disk. */
export const cutUploadsPruneJob = defineJob({
  type: "review.uploads-prune",
  payload: z.object({}),
  every: 24 * 60 * 60 * 1000,
  handle: async (_payload, s: Services) => {
    const dropped = await stagingStore(s.config).deleteExpired();
    if (dropped > 0) s.log.info({ dropped }, "dropped unfinished cut uploads");
  },
});
