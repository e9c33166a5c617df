import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import iconv from "iconv-lite";
import { detectTextEncoding } from "../../common/text-encoding.ts";
import { AppError } from "./errors.ts";

/**
 * The one CSV writer and reader of the portal, used by every export and import. The quoting and
 * parsing are csv-stringify's and csv-parse's (RFC 4180, with their own test suites); what stays here
 * is the portal's policy around them: the byte-order mark, the formula guard, which delimiter a file
 * uses and which encoding its bytes are in.
 *
 * Every file starts with the UTF-8 byte-order mark: without it Excel reads the file in the system's
 * legacy code page and "Müller" opens as "MÃ¼ller". Importers take files with or without it.
 */
export const CSV_BOM = "\uFEFF";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** `,` as RFC 4180 writes; `;` as spreadsheets save in countries whose decimal separator is the comma. */
export type CsvDelimiter = "," | ";";

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return that some of them
 * strip first) is kept as text by a leading apostrophe: an exported title must never run as a formula.
 * A cell that already starts with apostrophes before such a character gets one more, so that reading
 * takes exactly one off and every text comes back as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const guard = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The formula guard comes back off on import, so what was exported is what is read back. */
export const unguardCell = (value: string) => (/^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * A field holding either delimiter is quoted, whichever one the file uses, so that the first line with
 * a delimiter outside quotes names the file's own (`detectDelimiter`); and any line break, not only the
 * record's CRLF, so a cell's lone LF or CR never ends a record.
 */
const write = (rows: string[][], delimiter: CsvDelimiter, eof = true) =>
  stringify(
    rows.map((cells) => cells.map(guard)),
    { delimiter, record_delimiter: "\r\n", quoted_match: /[,;\r\n]/, eof },
  );

/** One cell as written in a record: guarded, and quoted when it must be. */
export const csvCell = (value: string, delimiter: CsvDelimiter = ",") => write([[value]], delimiter, false) || "";

/** One record, ended by CRLF as RFC 4180 asks. */
export const csvRow = (cells: string[], delimiter: CsvDelimiter = ",") => write([cells], delimiter);

/** A whole file: the byte-order mark, then the records. */
export const csvDocument = (rows: string[][], delimiter: CsvDelimiter = ",") => CSV_BOM + write(rows, delimiter);

/**
 * Which of `,` and `;` separates the fields: the first line with either outside quotes decides, by
 * which it holds more of (a tie is `,`). That line is the header of a file people export from a
 * spreadsheet, and any line of a file the portal wrote, whose other delimiter is always quoted.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === ",") commas++;
    else if (ch === ";") semicolons++;
    else if ((ch === "\n" || ch === "\r") && commas + semicolons > 0) break;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * The records of a file: quoted fields may hold either delimiter, doubled quotes and line breaks; CRLF,
 * LF and CR all end a record; a leading byte-order mark is dropped; the delimiter is the file's own
 * unless given. Cells come back as written (see `unguardCell`). A quote never closed is a 400 that
 * names its line, never a guess at where the field ends.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter = detectDelimiter(text)): string[][] {
  try {
    return parse(text, {
      bom: true,
      delimiter,
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      // A quote inside an unquoted field is a character of that field, as people type one in a note.
      relax_quotes: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError(
      "bad_request",
      `The CSV could not be read${line ? ` at line ${line}` : ""}: ${(error as Error).message.replace(/^[^:]*:\s*/, "")}. Check that every quoted field is closed.`,
    );
  }
}

/**
 * The text of an uploaded file, in whichever encoding it was saved: the byte-order mark names UTF-8 or
 * UTF-16; without one, bytes that are valid UTF-8 are read as UTF-8, and any others as Windows-1252,
 * what spreadsheets on Windows save as "CSV". iconv-lite decodes, because Node's own TextDecoder reads
 * windows-1252 as Latin-1 (€ and the curly quotes come out as control characters). The mark is dropped.
 */
export const decodeCsv = (bytes: Uint8Array) =>
  iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), detectTextEncoding(bytes));
