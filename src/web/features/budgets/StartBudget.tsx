import { useState } from "react";
import { toast } from "sonner";
import type { BudgetDraftContent } from "../../../common/budget.ts";
import type { BudgetStart } from "../../../common/budget-template.ts";
import type { NumberFormat } from "../../../common/number-input.ts";
import { Button } from "../../components/ui/Button.tsx";
import { errorText } from "../../lib/api.ts";
import { startLines } from "./api.ts";
import { appendStart } from "./start-rows.ts";

const LABELS: Record<BudgetStart, { empty: string; more: string }> = {
  template: { empty: "Start from the course template", more: "Add from the course template" },
  schedule: { empty: "Start from the schedule", more: "Add from the schedule" },
};

const lines = (n: number) => `${n} ${n === 1 ? "line" : "lines"}`;

/**
 * Fills the sheet from the course's budget template or from the project's schedule. On a sheet with lines the
 * new ones are appended after the typed ones, which never change; a line the sheet already has (same account
 * and description) is skipped and named. It is a change of the crew's draft like any typing: undone from the
 * toast, kept or left before Save budget.
 */
export function StartBudget({
  projectId,
  content,
  digits,
  format,
  edit,
}: {
  projectId: string;
  content: BudgetDraftContent;
  digits: number;
  format: NumberFormat;
  edit(next: BudgetDraftContent): void;
}) {
  const [busy, setBusy] = useState<BudgetStart | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const empty = content.rows.length === 0;
  const start = async (from: BudgetStart) => {
    setBusy(from);
    try {
      const res = await startLines(projectId, from);
      const before = content;
      const next = appendStart(before, res, { digits, format });
      const skipped = next.skipped.length
        ? `${lines(next.skipped.length)} already on the sheet ${next.skipped.length === 1 ? "was" : "were"} skipped: ${next.skipped.join(", ")}.`
        : null;
      setNotes([...res.notes, ...(skipped ? [skipped] : [])]);
      if (next.added === 0) {
        if (skipped) toast.info("No lines added", { description: skipped });
        return;
      }
      edit(next.content);
      toast.success(`${lines(next.added)} added`, {
        description: [skipped, "Check the rates, then Save budget."].filter(Boolean).join(" "),
        action: { label: "Undo", onClick: () => edit(before) },
      });
    } catch (err) {
      toast.error("The lines could not be made", { description: errorText(err) });
    } finally {
      setBusy(null);
    }
  };
  const label = (from: BudgetStart) => (empty ? LABELS[from].empty : LABELS[from].more);
  return (
    <div
      className={
        empty || notes.length > 0
          ? "flex flex-col gap-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
          : "flex flex-col gap-2 text-sm"
      }
    >
      {empty && (
        <p>
          Start this budget from the course's template (its lines, fringes and globals), or from the schedule: a line
          per crew and cast member for the shoot days (at the template's day rate when it has one for the role), and a
          line per reserved model at the equipment room's day rate for the days reserved.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {(["template", "schedule"] as const).map((from) => (
          <Button key={from} variant="secondary" busy={busy === from} onClick={() => void start(from)}>
            {label(from)}
          </Button>
        ))}
      </div>
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
