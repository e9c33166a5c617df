import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { BUDGET_UNITS, type BudgetUnit } from "../../../common/budget.ts";
import type { BudgetTemplateDto } from "../../../common/budget-template.ts";
import { currencyMinorDigits } from "../../../common/school.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { useAccounts, useBudgetTemplate, useSaveBudgetTemplate } from "./api.ts";
import { emptyTemplateRow, readTemplateRows, templateRowOf, type TemplateRow } from "./template-rows.ts";

const INPUT =
  "min-h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm disabled:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:disabled:bg-zinc-950";

/**
 * A course's budget template on the course's page: the lines its projects' budgets start from, with the day
 * rates the school pays. Its teachers and admins edit it; its students read it.
 */
export function CourseBudgetTemplate({ courseId }: { courseId: string }) {
  const template = useBudgetTemplate(courseId);
  if (template.isError)
    return (
      <LoadError what="The course's budget template" error={template.error} onRetry={() => void template.refetch()} />
    );
  if (!template.data) return null;
  return <TemplateForm key={template.data.updatedAt ?? "new"} template={template.data} />;
}

function TemplateForm({ template }: { template: BudgetTemplateDto }) {
  const digits = currencyMinorDigits(template.currency);
  const format = template.numberFormat;
  const saved = () => template.lines.map((l) => templateRowOf(l, digits, format));
  const [rows, setRows] = useState<TemplateRow[]>(saved);
  const [dirty, setDirty] = useState(false);
  const accounts = useAccounts();
  useLeaveGuard(dirty, "your changes to the course's budget template");
  const onSaveKey = useSaveShortcut();
  const save = useSaveBudgetTemplate(template.courseId, {
    success: (t) => ["Budget template saved", `${t.lines.length} ${t.lines.length === 1 ? "line" : "lines"}.`],
    failure: "Budget template not saved",
  });
  const set = (i: number, patch: Partial<TemplateRow>) => {
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
    setDirty(true);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const read = readTemplateRows(rows, digits, format);
    if ("problem" in read) return void toast.error("Budget template not saved", { description: read.problem });
    save.mutate(read.lines);
  };
  const edit = template.canEdit;
  return (
    <Card className="flex flex-col gap-2">
      <h3 id={`budget-template-${template.courseId}`} className="font-semibold">
        Budget template
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The lines a project of this course can start its budget from, with the school's day rates. A line whose
        description names a crew role (“Sound”, “Director of photography”) or “Cast” gives that person's day rate when a
        budget is started from the schedule. Rates in {template.currency}.
      </p>
      <form
        onSubmit={onSubmit}
        onKeyDown={onSaveKey}
        aria-labelledby={`budget-template-${template.courseId}`}
        className="flex flex-col gap-2"
      >
        {rows.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No lines yet.</p>}
        <ul className="flex flex-col gap-2">
          {rows.map((r, i) => (
            <li
              key={i}
              className="grid grid-cols-2 items-start gap-2 border-b border-zinc-100 pb-2 sm:grid-cols-[11rem_1fr_5rem_6rem_7rem_auto] sm:border-0 sm:pb-0 dark:border-zinc-800"
            >
              <select
                aria-label={`Line ${i + 1} account`}
                className={INPUT}
                disabled={!edit}
                value={r.accountCode}
                onChange={(e) => set(i, { accountCode: e.target.value })}
              >
                <option value="">Account…</option>
                {(accounts.data ?? []).map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.code} {a.name}
                  </option>
                ))}
              </select>
              <input
                aria-label={`Line ${i + 1} description`}
                className={INPUT}
                disabled={!edit}
                value={r.description}
                onChange={(e) => set(i, { description: e.target.value })}
              />
              <input
                aria-label={`Line ${i + 1} quantity`}
                inputMode="decimal"
                className={`${INPUT} text-right tabular-nums`}
                disabled={!edit}
                value={r.quantity}
                onChange={(e) => set(i, { quantity: e.target.value })}
              />
              <select
                aria-label={`Line ${i + 1} units`}
                className={INPUT}
                disabled={!edit}
                value={r.units}
                onChange={(e) => set(i, { units: e.target.value as BudgetUnit })}
              >
                {BUDGET_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
              <input
                aria-label={`Line ${i + 1} rate`}
                inputMode="decimal"
                className={`${INPUT} text-right tabular-nums`}
                disabled={!edit}
                value={r.rate}
                onChange={(e) => set(i, { rate: e.target.value })}
              />
              {edit && (
                <button
                  type="button"
                  aria-label={`Remove line ${i + 1} ${r.description}`}
                  className="inline-flex size-10 items-center justify-center rounded text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-red-400 dark:hover:bg-red-950"
                  onClick={() => {
                    setRows(rows.filter((_, j) => j !== i));
                    setDirty(true);
                  }}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
        {edit && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                setRows([...rows, emptyTemplateRow()]);
                setDirty(true);
              }}
            >
              Add template line
            </Button>
            <Button type="submit" busy={save.isPending}>
              Save budget template
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
