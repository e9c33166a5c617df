/**
 * Numbers as people type them into money and quantity fields, read exactly into integers of a fixed number
 * of decimals (minor units, hundredths), and written back in the school's number format. One parser for
 * the web's fields and the server's imports, so a value never means one thing in a field and another on
 * the server.
 *
 * The rule (docs/decisions/2026-11-24-number-input.md):
 * - Spaces and apostrophes only ever group thousands. "." and "," are marks.
 * - Two different marks ("1,234.50", "1.234,50"): the last one is the decimal separator.
 * - One mark repeated ("1,234,567"): it groups thousands; there are no decimals.
 * - One mark once: it is the decimal separator ("12.50" and "12,50" are both twelve and a half), unless it
 *   could just as well group thousands: 1 to 3 digits (not starting with 0), the mark, exactly 3 digits
 *   ("1,250", "1.250"). Those are refused as ambiguous, in every setting, never guessed.
 * - Groups of thousands are 3 digits each (the first 1 to 3), else the text is refused.
 * So what a text means does not depend on the writer's habits or on the setting: the setting decides how
 * numbers are shown, and the parser gives the same value or refuses, whichever convention typed it.
 */

export const DECIMAL_SEPARATORS = [".", ","] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];
export const GROUPING_SEPARATORS = [",", ".", " ", "'", ""] as const;
export type GroupingSeparator = (typeof GROUPING_SEPARATORS)[number];

export interface NumberFormat {
  decimal: DecimalSeparator;
  /** "" writes no grouping. */
  grouping: GroupingSeparator;
}

/** How the portal has always written numbers: 1,234.50. */
export const DEFAULT_NUMBER_FORMAT: NumberFormat = { decimal: ".", grouping: "," };

export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  ".": "Point (12.50)",
  ",": "Comma (12,50)",
};
export const GROUPING_SEPARATOR_LABELS: Record<GroupingSeparator, string> = {
  ",": "Comma (1,234)",
  ".": "Point (1.234)",
  " ": "Space (1 234)",
  "'": "Apostrophe (1'234)",
  "": "None (1234)",
};

/**
 * The separators a locale writes (e.g. "de-DE" → 1.234,5), as far as the portal's choices go: the narrow
 * and ordinary no-break spaces become a space, the typographic apostrophe a plain one.
 */
export function numberFormatOfLocale(locale: string): NumberFormat {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  } catch {
    return DEFAULT_NUMBER_FORMAT;
  }
  const decimal = parts.find((p) => p.type === "decimal")?.value === "," ? "," : ".";
  const raw = parts.find((p) => p.type === "group")?.value ?? "";
  const grouping: GroupingSeparator = /^\s$/u.test(raw)
    ? " "
    : raw === "’" || raw === "'"
      ? "'"
      : raw === "." || raw === ","
        ? raw
        : "";
  return { decimal, grouping: grouping === decimal ? "" : grouping };
}

export type NumberProblem = "empty" | "invalid" | "ambiguous" | "decimals" | "large";
export type ParsedNumber = { ok: true; value: number } | { ok: false; problem: NumberProblem; message: string };

export interface NumberOptions {
  /** Digits after the decimal separator the value keeps: 2 for cents and hundredths, 0 for whole numbers. */
  digits: number;
  /** The school's format: how the messages write their examples. */
  format?: NumberFormat;
}

const SPACES = /[\s\u00a0\u2007\u2009\u202f]/gu;

/** Digits grouped in threes: the first group 1 to 3 digits not starting with 0, then groups of exactly 3. */
const wellGrouped = (groups: string[]) =>
  groups.length > 1 && /^[1-9]\d{0,2}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));

/**
 * Reads typed text as an integer count of 10^-digits ("12,50" with 2 digits → 1250). Never guesses: text
 * that is not a number, could be read two ways, or has more decimals than `digits` is refused with a
 * message for the person, written for the field it sits next to.
 */
