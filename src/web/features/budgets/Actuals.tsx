import { Download, FileText, Paperclip, Trash2 } from "lucide-react";
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { toast } from "sonner";
import {
  RECEIPT_ACCEPT,
  RECEIPT_TYPES_TEXT,
  type BudgetDto,
  type ExpenseDto,
  type VarianceRow,
} from "../../../common/budget.ts";
import { formatMinor, formatMoney } from "../../../common/money.ts";
import { currencyMinorDigits } from "../../../common/money.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { NumberField } from "../../components/ui/NumberField.tsx";
import { parseNumberInput, type NumberFormat } from "../../../common/number-input.ts";
import { api, errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { budgetPath, receiptPath, uploadReceipt, useBudgetChange } from "./api.ts";
import { cell, DataTable, num } from "./Table.tsx";

/** Spending against the budget: expenses with their receipts, variance per line, account and category, and charts. */
export function Actuals({ budget: b }: { budget: BudgetDto }) {
  const usedAccounts = b.actuals.accounts.filter((a) => a.budget > 0 || a.actual > 0);
  const spentLines = b.actuals.lines.filter((l) => l.actual > 0);
  // The category table always shows, with the total as its last row; the others only when they have rows.
  const varianceTables = [
    { rows: [...b.actuals.categories, b.actuals.total], caption: "Variance by category", first: "Category" },
    { rows: usedAccounts, caption: "Variance by account", first: "Account" },
    { rows: spentLines, caption: "Variance by line (lines with spending)", first: "Line" },
  ];
  return (
    <section aria-labelledby="actuals-heading" className="flex flex-col gap-4">
      <h2 id="actuals-heading" className="text-lg font-semibold">
        Actuals
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Spent {formatMoney(b.actuals.total.actual, b.currency, b.numberFormat)} of{" "}
        {formatMoney(b.actuals.total.budget, b.currency, b.numberFormat)};{" "}
        {b.actuals.total.over ? (
          <strong className="text-red-700 dark:text-red-400">
            over budget by {formatMoney(-b.actuals.total.variance, b.currency, b.numberFormat)}
          </strong>
        ) : (
          `${formatMoney(b.actuals.total.variance, b.currency, b.numberFormat)} left`
        )}
        .
      </p>
      {b.canEdit && b.lines.length > 0 && <ExpenseForm budget={b} />}
      <Expenses budget={b} />
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <VarianceChart
          rows={b.actuals.categories}
          title="Budget against actuals by category"
          currency={b.currency}
          format={b.numberFormat}
        />
        {usedAccounts.length > 0 && (
          <VarianceChart
            rows={usedAccounts}
            title="Budget against actuals by account"
            currency={b.currency}
            format={b.numberFormat}
          />
        )}
      </div>
      {varianceTables
        .filter((t) => t.rows.length > 0)
        .map((t) => (
          <VarianceTable key={t.first} {...t} currency={b.currency} format={b.numberFormat} />
        ))}
    </section>
  );
}

function ExpenseForm({ budget: b }: { budget: BudgetDto }) {
  const digits = currencyMinorDigits(b.currency);
  const [lineId, setLineId] = useState("");
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [spentOn, setSpentOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [receipt, setReceipt] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const add = useBudgetChange(
    b.projectId,
    async (json: unknown) => {
      const { expenseId, budget } = await api<{ expenseId: string; budget: BudgetDto }>(
        `${budgetPath(b.projectId)}/expenses`,
        { json },
      );
      if (!receipt) return budget;
      try {
        return await uploadReceipt(b.projectId, expenseId, receipt);
      } catch (err) {
        // The expense stands; only its file was refused, and the list offers to attach another.
        toast.error("Receipt not kept", {
          description: `${errorText(err)} The expense is recorded; attach the receipt to it in the list.`,
        });
        return budget;
      }
    },
    {
      success: () => [
        "Expense recorded",
        receipt
          ? "The actuals and variance are updated."
          : "The actuals and variance are updated. Attach its receipt in the list when you have it.",
      ],
      failure: "Expense not recorded",
      onSuccess: () => {
        setDescription("");
        setAmount("");
        setReceipt(null);
        setFileKey((k) => k + 1);
      },
    },
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const minor = parseNumberInput(amount, { digits, format: b.numberFormat });
    if (!lineId)
      return void toast.error("Expense not recorded", {
        description: "Choose the budget line the expense belongs to.",
      });
    if (!minor.ok && minor.problem !== "empty")
      return void toast.error("Expense not recorded", { description: `The amount: ${minor.message}` });
    if (!minor.ok || minor.value <= 0)
      return void toast.error("Expense not recorded", {
        description: `The amount is a positive number with at most ${digits} decimals.`,
      });
    add.mutate({ lineId, description, amount: minor.value, spentOn });
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Record an expense"
      className="grid grid-cols-1 gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr] dark:border-zinc-800 dark:bg-zinc-900"
    >
      {/* min-w-0: a long line's description must not widen the form past a phone's screen. */}
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor="expense-line" className="text-sm font-medium">
          Budget line
        </label>
        <select
          id="expense-line"
          value={lineId}
          onChange={(e) => setLineId(e.target.value)}
          className="min-h-10 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="">Choose a line…</option>
          {b.lines.map((l) => (
            <option key={l.id} value={l.id}>
              {l.accountCode} {l.description}
            </option>
          ))}
        </select>
      </div>
      <Field label="What was bought" value={description} onChange={(e) => setDescription(e.target.value)} />
      <NumberField
        label={`Amount (${b.currency})`}
        value={amount}
        onChange={setAmount}
        digits={digits}
        format={b.numberFormat}
      />
      <Field label="Date" type="date" value={spentOn} onChange={(e) => setSpentOn(e.target.value)} />
      <Field
        key={fileKey}
        label="Receipt"
        type="file"
        accept={RECEIPT_ACCEPT}
        onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
        hint={`Optional: a ${RECEIPT_TYPES_TEXT} file. The portal checks what the file contains.`}
        className="sm:col-span-2"
      />
      <div className="flex items-end sm:col-span-2">
        <Button type="submit" busy={add.isPending}>
          Record expense
        </Button>
      </div>
    </form>
  );
}

const fileButton =
  "inline-flex min-h-10 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-100 focus-within:outline-2 focus-within:outline-amber-500 dark:text-zinc-200 dark:hover:bg-zinc-800";

function Expenses({ budget: b }: { budget: BudgetDto }) {
  const [deleting, setDeleting] = useState<ExpenseDto | null>(null);
  const remove = useBudgetChange(
    b.projectId,
    (id: string) => api<BudgetDto>(`${budgetPath(b.projectId)}/expenses/${id}`, { method: "DELETE" }),
    {
      success: () => ["Expense deleted", "The actuals and variance are updated."],
      failure: "Expense not deleted",
      onSuccess: () => setDeleting(null),
    },
  );
  if (b.expenses.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No expenses recorded yet.</p>;
  const lineName = new Map(b.lines.map((l) => [l.id, l.description]));
  return (
    <>
      <ul
        aria-label="Expenses"
        className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {b.expenses.map((e) => (
          <li key={e.id} className="flex flex-col gap-2 px-4 py-3 md:flex-row md:items-center md:justify-between">
            <div className="flex flex-col gap-0.5">
              <span>
                <span className="tabular-nums">{e.spentOn}</span> · <span className="font-medium">{e.description}</span>{" "}
                <span className="text-zinc-600 dark:text-zinc-400">
                  ({e.lineId ? lineName.get(e.lineId) : "no line"})
                </span>
              </span>
              <span className="tabular-nums">{formatMoney(e.amount, b.currency, b.numberFormat)}</span>
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-1 md:justify-end">
              <Receipt budget={b} expense={e} />
              {b.canEdit && (
                <Button variant="ghost" aria-label={`Delete expense ${e.description}`} onClick={() => setDeleting(e)}>
                  <Trash2 aria-hidden className="size-4" />
                  Delete
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete This Expense?"
        confirmLabel="Delete expense"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      >
        “{deleting?.description}” ({deleting && formatMoney(deleting.amount, b.currency, b.numberFormat)}) leaves the
        actuals{deleting?.receipt ? ", and its receipt is deleted with it" : ""}.
      </ConfirmDialog>
    </>
  );
}

/** An expense's receipt: open or download it, and (for the crew) attach, replace or delete it. */
function Receipt({ budget: b, expense: e }: { budget: BudgetDto; expense: ExpenseDto }) {
  const inputId = useId();
  const [confirming, setConfirming] = useState(false);
  const upload = useBudgetChange(b.projectId, (file: File) => uploadReceipt(b.projectId, e.id, file), {
    success: (_b, file) => [
      e.receipt ? "Receipt replaced" : "Receipt attached",
      `${file.name} is kept with “${e.description}”.`,
    ],
    failure: "Receipt not kept",
  });
  const remove = useBudgetChange(
    b.projectId,
    () => api<BudgetDto>(receiptPath(b.projectId, e.id), { method: "DELETE" }),
    {
      success: () => ["Receipt deleted", `“${e.description}” has no receipt now.`],
      failure: "Receipt not deleted",
      onSuccess: () => setConfirming(false),
    },
  );
  const onFile = (ev: ChangeEvent<HTMLInputElement>) => {
    const file = ev.target.files?.[0];
    ev.target.value = "";
    if (file) upload.mutate(file);
  };
  const r = e.receipt;
  const pick = b.canEdit && (
    <label htmlFor={inputId} className={cn(fileButton, upload.isPending && "opacity-60")}>
      <Paperclip aria-hidden className="size-4" />
      {upload.isPending ? "Uploading…" : r ? "Replace receipt" : "Attach receipt"}
      <input
        id={inputId}
        type="file"
        accept={RECEIPT_ACCEPT}
        className="sr-only"
        disabled={upload.isPending}
        aria-label={`${r ? "Replace" : "Attach"} receipt of ${e.description}`}
        onChange={onFile}
      />
    </label>
  );
  if (!r) return <>{pick || <span className="text-xs text-zinc-600 dark:text-zinc-400">No receipt</span>}</>;
  const link =
    "inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm underline underline-offset-4 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:hover:bg-zinc-800";
  return (
    <>
      {r.viewable ? (
        <a
          className={link}
          href={r.url}
          target="_blank"
          rel="noopener"
          aria-label={`${r.fileName}: open the receipt of ${e.description}`}
        >
          <FileText aria-hidden className="size-4" />
          {r.fileName}
        </a>
      ) : (
        <a
          className={link}
          href={`${r.url}?download`}
          download
          aria-label={`${r.fileName}: download the receipt of ${e.description}`}
        >
          <Download aria-hidden className="size-4" />
          {r.fileName}
        </a>
      )}
      {pick}
      {b.canEdit && (
        <Button variant="ghost" aria-label={`Delete receipt of ${e.description}`} onClick={() => setConfirming(true)}>
          Delete receipt
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete This Receipt?"
        confirmLabel="Delete receipt"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onCancel={() => setConfirming(false)}
      >
        {r.fileName} is removed from “{e.description}”. The expense itself stays.
      </ConfirmDialog>
    </>
  );
}

function VarianceTable({
  rows,
  caption,
  first,
  currency,
  format,
}: {
  rows: VarianceRow[];
  caption: string;
  first: string;
  currency: string;
  format?: NumberFormat;
}) {
  const m = (n: number) => formatMinor(n, currency, format);
  return (
    <DataTable
      caption={caption}
      columns={[
        { label: first },
        { label: `Budget (${currency})`, numeric: true },
        { label: "Actual", numeric: true },
        { label: "Variance", numeric: true },
      ]}
    >
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {rows.map((r) => (
          <tr
            key={r.key}
            className={cn(
              r.over && "bg-red-50 font-medium text-red-900 dark:bg-red-950/30 dark:text-red-200",
              r.key === "total" && "border-t-2 border-zinc-300 font-semibold dark:border-zinc-700",
            )}
          >
            <th scope="row" className={cn(cell, "font-normal", r.key === "total" && "font-semibold")}>
              {r.label}
              {r.over && <span className="ml-2 text-xs">(over budget)</span>}
            </th>
            <td className={num}>{m(r.budget)}</td>
            <td className={num}>{m(r.actual)}</td>
            <td className={num}>{m(r.variance)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const ROW = 46;
const LABEL = 170;
const WIDTH = 540;
const BAR = 14;

/**
 * Bars of budget and spending per row, drawn as SVG (no chart library): the picture is an image with its
 * figures in words for screen readers, and the variance table beside it has the same numbers.
 */
export function VarianceChart({
  rows,
  title,
  currency,
  format,
}: {
  rows: VarianceRow[];
  title: string;
  currency: string;
  format?: NumberFormat;
}) {
  const id = useId();
  const m = (n: number) => formatMinor(n, currency, format);
  const max = Math.max(1, ...rows.flatMap((r) => [r.budget, r.actual]));
  const room = WIDTH - LABEL - 90;
  const scale = (n: number) => Math.max(n > 0 ? 2 : 0, (n / max) * room);
  const height = rows.length * ROW + 8;
  const describe = rows
    .map(
      (r) =>
        `${r.label}: budget ${m(r.budget)}, spent ${m(r.actual)}${r.over ? `, over by ${m(-r.variance)}` : `, ${m(r.variance)} left`}.`,
    )
    .join(" ");
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption id={`${id}-title`} className="text-sm font-semibold">
        {title} ({currency})
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width={WIDTH}
        height={height}
        className="h-auto max-w-full text-zinc-800 dark:text-zinc-200"
      >
        <desc id={`${id}-desc`}>{describe}</desc>
        {rows.map((r, i) => {
          const y = i * ROW + 4;
          return (
            <g key={r.key} aria-hidden>
              <text x={0} y={y + BAR + 4} fontSize={12} fill="currentColor">
                {r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label}
              </text>
              <rect x={LABEL} y={y} width={scale(r.budget)} height={BAR} rx={2} className="fill-zinc-500" />
              <text x={LABEL + scale(r.budget) + 6} y={y + BAR - 3} fontSize={11} fill="currentColor">
                {m(r.budget)}
              </text>
              <rect
                x={LABEL}
                y={y + BAR + 4}
                width={scale(r.actual)}
                height={BAR}
                rx={2}
                className={r.over ? "fill-red-600" : "fill-emerald-600"}
              />
              <text
                x={LABEL + scale(r.actual) + 6}
                y={y + 2 * BAR + 1}
                fontSize={11}
                fill="currentColor"
                fontWeight={r.over ? 700 : 400}
              >
                {m(r.actual)}
                {r.over ? " over" : ""}
              </text>
            </g>
          );
        })}
      </svg>
      <div aria-hidden className="flex flex-wrap gap-4 text-xs text-zinc-700 dark:text-zinc-300">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-zinc-500" />
          Budget
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-emerald-600" />
          Spent
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-red-600" />
          Spent, over budget
        </span>
      </div>
    </figure>
  );
}
