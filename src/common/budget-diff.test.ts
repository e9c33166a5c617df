import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  applyLinesDiff,
  changedFields,
  compareVersions,
  diffLines,
  isSameVersion,
  lineStateOf,
  totalsOf,
  type BudgetVersion,
} from "./budget-diff.ts";
import { BUDGET_UNITS, DEFAULT_ACCOUNTS, lineAmount, type SnapshotLine } from "./budget.ts";

const CODES = [...DEFAULT_ACCOUNTS.map((a) => a.code), "9999"];
const FRINGES = [
  { id: "tax", name: "Payroll tax", kind: "percent" as const, value: 1250, cap: null },
  { id: "union", name: "Union", kind: "flat" as const, value: 5_000, cap: 4_000 },
];

const lineArb = (id: string) =>
  fc
    .record({
      accountCode: fc.constantFrom(...CODES),
      description: fc.string({ maxLength: 12 }),
      quantity: fc.integer({ min: 0, max: 100_000 }),
      units: fc.constantFrom(...BUDGET_UNITS),
      rate: fc.integer({ min: 0, max: 10_000_000 }),
      notes: fc.string({ maxLength: 5 }),
      fringeIds: fc.subarray(["tax", "union"]),
    })
    .map(({ fringeIds, ...l }): SnapshotLine => ({
      id,
      ...l,
      amount: lineAmount(l.quantity, l.rate),
      ...(fringeIds.length ? { fringeIds } : {}),
    }));

const IDS = Array.from({ length: 12 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
const linesArb = fc
  .subarray(IDS)
  .chain((ids) => (ids.length ? fc.tuple(...ids.map(lineArb)) : fc.constant([] as SnapshotLine[])));
const versionArb = fc
  .record({ lines: linesArb, contingencyBps: fc.integer({ min: 0, max: 5000 }) })
  .map((v): BudgetVersion => ({ ...v, accounts: DEFAULT_ACCOUNTS, fringes: FRINGES }));

describe("comparing two versions of a budget", () => {
  it("finds nothing between a version and itself", () => {
    fc.assert(
      fc.property(versionArb, (a) => {
        const d = compareVersions(a, a);
        expect(isSameVersion(d)).toBe(true);
        expect(d.accounts).toEqual([]);
      }),
    );
  });

  it("gives B's lines and totals when A→B's differences are applied to A", () => {
    fc.assert(
      fc.property(versionArb, versionArb, (a, b) => {
        const d = compareVersions(a, b);
        const applied = { ...b, lines: applyLinesDiff(a.lines, d) };
        const sortById = (ls: SnapshotLine[]) => [...ls].sort((x, y) => x.id.localeCompare(y.id));
        expect(sortById(applied.lines)).toEqual(sortById(b.lines));
        expect(totalsOf(applied)).toEqual(totalsOf(b));
        expect(d.total.before + d.total.delta).toBe(totalsOf(b).total);
        const accountDeltas = d.accounts.reduce((sum, x) => sum + x.delta, 0);
        expect(accountDeltas + d.contingency.delta).toBe(d.total.delta);
      }),
    );
  });

  it("names a changed line once, with the fields that moved", () => {
    const a: SnapshotLine = {
      id: IDS[0]!,
      accountCode: "2100",
      description: "DoP",
      quantity: 300,
      units: "days",
      rate: 20_000,
      notes: "",
      amount: 60_000,
    };
    const b = { ...a, rate: 22_000, amount: 66_000, fringeIds: ["tax"] };
    expect(diffLines([a], [b]).changed).toEqual([{ before: a, after: b }]);
    expect(changedFields(lineStateOf(a), lineStateOf(b))).toEqual(["rate", "fringeIds"]);
    expect(diffLines([a], [{ ...a }])).toEqual({ added: [], removed: [], changed: [] });
  });
});
