import fc from "fast-check";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvDocument, decodeCsv, detectDelimiter, parseCsv, unguardCell, type CsvDelimiter } from "./csv.ts";

const read = (text: string) => parseCsv(text).map((row) => row.map(unguardCell));

const cell = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.string({
    unit: fc.constantFrom(
      ",",
      ";",
      '"',
      "\r",
      "\n",
      "\r\n",
      "'",
      "=",
      "+",
      "-",
      "@",
      "\t",
      " ",
      "a",
      "ü",
      "日",
      "😀",
      "\uFEFF",
    ),
  }),
);
const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });

describe("the CSV writer and reader", () => {
  it("starts every file with the byte-order mark and reads files with or without it", () => {
    const file = csvDocument([["Name"], ["Müller"]]);
    expect(file.startsWith(CSV_BOM)).toBe(true);
    expect(read(file)).toEqual([["Name"], ["Müller"]]);
    expect(read("Name\r\nMüller\r\n")).toEqual([["Name"], ["Müller"]]);
  });

  it("gives back any cell text it wrote: commas, quotes, line breaks, formulas, any script", () => {
    fc.assert(
      fc.property(table, (rows) => {
        expect(read(csvDocument(rows))).toEqual(rows);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives back any table written with either delimiter, telling the delimiter from the file alone", () => {
    fc.assert(
      fc.property(table, fc.constantFrom<CsvDelimiter>(",", ";"), (rows, delimiter) => {
        const file = csvDocument(rows, delimiter);
        if (rows.some((r) => r.length > 1)) expect(detectDelimiter(file)).toBe(delimiter);
        expect(read(file)).toEqual(rows);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a spreadsheet's `;` file, whose decimal commas stay unquoted", () => {
    const text = 'asset_tag;name;value\r\nA-1;Lamp, small;1,50\r\nA-2;"Stand; tall";12\r\n';
    expect(detectDelimiter(text)).toBe(";");
    expect(parseCsv(text)).toEqual([
      ["asset_tag", "name", "value"],
      ["A-1", "Lamp, small", "1,50"],
      ["A-2", "Stand; tall", "12"],
    ]);
  });

  it("refuses a quote never closed with its line, instead of guessing where the field ends", () => {
    expect(() => parseCsv('a,b\r\n1,"open\r\n2,3')).toThrow(/could not be read at line/);
  });

  it("decodes UTF-8 with and without its mark, Windows-1252 and UTF-16 with a mark", () => {
    const text = "Name;Wert\r\nMüller;„5 €“\r\n";
    expect(decodeCsv(Buffer.from(text, "utf8"))).toBe(text);
    expect(decodeCsv(Buffer.from(CSV_BOM + text, "utf8"))).toBe(text);
    expect(decodeCsv(iconv.encode(text, "windows-1252"))).toBe(text);
    expect(decodeCsv(iconv.encode(text, "utf-16le", { addBOM: true }))).toBe(text);
    expect(decodeCsv(iconv.encode(text, "utf-16be", { addBOM: true }))).toBe(text);
  });
});
