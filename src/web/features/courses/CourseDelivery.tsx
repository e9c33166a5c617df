import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  DELIVERY_RULE_LABELS,
  DELIVERY_RULES,
  TITLE_HAS_MAX,
  type CourseDeliveryDto,
  type DeliveryItem,
  type DeliveryRule,
} from "../../../common/delivery.ts";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from "../../../common/documents.ts";
import { GREENLIGHT_ITEMS_MAX, GREENLIGHT_LABEL_MAX, uniqueKey } from "../../../common/school.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { AddItemField } from "../../components/ui/AddItemField.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { useCourseDelivery, useResetCourseDelivery, useSaveCourseDelivery } from "../delivery/api.ts";

const ruleOptions = DELIVERY_RULES.map((r) => ({ value: r, label: DELIVERY_RULE_LABELS[r] }));
const categoryOptions = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));

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
  const [newLabel, setNewLabel] = useState("");
  const [resetting, setResetting] = useState(false);
  const save = useSaveCourseDelivery(data.courseId);
  const reset = useResetCourseDelivery(data.courseId);
  const dirty = JSON.stringify(rows) !== JSON.stringify(data.items) || newLabel.trim() !== "";
  useLeaveGuard(dirty, "your changes to the course's delivery checklist");
  const update = (i: number, patch: Partial<DeliveryItem>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () => {
    const label = newLabel.trim();
    if (label.length < 2) {
      toast.error("Item not added", { description: "A checklist item's label needs at least 2 characters." });
      return;
    }
    const key = uniqueKey(
      label,
      rows.map((r) => r.key),
    );
    setRows([...rows, { key, label, rule: "manual", category: null, titleHas: null }]);
    setNewLabel("");
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ items: rows });
      }}
    >
      <ol aria-label="Delivery checklist" className="flex flex-col gap-3">
        {rows.map((r, i) => (
          <li key={r.key} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
            <div className="grid grid-cols-1 gap-3 md:grid-cols-[1fr_12rem]">
              <Field
                label={`Delivery item ${i + 1}`}
                maxLength={GREENLIGHT_LABEL_MAX}
                value={r.label}
                onChange={(e) => update(i, { label: e.target.value })}
              />
              <Select
                label="Ticked by"
                aria-label={`How “${r.label}” is ticked`}
                value={r.rule}
                options={ruleOptions}
                onChange={(e) => {
                  const rule = e.target.value as DeliveryRule;
                  update(i, rule === "documents" ? { rule, category: r.category ?? "delivery" } : { rule });
                }}
              />
            </div>
            {r.rule === "documents" && (
              <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
                <Select
                  label="Category"
                  aria-label={`Category of “${r.label}”`}
                  value={r.category ?? "delivery"}
                  options={categoryOptions}
                  onChange={(e) => update(i, { category: e.target.value as DocumentCategory })}
                />
                <Field
                  label="Title contains (optional)"
                  aria-label={`Words in the title for “${r.label}”`}
                  maxLength={TITLE_HAS_MAX}
                  value={r.titleHas ?? ""}
                  onChange={(e) => update(i, { titleHas: e.target.value || null })}
                />
              </div>
            )}
            <div className="mt-2 flex justify-end">
              <Button
                variant="ghost"
                disabled={rows.length === 1}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
                aria-label={`Remove “${r.label}”`}
              >
                <Trash2 aria-hidden className="size-4" />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <AddItemField
        id="course-delivery-new"
        label="New delivery item"
        maxLength={GREENLIGHT_LABEL_MAX}
        placeholder="e.g. E&O insurance"
        value={newLabel}
        onChange={setNewLabel}
        onAdd={add}
        full={rows.length >= GREENLIGHT_ITEMS_MAX}
      />
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
