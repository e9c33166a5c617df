import { useState } from "react";
import { toast } from "sonner";
import type { BudgetDraftRow } from "../../../common/budget.ts";
import type { BudgetStart } from "../../../common/budget-template.ts";
import type { NumberFormat } from "../../../common/number-input.ts";
import { Button } from "../../components/ui/Button.tsx";
import { errorText } from "../../lib/api.ts";
import { startLines } from "./api.ts";
import { templateRowOf } from "./template-rows.ts";

/**
 * On an empty sheet: fills it from the course's budget template or from the project's schedule. The lines go
 * on the sheet as typed lines (the crew's draft); nothing is saved until Save budget, and a sheet with lines
 * is never offered this, so no typed line is replaced.
 */
export function StartBudget({
  projectId,
  empty,
  digits,
  format,
  onStart,
}: {
  projectId: string;
  empty: boolean;
  digits: number;
  format: NumberFormat;
  onStart(rows: BudgetDraftRow[]): void;
}) {
  const [busy, setBusy] = useState<BudgetStart | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const start = async (from: BudgetStart) => {
    setBusy(from);
    try {
      const res = await startLines(projectId, from);
      setNotes(res.notes);
      if (res.lines.length === 0) return;
      onStart(res.lines.map((l) => ({ id: crypto.randomUUID(), notes: "", ...templateRowOf(l, digits, format) })));
      toast.success(`${res.lines.length} ${res.lines.length === 1 ? "line" : "lines"} added`, {
        description: "Check the rates, then Save budget.",
      });
    } catch (err) {
      toast.error("The lines could not be made", { description: errorText(err) });
    } finally {
      setBusy(null);
    }
  };
  if (!empty && notes.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
      {empty && (
        <>
          <p>
            Start this budget from the course's template, or from the schedule: a line per crew and cast member for the
            shoot days (at the template's day rate when it has one for the role), and a line per reserved piece of
            equipment at 0, as the equipment room keeps no rental rates.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" busy={busy === "template"} onClick={() => void start("template")}>
              Start from the course template
            </Button>
            <Button variant="secondary" busy={busy === "schedule"} onClick={() => void start("schedule")}>
              Start from the schedule
            </Button>
          </div>
        </>
      )}
      {notes.length > 0 && (
        <ul aria-label="About the lines" className="list-disc pl-5 text-zinc-700 dark:text-zinc-300">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
