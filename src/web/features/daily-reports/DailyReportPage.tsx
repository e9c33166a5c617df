import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { Card } from "../../components/ui/Card.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useFormats } from "../../lib/format.ts";
import { dayOnSchedulePath, useReport } from "./api.ts";
import { ReportEditor } from "./ReportEditor.tsx";

/**
 * /project/:id/daily-report/:dayId — one shoot day's report, reached from the day on the project's stripboard
 * (any day, also those Today no longer lists), with the way back to that day.
 */
export default function DailyReportPage() {
  const fmt = useFormats();
  const { id = "", dayId = "" } = useParams();
  const report = useReport(id, dayId);
  const back = (
    <Link
      className="inline-flex items-center gap-1 text-sm underline underline-offset-4"
      to={dayOnSchedulePath(id, dayId)}
    >
      <ArrowLeft aria-hidden className="size-4" />
      {report.data ? `Back to day ${report.data.dayNumber} on the schedule` : "Back to the schedule"}
    </Link>
  );
  if (!report.data)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Skeleton className="h-96" />
      </div>
    );
  const r = report.data;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <PageHeader
        title={`Daily production report: day ${r.dayNumber}`}
        description={`${r.projectTitle}, ${fmt.date(r.date, { style: "long", weekday: true })}, general call ${fmt.time(r.generalCall)}`}
      />
      <Card>
        <ReportEditor report={r} />
      </Card>
    </div>
  );
}
