/** The review's notes, carrying and decisions (issue 21); its routes and the guest links' public routes import it from here. */
export type { S } from "./review-shared.ts";
export { versionSummary, versionsOf, mayDecide, cutPagePath } from "./review-shared.ts";
export { listNotes, getNotes, addNote, addGuestNote, replyToNote, updateNote, deleteNote } from "./notes.ts";
export { carryNotes } from "./carry.ts";
export { getCutReview, decideVersion } from "./decisions.ts";
