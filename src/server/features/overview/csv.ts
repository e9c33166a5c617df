/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return that some of them
 * strip first) is kept as text by a leading apostrophe: an exported title must never run as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  // RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;
