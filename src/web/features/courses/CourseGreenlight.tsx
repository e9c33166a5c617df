import { useState } from "react";
import { toast } from "sonner";
import {
  LEAD_DAYS_MAX,
  LEAD_UNITS,
  leadDaysOf,
  leadParts,
  leadText,
  type CourseGreenlightDto,
  type CourseGreenlightItem,
  type LeadUnit,
} from "../../../common/course-greenlight.ts";
import { parseNumberInput, type NumberFormat } from "../../../common/number-input.ts";
import { GREENLIGHT_SOURCE_LABELS, GREENLIGHT_TICKER_LABELS, GREENLIGHT_TICKERS } from "../../../common/school.ts";
import type { GreenlightItem } from "../../../common/projects.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { ChecklistEditor } from "../../components/ChecklistEditor.tsx";
import { NumberField } from "../../components/ui/NumberField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useSchoolSettings } from "../../lib/number-input.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { useCourseGreenlight, useResetCourseGreenlight, useSaveCourseGreenlight } from "./api.ts";

/** An item as the form holds it: the lead as typed, in the unit chosen. */
interface Row extends GreenlightItem {
  lead: string;
  unit: LeadUnit;
}

const toRow = (i: CourseGreenlightItem): Row => {
  const { amount, unit } = i.leadDays === null ? { amount: null, unit: "weeks" as const } : leadParts(i.leadDays);
  return { key: i.key, label: i.label, source: i.source, tickedBy: i.tickedBy, lead: amount?.toString() ?? "", unit };
};
const unitOptions = LEAD_UNITS.map((u) => ({ value: u, label: u }));
const tickerOptions = GREENLIGHT_TICKERS.map((t) => ({ value: t, label: GREENLIGHT_TICKER_LABELS[t] }));

/** What the deadline typed so far means, in the words the projects will read; the reason when it cannot be read. */
function leadPreview(r: Row, format: NumberFormat | undefined): string {
  if (r.lead.trim() === "") return "No deadline (the field is empty).";
  const n = parseNumberInput(r.lead, { digits: 0, format });
  return n.ok ? `Due ${leadText(leadDaysOf(n.value, r.unit))}.` : n.message;
}

/** The course's checklist and its deadlines: read by everyone on the course, changed by its teachers and admins. */
export function CourseGreenlight({ courseId }: { courseId: string }) {
  const q = useCourseGreenlight(courseId);
  if (q.error) return <LoadError what="The course's checklist" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the checklist…</p>;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Greenlight Checklist and Deadlines</h3>
        <Badge tone={q.data.followsSchool ? "neutral" : "good"}>
          {q.data.followsSchool ? "The school's list" : "The course's own list"}
        </Badge>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The course's projects show this checklist on their greenlight. A deadline counts back from a project's first
        scheduled shoot day; its producers and leads are reminded before an item is due and when it is overdue.
        {q.data.followsSchool && " Until it is edited here, the course follows the school's list."}
      </p>
      {q.data.canEdit ? <Editor key={JSON.stringify(q.data.items)} data={q.data} /> : <ReadOnly data={q.data} />}
    </Card>
  );
}

function ReadOnly({ data }: { data: CourseGreenlightDto }) {
  return (
    <ul aria-label="Course checklist" className="flex flex-col gap-1 text-sm">
      {data.items.map((i) => (
        <li key={i.key}>
          <span className="font-medium">{i.label}</span>
          <span className="text-zinc-600 dark:text-zinc-400">
            {" "}
            · {i.leadDays === null ? "no deadline" : `due ${leadText(i.leadDays)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Editor({ data }: { data: CourseGreenlightDto }) {
  const initial = data.items.map(toRow);
  const [rows, setRows] = useState<Row[]>(initial);
  const [resetting, setResetting] = useState(false);
  const save = useSaveCourseGreenlight(data.courseId);
  const reset = useResetCourseGreenlight(data.courseId);
  const numberFormat = useSchoolSettings()?.numberFormat;
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);
  useLeaveGuard(dirty, "your changes to the course's greenlight checklist");

  const submit = () => {
    const items: CourseGreenlightItem[] = [];
    for (const [i, r] of rows.entries()) {
      let leadDays: number | null = null;
      if (r.lead.trim() !== "") {
        const n = parseNumberInput(r.lead, { digits: 0, format: numberFormat });
        const days = n.ok ? leadDaysOf(n.value, r.unit) : NaN;
        if (!n.ok || days < 0 || days > LEAD_DAYS_MAX) {
          toast.error("Checklist not saved", {
            description: n.ok
              ? `The deadline of “${r.label}” may be at most ${LEAD_DAYS_MAX} days (52 weeks) before the first shoot day.`
              : `The deadline of “${r.label}”: ${n.message}`,
          });
          document.getElementById(`course-greenlight-lead-${i}`)?.focus();
          return;
        }
        leadDays = days;
      }
      items.push({ key: r.key, label: r.label, source: r.source, tickedBy: r.tickedBy, leadDays });
    }
    save.mutate({ items });
  };

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <ChecklistEditor
        items={rows}
        onChange={setRows}
        listLabel="Course checklist"
        itemLabel={(i) => `Item ${i + 1}`}
        gridClassName="grid grid-cols-2 gap-3 md:grid-cols-[1fr_6rem_7rem_11rem]"
        labelClassName="col-span-2 md:col-span-1"
        note={(r) => leadPreview(r, numberFormat)}
        add={{
          label: "New checklist item",
          placeholder: "e.g. Script locked",
          takenKeys: data.schoolItems.map((i) => i.key),
          make: (key, label): Row => ({ key, label, source: "manual", tickedBy: "member", lead: "", unit: "weeks" }),
        }}
        fields={(r, update, i) => (
          <>
            <NumberField
              id={`course-greenlight-lead-${i}`}
              label="Deadline"
              aria-label={`Deadline of “${r.label}”`}
              placeholder="None"
              value={r.lead}
              onChange={(lead) => update({ lead })}
              digits={0}
              format={numberFormat}
            />
            <Select
              label="Weeks or days"
              aria-label={`Deadline unit of “${r.label}”`}
              value={r.unit}
              options={unitOptions}
              onChange={(e) => update({ unit: e.target.value as LeadUnit })}
            />
            {r.source === "manual" ? (
              <Select
                className="col-span-2 md:col-span-1"
                label="Who ticks it"
                value={r.tickedBy}
                options={tickerOptions}
                onChange={(e) => update({ tickedBy: e.target.value as Row["tickedBy"] })}
              />
            ) : (
              <p className="col-span-2 self-end text-sm text-zinc-600 md:col-span-1 dark:text-zinc-400">
                Ticked automatically: {GREENLIGHT_SOURCE_LABELS[r.source].toLowerCase()}
              </p>
            )}
          </>
        )}
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Removing an item deletes nothing: the projects' ticks stay, and the item shows again if it comes back.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending} disabled={!dirty}>
          Save Checklist
        </Button>
        {!data.followsSchool && (
          <Button variant="secondary" onClick={() => setResetting(true)}>
            Use the School's List
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={resetting}
        title="Use the school's checklist again?"
        confirmLabel="Use the School's List"
        busy={reset.isPending}
        onCancel={() => setResetting(false)}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setResetting(false) })}
      >
        The course's own items and deadlines are dropped, and its projects show the school's checklist without dates.
      </ConfirmDialog>
    </form>
  );
}
