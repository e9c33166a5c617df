/** Post-production review (issue 21), one file per topic; routes, other helpers' files and the seed import them from here. */
export type { S, CutRow, VersionRow } from "./review-shared.ts";
export { versionFor, versionRow, noCut, noVersion } from "./review-shared.ts";
export { listCuts, createCut, getCut, cutFor, versionSummary, publishCuts } from "./cuts.ts";
export { handleCutUpload, parseUploadMetadata } from "./upload.ts";
export { serveVersionMedia, versionForWatching, parseRange, PRESIGN_SECONDS } from "./media.ts";
export { makeProxy, versionFolder } from "./proxy.ts";
