/**
 * Fountain's inline emphasis: `*italic*`, `**bold**`, `***bold italic***`, `_underline_`, nested in any
 * order, never across a line break; a backslash keeps a marker literal (`\*`). The preview and the PDF
 * both take styled spans from here.
 */
export interface Style {
  bold?: true;
  italic?: true;
  underline?: true;
}

export interface Span extends Style {
  text: string;
}

/** A styled stretch of an element's plain text, by character offsets [start, end). */
export interface Mark extends Style {
  start: number;
  end: number;
}

const ESCAPABLE = new Set("@#!*_$~`+=.><\\/");
const LITERAL = "\u0001";
const GONE = "\u0002";
const PLAIN: Style = Object.freeze({});
const NEEDS_PASS = /[\\*_\u0002]/;
const EMPHASIS = /(\*{1,3}|_)(?=\S)([^*_\n]+?)(?<=\S)\1/g;

/** Splits marked-up text into spans of the same style; the markers and escaping backslashes are dropped. */
export function parseInline(source: string): Span[] {
  // Most of a script has no marker at all: one plain span, without a style object per character.
  // (GONE is excluded too: the full pass drops a typed one.)
  if (!NEEDS_PASS.test(source)) return source === "" ? [] : [{ text: source }];
  // The text without its escaping backslashes, and the same with each escaped character masked so no
  // emphasis reads it; without a backslash both are the source itself.
  let plain = source;
  let masked = source;
  if (source.includes("\\")) {
    const chars: string[] = [];
    masked = "";
    for (let i = 0; i < source.length; i++) {
      const c = source[i]!;
      if (c === "\\" && i + 1 < source.length && ESCAPABLE.has(source[i + 1]!)) {
        chars.push(source[++i]!);
        masked += LITERAL;
      } else {
        chars.push(c);
        masked += c;
      }
    }
    plain = chars.join("");
  }
  // A style object only for characters inside emphasis; the rest share one empty style.
  const styles: (Style | undefined)[] = new Array(plain.length);
  // Innermost emphasis first: once its markers are gone, the one around it matches on the next pass.
  for (let pass = 0; pass < 4; pass++) {
    let found = false;
    masked = masked.replace(EMPHASIS, (whole: string, marker: string, inner: string, at: number) => {
      found = true;
      const from = at + marker.length;
      for (let k = from; k < from + inner.length; k++) {
        const s = (styles[k] ??= {});
        if (marker === "_") s.underline = true;
        if (marker.length >= 2 && marker[0] === "*") s.bold = true;
        if (marker === "*" || marker === "***") s.italic = true;
      }
      return GONE.repeat(marker.length) + inner + GONE.repeat(marker.length);
    });
    if (!found) break;
  }
  // Each span's text is cut from the plain text a stretch at a time, not added a character at a time.
  const spans: Span[] = [];
  let last: Span | undefined;
  let lastStyle: Style | undefined;
  let from = -1;
  const cut = (to: number) => {
    if (last && from >= 0) last.text += plain.slice(from, to);
    from = -1;
  };
  for (let k = 0; k < plain.length; k++) {
    if (masked[k] === GONE) {
      cut(k);
      continue;
    }
    const s = styles[k] ?? PLAIN;
    // The same style object as the character before (plain text, one emphasis) continues its span.
    if (last && (s === lastStyle || sameStyle(last, s))) {
      if (from < 0) from = k;
    } else {
      cut(k);
      last = { text: "", ...s };
      spans.push(last);
      from = k;
    }
    lastStyle = s;
  }
  cut(plain.length);
  return spans;
}

export const sameStyle = (a: Style, b: Style) =>
  !a.bold === !b.bold && !a.italic === !b.italic && !a.underline === !b.underline;
export const isPlain = (s: Style) => !s.bold && !s.italic && !s.underline;

/** The styled stretches of the spans' joined text; empty when nothing is styled. */
export function marksOf(spans: Span[]): Mark[] {
  const marks: Mark[] = [];
  let at = 0;
  for (const { text, ...style } of spans) {
    if (!isPlain(style)) marks.push({ start: at, end: at + text.length, ...style });
    at += text.length;
  }
  return marks;
}

/**
 * The spans of one printed line cut from an element's text by word-wrapping: the line's characters are
 * found in order in the source (wrapping only drops or collapses spaces and line breaks), and each takes
 * the style of the mark it falls in. Undefined when the line is all plain.
 */
export function lineSpans(
  source: string,
  line: string,
  from: number,
  marks: Mark[],
): { spans: Span[] | undefined; next: number } {
  let pos = from;
  const spans: Span[] = [];
  let styled = false;
  let lastMark: Mark | undefined;
  let lastStyle = PLAIN;
  let last: Span | undefined;
  let begun = 0;
  let at = 0;
  for (const c of line) {
    while (pos < source.length && source[pos] !== c) pos++;
    const m = marks.find((x) => pos >= x.start && pos < x.end);
    if (m && m !== lastMark) {
      lastMark = m;
      lastStyle = styleOf(m);
    }
    const style = m ? lastStyle : PLAIN;
    if (m) styled = true;
    // A span's text is the stretch of the line since it began, cut once when the style changes.
    if (!last || !sameStyle(last, style)) {
      if (last) last.text = line.slice(begun, at);
      last = { text: "", ...style };
      spans.push(last);
      begun = at;
    }
    at += c.length;
    pos++;
  }
  if (last) last.text = line.slice(begun, at);
  return { spans: styled ? spans : undefined, next: pos };
}

const styleOf = (m: Mark): Style => ({
  ...(m.bold && { bold: true }),
  ...(m.italic && { italic: true }),
  ...(m.underline && { underline: true }),
});

/**
 * Text that keeps its own line breaks (a title-page entry), line by line as spans of the same style:
 * emphasis never crosses a line break, so each line's stretch of the marks is its own.
 */
export function styledLines(text: string, marks: Mark[] = []): Span[][] {
  let from = 0;
  return text.split("\n").map((line) => {
    const spans: Span[] = [];
    for (let k = from; k < from + line.length; k++) {
      const m = marks.find((x) => k >= x.start && k < x.end);
      const style = m ? styleOf(m) : {};
      const last = spans.at(-1);
      if (last && sameStyle(last, style)) last.text += text[k];
      else spans.push({ text: text[k]!, ...style });
    }
    from += line.length + 1;
    return spans;
  });
}
