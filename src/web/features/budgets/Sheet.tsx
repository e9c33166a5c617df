import { useQueryClient } from "@tanstack/react-query";
import { Copy, Plus, Save, Trash2 } from "lucide-react";
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from "@tanstack/react-virtual";
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
} from "react";
import { toast } from "sonner";
import {
  BUDGET_UNITS,
  computeTotals,
  formatPercent,
  formatQuantity,
  lineAmount,
  type BudgetDraftContent,
  type BudgetDraftRow,
  type BudgetDto,
  type BudgetLineInput,
  type StaleBudgetDetails,
} from "../../../common/budget.ts";
import { formatMinor } from "../../../common/money.ts";
import {
  DEFAULT_NUMBER_FORMAT,
  formatNumber,
  numberOrNull,
  parseNumberInput,
  type NumberFormat,
} from "../../../common/number-input.ts";
import { currencyMinorDigits } from "../../../common/money.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useFormats } from "../../lib/format.ts";
import { SAVE_STATE_TEXT } from "../../lib/autosave.ts";
import { useNumberInput, type NumberInputOptions } from "../../lib/number-input.ts";
import { budgetKeys, saveBudget } from "./api.ts";
import { useBudgetDraft } from "./useBudgetDraft.ts";
import { isLabourAccount, lineFringe, looksLikeGlobal, type BudgetGlobal } from "../../../common/budget-rules.ts";
import { draftFringesOf, draftGlobalsOf, readFringes, readGlobals, readQuantity } from "./fringes-draft.ts";
import { FringesPanel } from "./FringesPanel.tsx";
import { LineFringes } from "./LineFringes.tsx";
import { LineHistory } from "./LineHistory.tsx";
import { LINE_FIELD_LABELS, LINE_FIELDS } from "../../../common/budget-diff.ts";
import { cell, DataTable, num } from "./Table.tsx";
import { TopSheet } from "./TopSheet.tsx";
import { StartBudget } from "./StartBudget.tsx";

/** A line as typed: numbers stay text until saved, so "2." or "1,5" can be typed without being rewritten. */
type Row = BudgetDraftRow;

/** The fringes a typed line pays: its own, while its account is a labour account. */
const labourFringes = (r: Row) => (isLabourAccount(r.accountCode) ? r.fringeIds : undefined);

/** The sheet's typed columns: a line's fields, as its history names them too. */
const COLUMNS = LINE_FIELDS;
type Column = (typeof COLUMNS)[number];
const COLUMN_LABELS = LINE_FIELD_LABELS;

/** A line's height in pixels before it is measured (a 36 px field, its padding and the rule between lines). */
const LINE_HEIGHT = 45;
/** Lines drawn beyond each edge of the view, so a quick scroll or an arrow key rarely meets an undrawn one. */
const OVERSCAN = 12;

/** Each column's width in the sheet; numbers align right. */
const CELL_CLASS: Record<Column, string | undefined> = {
  accountCode: "w-44",
  description: undefined,
  quantity: "w-24 text-right tabular-nums",
  units: "w-24",
  rate: "w-28 text-right tabular-nums",
  notes: undefined,
};

const unitOptions = BUDGET_UNITS.map((u) => ({ value: u, label: u }));

/**
 * A select that holds only its current option until it is focused or pressed: a 2,000-line sheet would
 * otherwise build ~50,000 option nodes nobody opens. Focus (keyboard or pointer) brings all options in
 * before any key or popup needs them, so arrow keys and type-to-select work as in a plain select.
 */
