/** "Today" on a crew member's phone: the call sheet of each of their productions' day, and the reports still open. */
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { TodayDay, TodayDto } from "../../../common/daily-reports.ts";
import { mapUrl } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import type { Caller } from "../../auth/caller.ts";
import { dailyReports, projectMembers, shootDays } from "../../db/schema/index.ts";
import { contactsOf, crewOf, getCallSheet } from "../schedule/index.ts";
import { reportRow, shotsOfDay, toDto } from "./reports.ts";
import { isProducer, type S } from "./shared.ts";

/** A report is still the crew's to finish for a week after its day; older ones are found on the project. */
export const OPEN_REPORT_DAYS = 7;
/** A phone shows a handful of days; someone on many crews sees the nearest ones. */
export const TODAY_DAYS_MAX = 8;

type Pick_ = { projectId: string; dayId: string; date: string; kind: TodayDay["kind"] };

/**
 * Which days the caller's phone shows: per production they are on, the shoot day of today or else the next one,
 * and the past week's days whose report is not signed yet (newest first).
 */
async function daysOf(s: Pick<S, "db">, caller: Caller, today: string): Promise<Pick_[]> {
  const rows = await s.db
    .select({ dayId: shootDays.id, projectId: shootDays.projectId, date: shootDays.date })
    .from(shootDays)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, shootDays.projectId), eq(projectMembers.userId, caller.id)),
    )
    .where(gte(shootDays.date, addDays(today, -OPEN_REPORT_DAYS)))
    .orderBy(asc(shootDays.date))
    .limit(500);
  const past = rows.filter((r) => r.date < today).map((r) => r.dayId);
  const signed = new Set(
    past.length
      ? (
          await s.db
            .select({ dayId: dailyReports.shootDayId })
            .from(dailyReports)
            .where(and(inArray(dailyReports.shootDayId, past), isNotNull(dailyReports.signedAt)))
        ).map((r) => r.dayId)
      : [],
  );
  const ahead = new Map<string, Pick_>();
  for (const r of rows)
    if (r.date >= today && !ahead.has(r.projectId))
      ahead.set(r.projectId, { ...r, kind: r.date === today ? "today" : "next" });
  const open = rows
    .filter((r) => r.date < today && !signed.has(r.dayId))
    .reverse()
    .map((r) => ({ ...r, kind: "report" as const }));
  const upcoming = [...ahead.values()].sort((a, b) => a.date.localeCompare(b.date));
  return [...upcoming, ...open].slice(0, TODAY_DAYS_MAX);
}

/** For the menu: whether the caller shoots today or has a report to finish (two small queries, no call sheet). */
export async function onSetNow(s: Pick<S, "db">, opts: { caller: Caller }): Promise<{ onSet: boolean }> {
  const days = await daysOf(s, opts.caller, isoDay(new Date()));
  return { onSet: days.some((d) => d.kind !== "next") };
}

export async function getToday(s: Pick<S, "db">, opts: { caller: Caller }): Promise<TodayDto> {
  const now = new Date();
  const today = isoDay(now);
  const picks = await daysOf(s, opts.caller, today);
  const days: TodayDay[] = [];
  for (const pick of picks) {
    const sheet = await getCallSheet(s, { caller: opts.caller, projectId: pick.projectId, dayId: pick.dayId });
    const day = sheet.day;
    const address = day.address ?? "";
    const [crew, row, producer, shots] = await Promise.all([
      crewOf(s.db, pick.projectId),
      pick.date <= today ? reportRow(s.db, day.id) : undefined,
      isProducer(s.db, pick.projectId, opts.caller.id),
      pick.date <= today ? shotsOfDay(s.db, sheet) : [],
    ]);
    days.push({
      projectId: sheet.projectId,
      projectTitle: sheet.projectTitle,
      kind: pick.kind,
      dayId: day.id,
      date: day.date,
      dayNumber: day.number,
      dayCount: sheet.dayCount,
      myCall: sheet.crew.find((c) => c.userId === opts.caller.id)?.call ?? day.generalCall,
      generalCall: day.generalCall,
      location: day.location,
      address,
      mapUrl: address.trim() ? mapUrl(address) : null,
      weather: day.weather,
      hospital: day.hospital,
      notes: day.notes,
      scenes: day.strips.map((st) => ({
        number: st.number,
        heading: st.omitted ? `${st.heading} (omitted)` : st.heading,
        pages: formatPages(st.eighths),
        cast: st.cast,
      })),
      contacts: contactsOf(crew),
      // The caller is on the crew (that is how the day was found), so the report is theirs to write.
      report: pick.date <= today ? toDto(sheet, row, { canEdit: true, producer }, shots) : null,
    });
  }
  return { today, asOf: now.toISOString(), days };
}
