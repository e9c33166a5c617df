/**
 * What a crew member's phone keeps for the day on set without signal, in local storage: the last Today answer
 * (shown with its time when the portal cannot be reached) and each report's unsent text (sent when the signal
 * returns). Both are cleared with the query cache when the person signs out (`lib/query-cache.ts`), so the next
 * person on a shared phone sees none of it.
 */
import type { DailyReportFields, TodayDto } from "../../../common/daily-reports.ts";
import { OFFLINE_PREFIX } from "../../lib/query-cache.ts";

const TODAY = `${OFFLINE_PREFIX}today`;
const DRAFT = `${OFFLINE_PREFIX}dpr:`;

/** A report's text not yet on the server, and the version it was written over. */
export interface ReportDraft {
  version: number;
  fields: DailyReportFields;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage only means the phone cannot keep this while offline; the page still works.
  }
}

export const savedToday = () => read<TodayDto>(TODAY);
export const keepToday = (today: TodayDto) => write(TODAY, today);

export const draftOf = (dayId: string) => read<ReportDraft>(DRAFT + dayId);
export const keepDraft = (dayId: string, draft: ReportDraft) => write(DRAFT + dayId, draft);
export const dropDraft = (dayId: string) => {
  try {
    localStorage.removeItem(DRAFT + dayId);
  } catch {
    /* nothing kept */
  }
};
