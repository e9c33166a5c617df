import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { isLabourAccount, lineFringe } from "../../../common/budget-rules.ts";
import {
  BUDGET_UNITS,
  lineAmount,
  type BudgetDraftFringe,
  type BudgetDraftGlobal,
  type BudgetUnit,
} from "../../../common/budget.ts";
import type { BudgetTemplateDto } from "../../../common/budget-template.ts";
import { numberOrNull } from "../../../common/number-input.ts";
import { currencyMinorDigits } from "../../../common/money.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { useAccounts, useBudgetTemplate, useSaveBudgetTemplate } from "./api.ts";
import { emptyTemplateRow, readTemplateRows, templateRowOf, type TemplateRow } from "./template-rows.ts";
import { draftFringeOf, draftGlobalOf, readFringes, readGlobals, readQuantity } from "./fringes-draft.ts";
import { FringesPanel } from "./FringesPanel.tsx";
import { LineFringes } from "./LineFringes.tsx";

/** The template as typed: its lines, fringes and globals, numbers as text until the save reads them. */
interface TemplateForm {
  rows: TemplateRow[];
  fringes: BudgetDraftFringe[];
  globals: BudgetDraftGlobal[];
}

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
  const saved = (): TemplateForm => ({
    rows: template.lines.map((l) => templateRowOf(l, digits, format)),
    fringes: template.fringes.map((f) => draftFringeOf(f, digits, format)),
    globals: template.globals.map((g) => draftGlobalOf(g, format)),
  });
  const [form, setForm] = useState<TemplateForm>(saved);
  const rows = form.rows;
  const setRows = (next: TemplateRow[]) => setForm((f) => ({ ...f, rows: next }));
  const [dirty, setDirty] = useState(false);
  const fringes = readFringes(form.fringes, digits, format);
  const globals = readGlobals(form.globals, format);
  const accounts = useAccounts();
  useLeaveGuard(dirty, "your changes to the course's budget template");
  const onSaveKey = useSaveShortcut();
  const save = useSaveBudgetTemplate(template.courseId, {
    success: (t) => [
      "Budget template saved",
      `${t.lines.length} ${t.lines.length === 1 ? "line" : "lines"}, ${t.fringes.length} ${t.fringes.length === 1 ? "fringe" : "fringes"}.`,
    ],
    failure: "Budget template not saved",
  });
  const set = (i: number, patch: Partial<TemplateRow>) => {
    setForm((f) => ({ ...f, rows: f.rows.map((row, j) => (j === i ? { ...row, ...patch } : row)) }));
    setDirty(true);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const listProblem = fringes.problem ?? globals.problem;
    if (listProblem) return void toast.error("Budget template not saved", { description: listProblem });
    const read = readTemplateRows(rows, digits, format, globals.values);
    if ("problem" in read) return void toast.error("Budget template not saved", { description: read.problem });
    save.mutate({ lines: read.lines, fringes: fringes.values, globals: globals.values });
  };
  /** What a line's fringes add at its typed numbers; null while they do not read. */
  const fringeOfRow = (r: TemplateRow) => {
    const q = readQuantity(r.quantity, globals.values, format);
    const rate = numberOrNull(r.rate.trim() === "" ? "0" : r.rate, { digits, format });
    return q.ok && rate !== null ? lineFringe(lineAmount(q.value, rate), r.fringeIds, fringes.values) : null;
  };
  const edit = template.canEdit;
  return (
    <Card className="flex flex-col gap-2">
      <h3 id={`budget-template-${template.courseId}`} className="font-semibold">
        Budget template
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The lines a project of this course can start its budget from, with the school's day rates, fringes and globals.
        A line whose description names a crew role (“Sound”, “Director of photography”) or “Cast” gives that person's
        day rate (and its fringes) when a budget is started from the schedule. Rates in {template.currency}.
      </p>
      <form
        onSubmit={onSubmit}
        onKeyDown={onSaveKey}
        aria-labelledby={`budget-template-${template.courseId}`}
        className="flex flex-col gap-2"
      >
        {rows.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No lines yet.</p>}
        {rows.length > 0 && (
          // The columns' names for sighted readers on a wide screen; each field carries its own name for a screen
          // reader, and on a phone the fields stack in the same order.
          <div
            aria-hidden
            className="hidden gap-2 text-xs font-medium text-zinc-600 sm:grid sm:grid-cols-[11rem_1fr_7rem_6rem_7rem_6rem_auto] dark:text-zinc-400"
          >
            <span>Account</span>
            <span>Description</span>
            <span className="text-right">Quantity</span>
            <span>Units</span>
            <span className="text-right">Rate</span>
            <span className="text-right">Fringes</span>
            {edit && <span className="w-10" />}
          </div>
        )}
        <ul className="flex flex-col gap-2">
          {rows.map((r, i) => (
            <li
              key={i}
              className="grid grid-cols-2 items-start gap-2 border-b border-zinc-100 pb-2 sm:grid-cols-[11rem_1fr_7rem_6rem_7rem_6rem_auto] sm:border-0 sm:pb-0 dark:border-zinc-800"
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
                title="A number, or a global's name such as SHOOT_DAYS"
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
              <div className="flex min-h-10 items-center justify-end text-sm">
                <LineFringes
                  line={i + 1}
                  labour={isLabourAccount(r.accountCode)}
                  applied={r.fringeIds ?? []}
                  fringes={fringes.values}
                  amount={fringeOfRow(r)}
                  currency={template.currency}
                  format={format}
                  readOnly={!edit}
                  onChange={(ids) => set(i, { fringeIds: ids })}
                />
              </div>
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
        <FringesPanel
          content={form}
          edit={(next) => {
            setForm(next);
            setDirty(true);
          }}
          readOnly={!edit}
          problem={fringes.problem ?? globals.problem}
        />
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
