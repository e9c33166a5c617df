import { z } from "zod";
import type { Services } from "../../context.ts";
import { defineJob } from "../../lib/jobs.ts";
import { scanSignatures } from "./index.ts";

/** Expires signature requests and sends the automatic reminders, every hour. */
export const signatureScanJob = defineJob({
  type: "signatures.scan",
  payload: z.object({}),
  every: 60 * 60 * 1000,
  handle: async (_payload, s: Services) => {
    await scanSignatures(s);
  },
});
