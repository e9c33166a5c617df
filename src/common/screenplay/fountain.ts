/**
 * Fountain text → the script's elements, shared by the editor's preview, the server's reports and the PDF.
 * A line-by-line reader of the Fountain 1.1 syntax (fountain-js threw on a sung line after a cue, read
 * any line without a-z as a cue, and kept dual-dialogue state between parses; see
 * docs/decisions/2026-11-24-fountain-parser-and-pdf-fonts.md). It gives the source line of every element (notes and
 * scene-number locking point at lines), plain text without Fountain's inline markup, and scene headings
 * split into INT/EXT, location and time of day. What was typed is kept as typed: nothing is upper-cased.
 */
import { marksOf, parseInline, type Mark, type Span } from "./inline.ts";

export type ElementType =
  | "scene_heading"
  | "action"
  | "character"
  | "parenthetical"
  | "dialogue"
  | "transition"
  | "centered"
  | "lyrics"
  | "page_break"
  | "section"
  | "synopsis";

export interface ScriptElement {
  type: ElementType;
  /** Plain text, inline markup and notes removed; "\n" separates the written lines. */
  text: string;
  /** 0-based line of the Fountain source the element starts on. */
  line: number;
  /** A scene number written into the heading (`#12A#`). */
  sceneNumber?: string;
  /** Bold, italic and underlined stretches of `text`; absent when all of it is plain. */
  marks?: Mark[];
  /** Which side of a dual dialogue this speech sits on. */
  dual?: "left" | "right";
  /** A section's level: 1 for `#`, 2 for `##`… */
  depth?: number;
}

export interface TitleEntry {
  key: string;
  /** Plain text; lines are kept. */
  text: string;
  /** Bold, italic and underlined stretches of `text`; absent when all of it is plain. */
  marks?: Mark[];
}

export interface ParsedScript {
  titlePage: TitleEntry[];
  elements: ScriptElement[];
}

const NOTE = /\[\[[\s\S]*?]]/g;

/**
 * Notes removed and each line's trailing blanks, before the emphasis is read. The blanks a line of action
 * starts with are kept (the syntax page: "tabs and spaces are retained in Action elements").
 */
const tidy = (s: string) => {
  const t = s.includes("[[") ? s.replace(NOTE, "") : s;
  // Split and joined again only when some line ends in a blank: most lines do not, and this runs per element.
  const body = TRAILING_BLANK.test(t)
    ? t
        .split("\n")
        .map((l) => l.replace(/\s+$/, ""))
        .join("\n")
        .trim()
    : t.trim();
  const indent = s.charCodeAt(0) === 32 ? /^ +/.exec(t)?.[0] : undefined;
  return indent && body !== "" ? indent + body : body;
};
/** A blank (other than the line break itself) at the end of a line or of the text. */
const TRAILING_BLANK = /[^\S\n](?:\n|$)/;

/** An element's text as styled spans: notes, emphasis markers and escaping backslashes removed. */
export function inlineSpans(s: string): Span[] {
  return parseInline(tidy(s));
}

/** Fountain's inline markup (`*italic*`, `**bold**`, `_underline_`, `[[notes]]`, escapes) removed. */
export function plainText(s: string): string {
  return inlineSpans(s)
    .map((x) => x.text)
    .join("");
}

const TITLE_KEYS: Record<string, string> = { authors: "author", draft_date: "date", revisions: "revision" };

/**
 * Parses Fountain. A long script is parsed scene by scene, and scenes whose text has not changed come
 * from a cache: a keystroke in a 120-page script re-parses one scene, not all of them.
 */
