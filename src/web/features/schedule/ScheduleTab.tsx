import { useState } from "react";
import { scheduleSummary } from "../../../common/schedule.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { PdfLink } from "./PdfLink.tsx";
import { breakdownSheetsPdfUrl, oneLinerPdfUrl, useSchedule } from "./api.ts";
import { CallSheet } from "./CallSheet.tsx";
import { CastList } from "./CastList.tsx";
import { DayOutOfDays } from "./DayOutOfDays.tsx";
import { Stripboard } from "./Stripboard.tsx";

/** The "Schedule" tab of a project: stripboard, Day Out of Days and call sheets. */
export function ScheduleTab({ projectId }: { projectId: string }) {
  const schedule = useSchedule(projectId);
  const [view, setView] = useState("stripboard");
  if (schedule.isPending) return <Skeleton className="h-96" />;
  if (schedule.isError) {
    return <LoadError what="The schedule" error={schedule.error} onRetry={() => void schedule.refetch()} />;
  }
  const s = schedule.data;
  const total = s.days.reduce((n, d) => n + d.eighths, 0);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {scheduleSummary(s.days.length, total, s.bank.length)}
        {!s.canEdit && " The crew, staff and admins plan the schedule."}
      </p>
      <nav aria-label="Print the schedule" className="flex flex-wrap gap-2">
        <PdfLink href={breakdownSheetsPdfUrl(projectId)} print>
          Print breakdown sheets
        </PdfLink>
        <PdfLink href={oneLinerPdfUrl(projectId)} print>
          Print one-liner
        </PdfLink>
      </nav>
      <Tabs
        label="Schedule views"
        selected={view}
        onSelect={setView}
        tabs={[
          { id: "stripboard", label: "Stripboard", content: <Stripboard schedule={s} projectId={projectId} /> },
          { id: "cast", label: "Cast", content: <CastList schedule={s} projectId={projectId} /> },
          { id: "dood", label: "Day Out of Days", content: <DayOutOfDays schedule={s} /> },
          { id: "call-sheets", label: "Call sheets", content: <CallSheet schedule={s} projectId={projectId} /> },
        ]}
      />
    </div>
  );
}
