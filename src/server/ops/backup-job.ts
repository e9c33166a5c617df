import { z } from "zod";
import type { Services } from "../context.ts";
import { defineJob } from "../lib/jobs.ts";
import { runScheduledBackup } from "./backup.ts";

/** Writes the daily backup into BACKUP_DIR and prunes the old ones; it recurs only while BACKUP_DIR is set. */
export const backupJob = defineJob({
  type: "backup.daily",
  payload: z.object({}),
  every: 24 * 60 * 60 * 1000,
  enabled: (s: Services) => !!s.config.BACKUP_DIR,
  // A failed backup is retried a few times, then the next day's run tries afresh (the dead job is in the log).
  maxAttempts: 3,
  handle: async (_payload, s: Services) => {
    // A run queued while BACKUP_DIR was set, taken after a restart without it.
    if (!s.config.BACKUP_DIR) return;
    const summary = await runScheduledBackup(s.database, s.config);
    s.log.info({ file: summary?.file, rows: summary?.rows, files: summary?.files }, "daily backup written");
  },
});