export function parseFountain(source: string): ParsedScript {
  const text = source.replace(/\r\n?/g, "\n");
  // A boneyard (/* … */) may span scenes; such a script is parsed whole.
  if (text.length < 4000 || text.includes("/*")) return parseChunk(text);
  const lines = text.split("\n");
  const starts = [0];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i - 1]!.trim() === "" && SCENE_START.test(lines[i]!)) starts.push(i);
  }
  const titlePage: TitleEntry[] = [];
  const elements: ScriptElement[] = [];
  const used = new Map<string, Chunk>();
  starts.forEach((start, k) => {
    const chunk = lines.slice(start, starts[k + 1] ?? lines.length).join("\n");
    const known = used.get(chunk) ?? chunkCache.get(chunk);
    // The same element objects while a scene's text and first line stay: the page layout reuses what it
    // built for them (see layout.ts), so a keystroke lays out one scene again, not the whole script.
    // A new scene is parsed straight at its line; a known one that moved is copied to its new line.
    let placed: ScriptElement[];
    let titles: TitleEntry[];
    if (!known) ({ elements: placed, titlePage: titles } = parseChunk(chunk, start));
    else {
      titles = known.titlePage;
      placed =
        known.start === start
          ? known.elements
          : known.elements.map((e) => ({ ...e, line: e.line - known.start + start }));
    }
    used.set(chunk, { titlePage: titles, start, elements: placed });
    if (k === 0) titlePage.push(...titles);
    for (const e of placed) elements.push(e);
  });
  // Keep only the scenes of the latest text, so the cache never grows beyond one script.
  chunkCache = used;
  return { titlePage, elements };
}

const SCENE_START = /^\s*(?:(?:int|ext|est|i\/e|int\.?\/ext)[. ]|\.(?!\.))/i;
/** A scene's text parsed, and its elements placed at the line the scene starts on. */
interface Chunk {
  titlePage: TitleEntry[];
  start: number;
  elements: ScriptElement[];
}
let chunkCache = new Map<string, Chunk>();

/** Forgets the parsed scenes (the bench measures a first parse). */
export function clearParseCache() {
  chunkCache = new Map();
}

/** A line of the source that is not hidden in a boneyard, with its 0-based line number. */
interface SourceLine {
  text: string;
  line: number;
}

const BONEYARD = /\/\*[\s\S]*?\*\//g;
const newlines = (s: string) => s.split("\n").length - 1;

/**
 * The source's lines with boneyards (`/* … *\/`) cut out. A line that held nothing but boneyard is
 * dropped rather than left blank, so hiding a line never splits a paragraph; an unclosed `/*` hides nothing.
 */
function visibleLines(text: string): SourceLine[] {
  if (!text.includes("/*")) return text.split("\n").map((t, i) => ({ text: t, line: i }));
  const hidden = new Set<number>();
  let line = 0;
  let last = 0;
  const cleaned = text.replace(BONEYARD, (m: string, offset: number) => {
    line += newlines(text.slice(last, offset));
    last = offset + m.length;
    const n = newlines(m);
    for (let k = 0; k <= n; k++) hidden.add(line + k);
    line += n;
    return "\n".repeat(n);
  });
  return cleaned.split("\n").flatMap((t, i) => (hidden.has(i) && t.trim() === "" ? [] : [{ text: t, line: i }]));
}

export const TITLE_START = /^\s*(?:title|credit|authors?|source|notes|draft ?date|date|contact|copyright|revisions?):/i;
export const TITLE_PAIR = /^\s*([\p{L}\p{N}_ ]+):\s*(.*)$/u;
export const CONTINUATION = /^(?: {3,}|\t)\s*\S/;

/** The title page's key: value pairs at the very start; returns where the script begins. */
function readTitlePage(lines: SourceLine[], into: TitleEntry[]): number {
  let i = 0;
  // A writer's note ahead of the title page ("[[first draft]]") is not the script's start.
  while (i < lines.length && (lines[i]!.text.trim() === "" || LONE_NOTE.test(lines[i]!.text))) i++;
  if (i >= lines.length || !TITLE_START.test(lines[i]!.text)) return 0;
  const pairs: { key: string; lines: string[] }[] = [];
  for (; i < lines.length; i++) {
    const t = lines[i]!.text;
    if (t.trim() === "") break;
    const pair = TITLE_PAIR.exec(t);
    if (pair)
      pairs.push({ key: pair[1]!.trim().toLowerCase().replace(/ +/g, "_"), lines: pair[2]!.trim() ? [pair[2]!] : [] });
    else if (CONTINUATION.test(t) && pairs.length > 0) pairs.at(-1)!.lines.push(t);
    else break;
  }
  for (const p of pairs) {
    const spans = inlineSpans(
      p.lines
        .map((l) => l.trim())
        .join("\n")
        .replace(/<br\s*\/?>/g, "\n"),
    );
    const entry: TitleEntry = { key: TITLE_KEYS[p.key] ?? p.key, text: spans.map((x) => x.text).join("") };
    const marks = marksOf(spans);
    if (marks.length > 0) entry.marks = marks;
    if (entry.text !== "") into.push(entry);
  }
  return i;
}

