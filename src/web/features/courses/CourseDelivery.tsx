import { useState } from "react";
import { DELIVERY_RULE_LABELS, type CourseDeliveryDto, type DeliveryItem } from "../../../common/delivery.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { useCourseDelivery, useResetCourseDelivery, useSaveCourseDelivery } from "../delivery/api.ts";
import { DeliveryItemsEditor } from "../delivery/DeliveryItemsEditor.tsx";

/** The course's delivery checklist: read by everyone on the course, changed by its teachers and admins. */
export function CourseDelivery({ courseId }: { courseId: string }) {
  const q = useCourseDelivery(courseId);
  if (q.error) return <LoadError what="The delivery checklist" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the delivery checklist…</p>;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Delivery Checklist</h3>
        <Badge tone={q.data.followsSchool ? "neutral" : "good"}>
          {q.data.followsSchool ? "The school's list" : "The course's own list"}
        </Badge>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        What a finished film of this course delivers. The projects show it on their Delivery tab; an item ticks itself
        from documents of a category (and words in their titles), from signed releases or permits, or is ticked by hand.
        A teacher signs the delivery off when every item is done.
      </p>
      {q.data.canEdit ? (
        <Editor key={JSON.stringify(q.data.items)} data={q.data} />
      ) : (
        <ul aria-label="Delivery checklist" className="flex flex-col gap-1 text-sm">
          {q.data.items.map((i) => (
            <li key={i.key}>
              <span className="font-medium">{i.label}</span>
              <span className="text-zinc-600 dark:text-zinc-400"> · {DELIVERY_RULE_LABELS[i.rule].toLowerCase()}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Editor({ data }: { data: CourseDeliveryDto }) {
  const [rows, setRows] = useState<DeliveryItem[]>(data.items);
  const [resetting, setResetting] = useState(false);
  const save = useSaveCourseDelivery(data.courseId);
  const reset = useResetCourseDelivery(data.courseId);
  const dirty = JSON.stringify(rows) !== JSON.stringify(data.items);
  useLeaveGuard(dirty, "your changes to the course's delivery checklist");
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ items: rows });
      }}
    >
      <DeliveryItemsEditor items={rows} onChange={setRows} addId="course-delivery-new" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending} disabled={!dirty}>
          Save Delivery Checklist
        </Button>
        {!data.followsSchool && (
          <Button variant="secondary" onClick={() => setResetting(true)}>
            Use the School's Delivery List
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={resetting}
        title="Use the school's delivery checklist again?"
        confirmLabel="Use the School's List"
        busy={reset.isPending}
        onCancel={() => setResetting(false)}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setResetting(false) })}
      >
        The course's own items are dropped; hand ticks on its projects stay and show again if an item comes back.
      </ConfirmDialog>
    </form>
  );
}
