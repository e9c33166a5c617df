/** Hazards and their paperwork: the school's hazard kinds, a project's requirements, their checks and reminders. */
export { getHazardKinds, saveHazardKinds } from "./kinds.ts";
export {
  addFlagRequirements,
  withdrawFlagRequirements,
  getSafety,
  attachDocument,
  decideRequirement,
  listAwaiting,
  requirementKeys,
} from "./requirements.ts";
export { hazardDayChecks, blockedDaysOf } from "./checks.ts";
export { scanSafetyDue } from "./reminders.ts";