function LazySelect({
  options,
  value,
  ...props
}: Omit<ComponentProps<"select">, "value" | "children"> & {
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  const [all, setAll] = useState(false);
  const current = options.find((o) => o.value === value) ?? { value, label: value };
  return (
    <select {...props} value={value} onFocus={() => setAll(true)} onPointerDown={() => setAll(true)}>
      {(all ? options : [current]).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function rowsOf(b: BudgetDto): Row[] {
  const digits = currencyMinorDigits(b.currency);
  return b.lines.map((l) => ({
    id: l.id,
    accountCode: l.accountCode,
    description: l.description,
    units: l.units,
    notes: l.notes,
    // A line on a global shows the global's name, so changing the global changes the line.
    quantity: l.quantityGlobal ?? formatQuantity(l.quantity, b.numberFormat),
    rate: formatNumber(l.rate, digits, b.numberFormat),
    // Only when it has some, so a line without fringes reads the same as in drafts typed before them.
    ...(l.fringeIds?.length ? { fringeIds: l.fringeIds } : {}),
  }));
}

/** The saved budget as the sheet shows it, before anyone types. */
const savedContent = (b: BudgetDto): BudgetDraftContent => ({
  contingency: formatPercent(b.contingencyBps, b.numberFormat),
  fringes: draftFringesOf(b),
  globals: draftGlobalsOf(b),
  rows: rowsOf(b),
});

/** The typed rows as the API takes them, or the first problem, named by line. */
function parse(
  rows: Row[],
  digits: number,
  format: NumberFormat,
  globals: readonly BudgetGlobal[],
): { lines: BudgetLineInput[] } | { problem: string; row: number; column: Column } {
  const lines: BudgetLineInput[] = [];
  for (const [i, r] of rows.entries()) {
    if (!r.accountCode)
      return { problem: `Line ${i + 1} needs an account: choose one.`, row: i, column: "accountCode" };
    if (!r.description.trim()) return { problem: `Line ${i + 1} needs a description.`, row: i, column: "description" };
    const quantity = readQuantity(r.quantity, globals, format);
    const rate = parseNumberInput(r.rate, { digits, format });
    if (!quantity.ok) return { problem: `Line ${i + 1} quantity: ${quantity.message}`, row: i, column: "quantity" };
    if (quantity.value < 0)
      return { problem: `Line ${i + 1}: the quantity cannot be negative.`, row: i, column: "quantity" };
    if (!rate.ok) return { problem: `Line ${i + 1} rate: ${rate.message}`, row: i, column: "rate" };
    if (rate.value < 0) return { problem: `Line ${i + 1}: the rate cannot be negative.`, row: i, column: "rate" };
    lines.push({
      id: r.id,
      accountCode: r.accountCode,
      description: r.description.trim(),
      quantity: quantity.value,
      units: r.units,
      rate: rate.value,
      notes: r.notes.trim(),
      // Fringes stay on a line only while it is a labour line; moved to another account, it pays none.
      fringeIds: isLabourAccount(r.accountCode) ? (r.fringeIds ?? []) : [],
      quantityGlobal: quantity.global,
    });
  }
  return { lines };
}

/**
 * A quantity or rate cell: read in the school's format, and the reason under it when it cannot be read. A
 * quantity may also be a global's name (SHOOT_DAYS), which it then stands for.
 */
function NumberCell({
  value,
  onChange,
  digits,
  trim,
  format,
  className,
  globals,
  ...input
}: NumberInputOptions & Omit<ComponentProps<"input">, "value" | "onChange"> & { globals?: readonly BudgetGlobal[] }) {
  const n = useNumberInput({ value, onChange, digits, trim, format });
  const messageId = useId();
  const named =
    globals && looksLikeGlobal(value) ? readQuantity(value, globals, format ?? DEFAULT_NUMBER_FORMAT) : null;
  const error = named ? (named.ok ? undefined : named.message) : n.error;
  const props = named
    ? {
        ...n.props,
        "aria-invalid": named.ok ? undefined : (true as const),
        // A global's name is written as it is defined, in capitals.
        onBlur: () => {
          n.props.onBlur();
          if (named.ok && named.global !== value) onChange(named.global!);
        },
      }
    : n.props;
  return (
    <>
      <input
        {...input}
        {...props}
        aria-describedby={error ? messageId : undefined}
        className={cn(className, error && "border-red-500", named?.ok && "font-mono text-xs")}
      />
      {error && (
        <p id={messageId} className="mt-1 max-w-48 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {named?.ok && (
        <p className="mt-0.5 text-right text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
          = {formatQuantity(named.value, format)}
        </p>
      )}
    </>
  );
}

/**
 * The draft, edited like a spreadsheet: arrows and Enter move between rows, Enter on the last row adds
 * one, Ctrl+S saves; lines are added, duplicated and deleted (with undo) locally until saved. The save
 * names the version it was edited from, so a colleague's save in between is reported, never overwritten.
 */
export function Sheet({ budget }: { budget: BudgetDto }) {
  const queryClient = useQueryClient();
  const digits = currencyMinorDigits(budget.currency);
  const draft = useBudgetDraft(budget, savedContent);
  const { rows, contingency } = draft.content;
  const dirty = draft.typed;
  const format = budget.numberFormat;
  const fmt = useFormats();
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<BudgetDto | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const readOnly = !budget.canEdit;
  // Lines that differ from the saved budget are marked as the draft's.
  const savedLines = useMemo(() => new Map(rowsOf(budget).map((r) => [r.id, JSON.stringify(r)])), [budget]);

  const edit = (next: Row[]) => draft.edit({ ...draft.content, rows: next });
  const setContingency = (value: string) => draft.edit({ ...draft.content, contingency: value });
  const fringesRead = useMemo(
    () => readFringes(draft.content.fringes ?? [], digits, format),
    [draft.content.fringes, digits, format],
  );
  const globalsRead = useMemo(() => readGlobals(draft.content.globals ?? [], format), [draft.content.globals, format]);
  const setFringeIds = (i: number, ids: string[]) =>
    edit(
      rows.map((r, j) => {
        if (j !== i) return r;
        const { fringeIds: _, ...rest } = r;
        return ids.length ? { ...rest, fringeIds: ids } : rest;
      }),
    );
  const setCell = (i: number, column: Column, value: string) =>
    edit(rows.map((r, j) => (j === i ? { ...r, [column]: value } : r)));
  // Only the lines near the view are in the document, with a spacer row above and below that keeps the
  // scroll height: a 2,000-line table laid out whole took seconds to draw and to scroll through. "Show
  // all" draws every line, for the browser's find.
  const [all, setAll] = useState(false);
  // The button goes once pressed; the focus goes to the note that says so, not to the page.
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (all) note.current?.focus();
  }, [all]);
  const body = useRef<HTMLTableSectionElement>(null);
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const top = Math.round((body.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    if (top !== listTop) setListTop(top);
  });
  // The line holding the focus (or about to get it) stays drawn when it scrolls out of view, so the
  // focus is never dropped to the page, and a move to a line far away draws that line first.
  const active = useRef<number | null>(null);
  const [, redraw] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => LINE_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    enabled: !all,
    initialRect: { width: 0, height: typeof window === "undefined" ? 0 : window.innerHeight },
    getItemKey: (i) => rows[i]?.id ?? i,
    rangeExtractor: (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const keep = active.current;
      return keep !== null && keep < range.count && !indexes.includes(keep)
        ? [...indexes, keep].sort((a, b) => a - b)
        : indexes;
    },
  });
  const drawn = all ? rows.map((_, index) => ({ index, start: 0, end: 0 })) : virtualizer.getVirtualItems();
  const onFocus = (e: FocusEvent<HTMLTableElement>) => {
    const line = (e.target as HTMLElement).closest<HTMLElement>("tr[data-index]");
    const index = line ? Number(line.dataset.index) : null;
    // Drawn again, so a line kept for the focus it no longer has can leave.
    if (index !== null && index !== active.current) {
      active.current = index;
      redraw((n) => n + 1);
    }
  };
  /**
   * Focuses a cell, drawing its line first when it is not drawn. A keyboard move to a drawn line focuses at
   * once, so quick presses each start from the line the last one reached; after an edit the focus waits a
   * frame, as the rows' indexes in the document are the old ones until React has drawn the new rows.
   */
  const focusCell = (row: number, column: Column, opts: { edited: boolean } = { edited: true }) => {
    active.current = row;
    const cellOf = () => table.current?.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${column}"]`);
    const now = opts.edited ? null : cellOf();
    if (now) return now.focus();
    redraw((n) => n + 1);
    const attempt = (left: number) =>
      requestAnimationFrame(() => {
        const el = cellOf();
        if (el) el.focus();
        else if (left > 0) attempt(left - 1);
      });
    attempt(5);
  };

  // No account until the person picks one: copying the line above filed costs under accounts nobody chose.
  const blank = (): Row => ({
    id: crypto.randomUUID(),
    accountCode: "",
    description: "",
    quantity: "1",
    units: "days",
    rate: "",
    notes: "",
  });
  const addLine = (after = rows.length - 1) => {
    const next = [...rows];
    next.splice(after + 1, 0, blank());
    edit(next);
    focusCell(after + 1, "description");
  };
  const duplicate = (i: number) => {
    const next = [...rows];
    next.splice(i + 1, 0, { ...rows[i]!, id: crypto.randomUUID() });
    edit(next);
    focusCell(i + 1, "description");
  };
  const remove = (i: number) => {
    const gone = rows[i]!;
    const before = rows;
    edit(rows.filter((_, j) => j !== i));
    toast(`Line ${i + 1} deleted`, {
      description: gone.description || "An empty line",
      action: { label: "Undo", onClick: () => edit(before) },
    });
  };

  const parsed = useMemo(
    () => parse(rows, digits, format, globalsRead.values),
    [rows, digits, format, globalsRead.values],
  );
  const contingencyField = useNumberInput({
    value: contingency,
    onChange: setContingency,
    digits: 2,
    trim: true,
    format,
  });
  const contingencyBps = contingencyField.parsed.ok ? contingencyField.parsed.value : null;
  const liveTotals = useMemo(() => {
    const valid = rows.flatMap((r) => {
      const q = readQuantity(r.quantity, globalsRead.values, format);
      const rate = numberOrNull(r.rate, { digits });
      return q.ok && rate !== null
        ? [{ accountCode: r.accountCode, quantity: q.value, rate, fringeIds: labourFringes(r) }]
        : [];
    });
    try {
      return computeTotals(budget.accounts, valid, contingencyBps ?? 0, fringesRead.values);
    } catch {
      return null;
    }
  }, [rows, digits, format, budget.accounts, contingencyBps, globalsRead.values, fringesRead.values]);

  const save = async () => {
    const listProblem = fringesRead.problem ?? globalsRead.problem;
    if (listProblem) return void toast.error("Budget not saved", { description: listProblem });
    if ("problem" in parsed) {
      toast.error("Budget not saved", { description: parsed.problem });
      return focusCell(parsed.row, parsed.column);
    }
    if (contingencyBps === null || contingencyBps < 0 || contingencyBps > 5000) {
      const why =
        contingencyField.parsed.ok || contingencyField.parsed.problem === "empty"
          ? ""
          : ` ${contingencyField.parsed.message}`;
      return void toast.error("Budget not saved", {
        description: `The contingency is a percentage between 0 and 50, like 10 or ${formatNumber(750, 2, format, { trim: true })}.${why}`,
      });
    }
    setSaving(true);
    try {
      await draft.settle();
      const saved = await saveBudget(budget.projectId, {
        version: budget.version,
        draftVersion: draft.draftVersion(),
        contingencyBps,
        fringes: fringesRead.values,
        globals: globalsRead.values,
        lines: parsed.lines,
      });
      draft.adoptSaved(saved);
      setStale(null);
      queryClient.setQueryData(budgetKeys.one(budget.projectId), saved);
      toast.success("Budget saved", {
        description: `${saved.lines.length} lines, ${formatMinor(saved.totals.total, saved.currency, format)} ${saved.currency} in total.`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && (err.details as StaleBudgetDetails | undefined)?.current) {
        setStale((err.details as StaleBudgetDetails).current);
      }
      toast.error("Budget not saved", { description: errorText(err) });
    } finally {
      setSaving(false);
    }
  };

  const loadTheirs = () => {
    if (!stale) return;
    draft.adoptSaved(stale);
    setStale(null);
    queryClient.setQueryData(budgetKeys.one(budget.projectId), stale);
  };

  // Ctrl/⌘+S saves the budget from any field of the sheet, the contingency included.
  const onSaveKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
      e.preventDefault();
      if (!readOnly) void save();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const row = Number(target.dataset.row);
    const column = target.dataset.col as Column | undefined;
    if (!column || Number.isNaN(row)) return;
    const isSelect = target.tagName === "SELECT";
    if (e.key === "Enter" || (!isSelect && e.key === "ArrowDown")) {
      e.preventDefault();
      if (row === rows.length - 1 && e.key === "Enter") addLine(row);
      else focusCell(Math.min(row + 1, rows.length - 1), column, { edited: false });
    } else if (!isSelect && e.key === "ArrowUp") {
      e.preventDefault();
      focusCell(Math.max(row - 1, 0), column, { edited: false });
    }
  };

  const accountOptions = useMemo(
    () => budget.accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` })),
    [budget.accounts],
  );
  const noAccountOptions = useMemo(
    () => [{ value: "", label: "Choose an account…" }, ...accountOptions],
    [accountOptions],
  );
  const input =
    "w-full min-h-9 rounded border border-transparent bg-transparent px-1.5 text-sm hover:border-zinc-300 focus-visible:border-zinc-900 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-amber-500 dark:hover:border-zinc-700 dark:focus-visible:bg-zinc-950";
  const over = useMemo(
    () => new Set(budget.actuals.lines.filter((l) => l.over).map((l) => l.key)),
    [budget.actuals.lines],
  );
  const lineRow = (i: number) => {
    const r = rows[i]!;
    const q = readQuantity(r.quantity, globalsRead.values, format);
    const rate = numberOrNull(r.rate, { digits });
    const amount = q.ok && rate !== null ? lineAmount(q.value, rate) : null;
    // One cell's editor: the column names its label, its place for the arrow keys, its value and its width.
    const editor = (c: Column) => {
      const props = {
        "aria-label": `Line ${i + 1} ${COLUMN_LABELS[c].toLowerCase()}`,
        "data-row": i,
        "data-col": c,
        className: cn(input, CELL_CLASS[c]),
        value: r[c],
      };
      if (c === "accountCode" || c === "units") {
        const options = c === "units" ? unitOptions : r.accountCode ? accountOptions : noAccountOptions;
        return (
          <LazySelect
            {...props}
            disabled={readOnly}
            onChange={(e) => setCell(i, c, e.target.value)}
            options={options}
          />
        );
      }
      if (c === "quantity" || c === "rate") {
        // A quantity has two decimals, written without trailing zeros; a rate has the currency's.
        const number = c === "quantity" ? { digits: 2, trim: true, globals: globalsRead.values } : { digits };
        return (
          <NumberCell {...props} {...number} readOnly={readOnly} onChange={(v) => setCell(i, c, v)} format={format} />
        );
      }
      return <input {...props} readOnly={readOnly} onChange={(e) => setCell(i, c, e.target.value)} />;
    };
    return (
      <tr
        key={r.id}
        data-index={i}
        ref={all ? undefined : virtualizer.measureElement}
        className={cn(over.has(r.id) && "bg-red-50 dark:bg-red-950/30")}
      >
        <td className={cn(cell, "text-xs text-zinc-600 tabular-nums dark:text-zinc-400")}>
          {i + 1}
          {savedLines.get(r.id) !== JSON.stringify(r) && (
            <span className="ml-1 rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
              Draft
            </span>
          )}
        </td>
        {COLUMNS.map((c) => (
          <td key={c} className={cn(c === "description" && "min-w-48", "px-1 py-1")}>
            {editor(c)}
          </td>
        ))}
        <td className={num}>{amount === null ? "—" : formatMinor(amount, budget.currency, format)}</td>
        <td className={cn(num, "align-top")}>
          <LineFringes
            line={i + 1}
            labour={isLabourAccount(r.accountCode)}
            applied={r.fringeIds ?? []}
            fringes={fringesRead.values}
            amount={amount === null ? null : lineFringe(amount, labourFringes(r), fringesRead.values)}
            currency={budget.currency}
            format={format}
            readOnly={readOnly}
            onChange={(ids) => setFringeIds(i, ids)}
          />
        </td>
        <td className="px-1 py-1 whitespace-nowrap">
          {savedLines.has(r.id) && (
            <LineHistory
              projectId={budget.projectId}
              lineId={r.id}
              line={i + 1}
              description={r.description}
              currency={budget.currency}
              format={format}
            />
          )}
          {!readOnly && (
            <>
              <button
                type="button"
                className="inline-flex size-9 items-center justify-center rounded hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:hover:bg-zinc-800"
                aria-label={`Duplicate line ${i + 1}`}
                onClick={() => duplicate(i)}
              >
                <Copy aria-hidden className="size-4" />
              </button>
              <button
                type="button"
                className="inline-flex size-9 items-center justify-center rounded text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-red-400 dark:hover:bg-red-950"
                aria-label={`Delete line ${i + 1}`}
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </>
          )}
        </td>
      </tr>
    );
  };
  // The drawn lines, with spacer rows standing in for the undrawn ones between and around them.
  const lineRows: ReactElement[] = [];
  let drawnTo = 0;
  let gaps = 0;
  const spacer = (key: string, height: number) => (
    <tr key={key} aria-hidden="true" className="border-0">
      <td colSpan={10} className="p-0" style={{ height }} />
    </tr>
  );
  for (const item of drawn) {
    const top = item.start - listTop;
    if (!all && top > drawnTo) lineRows.push(spacer(`gap-${gaps++}`, top - drawnTo));
    lineRows.push(lineRow(item.index));
    drawnTo = item.end - listTop;
  }
  const totalHeight = all ? 0 : virtualizer.getTotalSize();
  if (totalHeight > drawnTo) lineRows.push(spacer("gap-end", totalHeight - drawnTo));
  const hidden = drawn.length < rows.length;

  return (
    <div className="flex flex-col gap-4" onKeyDown={onSaveKey}>
      {draft.conflict && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <span>{draft.error}</span>
          <div className="flex gap-2">
            <Button onClick={draft.keepMine}>Keep my lines</Button>
            <Button variant="secondary" onClick={draft.takeTheirs}>
              Load theirs
            </Button>
          </div>
        </div>
      )}
      {draft.state === "error" && draft.error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {draft.error} Your lines are still here and saving is tried again.
        </p>
      )}
      {dirty && budget.draft?.content && budget.draft.updatedByName && (
        <p className="text-sm text-amber-900 dark:text-amber-200">
          Draft: the lines marked Draft are not saved as a budget version yet. Last edited by{" "}
          {budget.draft.updatedByName}
          {budget.draft.updatedAt ? `, ${fmt.dateTime(budget.draft.updatedAt)}` : ""}.
        </p>
      )}
      {stale && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <span>
            Someone else saved this budget (version {stale.version}) after you opened it. Your edits are still here;
            load their version to start from it.
          </span>
          <Button variant="secondary" onClick={loadTheirs}>
            Load their version
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3">
        {!readOnly && (
          <>
            <Button onClick={() => addLine()}>
              <Plus aria-hidden className="size-4" />
              Add line
            </Button>
            <Button variant="secondary" onClick={() => void save()} busy={saving} disabled={!dirty}>
              <Save aria-hidden className="size-4" />
              Save budget
            </Button>
          </>
        )}
        <label className="flex items-center gap-2 text-sm">
          Contingency
          <input
            className={cn(
              "min-h-10 w-20 rounded-md border border-zinc-300 bg-white px-2 text-right text-sm tabular-nums dark:border-zinc-700 dark:bg-zinc-900",
              contingencyField.error && "border-red-500",
            )}
            readOnly={readOnly}
            aria-describedby={contingencyField.error ? "contingency-problem" : undefined}
            {...contingencyField.props}
          />
          %
        </label>
        {contingencyField.error && (
          <p id="contingency-problem" className="text-xs text-red-700 dark:text-red-400">
            {contingencyField.error}
          </p>
        )}
        <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {budget.canDraft || dirty
            ? SAVE_STATE_TEXT[draft.state]
            : budget.version
              ? `Saved, version ${budget.version}`
              : "Nothing saved yet"}
          {dirty
            ? " · draft, not saved as a budget version"
            : budget.version
              ? ` · budget version ${budget.version}`
              : ""}
          {liveTotals && ` · total ${formatMinor(liveTotals.total, budget.currency, format)} ${budget.currency}`}
        </span>
      </div>
      {!readOnly && (
        <StartBudget
          projectId={budget.projectId}
          content={draft.content}
          digits={digits}
          format={format}
          edit={draft.edit}
        />
      )}
      {!readOnly && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Arrow keys and Enter move between lines; Enter on the last line adds one; your typing is kept as the crew's
          draft as you go; Save budget (or Ctrl+S) makes it a budget version.
        </p>
      )}
      {(hidden || all) && (
        <p ref={note} tabIndex={-1} className="text-sm text-zinc-600 dark:text-zinc-400">
          {all ? (
            `All ${rows.length} lines are drawn: the browser's find (Ctrl+F) sees every one.`
          ) : (
            <>
              {rows.length} lines: the ones near the view are drawn as you scroll, so the browser's find (Ctrl+F) sees
              only those.{" "}
              <button
                type="button"
                className="font-medium text-zinc-900 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-100"
                onClick={() => setAll(true)}
              >
                Show all {rows.length} lines
              </button>
            </>
          )}
        </p>
      )}

      <FringesPanel
        content={draft.content}
        edit={draft.edit}
        readOnly={readOnly}
        problem={fringesRead.problem ?? globalsRead.problem}
      />
      <DataTable
        tableRef={table}
        className="min-w-[56rem]"
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        aria-label="Budget lines"
        columns={[
          { label: "#", className: "w-10" },
          ...COLUMNS.map((c) => ({ label: COLUMN_LABELS[c], numeric: c === "quantity" || c === "rate" })),
          { label: "Amount", numeric: true },
          { label: "Fringes", numeric: true },
          { label: <span className="sr-only">Actions</span> },
        ]}
      >
        <tbody ref={body} className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.length === 0 && (
            <tr>
              <td colSpan={10} className="px-3 py-6 text-center text-zinc-600 dark:text-zinc-400">
                No lines yet.{" "}
                {readOnly
                  ? "The crew builds the budget here."
                  : "Add a line for each cost: the camera package, the cast's fees, catering on shoot days."}
              </td>
            </tr>
          )}
          {lineRows}
        </tbody>
      </DataTable>
      {liveTotals && (
        <TopSheet
          totals={liveTotals}
          currency={budget.currency}
          format={format}
          caption={dirty ? "Top sheet (with unsaved changes)" : "Top sheet"}
        />
      )}
    </div>
  );
}
