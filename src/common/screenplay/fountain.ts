/**
 * Fountain text → the script's elements, shared by the editor's preview, the server's reports and the PDF.
 * fountain-js does the parsing; this adds what it lacks: the source line of every element (notes and
 * scene-number locking point at lines), plain text without Fountain's inline markup, and scene headings
 * split into INT/EXT, location and time of day.
 */
import { Fountain, type Token } from "fountain-js";
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

/** Notes removed and each line's trailing blanks, before the emphasis is read. */
const tidy = (s: string) =>
  s
    .replace(NOTE, "")
    .split("\n")
    .map((l) => l.replace(/\s+$/, ""))
    .join("\n")
    .trim();

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

const KEEP: ReadonlySet<string> = new Set<ElementType>([
  "scene_heading",
  "action",
  "character",
  "parenthetical",
  "dialogue",
  "transition",
  "centered",
  "lyrics",
  "page_break",
  "section",
  "synopsis",
]);

/** Finds the source line of each token by walking the source forward in step with the tokens. */
function lineFinder(source: string) {
  const lines = source.split("\n").map((l) => l.replace(NOTE, ""));
  let cursor = 0;
  return (token: Token): number => {
    const first = token.type === "page_break" ? null : (token.text ?? "").split("\n")[0]!.replace(NOTE, "").trim();
    for (let i = cursor; i < lines.length; i++) {
      const raw = lines[i]!;
      const hit = first === null ? /^\s*={3,}\s*$/.test(raw) : first.length > 0 && raw.includes(first);
      if (hit) {
        cursor = i + 1;
        return i;
      }
    }
    return Math.max(0, cursor - 1);
  };
}

const TITLE_KEYS: Record<string, string> = { authors: "author", draft_date: "date", revisions: "revision" };

/**
 * Parses Fountain. A long script is parsed scene by scene, and scenes whose text has not changed come
 * from a cache: a keystroke in a 120-page script re-parses one scene, not all of them (fountain-js
 * alone takes longer than a keystroke may on a long script).
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
    const parsed = known?.parsed ?? parseChunk(chunk);
    // The same element objects while a scene's text and first line stay: the page layout reuses what it
    // built for them (see layout.ts), so a keystroke lays out one scene again, not the whole script.
    const placed = known?.start === start ? known.elements : parsed.elements.map((e) => ({ ...e, line: e.line + start }));
    used.set(chunk, { parsed, start, elements: placed });
    if (k === 0) titlePage.push(...parsed.titlePage);
    for (const e of placed) elements.push(e);
  });
  // Keep only the scenes of the latest text, so the cache never grows beyond one script.
  chunkCache = used;
  return { titlePage, elements };
}

const SCENE_START = /^\s*(?:(?:int|ext|est|i\/e|int\.?\/ext)[. ]|\.(?!\.))/i;
/** A scene's text parsed, and its elements placed at the line the scene starts on. */
interface Chunk {
  parsed: ParsedScript;
  start: number;
  elements: ScriptElement[];
}
let chunkCache = new Map<string, Chunk>();

/** Forgets the parsed scenes (the bench measures a first parse). */
export function clearParseCache() {
  chunkCache = new Map();
}

function parseChunk(text: string): ParsedScript {
  const tokens = new Fountain().parse(text, true).tokens;
  const lineOf = lineFinder(text);
  const titlePage: TitleEntry[] = [];
  const elements: ScriptElement[] = [];
  let dual: "left" | "right" | undefined;
  for (const t of tokens) {
    if (t.is_title) {
      const key = t.type.toLowerCase();
      const spans = inlineSpans((t.text ?? "").replace(/<br\s*\/?>/g, "\n"));
      const entry: TitleEntry = { key: TITLE_KEYS[key] ?? key, text: spans.map((x) => x.text).join("") };
      const marks = marksOf(spans);
      if (marks.length > 0) entry.marks = marks;
      titlePage.push(entry);
      continue;
    }
    if (t.type === "dialogue_begin") {
      dual = t.dual as "left" | "right" | undefined;
      continue;
    }
    if (t.type === "dialogue_end") {
      dual = undefined;
      continue;
    }
    if (!KEEP.has(t.type)) continue;
    const spans = t.type === "page_break" ? [] : inlineSpans(t.text ?? "");
    const el: ScriptElement = { type: t.type as ElementType, text: spans.map((x) => x.text).join(""), line: lineOf(t) };
    const marks = marksOf(spans);
    if (marks.length > 0) el.marks = marks;
    if (t.type === "scene_heading") {
      el.text = el.text.toUpperCase();
      if (t.scene_number) el.sceneNumber = t.scene_number;
    }
    if (t.type === "character") {
      if (el.text.startsWith("@")) {
        el.text = el.text.slice(1);
        // The forcing @ is not printed, so the styled stretches move one character left.
        if (el.marks) el.marks = el.marks.map((m) => ({ ...m, start: Math.max(0, m.start - 1), end: m.end - 1 })).filter((m) => m.end > m.start);
      }
      el.text = el.text.toUpperCase();
    }
    if (dual && (t.type === "character" || t.type === "parenthetical" || t.type === "dialogue")) el.dual = dual;
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
  return { intExt, location: rest.slice(0, dash).trim(), timeOfDay: rest.slice(dash).replace(/^\s+[-–—]\s+/, "").trim() };
}

const EXTENSION = /\s*\((?:V\.?O\.?|O\.?S\.?|O\.?C\.?|CONT'?D|CONT\.|CONTINUING|PRE-LAP|FILTERED|ON PHONE|INTO PHONE|SUBTITLED)\)/gi;

/** The person behind a character cue: extensions such as (V.O.) and (CONT'D) removed. */
export function characterName(cue: string): string {
  return cue.replace(/\^\s*$/, "").replace(EXTENSION, "").replace(/\s*\(.*\)\s*$/, "").trim().toUpperCase();
}

/** Day or night, for the stripboard colours and the reports; dawn and dusk count as day. */
export function isNight(timeOfDay: string): boolean {
  return /NIGHT|EVENING|LATE|MIDNIGHT/i.test(timeOfDay);
}
