/** The day on set: Today, the daily production report and its papers; routes, the seed and the overview import it from here. */
export { getReport, listReports, saveReport } from "./reports.ts";
export { signReport, reopenReport } from "./signing.ts";
export { reportPdf, REPORT_PDFS, REPORT_PDF_TITLES } from "./pdfs.ts";
export type { ReportPdf } from "./pdfs.ts";
export { getToday, onSetNow } from "./today.ts";
export { shootProgress } from "./progress.ts";
