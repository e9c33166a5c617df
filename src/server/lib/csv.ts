/**
 * The one CSV writer and reader of the portal (RFC 4180), used by every export and import.
 *
 * Every file starts with the UTF-8 byte-order mark: without it Excel reads the file in the system's
 * legacy code page and "Müller" opens as "MÃ¼ller". Importers take files with or without it.
 */
export const CSV_BOM = "\uFEFF";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return that some of them
 * strip first) is kept as text by a leading apostrophe: an exported title must never run as a formula.
 * A cell that already starts with apostrophes before such a character gets one more, so that reading
 * takes exactly one off and every text comes back as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  // RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A whole file: the byte-order mark, then the records. */
export const csvDocument = (rows: string[][]) => CSV_BOM + rows.map(csvRow).join("");

/** The formula guard comes back off on import, so what was exported is what is read back. */
export const unguardCell = (value: string) => (/^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; CRLF, LF and CR all
 * end a record. A leading byte-order mark is dropped. Cells come back as written (see `unguardCell`).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  const src = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = wasQuoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
      wasQuoted = false;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      wasQuoted = false;
    } else field += ch;
  }
  if (field !== "" || wasQuoted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
