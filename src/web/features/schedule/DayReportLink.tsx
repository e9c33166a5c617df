import { ClipboardList } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import type { DailyReportSummary } from "../../../common/daily-reports.ts";
import type { ShootDayDto } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import { isoDay } from "../../../common/time.ts";
import { reportPagePath, useReportList } from "../daily-reports/api.ts";

/**
 * The day's daily production report from its lane on the stripboard: open it when it was started, start it from
 * the day on (as Today does, by the server's UTC day); a day ahead has no report yet. Only those who may write
 * reports (the crew, staff, admins: the schedule's `canEdit`) are shown the links.
 */
export function useDayReports(projectId: string, canEdit: boolean) {
  const list = useReportList(projectId, canEdit);
  const byDay = new Map((list.data ?? []).map((r) => [r.dayId, r]));
  return canEdit && list.isSuccess ? (dayId: string) => ({ report: byDay.get(dayId) ?? null }) : null;
}

export function DayReportLink({
  projectId,
  day,
  report,
}: {
  projectId: string;
  day: Pick<ShootDayDto, "id" | "number" | "date">;
  report: DailyReportSummary | null;
}) {
  if (!report && day.date > isoDay(new Date())) return null;
  const state = !report
    ? "Start the daily report"
    : report.signedAt
      ? "Daily report, signed"
      : `Daily report: ${formatPages(report.shotEighths)} of ${formatPages(report.plannedEighths)} shot`;
  return (
    <Link
      to={reportPagePath(projectId, day.id)}
      aria-label={`${report ? "Open" : "Start"} the daily report of day ${day.number}`}
      className="mt-1 inline-flex items-center gap-1 text-xs underline underline-offset-4"
    >
      <ClipboardList aria-hidden className="size-3.5" />
      {state}
    </Link>
  );
}

/** `?day=` (the report's way back): the day's lane is scrolled into view and focused, once the board is drawn. */
export function useDayFromAddress(board: React.RefObject<HTMLElement | null>) {
  const [params] = useSearchParams();
  const dayId = params.get("day");
  useEffect(() => {
    if (!dayId) return;
    const lane = board.current?.querySelector<HTMLElement>(`[data-day="${CSS.escape(dayId)}"]`);
    lane?.scrollIntoView({ block: "nearest", inline: "center" });
    lane?.focus();
  }, [dayId, board]);
  return dayId;
}
