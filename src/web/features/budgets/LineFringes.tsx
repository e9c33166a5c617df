import { useId, useState } from "react";
import type { Fringe } from "../../../common/budget-rules.ts";
import { formatMinor } from "../../../common/money.ts";
import type { NumberFormat } from "../../../common/number-input.ts";
import { fringeSummary } from "./fringes-draft.ts";

/**
 * A labour line's fringes: the amount they add, and a button that opens the budget's fringes as checkboxes.
 * Other lines show a dash: fringes are charges on wages.
 */
export function LineFringes({
  line,
  labour,
  applied,
  fringes,
  amount,
  currency,
  format,
  readOnly,
  onChange,
}: {
  /** 1-based, for the names people hear. */
  line: number;
  labour: boolean;
  applied: readonly string[];
  fringes: readonly Fringe[];
  /** What the applied fringes add; null while the line's numbers do not read. */
  amount: number | null;
  currency: string;
  format: NumberFormat;
  readOnly: boolean;
  onChange(ids: string[]): void;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  if (!labour) return <span className="text-zinc-500">—</span>;
  const figure = amount === null ? "—" : formatMinor(amount, currency, format);
  const count = fringes.filter((f) => applied.includes(f.id)).length;
  if (fringes.length === 0 || readOnly) return <span className="tabular-nums">{count ? figure : "—"}</span>;
  const label = `Fringes (${count})`;
  return (
    <div className="flex flex-col items-end gap-0.5">
      <span className="tabular-nums">{count ? figure : ""}</span>
      <button
        type="button"
        className="rounded px-1.5 py-1 text-xs font-medium text-zinc-700 underline underline-offset-2 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
        aria-label={`${label} on line ${line}`}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <fieldset
          id={panel}
          className="mt-1 flex w-56 flex-col gap-1 rounded-md border border-zinc-300 bg-white p-2 text-left text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <legend className="sr-only">Fringes on line {line}</legend>
          {fringes.map((f) => (
            <label key={f.id} className="flex min-h-9 items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                checked={applied.includes(f.id)}
                onChange={(e) => onChange(e.target.checked ? [...applied, f.id] : applied.filter((id) => id !== f.id))}
              />
              <span>
                {f.name}{" "}
                <span className="text-xs text-zinc-600 dark:text-zinc-400">({fringeSummary(f, currency, format)})</span>
              </span>
            </label>
          ))}
          <button
            type="button"
            className="self-end rounded px-2 py-1 text-xs font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:hover:bg-zinc-800"
            onClick={() => setOpen(false)}
          >
            Done
          </button>
        </fieldset>
      )}
    </div>
  );
}
