/** A shoot day's daily production report: read, autosaved with a version, signed and reopened by the producer. */
import { and, eq } from "drizzle-orm";
import {
  dailyReportFields,
  partShotProblem,
  shotEighthsOf,
  type DailyReportDto,
  type DailyReportFields,
  type DailyReportSaveInput,
  type DailyReportSummary,
  type ReportConflictDetails,
} from "../../../common/daily-reports.ts";
import { keys } from "../../../common/query-keys.ts";
import type { CallSheetDto } from "../../../common/schedule.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { dailyReports } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { ShotDto } from "../../../common/shots.ts";
import { getCallSheet } from "../schedule/index.ts";
import { dayShotsOf, markShotsDone, publishShotsChanged } from "../shots/index.ts";
import { isProducer, reportAccess, type S } from "./shared.ts";

export type ReportRow = typeof dailyReports.$inferSelect;
type DayOpts = { caller: Caller; projectId: string; dayId: string };

/** A new report starts from the call sheet: its scenes, none shot yet. */
export function blankFields(sheet: Pick<CallSheetDto, "day">): DailyReportFields {
  return dailyReportFields.parse({
    scenes: sheet.day.strips.map((st) => ({ number: st.number, status: "not_shot" })),
  });
}

/** Scenes put on the day after the report was started join it, not shot yet, so the report follows the sheet. */
function withSheetScenes(fields: DailyReportFields, sheet: Pick<CallSheetDto, "day">): DailyReportFields {
  const listed = new Set(fields.scenes.map((sc) => sc.number));
  const added = blankFields(sheet).scenes.filter((sc) => !listed.has(sc.number));
  return added.length ? { ...fields, scenes: [...fields.scenes, ...added] } : fields;
}

/** Pages shot on this day, by the shared rule (`common/daily-reports.ts`), at the call sheet's lengths. */
export const shotEighths = (fields: Pick<DailyReportFields, "scenes">, sheet: Pick<CallSheetDto, "day">) =>
  shotEighthsOf(fields.scenes, sheet.day.strips);

/** The shots of the day's scenes, from the shot list, for the report to tick off. */
export const shotsOfDay = (db: DbOrTx, sheet: Pick<CallSheetDto, "projectId" | "day">) =>
  dayShotsOf(
    db,
    sheet.projectId,
    sheet.day.strips.map((st) => st.number),
  );

export function toDto(
  sheet: CallSheetDto,
  row: ReportRow | undefined,
  who: { canEdit: boolean; producer: boolean },
  shots: ShotDto[],
): DailyReportDto {
  const fields = row ? withSheetScenes(dailyReportFields.parse(row.fields), sheet) : blankFields(sheet);
  const ticked = new Set(fields.shotsDone);
  return {
    projectId: sheet.projectId,
    projectTitle: sheet.projectTitle,
    dayId: sheet.day.id,
    dayNumber: sheet.day.number,
    date: sheet.day.date,
    generalCall: sheet.day.generalCall,
    version: row?.version ?? 0,
    fields,
    planned: sheet.day.strips.map((st) => ({ number: st.number, heading: st.heading, eighths: st.eighths })),
    plannedEighths: sheet.day.eighths,
    shotEighths: shotEighths(fields, sheet),
    plannedShots: shots.map((x) => ({
      id: x.id,
      sceneNumber: x.sceneNumber,
      number: x.number,
      size: x.size,
      description: x.description,
      setupMinutes: x.setupMinutes,
      doneElsewhere: x.done && !ticked.has(x.id),
    })),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByName: row?.updatedByName ?? "",
    signedAt: row?.signedAt?.toISOString() ?? null,
    signedByName: row?.signedByName ?? null,
    documentId: row?.documentId ?? null,
    canEdit: who.canEdit && !row?.signedAt,
    canSign: who.producer,
  };
}

export async function reportRow(db: DbOrTx, dayId: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(dailyReports).where(eq(dailyReports.shootDayId, dayId));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row;
}

/** The day's report as this caller may see it (a blank one, from the call sheet, before anyone saved it). */
export async function getReport(s: Pick<S, "db">, opts: DayOpts): Promise<DailyReportDto> {
  const access = await reportAccess(s.db, opts.caller, opts.projectId);
  const sheet = await getCallSheet(s, opts);
  const [row, producer, shots] = await Promise.all([
    reportRow(s.db, sheet.day.id),
    isProducer(s.db, sheet.projectId, opts.caller.id),
    shotsOfDay(s.db, sheet),
  ]);
  return toDto(sheet, row, { canEdit: access.canEdit, producer }, shots);
}