export function parseNumberInput(
  text: string,
  { digits, format = DEFAULT_NUMBER_FORMAT }: NumberOptions,
): ParsedNumber {
  const typed = text.trim();
  if (typed === "") return { ok: false, problem: "empty", message: "Type a number." };
  const fail = (problem: NumberProblem, message: string): ParsedNumber => ({ ok: false, problem, message });
  // 1234.5 written in the school's format; grouped only where the decimals keep it unambiguous.
  const example =
    digits === 0 ? "1234" : formatNumber(1234 * 10 ** digits + 5 * 10 ** (digits - 1), digits, format, { group: true });
  const notANumber = () => fail("invalid", `“${typed}” is not a number. Type it like ${example}.`);

  let body = typed.replace(SPACES, " ").replace(/’/g, "'");
  let negative = false;
  if (/^[-−]/.test(body)) {
    negative = true;
    body = body.slice(1).trimStart();
  }
  // Digits and single separators between them; a lone trailing or leading decimal mark is allowed ("2.", ".5").
  if (!/^[.,]?\d+(?:[.,' ]\d+)*[.,]?$/.test(body) || /^[.,].*[.,]$/.test(body)) return notANumber();

  const marks = [...body].filter((ch) => ch === "." || ch === ",");
  const lastMark = body.search(/[.,][^.,]*$/);
  let intText: string;
  let fracText = "";
  const groupsOf = (s: string) => s.split(/[.,' ]/);
  const sepsOf = (s: string) => new Set(s.replace(/\d/g, ""));

  if (marks.length === 0) {
    intText = body;
  } else {
    const decimalMark = body[lastMark]!;
    const distinct = new Set(marks);
    const before = body.slice(0, lastMark);
    const after = body.slice(lastMark + 1);
    if (distinct.size === 1 && marks.length > 1) {
      // One mark, repeated: it can only group thousands.
      intText = body;
    } else if (/[' ]/.test(after)) {
      return notANumber();
    } else {
      const seps = sepsOf(before);
      if (seps.size === 0 && distinct.size === 1) {
        const grouping = /^[1-9]\d{0,2}$/.test(before) && /^\d{3}$/.test(after);
        if (grouping) {
          const asWhole = `${before}${after}`;
          const decimals = after.replace(/0+$/, "");
          const asDecimal = decimals ? `${before}${format.decimal}${decimals}` : before;
          return fail(
            "ambiguous",
            `“${typed}” could mean ${asWhole} or ${asDecimal}. Type ${asWhole} or ${asDecimal}, whichever you mean.`,
          );
        }
      }
      if (seps.has(decimalMark) || seps.size > 1) return notANumber();
      intText = before;
      fracText = after;
    }
  }

  const seps = sepsOf(intText);
  if (seps.size > 1) return notANumber();
  if (seps.size === 1 && !wellGrouped(groupsOf(intText)))
    return fail("invalid", `“${typed}” is not a number: thousands are grouped in threes, like ${example}.`);
  const whole = intText.replace(/\D/g, "");
  if (fracText.length > digits) {
    return fail(
      "decimals",
      digits === 0
        ? `“${typed}” has decimals; type a whole number.`
        : `“${typed}” has more than ${digits} decimal${digits === 1 ? "" : "s"}.`,
    );
  }
  const all = (whole || "0") + fracText.padEnd(digits, "0");
  const value = Number(all);
  if (!Number.isSafeInteger(value)) return fail("large", `“${typed}” is too large.`);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** The value, or null when the text is empty or refused: for live totals while a person is still typing. */
export const numberOrNull = (text: string, opts: NumberOptions): number | null => {
  const r = parseNumberInput(text, opts);
  return r.ok ? r.value : null;
};

export interface WriteOptions {
  /** Group thousands with the format's grouping separator (for reading, not for fields: see below). */
  group?: boolean;
  /** Drop trailing zeros of the decimals ("2.5" days rather than "2.50"). */
  trim?: boolean;
}

/**
 * Writes an integer count of 10^-digits in the format. Fields are written ungrouped: grouped and trimmed,
 * 1250 days would read "1,250", which the parser rightly refuses as ambiguous.
 */
export function formatNumber(
  value: number,
  digits: number,
  format: NumberFormat = DEFAULT_NUMBER_FORMAT,
  { group = false, trim = false }: WriteOptions = {},
): string {
  const negative = value < 0;
  const abs = String(Math.abs(value)).padStart(digits + 1, "0");
  let whole = digits ? abs.slice(0, -digits) : abs;
  let frac = digits ? abs.slice(-digits) : "";
  if (trim) frac = frac.replace(/0+$/, "");
  if (group && format.grouping) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, format.grouping);
  return `${negative ? "-" : ""}${whole}${frac ? `${format.decimal}${frac}` : ""}`;
}
