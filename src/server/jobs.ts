import type { Services } from "./context.ts";
import { signatureScanJob } from "./features/documents/jobs.ts";
import { equipmentScanJob } from "./features/equipment/jobs.ts";
import { insuranceScanJob } from "./features/insurance/jobs.ts";
import { greenlightScanJob, milestoneScanJob } from "./features/reminders/jobs.ts";
import { cutUploadsPruneJob, proxyJob } from "./features/review/jobs.ts";
import { safetyScanJob } from "./features/safety/jobs.ts";
import { jobRegistry, pruneJobsJob } from "./lib/jobs.ts";
import { sendEmailJob } from "./mail/queue.ts";
import { backupJob } from "./ops/backup-job.ts";

/**
 * Every job the workers know, assembled once at start (portal.ts puts it on the services). A domain defines
 * its jobs beside the code they run; a new one is its definition and one line here. Nothing under features/
 * or lib/ imports this file, so no import runs back from a domain to the list of domains.
 */
export const portalJobs = jobRegistry<Services>([
  sendEmailJob,
  milestoneScanJob,
  greenlightScanJob,
  pruneJobsJob,
  signatureScanJob,
  equipmentScanJob,
  safetyScanJob,
  insuranceScanJob,
  backupJob,
  proxyJob,
  cutUploadsPruneJob,
]);