/** Which of the project's shoot days have a report, and how far it got: for the links on the stripboard. */
export async function listReports(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string },
): Promise<DailyReportSummary[]> {
  await reportAccess(s.db, opts.caller, opts.projectId);
  const rows = await s.db
    .select({
      dayId: dailyReports.shootDayId,
      version: dailyReports.version,
      signedAt: dailyReports.signedAt,
      shotEighths: dailyReports.shotEighths,
      plannedEighths: dailyReports.plannedEighths,
    })
    .from(dailyReports)
    .where(eq(dailyReports.projectId, opts.projectId))
    // A production has a few dozen shoot days at most; the limit only bounds a runaway.
    .limit(500);
  return rows.map((r) => ({ ...r, signedAt: r.signedAt?.toISOString() ?? null }));
}

/** A save or signature naming an older version: the sentence says who changed the report, the details when. */
export function changedSince(row: ReportRow): AppError {
  const details: ReportConflictDetails = {
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  };
  return new AppError(
    "conflict",
    `Someone else changed this report since you opened it: ${row.updatedByName || "someone"} saved it at ${row.updatedAt.toISOString().slice(11, 16)} UTC. Your text is kept; compare it with theirs before saving again.`,
    details,
  );
}

export const signedRefusal = (row: ReportRow) =>
  new AppError(
    "conflict",
    `${row.signedByName ?? "The producer"} signed this report, so it can no longer be changed. The producer can reopen it.`,
  );

export async function publishReport(s: Pick<S, "events">, projectId: string, overview: boolean) {
  await s.events.publish({
    type: "daily-report.changed",
    invalidate: [keys.dailyReports(projectId), keys.today(), ...(overview ? [keys.overview()] : [])],
    data: { projectId },
  });
}

/**
 * Saves the whole report over the version the writer started from (0 for the first save). A phone that typed
 * offline sends its text when the signal returns; if someone saved in between, the answer is a 409 naming
 * them, and the phone keeps its text.
 */
export async function saveReport(
  s: S,
  opts: DayOpts & { input: DailyReportSaveInput & { fields: DailyReportFields } },
): Promise<DailyReportDto> {
  const { overview, shotsChanged } = await s.db.transaction(async (tx) => {
    await reportAccess(tx, opts.caller, opts.projectId, true);
    const sheet = await getCallSheet({ db: tx }, opts);
    const row = await reportRow(tx, sheet.day.id, { lock: true });
    if (row?.signedAt) throw signedRefusal(row);
    if (opts.input.version !== (row?.version ?? 0)) {
      if (row) throw changedSince(row);
      throw new AppError("conflict", "This report was removed since you opened it. Reload the page.");
    }
    for (const sc of opts.input.fields.scenes) {
      const problem = partShotProblem(sc, sheet.day.strips);
      if (problem) throw new AppError("bad_request", problem);
    }
    // Ticking a shot on the report marks it done in the shot list, unticking it not done; a shot no longer on
    // the day's scenes (deleted, or its scene moved to another day) is not kept on the report.
    const dayShots = new Set((await shotsOfDay(tx, sheet)).map((x) => x.id));
    const fields = {
      ...opts.input.fields,
      shotsDone: [...new Set(opts.input.fields.shotsDone)].filter((id) => dayShots.has(id)),
    };
    const before = new Set(row ? dailyReportFields.parse(row.fields).shotsDone : []);
    const now = new Set(fields.shotsDone);
    const shotsChanged =
      (await markShotsDone(
        tx,
        sheet.projectId,
        [...now].filter((id) => !before.has(id)),
        true,
      )) +
      (await markShotsDone(
        tx,
        sheet.projectId,
        [...before].filter((id) => !now.has(id) && dayShots.has(id)),
        false,
      ));
    const planned = sheet.day.eighths;
    const shot = shotEighths(fields, sheet);
    const values = {
      fields,
      plannedEighths: planned,
      shotEighths: shot,
      updatedBy: opts.caller.id,
      updatedByName: opts.caller.name,
      updatedAt: new Date(),
    };
    if (row)
      await tx
        .update(dailyReports)
        .set({ ...values, version: row.version + 1 })
        .where(and(eq(dailyReports.id, row.id), eq(dailyReports.version, row.version)));
    else await tx.insert(dailyReports).values({ ...values, projectId: sheet.projectId, shootDayId: sheet.day.id });
    // The overview's cached answer sums pages: it is told only when those sums move, not on every keystroke.
    return { overview: !row || row.plannedEighths !== planned || row.shotEighths !== shot, shotsChanged };
  });
  await publishReport(s, opts.projectId, overview);
  if (shotsChanged > 0) await publishShotsChanged(s, opts.projectId);
  return getReport(s, opts);
}
