/** The overview service, one file per topic; routes import it from here. */
export { getBoard, browseBoard, browseTimeline, browseFilterOptions, getFilterOptions } from "./board.ts";
export { getTimeline } from "./timeline.ts";
export { CSV_HEADER, describeBlocker, exportFilename, exportCsv } from "./exports.ts";
export { getIcalFeed, rotateIcalToken, renderIcalFeed } from "./feed.ts";
export { getDashboard, retryJob } from "./dashboard.ts";
