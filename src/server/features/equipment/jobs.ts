import { z } from "zod";
import type { Services } from "../../context.ts";
import { defineJob } from "../../lib/jobs.ts";
import { scanEquipmentDue } from "./overdue.ts";

/**
 * Reminds borrowers before gear is due and when it is late; every quarter of an hour, so "overdue" is noticed
 * within a quarter of an hour of the due time.
 */
export const equipmentScanJob = defineJob({
  type: "equipment.scan",
  payload: z.object({}),
  every: 15 * 60 * 1000,
  handle: async (_payload, s: Services) => {
    await scanEquipmentDue(s);
  },
});
