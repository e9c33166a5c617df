import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EIGHTHS_MAX, formatEighths, parseEighths } from "./eighths.ts";
import { formatPages } from "./eighths.ts";

const eighths = fc.integer({ min: 0, max: EIGHTHS_MAX });
const value = (text: string) => {
  const r = parseEighths(text);
  return r.ok ? r.value : r.message;
};

describe("pages typed in eighths", () => {
  it("reads what people type on set", () => {
    expect(value("3/8")).toBe(3);
    expect(value("1 2/8")).toBe(10);
    expect(value("1-2/8")).toBe(10);
    expect(value("  2 ")).toBe(16);
    expect(value("4/8 page")).toBe(4);
    expect(value("2 4/8 pages")).toBe(20);
    expect(value("1/2")).toBe(4);
    expect(value("1 1/4")).toBe(10);
    expect(value("0")).toBe(0);
    expect(value("12/8")).toBe(12);
  });

  it("refuses decimals, words and fractions that are not eighths, saying how to write it", () => {
    expect(value("1,5")).toMatch(/^Pages are counted in eighths, not decimals: type e\.g\. 3\/8 or 1 2\/8/);
    expect(value("0.5")).toMatch(/not decimals/);
    expect(value("abc")).toBe('"abc" is not a number of pages: type them in eighths, e.g. 3/8 or 1 2/8.');
    expect(value("1/3")).toMatch(/"\/3" is not an eighth/);
    expect(value("1 9/8")).toMatch(/less than a page/);
    expect(value("")).toMatch(/^Type the pages shot in eighths/);
    expect(value("-3/8")).toMatch(/is not a number of pages/);
    expect(value("100000")).toMatch(/is not a number of pages|more than/);
  });

  it("reads back every length the portal writes, in the scene list's and the stripboard's words", () => {
    fc.assert(
      fc.property(eighths, (n) => {
        expect(parseEighths(formatEighths(n))).toEqual({ ok: true, value: n });
        expect(parseEighths(formatPages(n))).toEqual({ ok: true, value: n });
      }),
    );
  });

  it("does not mind spaces or capitals around what it reads", () => {
    fc.assert(
      fc.property(eighths, fc.stringMatching(/^ {0,3}$/), fc.stringMatching(/^ {0,3}$/), (n, a, b) => {
        expect(parseEighths(`${a}${formatPages(n).toUpperCase()}${b}`)).toEqual({ ok: true, value: n });
      }),
    );
  });

  it("answers any text with a whole number of eighths in range or a sentence, and never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const r = parseEighths(text);
        if (r.ok) expect(Number.isInteger(r.value) && r.value >= 0 && r.value <= EIGHTHS_MAX).toBe(true);
        else expect(r.message).toMatch(/\.$/);
      }),
    );
  });

  it("refuses every decimal written with a comma or a point", () => {
    fc.assert(
      fc.property(fc.nat(99), fc.integer({ min: 1, max: 99 }), fc.constantFrom(",", "."), (w, d, mark) => {
        const r = parseEighths(`${w}${mark}${d}`);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.message).toMatch(/not decimals/);
      }),
    );
  });
});
