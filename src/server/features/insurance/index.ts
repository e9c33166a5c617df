/** Certificates of insurance, one file per topic; routes and the seed import them from here. */
export type { S } from "./shared.ts";
export {
  listForProject,
  listWaiting,
  createRequest,
  endorse,
  withdraw,
  renewLink,
  answerInPortal,
} from "./requests.ts";
export { openLink, answerByLink } from "./link.ts";
export { answerPath } from "./office.ts";
export { scanInsuranceWaiting } from "./reminders.ts";
export { insuranceState } from "./greenlight.ts";
