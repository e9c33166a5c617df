/** The shots service, one file per topic; routes, the seed and the schedule's call sheet import it from here. */
export { getShots, createShot, updateShot, moveShotInScene, deleteShot } from "./shots.ts";
export { putFrame, deleteFrame, readFrame } from "./frames.ts";
export { shotListPdf, storyboardPdf } from "./pdfs.ts";
export { setupsOf, setupsSection, dayShotsOf, markShotsDone } from "./setups.ts";
export { publishChanged as publishShotsChanged } from "./shared.ts";