const HEADING = /^\s*(?:\*{0,3}_?)?(?:(?:int|i)\.?\/(?:ext|e)|int|ext|est)[. ].+$/i;
const FORCED_HEADING = /^\s*\.(?!\.)(\S.*)$/;
const SCENE_NUMBER = /\s*#([\w.-]+?)#\s*$/;
const CENTERED = /^\s*>.*<\s*$/;
const FORCED_TRANSITION = /^\s*>\s*(.+)$/;
const TRANSITION = /^\s*((?:FADE (?:TO BLACK|OUT)|CUT TO BLACK)\.|.+ TO:)$/;
const SECTION = /^\s*(#+)\s*(.*)$/;
const SYNOPSIS = /^\s*=(?!=)\s*(.*)$/;
const PAGE_BREAK = /^\s*={3,}\s*$/;
const PARENTHETICAL = /^[*_]*\(.*\)[*_]*$/;
const LYRIC = /^\s*~/;
/** The "~" of a sung line and the blanks after it ("~ Willy Wonka" sings "Willy Wonka"). */
const LYRIC_MARK = /^\s*~\s*/;
export const LONE_NOTE = /^\s*\[\[.*]]\s*$/;
const INLINE_NOTE = /\[\[.*?]]/g;

/** A heading as Fountain reads it: INT/EXT/EST/I/E followed by a dot or a space, or forced with ".". */
export function isSceneHeading(line: string): boolean {
  return HEADING.test(line) || FORCED_HEADING.test(line);
}

/**
 * Upper case in a script that has case: at least one upper-case letter and no lower-case one. Scripts
 * without case (Japanese, Chinese, Arabic…) never make an implicit cue; their writers force one with "@".
 */
export function isUpperCase(s: string): boolean {
  return /\p{Lu}/u.test(s) && !/[\p{Ll}\p{Lt}]/u.test(s);
}

/** The character cue a line makes, if it is one: forced with "@", or upper case with an optional (extension) and "^". */
export function cueOf(line: string): { name: string; dual: boolean } | null {
  let l = line.replace(INLINE_NOTE, "").trim();
  const dual = /\^$/.test(l);
  if (dual) l = l.slice(0, -1).trimEnd();
  if (l.startsWith("@")) {
    const name = l.slice(1).trim();
    return name ? { name, dual } : null;
  }
  if (/^[!.>~=#\\]/.test(l)) return null;
  const open = l.indexOf("(");
  const name = open < 0 ? l : l.slice(0, open);
  if (open >= 0 && !/^\(.*\)[\s*_]*$/.test(l.slice(open))) return null;
  if (name.includes(")") || !isUpperCase(name) || /(?:BLACK|OUT)\.\s*$|TO:\s*$/.test(name)) return null;
  return { name: l, dual };
}

interface Raw {
  type: ElementType;
  text: string;
  line: number;
  sceneNumber?: string;
  dual?: "left" | "right";
  depth?: number;
}

const joined = (lines: SourceLine[]) => lines.map((l) => l.text).join("\n");

/** One paragraph (lines between blank lines) → its elements. */
function paragraph(block: SourceLine[]): Raw[] {
  const first = block[0]!.text;
  const at = block[0]!.line;
  const one = block.length === 1;
  if (/^\s*!/.test(first)) return [action(block)];
  if (one && (HEADING.test(first) || FORCED_HEADING.test(first))) {
    let text = (FORCED_HEADING.exec(first)?.[1] ?? first).trim();
    const number = SCENE_NUMBER.exec(text);
    if (number) text = text.slice(0, number.index);
    return [{ type: "scene_heading", text, line: at, ...(number ? { sceneNumber: number[1] } : {}) }];
  }
  if (block.every((l) => CENTERED.test(l.text))) {
    return [
      {
        type: "centered",
        text: block.map((l) => l.text.trim().replace(/^>\s*/, "").replace(/\s*<$/, "")).join("\n"),
        line: at,
      },
    ];
  }
  if (one) {
    const forced = FORCED_TRANSITION.exec(first);
    if (forced) return [{ type: "transition", text: forced[1]!.trim(), line: at }];
    const t = TRANSITION.exec(first);
    if (t && !/[\p{Ll}\p{Lt}]/u.test(first)) return [{ type: "transition", text: t[1]!.trim(), line: at }];
  }
  const cue = block.length > 1 ? cueOf(first) : null;
  if (cue) return dialogue(block, cue);
  // A page break needs no blank line after it: what follows is read as its own paragraph.
  if (PAGE_BREAK.test(first))
    return [{ type: "page_break", text: "", line: at }, ...(one ? [] : paragraph(block.slice(1)))];
  // Sections and synopses are one line each, and an outline may write them on consecutive lines.
  const outline = block.map((l) => outlineOf(l));
  if (outline.every((o) => o !== null)) return outline as Raw[];
  if (block.every((l) => LYRIC.test(l.text)))
    return [{ type: "lyrics", text: block.map((l) => l.text.replace(LYRIC_MARK, "")).join("\n"), line: at }];
  return [action(block)];
}

function outlineOf(l: SourceLine): Raw | null {
  const section = SECTION.exec(l.text);
  if (section) return { type: "section", text: section[2]!, line: l.line, depth: section[1]!.length };
  const synopsis = SYNOPSIS.exec(l.text);
  return synopsis ? { type: "synopsis", text: synopsis[1]!, line: l.line } : null;
}

function action(block: SourceLine[]): Raw {
  const text = joined(block)
    .replace(/^(\s*)!(?! )/gm, "$1")
    .replace(/^( *)(\t+)/gm, (_, lead: string, tabs: string) => lead + "    ".repeat(tabs.length));
  return { type: "action", text, line: block[0]!.line };
}

/** A cue and what follows it: parentheticals, speech (a line of two spaces keeps an empty line) and sung lines. */
function dialogue(block: SourceLine[], cue: { name: string; dual: boolean }): Raw[] {
  const out: Raw[] = [{ type: "character", text: cue.name.replace(/^@\s*/, ""), line: block[0]!.line }];
  for (const l of block.slice(1)) {
    const t = l.text.trim();
    const prev = out.at(-1)!;
    if (t === "") {
      if (prev.type === "dialogue") prev.text += "\n";
    } else if (PARENTHETICAL.test(t)) out.push({ type: "parenthetical", text: t, line: l.line });
    else if (LYRIC.test(t)) {
      const sung = t.replace(LYRIC_MARK, "");
      if (prev.type === "lyrics") prev.text += `\n${sung}`;
      else out.push({ type: "lyrics", text: sung, line: l.line });
    } else if (prev.type === "dialogue") prev.text += `\n${t}`;
    else out.push({ type: "dialogue", text: t, line: l.line });
  }
  if (cue.dual) for (const e of out) e.dual = "right";
  return out;
}

const SPEECH: ReadonlySet<ElementType> = new Set(["character", "parenthetical", "dialogue"]);

/**
 * Fountain → elements, line by line with no state kept between calls, so one script can never change
 * how the next one reads. Never throws: whatever the text, it is some element.
 */
function parseChunk(text: string, firstLine = 0): ParsedScript {
  const lines = visibleLines(text);
  const titlePage: TitleEntry[] = [];
  const start = readTitlePage(lines, titlePage);
  const raws: Raw[] = [];
  let block: SourceLine[] = [];
  let lastSpeech: Raw[] | null = null;
  const flush = () => {
    if (block.length === 0) return;
    const got = paragraph(block);
    block = [];
    const speech = got[0]?.type === "character";
    // A cue with "^" is the right side of a dual dialogue; the speech just before it is the left.
    // With no speech just before, the "^" is ignored and the speech is an ordinary one.
    if (speech && got[0]!.dual === "right") {
      if (lastSpeech) {
        for (const e of lastSpeech) if (!e.dual) e.dual = "left";
      } else for (const e of got) delete e.dual;
    }
    lastSpeech = speech ? got : null;
    raws.push(...got);
  };
  for (const l of lines.slice(start)) {
    // A line of two spaces is an intended empty line inside a paragraph, not the end of it.
    if (l.text.trim() === "" && !(l.text === "  " && block.length > 0)) flush();
    else block.push(l);
  }
  flush();
  const elements: ScriptElement[] = [];
  for (const r of raws) {
    const spans = r.type === "page_break" ? [] : inlineSpans(r.text);
    const el: ScriptElement = {
      type: r.type,
      text: spans.length === 1 ? spans[0]!.text : spans.map((x) => x.text).join(""),
      line: r.line + firstLine,
    };
    const marks = marksOf(spans);
    if (marks.length > 0) el.marks = marks;
    if (r.sceneNumber) el.sceneNumber = r.sceneNumber;
    if (r.dual && SPEECH.has(r.type)) el.dual = r.dual;
    if (r.depth) el.depth = r.depth;
    if (el.type !== "page_break" && el.text === "") continue;
    elements.push(el);
  }
  return { titlePage, elements };
}

export type IntExt = "INT" | "EXT" | "INT/EXT" | "";

export interface HeadingParts {
  intExt: IntExt;
  location: string;
  timeOfDay: string;
}

const PREFIX = /^(INT\.?\s*\/\s*EXT|EXT\.?\s*\/\s*INT|I\s*\/\s*E|INT|EXT|EST)[.\s]\s*/i;

/** "INT. KITCHEN - NIGHT" → INT, KITCHEN, NIGHT. A forced heading (".FLASHBACK") has no INT/EXT. */
export function headingParts(heading: string): HeadingParts {
  const h = heading.trim().toUpperCase();
  const m = PREFIX.exec(h);
  const prefix = m?.[1]?.replace(/[\s.]/g, "") ?? "";
  const intExt: IntExt = !m ? "" : /\//.test(prefix) ? "INT/EXT" : prefix.startsWith("INT") ? "INT" : "EXT";
  const rest = m ? h.slice(m[0].length) : h;
  const dash = rest.search(/\s+[-–—]\s+(?!.*\s+[-–—]\s+)/);
  if (dash < 0) return { intExt, location: rest.trim(), timeOfDay: "" };
  return {
    intExt,
    location: rest.slice(0, dash).trim(),
    timeOfDay: rest
      .slice(dash)
      .replace(/^\s+[-–—]\s+/, "")
      .trim(),
  };
}

const EXTENSION =
  /\s*\((?:V\.?O\.?|O\.?S\.?|O\.?C\.?|CONT'?D|CONT\.|CONTINUING|PRE-LAP|FILTERED|ON PHONE|INTO PHONE|SUBTITLED)\)/gi;

/** The person behind a character cue: extensions such as (V.O.) and (CONT'D) removed. */
export function characterName(cue: string): string {
  return cue
    .replace(/\^\s*$/, "")
    .replace(EXTENSION, "")
    .replace(/\s*\(.*\)\s*$/, "")
    .trim()
    .toUpperCase();
}

/** Day or night, for the stripboard colours and the reports; dawn and dusk count as day. */
export function isNight(timeOfDay: string): boolean {
  return /NIGHT|EVENING|LATE|MIDNIGHT/i.test(timeOfDay);
}
