import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECIMAL_SEPARATORS, formatNumber, GROUPING_SEPARATORS, type NumberFormat } from "./number-input.ts";
import { ITEM_VALUE_MAX } from "./equipment.ts";
import { readDayRate } from "./day-rate.ts";

const COMMA: NumberFormat = { decimal: ",", grouping: "." };
const format = fc
  .record({ decimal: fc.constantFrom(...DECIMAL_SEPARATORS), grouping: fc.constantFrom(...GROUPING_SEPARATORS) })
  .filter((f) => f.decimal !== f.grouping) as fc.Arbitrary<NumberFormat>;

describe("an item's typed day rate", () => {
  it("reads a comma decimal as the school writes it: 12,50 is 12.50", () => {
    expect(readDayRate("12,50", 2, COMMA)).toEqual({ ok: true, value: 1250 });
    expect(readDayRate("1.250,5", 2, COMMA)).toEqual({ ok: true, value: 125_050 });
    expect(readDayRate("12.50", 2, { decimal: ".", grouping: "," })).toEqual({ ok: true, value: 1250 });
  });

  it("is no rate when empty, and names what is wrong otherwise", () => {
    expect(readDayRate("  ", 2, COMMA)).toEqual({ ok: true, value: null });
    expect(readDayRate("-5", 2, COMMA)).toMatchObject({ ok: false });
    expect(readDayRate("12,505", 2, COMMA)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The day rate/),
    });
  });

  it("reads back every rate as written, in every format and currency precision", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ITEM_VALUE_MAX }), format, fc.constantFrom(0, 2, 3), (minor, f, digits) => {
        expect(readDayRate(formatNumber(minor, digits, f), digits, f)).toEqual({ ok: true, value: minor });
        expect(readDayRate(formatNumber(minor, digits, f, { group: true }), digits, f)).toEqual({
          ok: true,
          value: minor,
        });
      }),
    );
  });
});
