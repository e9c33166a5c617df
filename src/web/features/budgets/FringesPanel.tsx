import { Plus, Trash2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { FRINGE_KIND_LABELS, FRINGE_KINDS, globalNameOf, LABOUR_ACCOUNT_CODES } from "../../../common/budget-rules.ts";
import type { BudgetDraftFringe, BudgetDraftGlobal } from "../../../common/budget.ts";
import { Button } from "../../components/ui/Button.tsx";
import { cn } from "../../lib/cn.ts";

const field =
  "min-h-10 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900 read-only:bg-zinc-50 dark:read-only:bg-zinc-950";

/** What the panel edits: a budget's draft, or a course's budget template as typed. */
export interface FringedContent {
  fringes?: BudgetDraftFringe[];
  globals?: BudgetDraftGlobal[];
  rows: { quantity: string; fringeIds?: string[] }[];
}

/**
 * The fringes and globals of a budget (edited as part of the draft, so they autosave, survive a tab switch and
 * are conflict-checked with the lines) or of a course's template. Removing a fringe takes it off every line;
 * renaming a global renames it in every quantity that uses it.
 */
export function FringesPanel<C extends FringedContent>({
  content,
  edit,
  readOnly,
  problem,
}: {
  content: C;
  edit(next: C): void;
  readOnly: boolean;
  /** The first fringe or global that does not read, shown under the panel. */
  problem: string | null;
}) {
  const headingId = useId();
  type Row = C["rows"][number];
  const fringes = content.fringes ?? [];
  const globals = content.globals ?? [];
  const setFringe = (i: number, patch: Partial<BudgetDraftFringe>) =>
    edit({ ...content, fringes: fringes.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  const removeFringe = (i: number) => {
    const gone = fringes[i]!.id;
    edit({
      ...content,
      fringes: fringes.filter((_, j) => j !== i),
      rows: content.rows.map((r): Row => {
        if (!r.fringeIds?.includes(gone)) return r;
        const { fringeIds, ...rest } = r;
        const left = fringeIds.filter((id) => id !== gone);
        return (left.length ? { ...rest, fringeIds: left } : rest) as Row;
      }),
    });
  };
  const addFringe = () =>
    edit({
      ...content,
      fringes: [...fringes, { id: crypto.randomUUID(), name: "", kind: "percent", value: "", cap: "" }],
    });
  const setGlobal = (i: number, patch: Partial<BudgetDraftGlobal>) => {
    const before = globals[i]!;
    const next = globals.map((g, j) => (j === i ? { ...g, ...patch } : g));
    // A renamed global keeps its lines: quantities that named it follow the new name.
    const renamed = !!patch.name && globalNameOf(patch.name) !== "" && globalNameOf(before.name) !== "";
    edit({
      ...content,
      globals: next,
      rows: renamed
        ? content.rows.map((r): Row =>
            globalNameOf(r.quantity) === globalNameOf(before.name) ? { ...r, quantity: patch.name! } : r,
          )
        : content.rows,
    });
  };
  const usedBy = (name: string) => content.rows.filter((r) => globalNameOf(r.quantity) === globalNameOf(name)).length;
  const appliedTo = (id: string) => content.rows.filter((r) => r.fringeIds?.includes(id)).length;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div>
        <h3 id={headingId} className="font-semibold">
          Fringes and globals
        </h3>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Fringes are charges on labour lines (accounts {LABOUR_ACCOUNT_CODES.join(", ")}): a percentage of the line or
          a flat amount per line, optionally capped per line; choose them on each line under Fringes. A global is a
          named number, like SHOOT_DAYS: type its name into a line's quantity, and changing it changes every such line.
        </p>
      </div>
      <ListBlock
        title="Fringes"
        noun="fringe"
        items={fringes}
        readOnly={readOnly}
        onAdd={addFringe}
        onRemove={removeFringe}
        uses={(f) => appliedTo(f.id)}
        grid="grid-cols-2 sm:grid-cols-[1fr_10rem_7rem_7rem_auto]"
      >
        {(f, i) => (
          <>
            <Typed
              label={`Fringe ${i + 1} name`}
              placeholder="Payroll tax"
              className="col-span-2 sm:col-span-1"
              value={f.name}
              readOnly={readOnly}
              onChange={(name) => setFringe(i, { name })}
            />
            <select
              className={field}
              aria-label={`Fringe ${i + 1} kind`}
              value={f.kind}
              disabled={readOnly}
              onChange={(e) => setFringe(i, { kind: e.target.value as BudgetDraftFringe["kind"] })}
            >
              {FRINGE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {FRINGE_KIND_LABELS[k]}
                </option>
              ))}
            </select>
            <Typed
              label={`Fringe ${i + 1} ${f.kind === "percent" ? "percentage" : "amount"}`}
              placeholder={f.kind === "percent" ? "12.5" : "25.00"}
              decimal
              value={f.value}
              readOnly={readOnly}
              onChange={(value) => setFringe(i, { value })}
            />
            <Typed
              label={`Fringe ${i + 1} cap per line`}
              placeholder="No cap"
              decimal
              value={f.cap}
              readOnly={readOnly}
              onChange={(cap) => setFringe(i, { cap })}
            />
          </>
        )}
      </ListBlock>
      <ListBlock
        title="Globals"
        noun="global"
        items={globals}
        readOnly={readOnly}
        onAdd={() => edit({ ...content, globals: [...globals, { id: crypto.randomUUID(), name: "", value: "" }] })}
        onRemove={(i) => edit({ ...content, globals: globals.filter((_, j) => j !== i) })}
        uses={(g) => usedBy(g.name)}
        grid="grid-cols-[1fr_6rem_auto] sm:grid-cols-[16rem_7rem_auto]"
      >
        {(g, i) => (
          <>
            <Typed
              label={`Global ${i + 1} name`}
              placeholder="SHOOT_DAYS"
              className="font-mono uppercase"
              value={g.name}
              readOnly={readOnly}
              onChange={(name) => setGlobal(i, { name: name.toUpperCase() })}
            />
            <Typed
              label={`Global ${i + 1} value`}
              placeholder="3"
              decimal
              value={g.value}
              readOnly={readOnly}
              onChange={(value) => setGlobal(i, { value })}
            />
          </>
        )}
      </ListBlock>
      {problem && (
        <p role="status" className="text-sm text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}

/** A text field of the panel, named for people by `label`. */
function Typed({
  label,
  value,
  onChange,
  readOnly,
  className,
  placeholder,
  decimal,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  readOnly: boolean;
  className?: string;
  placeholder: string;
  decimal?: boolean;
}) {
  return (
    <input
      className={cn(field, decimal && "text-right tabular-nums", className)}
      aria-label={label}
      placeholder={placeholder}
      inputMode={decimal ? "decimal" : undefined}
      value={value}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** One list of the panel: its heading, its entries, what it says when empty, and its add button. */
function ListBlock<T extends { id: string }>({
  title,
  noun,
  items,
  readOnly,
  onAdd,
  onRemove,
  uses,
  grid,
  children,
}: {
  title: string;
  /** "fringe", "global": the buttons' names. */
  noun: string;
  items: T[];
  readOnly: boolean;
  onAdd(): void;
  onRemove(i: number): void;
  /** How many lines use the entry. */
  uses(item: T): number;
  grid: string;
  children(item: T, i: number): ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">{title}</h4>
      {items.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No {title.toLowerCase()} yet.</p>}
      <ul className="flex flex-col gap-2">
        {items.map((item, i) => (
          <li key={item.id} className={cn("grid items-center gap-2", grid)}>
            {children(item, i)}
            <span className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
              {uses(item)} lines
              {!readOnly && (
                <button
                  type="button"
                  className="inline-flex size-9 items-center justify-center rounded text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-red-400 dark:hover:bg-red-950"
                  aria-label={`Delete ${noun} ${i + 1}`}
                  onClick={() => onRemove(i)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {!readOnly && (
        <Button variant="secondary" className="self-start" onClick={onAdd}>
          <Plus aria-hidden className="size-4" />
          Add {noun}
        </Button>
      )}
    </div>
  );
}
