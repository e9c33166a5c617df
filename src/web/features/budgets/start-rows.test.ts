import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BudgetDraftContent, BudgetDraftRow } from "../../../common/budget.ts";
import type { BudgetStartLine } from "../../../common/budget-template.ts";
import { appendStart } from "./start-rows.ts";

const FORMAT = { decimal: ",", grouping: "." } as const;
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
const typed = (over: Partial<BudgetDraftRow>): BudgetDraftRow => ({
  id: newId(),
  accountCode: "2300",
  description: "Sound recordist day rate",
  quantity: "2",
  units: "days",
  rate: "99,00",
  notes: "typed",
  ...over,
});
const TAX = { id: "tax", name: "Payroll taxes", kind: "percent" as const, value: 765, cap: null };
const line = (over: Partial<BudgetStartLine>): BudgetStartLine => ({
  accountCode: "2300",
  description: "Sound recordist day rate",
  quantity: 300,
  units: "days",
  rate: 18_000,
  ...over,
});

describe("adding a start's lines to a sheet", () => {
  it("appends after the typed lines, skips the ones the sheet has, and brings the template's fringes and globals", () => {
    const mine = typed({});
    const content: BudgetDraftContent = {
      contingency: "10",
      fringes: [{ id: newId(), name: "payroll taxes ", kind: "percent", value: "8", cap: "" }],
      globals: [{ id: newId(), name: "SHOOT_DAYS", value: "4" }],
      rows: [mine],
    };
    const holiday = { ...TAX, id: "holiday", name: "Holiday pay", value: 800 };
    const res = appendStart(
      content,
      {
        lines: [
          line({ description: " sound recordist DAY RATE", fringeIds: ["tax"] }),
          line({
            accountCode: "1400",
            description: "Cast day rate",
            quantityGlobal: "SHOOT_DAYS",
            fringeIds: ["tax", "holiday"],
          }),
          line({
            accountCode: "2900",
            description: "Tripod",
            quantity: 600,
            rate: 4_250,
            notes: "Reserved: 2 × 3 days",
          }),
        ],
        fringes: [TAX, holiday],
        globals: [
          { name: "SHOOT_DAYS", value: 300 },
          { name: "WEEKS", value: 100 },
        ],
      },
      { digits: 2, format: FORMAT, newId },
    );
    expect(res.added).toBe(2);
    expect(res.skipped).toEqual([" sound recordist DAY RATE"]);
    expect(res.content.rows[0]).toBe(mine);
    // The sheet's Payroll taxes (8 % as typed) is kept and used; Holiday pay joins it.
    const [payroll, added] = res.content.fringes!;
    expect(payroll).toBe(content.fringes![0]);
    expect(added).toMatchObject({ name: "Holiday pay", kind: "percent", value: "8" });
    expect(res.content.globals!.map((g) => `${g.name}=${g.value}`)).toEqual(["SHOOT_DAYS=4", "WEEKS=1"]);
    expect(res.content.rows[1]).toMatchObject({
      accountCode: "1400",
      quantity: "SHOOT_DAYS",
      rate: "180,00",
      fringeIds: [payroll!.id, added!.id],
    });
    expect(res.content.rows[2]).toMatchObject({ quantity: "6", rate: "42,50", notes: "Reserved: 2 × 3 days" });
    expect(res.content.rows[2]).not.toHaveProperty("fringeIds");
    expect(res.content.contingency).toBe("10");
  });

  it("never changes or drops a typed line, adds each offered line once, and adds nothing the second time", () => {
    const description = fc.constantFrom("Sound", "sound ", "Cast", "Tripod", "Catering");
    const account = fc.constantFrom("1400", "2300", "2900");
    const rowArb = fc.record({ accountCode: account, description }).map((r) => typed(r));
    const lineArb = fc.record({ accountCode: account, description }).map((l) => line(l));
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 6 }), fc.array(lineArb, { maxLength: 8 }), (rows, lines) => {
        const content: BudgetDraftContent = { contingency: "10", rows };
        const start = { lines, fringes: [], globals: [] };
        const once = appendStart(content, start, { digits: 2, format: FORMAT, newId });
        expect(once.content.rows.slice(0, rows.length)).toEqual(rows);
        expect(once.added + once.skipped.length).toBe(lines.length);
        const key = (l: { accountCode: string; description: string }) =>
          `${l.accountCode}|${l.description.trim().toLowerCase()}`;
        expect(new Set(once.content.rows.slice(rows.length).map(key)).size).toBe(once.added);
        const twice = appendStart(once.content, start, { digits: 2, format: FORMAT, newId });
        expect(twice.added).toBe(0);
        expect(twice.content.rows).toEqual(once.content.rows);
      }),
    );
  });
});
