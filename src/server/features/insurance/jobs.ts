import { z } from "zod";
import type { Services } from "../../context.ts";
import { defineJob } from "../../lib/jobs.ts";
import { scanInsuranceWaiting } from "./reminders.ts";

/**
 * Reminds the insurance office of requests waiting for it, every six hours: the stages are days, and a request
 * endorsed in the morning should not wait a day for its count to start. A scan never sends one twice.
 */
export const insuranceScanJob = defineJob({
  type: "insurance.scan",
  payload: z.object({}),
  every: 6 * 60 * 60 * 1000,
  handle: async (_payload, s: Services) => {
    await scanInsuranceWaiting(s);
  },
});
