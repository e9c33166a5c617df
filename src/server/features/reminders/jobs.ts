import { z } from "zod";
import type { Services } from "../../context.ts";
import { defineJob } from "../../lib/jobs.ts";
import { scanGreenlightDue } from "./greenlight.ts";
import { scanMilestonesDue } from "./milestones.ts";

/** Tells crews about milestones due within 48 hours, every hour; a scan never tells anyone twice, so a retry is harmless. */
export const milestoneScanJob = defineJob({
  type: "milestones.scan",
  payload: z.object({}),
  every: 60 * 60 * 1000,
  handle: async (_payload, s: Services) => {
    await scanMilestonesDue(s);
  },
});

/**
 * Tells projects' leads about their course's greenlight deadlines, once a day: the deadlines are days, not hours,
 * and a scan never tells anyone twice, so a retry or a second instance is harmless.
 */
export const greenlightScanJob = defineJob({
  type: "greenlight.scan",
  payload: z.object({}),
  every: 24 * 60 * 60 * 1000,
  handle: async (_payload, s: Services) => {
    await scanGreenlightDue(s);
  },
});
