import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvDocument, parseCsv, unguardCell } from "./csv.ts";

const read = (text: string) => parseCsv(text).map((row) => row.map(unguardCell));

describe("the CSV writer and reader", () => {
  it("starts every file with the byte-order mark and reads files with or without it", () => {
    const file = csvDocument([["Name"], ["Müller"]]);
    expect(file.startsWith(CSV_BOM)).toBe(true);
    expect(read(file)).toEqual([["Name"], ["Müller"]]);
    expect(read("Name\r\nMüller\r\n")).toEqual([["Name"], ["Müller"]]);
  });

  it("gives back any cell text it wrote: commas, quotes, line breaks, formulas, any script", () => {
    const cell = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: fc.constantFrom(",", '"', "\r", "\n", "\r\n", "'", "=", "+", "-", "@", "\t", " ", "a", "ü", "日", "😀", "\uFEFF") }),
    );
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(table, (rows) => {
        expect(read(csvDocument(rows))).toEqual(rows);
      }),
      { numRuns: 2000 },
    );
  });
});
