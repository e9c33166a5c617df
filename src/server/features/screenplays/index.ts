/** The screenplays service, one file per topic; routes import it from here (the breakdown reads the access rule from reading.ts). */
export {
  accessTo,
  readable,
  getScreenplay,
  viewScreenplay,
  getRevision,
  compare,
  getReport,
  exportPdf,
  exportFdx,
} from "./reading.ts";
export type { Access } from "./reading.ts";
export { listScreenplays } from "./list.ts";
export {
  createScreenplay,
  importScreenplay,
  updateScreenplay,
  deleteScreenplay,
  createRevision,
  restoreRevision,
  lockScenes,
  unlockScenes,
} from "./changes.ts";
export { createNote, updateNote } from "./notes.ts";
export { safetyItemKey } from "./breakdown.ts";
