import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DECIMAL_SEPARATORS,
  GROUPING_SEPARATORS,
  formatNumber,
  numberFormatOfLocale,
  parseNumberInput,
  type NumberFormat,
} from "./number-input.ts";

const formatArb: fc.Arbitrary<NumberFormat> = fc
  .tuple(fc.constantFrom(...DECIMAL_SEPARATORS), fc.constantFrom(...GROUPING_SEPARATORS))
  .filter(([d, g]) => d !== g)
  .map(([decimal, grouping]) => ({ decimal, grouping }));
const digitsArb = fc.constantFrom(0, 1, 2);
const valueArb = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.integer({ min: 0, max: 10_000_000_000 }),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
);

const parse = (text: string, digits: number, format: NumberFormat) => parseNumberInput(text, { digits, format });

describe("number input (property-based)", () => {
  it("reads back what it writes in a field, for every format, number of decimals and value", () => {
    fc.assert(
      fc.property(valueArb, digitsArb, formatArb, fc.boolean(), (value, digits, format, trim) => {
        expect(parse(formatNumber(value, digits, format, { trim }), digits, format)).toEqual({ ok: true, value });
      }),
      { numRuns: 3000 },
    );
  });

  it("reads back a grouped amount with all its decimals", () => {
    fc.assert(
      fc.property(valueArb, fc.constantFrom(1, 2), formatArb, (value, digits, format) => {
        expect(parse(formatNumber(value, digits, format, { group: true }), digits, format)).toEqual({
          ok: true,
          value,
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("never reads a number another way than its writer meant: whoever wrote it, in whatever format, it is the same value or refused", () => {
    fc.assert(
      fc.property(
        valueArb,
        digitsArb,
        formatArb,
        formatArb,
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        (value, digits, writer, school, group, trim, written) => {
          // The writer may use more or fewer decimals than the field keeps (a quantity of 1.5 written "1.500").
          const text = formatNumber(value, written, writer, { group, trim });
          const meant = written <= digits ? value * 10 ** (digits - written) : value / 10 ** (written - digits);
          const r = parse(text, digits, school);
          if (r.ok) expect(r.value, `${text} read as ${r.value}, meant ${meant}`).toBe(meant);
          else expect(["ambiguous", "decimals", "large"]).toContain(r.problem);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("refuses a single separator followed by three digits, in every format: 1,250 could be a thousand or a decimal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom(".", ","),
        digitsArb,
        formatArb,
        (head, tail, mark, digits, format) => {
          const text = `${head}${mark}${String(tail).padStart(3, "0")}`;
          const r = parse(text, digits, format);
          expect(r.ok).toBe(false);
          if (!r.ok) {
            expect(r.problem).toBe("ambiguous");
            expect(r.message).toContain(`${head}${String(tail).padStart(3, "0")}`);
          }
        },
      ),
    );
  });

  it("never throws on any text, and whatever it accepts reads back the same once written", () => {
    const typed = fc.string({ unit: fc.constantFrom(..."0123456789.,' -−\u00a0\u202fe+x€"), maxLength: 16 });
    fc.assert(
      fc.property(fc.oneof(typed, fc.string()), digitsArb, formatArb, (text, digits, format) => {
        const r = parse(text, digits, format);
        if (r.ok) {
          expect(Number.isSafeInteger(r.value)).toBe(true);
          expect(parse(formatNumber(r.value, digits, format), digits, format)).toEqual({ ok: true, value: r.value });
        } else {
          expect(r.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe("number input (examples)", () => {
  const en: NumberFormat = { decimal: ".", grouping: "," };
  const de: NumberFormat = { decimal: ",", grouping: "." };
  const fr: NumberFormat = { decimal: ",", grouping: " " };

  it("takes 12.50 and 12,50 alike, whatever the school's format", () => {
    for (const f of [en, de, fr]) {
      expect(parse("12,50", 2, f)).toEqual({ ok: true, value: 1250 });
      expect(parse("12.50", 2, f)).toEqual({ ok: true, value: 1250 });
      expect(parse("1,5", 2, f)).toEqual({ ok: true, value: 150 });
      expect(parse("1.234,56", 2, f)).toEqual({ ok: true, value: 123456 });
      expect(parse("1,234.56", 2, f)).toEqual({ ok: true, value: 123456 });
      expect(parse("1 234,56", 2, f)).toEqual({ ok: true, value: 123456 });
      expect(parse("1'234.56", 2, f)).toEqual({ ok: true, value: 123456 });
      expect(parse("1,234,567", 2, f)).toEqual({ ok: true, value: 123456700 });
    }
  });

  it("refuses what it cannot read one way, saying why", () => {
    const ambiguous = parse("1,250", 2, en);
    expect(ambiguous).toMatchObject({
      ok: false,
      problem: "ambiguous",
      message: "“1,250” could mean 1250 or 1.25. Type 1250 or 1.25, whichever you mean.",
    });
    expect(parse("1.250", 2, de)).toMatchObject({
      ok: false,
      message: "“1.250” could mean 1250 or 1,25. Type 1250 or 1,25, whichever you mean.",
    });
    expect(parse("12,5,0", 2, en)).toMatchObject({ ok: false, problem: "invalid" });
    expect(parse("12.505", 2, en)).toMatchObject({ ok: false, problem: "ambiguous" });
    expect(parse("1234.505", 2, en)).toMatchObject({
      ok: false,
      problem: "decimals",
      message: "“1234.505” has more than 2 decimals.",
    });
    expect(parse("12,5", 0, en)).toMatchObject({ ok: false, problem: "decimals" });
    expect(parse("abc", 2, de)).toMatchObject({
      ok: false,
      problem: "invalid",
      message: "“abc” is not a number. Type it like 1.234,50.",
    });
    expect(parse("12,34,567.00", 2, en)).toMatchObject({ ok: false, problem: "invalid" });
    expect(parse("", 2, en)).toMatchObject({ ok: false, problem: "empty" });
  });

  it("writes in the school's format", () => {
    expect(formatNumber(123456789, 2, de, { group: true })).toBe("1.234.567,89");
    expect(formatNumber(123456789, 2, fr, { group: true })).toBe("1 234 567,89");
    expect(formatNumber(250, 2, en, { trim: true })).toBe("2.5");
    expect(formatNumber(5, 2, en)).toBe("0.05");
  });

  it("takes a locale's separators", () => {
    expect(numberFormatOfLocale("en-GB")).toEqual({ decimal: ".", grouping: "," });
    expect(numberFormatOfLocale("de-DE")).toEqual({ decimal: ",", grouping: "." });
    expect(numberFormatOfLocale("fr-FR")).toEqual({ decimal: ",", grouping: " " });
    expect(numberFormatOfLocale("de-CH")).toEqual({ decimal: ".", grouping: "'" });
  });
});
