import { z } from "zod";
import type { Services } from "../../context.ts";
import { defineJob } from "../../lib/jobs.ts";
import { scanSafetyDue } from "./reminders.ts";

/**
 * Reminds producers and approvers of hazard paperwork coming due, every six hours: due dates are days, but a
 * scene moved in the morning should not wait a day for its reminder. A scan never sends one twice.
 */
export const safetyScanJob = defineJob({
  type: "safety.scan",
  payload: z.object({}),
  every: 6 * 60 * 60 * 1000,
  handle: async (_payload, s: Services) => {
    await scanSafetyDue(s);
  },
});
