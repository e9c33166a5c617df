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
/** Who may read a course's things and who may change them, for the checklists other domains keep per course. */
export { courseFor as courseAccess } from "./greenlight.ts";
export { publishCourseChanged } from "./courses.ts";
