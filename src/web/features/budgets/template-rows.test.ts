import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUDGET_UNITS, QUANTITY_MAX, RATE_MAX } from "../../../common/budget.ts";
import { DECIMAL_SEPARATORS, GROUPING_SEPARATORS, type NumberFormat } from "../../../common/number-input.ts";
import { readTemplateRows, templateRowOf } from "./template-rows.ts";

const format = fc
  .record({ decimal: fc.constantFrom(...DECIMAL_SEPARATORS), grouping: fc.constantFrom(...GROUPING_SEPARATORS) })
  .filter((f) => f.decimal !== f.grouping) as fc.Arbitrary<NumberFormat>;
const line = fc.record({
  accountCode: fc.constantFrom("1400", "2100", "2800"),
  description: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s.length > 0),
  quantity: fc.integer({ min: 0, max: QUANTITY_MAX }),
  units: fc.constantFrom(...BUDGET_UNITS),
  rate: fc.integer({ min: 0, max: RATE_MAX }),
});

describe("a budget template's typed lines", () => {
  it("read back exactly what they show, in every number format and currency precision", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), format, fc.constantFrom(0, 2, 3), (lines, f, digits) => {
        const rows = lines.map((l) => templateRowOf(l, digits, f));
        expect(readTemplateRows(rows, digits, f)).toEqual({ lines });
      }),
    );
  });

  it("name the first line that cannot be read", () => {
    const rows = [
      templateRowOf({ accountCode: "2100", description: "Camera", quantity: 100, units: "days", rate: 100 }, 2, {
        decimal: ".",
        grouping: ",",
      }),
    ];
    expect(readTemplateRows([...rows, { ...rows[0]!, rate: "12.345" }], 2, { decimal: ".", grouping: "," })).toEqual({
      problem: expect.stringMatching(/^Line 2 rate:/),
    });
    expect(readTemplateRows([{ ...rows[0]!, accountCode: "" }], 2, { decimal: ".", grouping: "," })).toEqual({
      problem: "Line 1 needs an account: choose one.",
    });
  });
});
