/** The projects service, one file per topic; routes and other domains import it from here (access and contacts from their own files). */
export {
  blockerReasons,
  listProjects,
  PROJECTS_SCOPE,
  crewProjectsOf,
  standingOf,
  forViewer,
  browseProjects,
  browseDocumentaries,
  viewProject,
  listDocumentaries,
} from "./lists.ts";
export { getProject, getActivity } from "./detail.ts";
export { createProject, updateProject, deleteProject } from "./projects.ts";
export { addMember, updateMember, removeMember } from "./crew.ts";
export { createMilestone, updateMilestone, deleteMilestone } from "./milestones.ts";
export { changePhase, tickGreenlight } from "./phase.ts";
export { DOC_SECTIONS, createDocItem, updateDocItem, deleteDocItem } from "./documentary.ts";
export type { DocSection, DocCreate, DocUpdate } from "./documentary.ts";
/** What other domains write into a project's activity, and the projects list's filter the overview shares. */
export { recordActivity, listWhere } from "./repository.ts";
