/**
 * Script pages as a production office counts them, in eighths of a page, read from what people type on set:
 * "3/8", "1 2/8", "1", "1 page", "2 4/8 pages", and the halves and quarters they say aloud ("1/2", "1 1/4").
 * One reader for the report's field and the server, so a text never means one thing in the field and another
 * in the saved report. Decimals ("1,5", "0.5") are refused rather than guessed: a page is not counted in tenths,
 * and "1,5" could be read as one and a half or as fifteen.
 */

/**
 * 11 eighths → "1 3/8": as the screenplay's scene list writes lengths, and the report's field writes back what it
 * read.
 */
export function formatEighths(eighths: number): string {
  const whole = Math.floor(eighths / 8);
  const rest = eighths % 8;
  if (!rest) return String(whole);
  return whole ? `${whole} ${rest}/8` : `${rest}/8`;
}

/** 28 eighths → "3 4/8 pages"; 4 → "4/8 page". */
export const formatPages = (eighths: number): string =>
  `${formatEighths(eighths)} ${eighths > 0 && eighths <= 8 ? "page" : "pages"}`;

export type EighthsParse = { ok: true; value: number } | { ok: false; message: string };

/** Above any scene's length; a report's field that reads more is a slip of the finger. */
export const EIGHTHS_MAX = 999 * 8;

const EXAMPLE = "e.g. 3/8 or 1 2/8";
const fail = (message: string): EighthsParse => ({ ok: false, message });

export function parseEighths(typed: string): EighthsParse {
  const text = typed
    .trim()
    .toLowerCase()
    .replace(/\s*pages?$/, "")
    .replace(/\s+/g, " ");
  if (text === "") return fail(`Type the pages shot in eighths, ${EXAMPLE}.`);
  if (/^\d*[.,]\d*$/.test(text) && /\d/.test(text))
    return fail(`Pages are counted in eighths, not decimals: type ${EXAMPLE} instead of "${typed.trim()}".`);
  const m = /^(\d{1,4})$|^(?:(\d{1,4})[ -])?(\d{1,4}) ?\/ ?(\d{1,2})$/.exec(text);
  if (!m) return fail(`"${typed.trim()}" is not a number of pages: type them in eighths, ${EXAMPLE}.`);
  const whole = Number(m[1] ?? m[2] ?? 0);
  let part = 0;
  if (m[3] !== undefined) {
    const [num, den] = [Number(m[3]), Number(m[4])];
    if (![1, 2, 4, 8].includes(den)) return fail(`Count the pages in eighths, ${EXAMPLE}; "/${den}" is not an eighth.`);
    part = num * (8 / den);
    if (m[2] !== undefined && part >= 8)
      return fail(`After the whole pages, the fraction is less than a page (${EXAMPLE}).`);
  }
  const value = whole * 8 + part;
  if (value > EIGHTHS_MAX) return fail(`That is more than ${EIGHTHS_MAX / 8} pages; type the pages shot, ${EXAMPLE}.`);
  return { ok: true, value };
}
