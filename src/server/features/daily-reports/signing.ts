/** The producer signs the day's report: stored as a PDF with the project's call sheets, sent to the supervisor. */
import { eq } from "drizzle-orm";
import type { DailyReportDto } from "../../../common/daily-reports.ts";
import { formatDate, formatTime } from "../../../common/datetime.ts";
import { formatPages } from "../../../common/eighths.ts";
import type { Caller } from "../../auth/caller.ts";
import { dailyReports } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { dailyReportSignedMail } from "../../mail/daily-report-signed.ts";
import { uploadDocument } from "../documents/index.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { renderReportPdf } from "./pdfs.ts";
import { changedSince, getReport, publishReport, reportRow, signedRefusal } from "./reports.ts";
import { reportAccess, type S } from "./shared.ts";

type DayOpts = { caller: Caller; projectId: string; dayId: string };

const onlyProducer = () =>
  new AppError("forbidden", "Only the project's producer signs and reopens its daily production reports.");

/** The report as the producer may sign it: theirs to sign, not signed yet, the version they read. */
async function signable(s: Pick<S, "db">, opts: DayOpts & { version: number }): Promise<DailyReportDto> {
  const report = await getReport(s, opts);
  if (!report.canSign) throw onlyProducer();
  const row = await reportRow(s.db, report.dayId);
  if (!row) throw new AppError("conflict", "Nothing is written in this report yet. Fill it in before signing it.");
  if (row.signedAt) throw signedRefusal(row);
  if (row.version !== opts.version) throw changedSince(row);
  const { actualCall, wrap } = report.fields;
  if (!actualCall || !wrap) throw new AppError("bad_request", "Fill in the actual call and the wrap before signing.");
  return report;
}

/**
 * Signs the report: its PDF becomes a document of the project (a new version of the same document when a
 * reopened report is signed again), the report turns read-only, and the supervisor is told in the portal and
 * by e-mail through the queue.
 */
export async function signReport(s: S, opts: DayOpts & { version: number }): Promise<DailyReportDto> {
  const report = await signable(s, opts);
  const f = await getSchoolSettings(s.db);
  const signedAt = new Date();
  const signed = { ...report, signedAt: signedAt.toISOString(), signedByName: opts.caller.name };
  const bytes = await renderReportPdf("report", signed, f);
  const doc = await uploadDocument(s, {
    caller: opts.caller,
    projectId: report.projectId,
    ...(report.documentId ? { documentId: report.documentId } : {}),
    fileName: `daily-production-report-day-${report.dayNumber}-${report.date}.pdf`,
    title: `Daily production report, day ${report.dayNumber} (${report.date})`,
    category: "call_sheets",
    bytes,
  });
  const notified = await s.db.transaction(async (tx) => {
    const access = await reportAccess(tx, opts.caller, opts.projectId, true);
    const row = await reportRow(tx, report.dayId, { lock: true });
    // Someone saved while the PDF was made: the signature would not cover what they wrote.
    if (!row) throw new AppError("conflict", "This report was removed since you opened it. Reload the page.");
    if (row.version !== opts.version) throw changedSince(row);
    if (row.signedAt) throw signedRefusal(row);
    await tx
      .update(dailyReports)
      .set({
        signedAt,
        signedBy: opts.caller.id,
        signedByName: opts.caller.name,
        documentId: doc.id,
        version: row.version + 1,
      })
      .where(eq(dailyReports.id, row.id));
    const supervisorId = access.project.supervisorId;
    if (!supervisorId) return [];
    const date = formatDate(report.date, f, { style: "long", weekday: true });
    const pages = `${formatPages(report.shotEighths)} of ${formatPages(report.plannedEighths)}`;
    const link = `/project/${report.projectId}?tab=documents`;
    return notify(tx, {
      userIds: [supervisorId],
      kind: "daily_reports",
      title: `Day ${report.dayNumber} of “${report.projectTitle}” is reported`,
      body: `${opts.caller.name} signed the daily production report of ${date}: ${pages} pages shot.`,
      link,
      email: dailyReportSignedMail({
        producerName: opts.caller.name,
        projectTitle: report.projectTitle,
        date,
        dayNumber: report.dayNumber,
        pages,
        wrap: formatTime(report.fields.wrap, f),
        injury: report.fields.injury.trim() !== "",
        url: new URL(link, s.config.PUBLIC_URL).toString(),
      }),
    });
  });
  await publishNotified(s, notified);
  await publishReport(s, opts.projectId, false);
  return getReport(s, opts);
}

/** The producer reopens a signed report to correct it; signing it again stores a new version of its PDF. */
export async function reopenReport(s: S, opts: DayOpts): Promise<DailyReportDto> {
  const report = await getReport(s, opts);
  if (!report.canSign) throw onlyProducer();
  await s.db.transaction(async (tx) => {
    await reportAccess(tx, opts.caller, opts.projectId, true);
    const row = await reportRow(tx, report.dayId, { lock: true });
    if (!row?.signedAt) throw new AppError("conflict", "This report is not signed, so there is nothing to reopen.");
    await tx
      .update(dailyReports)
      .set({
        signedAt: null,
        signedBy: null,
        signedByName: null,
        version: row.version + 1,
        updatedBy: opts.caller.id,
        updatedByName: opts.caller.name,
        updatedAt: new Date(),
      })
      .where(eq(dailyReports.id, row.id));
  });
  await publishReport(s, opts.projectId, false);
  return getReport(s, opts);
}
