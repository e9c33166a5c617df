/**
 * The encoding of a text file people upload (a CSV saved by a spreadsheet), told from its bytes: a
 * byte-order mark names UTF-8 or UTF-16; without one, bytes that are valid UTF-8 are UTF-8 (plain ASCII
 * included), and anything else is Windows-1252, what spreadsheets on Windows save. A UTF-16 file without
 * a mark is not guessed at: spreadsheets always write one.
 */
export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function detectTextEncoding(bytes: Uint8Array): TextEncodingName {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return "utf-8";
  if (a === 0xff && b === 0xfe) return "utf-16le";
  if (a === 0xfe && b === 0xff) return "utf-16be";
  try {
    utf8.decode(bytes);
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}
