/** The courses service, one file per topic; routes and other domains import it from here. */
export {
  listCourses,
  getCourse,
  createCourse,
  updateCourse,
  courseForProject,
  courseFilterOptions,
  mayManageCourses,
} from "./courses.ts";
export { importRoster, type RosterSource } from "./roster.ts";
export { getCourseGreenlight, saveCourseGreenlight, resetCourseGreenlight } from "./greenlight.ts";
