import { History } from "lucide-react";
import { useState } from "react";
import {
  changedFields,
  LINE_FIELD_LABELS,
  LINE_FIELDS,
  type LineChangeDto,
  type LineState,
} from "../../../common/budget-diff.ts";
import { formatQuantity } from "../../../common/budget.ts";
import { formatMinor } from "../../../common/money.ts";
import type { NumberFormat } from "../../../common/number-input.ts";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { errorText } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { useLineHistory } from "./api.ts";

type Shown = keyof typeof LINE_FIELD_LABELS | "fringeIds" | "quantityGlobal" | "amount";
const EXTRA_LABELS = { fringeIds: "Fringes", quantityGlobal: "Quantity follows", amount: "Amount" } as const;
const labelOf = (f: Shown) =>
  f in EXTRA_LABELS
    ? EXTRA_LABELS[f as keyof typeof EXTRA_LABELS]
    : LINE_FIELD_LABELS[f as keyof typeof LINE_FIELD_LABELS];

/** A field's value as the sheet writes it: money in the currency's digits, quantities without trailing zeros. */
function valueOf(state: LineState, f: Shown, currency: string, format: NumberFormat): string {
  if (f === "rate" || f === "amount") return formatMinor(state[f], currency, format);
  if (f === "quantity") return formatQuantity(state.quantity, format);
  if (f === "fringeIds") return state.fringeIds?.length ? `${state.fringeIds.length} applied` : "none";
  if (f === "quantityGlobal") return state.quantityGlobal ?? "typed quantity";
  return state[f] === "" ? "(empty)" : String(state[f]);
}

function ChangeRow({ change, currency, format }: { change: LineChangeDto; currency: string; format: NumberFormat }) {
  const fmt = useFormats();
  const { before, after } = change;
  const fields: Shown[] =
    before && after
      ? [...changedFields(before, after), ...(before.amount !== after.amount ? (["amount"] as const) : [])]
      : [...LINE_FIELDS.filter((f) => (after ?? before)![f] !== ""), "amount"];
  const what = change.kind === "added" ? "Added" : change.kind === "removed" ? "Removed" : "Changed";
  return (
    <li className="flex flex-col gap-1 border-b border-zinc-100 py-2 last:border-0 dark:border-zinc-800">
      <p className="text-sm">
        <span className="font-medium">{what}</span> by {change.changedByName}, {fmt.dateTime(change.changedAt)} · budget
        version {change.version}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        {fields.map((f) => (
          <div key={f} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{labelOf(f)}</dt>
            <dd className="tabular-nums">
              {before && after ? (
                <>
                  <del className="text-zinc-600 dark:text-zinc-400">{valueOf(before, f, currency, format)}</del> →{" "}
                  <ins className="no-underline font-medium">{valueOf(after, f, currency, format)}</ins>
                </>
              ) : (
                valueOf((after ?? before)!, f, currency, format)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** The History button of a saved line, and the dialog listing every saved change of it, newest first. */
export function LineHistory({
  projectId,
  lineId,
  line,
  description,
  currency,
  format,
}: {
  projectId: string;
  lineId: string;
  line: number;
  description: string;
  currency: string;
  format: NumberFormat;
}) {
  const [open, setOpen] = useState(false);
  const history = useLineHistory(projectId, lineId, open);
  return (
    <>
      <button
        type="button"
        className="inline-flex size-9 items-center justify-center rounded hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:hover:bg-zinc-800"
        aria-label={`History of line ${line}`}
        title="History"
        onClick={() => setOpen(true)}
      >
        <History aria-hidden className="size-4" />
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`History of line ${line}`}
        description={
          description ? `“${description}”: every saved change, newest first.` : "Every saved change, newest first."
        }
      >
        {/* The button sits in a cell that does not wrap; the dialog's text does. */}
        <div className="whitespace-normal">
          {history.isPending ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the history…</p>
          ) : history.isError ? (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              The history could not be loaded: {errorText(history.error)}
            </p>
          ) : history.data.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              No saved change yet: the history starts with the first save of this line.
            </p>
          ) : (
            <ol aria-label={`Changes of line ${line}`} className="max-h-[60vh] overflow-y-auto">
              {history.data.map((c) => (
                <ChangeRow key={c.id} change={c} currency={currency} format={format} />
              ))}
            </ol>
          )}
        </div>
      </Dialog>
    </>
  );
}
