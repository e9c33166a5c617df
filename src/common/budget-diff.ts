/**
 * What changed between two versions of a budget, and in one of its lines: the one rule the line history, the
 * side-by-side comparison and the approver's diff read. Pure: no database, no clock.
 */
import {
  computeTotals,
  sumAmounts,
  type BudgetAccount,
  type BudgetTotals,
  type Fringe,
  type SnapshotLine,
} from "./budget.ts";

/** The fields of a line a person types, in the order the history and the comparison show them. */
export const LINE_FIELDS = ["accountCode", "description", "quantity", "units", "rate", "notes"] as const;
export type LineField = (typeof LINE_FIELDS)[number];
export const LINE_FIELD_LABELS: Record<LineField, string> = {
  accountCode: "Account",
  description: "Description",
  quantity: "Quantity",
  units: "Units",
  rate: "Rate",
  notes: "Notes",
};

/** A line as the history keeps it: what was typed, and what it came to (its fringes' amount aside). */
export type LineState = Omit<SnapshotLine, "id" | "fringe">;

export function lineStateOf(l: SnapshotLine | LineState): LineState {
  const { fringeIds, quantityGlobal, ...rest } = l;
  const state: LineState = { ...rest };
  if ("id" in state) delete state.id;
  if ("fringe" in state) delete state.fringe;
  return {
    ...state,
    ...(fringeIds?.length ? { fringeIds: [...fringeIds] } : {}),
    ...(quantityGlobal ? { quantityGlobal } : {}),
  };
}

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The fields that differ between two states of one line (fringes and the global count as changes too). */
export function changedFields(before: LineState, after: LineState): (LineField | "fringeIds" | "quantityGlobal")[] {
  const out: (LineField | "fringeIds" | "quantityGlobal")[] = LINE_FIELDS.filter((f) => before[f] !== after[f]);
  if (!sameList(before.fringeIds, after.fringeIds)) out.push("fringeIds");
  if ((before.quantityGlobal ?? null) !== (after.quantityGlobal ?? null)) out.push("quantityGlobal");
  return out;
}

export interface LinesDiff<L extends { id: string } = SnapshotLine> {
  added: L[];
  removed: L[];
  changed: { before: L; after: L }[];
}

/** Lines by id: added (only in `after`), removed (only in `before`), changed (a field differs), in `after`'s order. */
export function diffLines<L extends SnapshotLine>(before: readonly L[], after: readonly L[]): LinesDiff<L> {
  const beforeById = new Map(before.map((l) => [l.id, l]));
  const afterIds = new Set(after.map((l) => l.id));
  const added: L[] = [];
  const changed: { before: L; after: L }[] = [];
  for (const l of after) {
    const b = beforeById.get(l.id);
    if (!b) added.push(l);
    else if (changedFields(lineStateOf(b), lineStateOf(l)).length > 0) changed.push({ before: b, after: l });
  }
  return { added, removed: before.filter((l) => !afterIds.has(l.id)), changed };
}

/** `before` with the differences applied: removed lines gone, changed ones replaced, added ones appended. */
export function applyLinesDiff<L extends SnapshotLine>(before: readonly L[], diff: LinesDiff<L>): L[] {
  const removed = new Set(diff.removed.map((l) => l.id));
  const changed = new Map(diff.changed.map((c) => [c.after.id, c.after]));
  return [...before.filter((l) => !removed.has(l.id)).map((l) => changed.get(l.id) ?? l), ...diff.added];
}

/** One version of a budget as the comparison reads it: a saved proposal or the current budget. */
export interface BudgetVersion {
  accounts: BudgetAccount[];
  lines: SnapshotLine[];
  contingencyBps: number;
  fringes: Fringe[];
}

export interface AmountDelta {
  before: number;
  after: number;
  delta: number;
}

export interface VersionsDiff extends LinesDiff {
  /** Every account whose lines or fringes differ, in the chart's order. */
  accounts: ({ code: string; name: string } & AmountDelta)[];
  fringes: AmountDelta;
  contingency: AmountDelta;
  total: AmountDelta;
}

const delta = (before: number, after: number): AmountDelta => ({
  before,
  after,
  delta: sumAmounts([after, -before]),
});

export const totalsOf = (v: BudgetVersion): BudgetTotals =>
  computeTotals(v.accounts, v.lines, v.contingencyBps, v.fringes);

/** A and B side by side: the lines added, removed and changed, and the per-account and total deltas. */
export function compareVersions(a: BudgetVersion, b: BudgetVersion): VersionsDiff {
  const ta = totalsOf(a);
  const tb = totalsOf(b);
  const accountOf = (t: BudgetTotals) => new Map(t.accounts.map((x) => [x.code, x]));
  const byA = accountOf(ta);
  const byB = accountOf(tb);
  const codes = [...tb.accounts.map((x) => x.code), ...ta.accounts.map((x) => x.code).filter((c) => !byB.has(c))];
  const withFringes = (x: { amount: number; fringes?: number } | undefined) =>
    x ? sumAmounts([x.amount, x.fringes ?? 0]) : 0;
  return {
    ...diffLines(a.lines, b.lines),
    accounts: codes
      .map((code) => {
        const name = (byB.get(code) ?? byA.get(code))!.name;
        return { code, name, ...delta(withFringes(byA.get(code)), withFringes(byB.get(code))) };
      })
      .filter((x) => x.delta !== 0),
    fringes: delta(ta.fringes ?? 0, tb.fringes ?? 0),
    contingency: delta(ta.contingency, tb.contingency),
    total: delta(ta.total, tb.total),
  };
}

/** Whether the comparison found nothing: no line differs and no amount moved. */
export const isSameVersion = (d: VersionsDiff) =>
  d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0 && d.total.delta === 0;

// ── A line's history ──────────────────────────────────────────────────────────────────────────────

export const LINE_CHANGE_KINDS = ["added", "changed", "removed"] as const;
export type LineChangeKind = (typeof LINE_CHANGE_KINDS)[number];

/** GET /rest/v1/budgets/:projectId/lines/:lineId/history: newest first. */
export interface LineChangeDto {
  id: string;
  kind: LineChangeKind;
  before: LineState | null;
  after: LineState | null;
  version: number;
  changedByName: string;
  changedAt: string;
}

/** A saved proposal, or the budget as it now is ("current"), as the comparison reads it. */
export interface BudgetVersionDto extends BudgetVersion {
  key: string;
  label: string;
  currency: string;
}
