import { accounts } from "./accounts.ts";
import { bookingRules } from "./booking-rules.ts";
import { breakdown } from "./breakdown.ts";
import { budgets } from "./budgets.ts";
import { courses } from "./courses.ts";
import { dayOnSet } from "./day-on-set.ts";
import { delivery } from "./delivery.ts";
import { documents, signatures, signing } from "./documents.ts";
import { equipmentDesk, reservingGear, runningInventory } from "./equipment.ts";
import { gettingAround } from "./getting-around.ts";
import { insurance, locations } from "./insurance.ts";
import { notifications } from "./notifications.ts";
import { overview } from "./overview.ts";
import { projects } from "./projects.ts";
import { review } from "./review.ts";
import { safety } from "./safety.ts";
import { screenplays } from "./screenplays.ts";
import { callSheets, scheduling } from "./schedule.ts";
import { shots } from "./shots.ts";
import { minorsAndHours } from "./minors-hours.ts";
import { settings } from "./settings.ts";
import { userManagement } from "./user-management.ts";
import type { GuideChapter } from "./types.ts";

/** The guide's chapters in reading order; each area adds its chapter file here. */
export const CHAPTERS: GuideChapter[] = [
  accounts,
  gettingAround,
  projects,
  screenplays,
  breakdown,
  safety,
  scheduling,
  shots,
  callSheets,
  minorsAndHours,
  dayOnSet,
  locations,
  budgets,
  documents,
  signatures,
  signing,
  review,
  delivery,
  insurance,
  overview,
  reservingGear,
  equipmentDesk,
  runningInventory,
  bookingRules,
  notifications,
  settings,
  userManagement,
  courses,
];
