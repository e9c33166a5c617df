import { LoadError } from "../../components/LoadError.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { FairShareForm } from "./FairShareForm.tsx";
import { useCourseFairShare } from "./fair-api.ts";

/** A course's fair share of equipment on the course's page: its teachers set it there, its students read it. */
export function CourseFairShare({ courseId }: { courseId: string }) {
  const share = useCourseFairShare(courseId);
  if (share.isError)
    return <LoadError what="The course's equipment limits" error={share.error} onRetry={() => void share.refetch()} />;
  if (!share.data) return null;
  return (
    <Card className="flex flex-col gap-2">
      <h3 className="font-semibold">Fair share of equipment</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Limits on what the course's students and projects may hold at once. Requested, approved and checked-out
        reservations count; a day counts when any part of it is booked.
      </p>
      <FairShareForm share={share.data} />
    </Card>
  );
}
