/**
 * Industry-format pages: US Letter, Courier 12 pt (10 characters an inch, 6 lines an inch), 1.5" left
 * and 1" right margins, so a line holds 60 characters and a page 55 lines. Columns are counted in
 * characters from the left text margin; the preview and the PDF both draw exactly these rows.
 */
import {
  characterName,
  headingParts,
  type HeadingParts,
  type IntExt,
  type ParsedScript,
  type ScriptElement,
  type TitleEntry,
} from "./fountain.ts";
import { lineSpans, type Span } from "./inline.ts";
import { numberScenes } from "./numbering.ts";

export const LINES_PER_PAGE = 54;
export const LINE_WIDTH = 60;
/** Final Draft's default template leaves two blank lines above a scene heading (none at the top of a page). */
export const HEADING_BLANKS = 2;

export type CellType = ElementKind | "scene_number" | "more" | "page_number";
type ElementKind =
  | "scene_heading"
  | "action"
  | "character"
  | "parenthetical"
  | "dialogue"
  | "transition"
  | "centered"
  | "lyrics"
  | "omitted";

export interface Cell {
  text: string;
  /** Character column from the left text margin (may be negative for the left scene number). */
  col: number;
  type: CellType;
  /** The text split by emphasis (bold, italic, underline); absent when all of it is plain. */
  spans?: Span[];
}

export interface Row {
  cells: Cell[];
  /** Index into `scenes` of the scene this row belongs to (-1 before the first scene). */
  scene: number;
  /** Source line of the element this row prints, for jumping to the text and anchoring notes. */
  line: number | null;
}

export interface Page {
  number: number;
  rows: Row[];
}

export interface LayoutScene {
  number: string;
  heading: string;
  intExt: IntExt;
  location: string;
  timeOfDay: string;
  /** Source line of the heading; null for an omitted scene. */
  line: number | null;
  page: number;
  rows: number;
  eighths: number;
  omitted: boolean;
}

export interface Speech {
  name: string;
  scene: number;
  lines: number;
}

export interface Layout {
  titlePage: TitleEntry[];
  pages: Page[];
  scenes: LayoutScene[];
  speeches: Speech[];
}

interface Geometry {
  col: number;
  width: number;
}

const GEOMETRY: Record<"scene_heading" | "action" | "character" | "parenthetical" | "dialogue" | "lyrics", Geometry> = {
  scene_heading: { col: 0, width: LINE_WIDTH },
  action: { col: 0, width: LINE_WIDTH },
  character: { col: 22, width: 38 },
  parenthetical: { col: 16, width: 26 },
  dialogue: { col: 10, width: 35 },
  lyrics: { col: 10, width: 35 },
};

/** Each side of a dual dialogue gets half the line. */
const DUAL: Record<"left" | "right", Record<"character" | "parenthetical" | "dialogue", Geometry>> = {
  left: { character: { col: 8, width: 20 }, parenthetical: { col: 3, width: 24 }, dialogue: { col: 0, width: 28 } },
  right: { character: { col: 40, width: 20 }, parenthetical: { col: 34, width: 24 }, dialogue: { col: 31, width: 28 } },
};

/**
 * Wrapped lines by width and text. Re-laying out a long script after a keystroke wraps thousands of
 * unchanged elements again; this makes that a lookup. Callers never change the returned arrays.
 */
const wrapCache = new Map<number, Map<string, readonly string[]>>();
const WRAP_CACHE_MAX = 50_000;
let wrapCacheSize = 0;

/** Forgets the wrapped lines (the bench measures a first layout, as after opening a script). */
export function clearWrapCache() {
  wrapCache.clear();
  wrapCacheSize = 0;
}

/** Word-wraps one element's text to a width, keeping the writer's own line breaks. */
export function wrap(text: string, width: number): string[] {
  // One map per width, keyed by the text itself: a key built by joining width and text was a new string
  // to hash and compare on every call, which cost more than most wraps.
  let byText = wrapCache.get(width);
  if (!byText) wrapCache.set(width, (byText = new Map()));
  const hit = byText.get(text);
  if (hit) return hit as string[];
  const lines = wrapText(text, width);
  if (wrapCacheSize >= WRAP_CACHE_MAX) {
    for (const m of wrapCache.values()) m.clear();
    wrapCacheSize = 0;
  }
  byText.set(text, lines);
  wrapCacheSize += 1;
  return lines;
}

function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split("\n")) {
    // A line that fits, with single spaces and none leading, comes out as it is: the loop below would
    // split it into words and join them again to the same text.
    if (para.length <= width && !para.startsWith(" ") && !para.includes("  ")) {
      out.push(para);
      continue;
    }
    // A line the writer indented keeps its indent on its first printed line (Fountain keeps action's blanks).
    const indent = para.startsWith(" ") ? /^ +/.exec(para)![0].slice(0, Math.max(0, width - 1)) : "";
    let line = "";
    let first = indent !== "";
    for (const word of (indent ? para.trimStart() : para).split(/ +/)) {
      let w = word;
      if (first) {
        first = false;
        if (w.length + indent.length <= width) {
          line = indent + w;
          continue;
        }
      }
      while (w.length > width) {
        if (line) {
          out.push(line);
          line = "";
        }
        out.push(w.slice(0, width));
        w = w.slice(width);
      }
      if (!line) line = w;
      else if (line.length + 1 + w.length <= width) line += ` ${w}`;
      else {
        out.push(line);
        line = w;
      }
    }
    out.push(line);
  }
  return out;
}

type BlockKind = "heading" | "action" | "dialogue" | "dual" | "transition" | "break" | "omitted";

interface Block {
  kind: BlockKind;
  rows: Row[];
  blankBefore: number;
  scene: number;
  /** For a dialogue block split over pages: the cue, the rows where dialogue lines start. */
  cue?: string;
}

/** One cell per wrapped line of an element, each carrying its share of the element's emphasis. */
function styled(e: ScriptElement, lines: string[], make: (text: string) => Cell): Cell[] {
  let from = 0;
  return lines.map((text) => {
    const cell = make(text);
    if (e.marks) {
      const found = lineSpans(e.text, text, from, e.marks);
      from = found.next;
      if (found.spans) cell.spans = found.spans;
    }
    return cell;
  });
}

const cells = (e: ScriptElement, lines: string[], g: Geometry, type: CellType) =>
  styled(e, lines, (text) => ({ text, col: g.col, type }));

/** One row per printed line of a speech (built straight as rows: this runs for every speech of a script). */
function speechRows(
  els: ScriptElement[],
  geo: Record<"character" | "parenthetical" | "dialogue", Geometry>,
  scene: number,
): Row[] {
  const rows: Row[] = [];
  for (const e of els) {
    const kind = e.type as "character" | "parenthetical" | "dialogue";
    const g = geo[kind] ?? geo.dialogue;
    for (const c of cells(e, wrap(e.text, g.width), g, kind)) rows.push({ cells: [c], line: e.line, scene });
  }
  return rows;
}

/** One row per cell. */
const oneCellRows = (list: Cell[], line: number, scene: number): Row[] =>
  list.map((c) => ({ cells: [c], line, scene }));

/**
 * What one element became (with the elements it took along: a speech's parenthetical and dialogue, the
 * right side of a dual dialogue), kept by the parser's element object. parseFountain returns the same
 * objects while a scene's text and first line are unchanged, so after a keystroke in a long script only
 * the edited scene is built again. Valid only for the same scene index and number; blocks and rows are
 * shared between layouts and never changed.
 */
interface Built {
  scene: number;
  number: string | undefined;
  els: ScriptElement[];
  blocks: Block[];
  speeches: Speech[];
  parts?: HeadingParts;
}
const built = new WeakMap<ScriptElement, Built>();

/** The blocks of the element at `i` (and the ones it takes along). */
function buildElement(els: ScriptElement[], i: number, scene: number, number: string | undefined): Built {
  const e = els[i]!;
  const out: Built = { scene, number, els: [e], blocks: [], speeches: [] };
  const blocks = out.blocks;
  switch (e.type) {
    case "scene_heading": {
      out.parts = headingParts(e.text);
      const lines = styled(e, wrap(e.text, LINE_WIDTH - 1), (text) => ({ text, col: 0, type: "scene_heading" }));
      const rows: Row[] = lines.map((cell, k) => ({
        cells:
          k === 0
            ? [
                { text: number!, col: -6, type: "scene_number" },
                cell,
                { text: number!, col: LINE_WIDTH + 2, type: "scene_number" },
              ]
            : [cell],
        scene,
        line: e.line,
      }));
      blocks.push({ kind: "heading", blankBefore: HEADING_BLANKS, scene, rows });
      break;
    }
    case "action":
      blocks.push({
        kind: "action",
        blankBefore: 1,
        scene,
        rows: oneCellRows(cells(e, wrap(e.text, LINE_WIDTH), GEOMETRY.action, "action"), e.line, scene),
      });
      break;
    case "transition": {
      const text = e.text;
      blocks.push({
        kind: "transition",
        blankBefore: 1,
        scene,
        rows: [
          {
            cells: styled(e, [text], (t) => ({ text: t, col: Math.max(0, LINE_WIDTH - t.length), type: "transition" })),
            scene,
            line: e.line,
          },
        ],
      });
      break;
    }
    case "centered":
      blocks.push({
        kind: "action",
        blankBefore: 1,
        scene,
        rows: oneCellRows(
          styled(e, wrap(e.text, LINE_WIDTH), (text) => ({
            text,
            col: Math.max(0, Math.floor((LINE_WIDTH - text.length) / 2)),
            type: "centered",
          })),
          e.line,
          scene,
        ),
      });
      break;
    case "lyrics":
      blocks.push({
        kind: "action",
        blankBefore: 1,
        scene,
        rows: oneCellRows(cells(e, wrap(e.text, GEOMETRY.lyrics.width), GEOMETRY.lyrics, "lyrics"), e.line, scene),
      });
      break;
    case "page_break":
      blocks.push({ kind: "break", blankBefore: 0, scene, rows: [] });
      break;
    case "character": {
      const speech = out.els;
      while (
        i + 1 < els.length &&
        (els[i + 1]!.type === "parenthetical" || els[i + 1]!.type === "dialogue") &&
        els[i + 1]!.dual === e.dual
      )
        speech.push(els[++i]!);
      const lineCount = (list: ScriptElement[]) =>
        list
          .filter((x) => x.type === "dialogue")
          .reduce((n, x) => n + wrap(x.text, (x.dual ? DUAL[x.dual] : GEOMETRY).dialogue.width).length, 0);
      out.speeches.push({ name: characterName(e.text), scene, lines: lineCount(speech) });
      if (e.dual === "left" && els[i + 1]?.type === "character" && els[i + 1]!.dual === "right") {
        const right: ScriptElement[] = [els[++i]!];
        while (
          i + 1 < els.length &&
          (els[i + 1]!.type === "parenthetical" || els[i + 1]!.type === "dialogue") &&
          els[i + 1]!.dual === "right"
        )
          right.push(els[++i]!);
        out.els = [...speech, ...right];
        out.speeches.push({ name: characterName(right[0]!.text), scene, lines: lineCount(right) });
        const l = speechRows(speech, DUAL.left, scene);
        const r = speechRows(right, DUAL.right, scene);
        const rows: Row[] = [];
        for (let k = 0; k < Math.max(l.length, r.length); k++) {
          rows.push({
            cells: [...(l[k]?.cells ?? []), ...(r[k]?.cells ?? [])],
            scene,
            line: l[k]?.line ?? r[k]?.line ?? null,
          });
        }
        blocks.push({ kind: "dual", blankBefore: 1, scene, rows });
      } else {
        blocks.push({
          kind: "dialogue",
          blankBefore: 1,
          scene,
          rows: speechRows(speech, GEOMETRY, scene),
          cue: e.text,
        });
      }
      break;
    }
    default:
      // Sections and synopses outline the script for the writer; they are not printed.
      break;
  }
  return out;
}

/** Groups the elements into the blocks pagination moves as a whole or splits with care. */
function buildBlocks(
  parsed: ParsedScript,
  locked: string[] | null,
): { blocks: Block[]; scenes: LayoutScene[]; speeches: Speech[] } {
  const headings = parsed.elements.filter((e) => e.type === "scene_heading");
  const { numbers, omitted } = numberScenes(headings, locked);
  const scenes: LayoutScene[] = [];
  const speeches: Speech[] = [];
  const blocks: Block[] = [];
  let scene = -1;
  let headingCount = 0;
  const els = parsed.elements;

  const pushOmitted = (before: number) => {
    for (const o of omitted.filter((x) => x.before === before)) {
      scenes.push({
        number: o.number,
        heading: "OMITTED",
        intExt: "",
        location: "",
        timeOfDay: "",
        line: null,
        page: 0,
        rows: 0,
        eighths: 0,
        omitted: true,
      });
      const idx = scenes.length - 1;
      blocks.push({
        kind: "omitted",
        blankBefore: HEADING_BLANKS,
        scene: idx,
        rows: [
          {
            cells: [
              { text: o.number, col: -6, type: "scene_number" },
              { text: "OMITTED", col: 0, type: "omitted" },
              { text: o.number, col: LINE_WIDTH + 2, type: "scene_number" },
            ],
            scene: idx,
            line: null,
          },
        ],
      });
    }
  };

  for (let i = 0; i < els.length;) {
    const e = els[i]!;
    let number: string | undefined;
    if (e.type === "scene_heading") {
      pushOmitted(headingCount);
      number = numbers[headingCount]!;
      headingCount += 1;
      scene = scenes.length;
    }
    let b = built.get(e);
    if (!b || b.scene !== scene || b.number !== number || !b.els.every((x, k) => els[i + k] === x)) {
      b = buildElement(els, i, scene, number);
      built.set(e, b);
    }
    // A scene's totals are counted per layout, so its entry is new each time.
    if (e.type === "scene_heading")
      scenes.push({
        number: number!,
        heading: e.text,
        ...b.parts!,
        line: e.line,
        page: 0,
        rows: 0,
        eighths: 0,
        omitted: false,
      });
    for (const block of b.blocks) blocks.push(block);
    for (const sp of b.speeches) speeches.push(sp);
    i += b.els.length;
  }
  pushOmitted(headingCount);
  return { blocks, scenes, speeches };
}

const blankRow = (scene: number): Row => ({ cells: [], scene, line: null });

const SENTENCE_END = /[.!?…]["'”’)\]]*\s*$/;
/** A sentence's end followed by more words on the same printed line. */
const SENTENCE_END_INSIDE = /[.!?…]["'”’)\]]*(?= +\S)/g;

/** The rows a speech keeps on this page (its cue first) and the rows it goes on with on the next. */
interface SpeechCut {
  before: Row[];
  after: Row[];
}

/**
 * Where a speech breaks over a page, as Final Draft breaks it: after a sentence (or between its elements), with
 * the cue and at least a line of speech on this page, in at most `max` rows. A printed line holding the end of a
 * sentence and the start of the next is cut there, so the next page goes on with the next sentence. Null when
 * there is no such place, and the speech moves whole to the next page.
 */
function sentenceCut(rows: Row[], max: number): SpeechCut | null {
  for (let k = Math.min(max, rows.length - 1); k >= 2; k--) {
    const last = rows[k - 1]!;
    const cell = last.cells[0];
    if (cell?.type !== "dialogue") continue;
    if (rows[k]!.line !== last.line || SENTENCE_END.test(cell.text))
      return { before: rows.slice(0, k), after: rows.slice(k) };
    const at = [...cell.text.matchAll(SENTENCE_END_INSIDE)].at(-1);
    if (at) {
      const [head, tail] = splitCell(cell, at.index + at[0].length);
      return {
        before: [...rows.slice(0, k - 1), { ...last, cells: [head] }],
        after: [{ ...last, cells: [tail] }, ...rows.slice(k)],
      };
    }
  }
  return null;
}

/** A printed line cut in two at a character, its emphasis with it; the blanks at the cut are dropped. */
function splitCell(cell: Cell, at: number): [Cell, Cell] {
  const head: Cell = { ...cell, text: cell.text.slice(0, at).trimEnd() };
  const tail: Cell = { ...cell, text: cell.text.slice(at).trimStart() };
  delete head.spans;
  delete tail.spans;
  if (cell.spans) {
    const before: Span[] = [];
    const after: Span[] = [];
    let from = 0;
    for (const span of cell.spans) {
      const cut = Math.max(0, Math.min(span.text.length, at - from));
      if (cut > 0) before.push({ ...span, text: span.text.slice(0, cut) });
      if (cut < span.text.length) after.push({ ...span, text: span.text.slice(cut) });
      from += span.text.length;
    }
    const trimmed = (spans: Span[], end: boolean) => {
      const i = end ? spans.length - 1 : 0;
      if (spans[i]) spans[i] = { ...spans[i]!, text: end ? spans[i]!.text.trimEnd() : spans[i]!.text.trimStart() };
      return spans.filter((x) => x.text !== "");
    };
    head.spans = trimmed(before, true);
    tail.spans = trimmed(after, false);
  }
  return [head, tail];
}

/** The cue again on the next page, its extensions kept: "EDWARD (V.O.)" goes on as "EDWARD (V.O.) (CONT'D)". */
export function continuedCue(cue: string): string {
  return `${cue.replace(/\s*\((?:CONT'?D|CONT\.|CONTINUING)\)/gi, "").trim()} (CONT'D)`;
}

/** Lays the script out on pages, counting each scene's length in eighths of a page. */
export function layoutScript(parsed: ParsedScript, opts: { locked?: string[] | null } = {}): Layout {
  const { blocks, scenes, speeches } = buildBlocks(parsed, opts.locked ?? null);
  const pages: Page[] = [];
  let rows: Row[] = [];
  const newPage = () => {
    pages.push({ number: pages.length + 1, rows });
    rows = [];
  };
  const room = () => LINES_PER_PAGE - rows.length;

  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    if (block.kind === "break") {
      if (rows.length > 0) newPage();
      continue;
    }
    const blank = rows.length === 0 ? 0 : block.blankBefore;
    let need = blank + block.rows.length;
    // A scene heading never sits alone at the foot of a page: it needs its first line of the scene with it.
    if (block.kind === "heading") {
      const next = blocks[b + 1];
      if (next && next.kind !== "break" && next.kind !== "heading")
        need += next.blankBefore + Math.min(next.rows.length, next.kind === "dialogue" ? 2 : 1);
    }
    if (need <= room()) {
      for (let k = 0; k < blank; k++) rows.push(blankRow(block.scene));
      rows.push(...block.rows);
      continue;
    }
    const space = room() - blank;
    if (block.kind === "action" && space >= 2 && block.rows.length - space >= 2) {
      rows.push(blankRow(block.scene), ...block.rows.slice(0, space));
      newPage();
      let rest = block.rows.slice(space);
      while (rest.length > LINES_PER_PAGE) {
        rows.push(...rest.slice(0, LINES_PER_PAGE));
        rest = rest.slice(LINES_PER_PAGE);
        newPage();
      }
      rows.push(...rest);
      continue;
    }
    if (block.kind === "dialogue" && space >= 4) {
      // Split at a sentence's end, with (MORE) at the foot and the cue (CONT'D) on the next page.
      const cut = sentenceCut(block.rows, space - 1);
      if (cut) {
        rows.push(blankRow(block.scene), ...cut.before, {
          cells: [{ text: "(MORE)", col: GEOMETRY.character.col, type: "more" }],
          scene: block.scene,
          line: null,
        });
        newPage();
        rows.push(
          {
            cells: [{ text: continuedCue(block.cue ?? ""), col: GEOMETRY.character.col, type: "character" }],
            scene: block.scene,
            line: block.rows[0]!.line,
          },
          ...cut.after,
        );
        continue;
      }
    }
    if (rows.length > 0) newPage();
    let rest = block.rows;
    while (rest.length > LINES_PER_PAGE) {
      rows.push(...rest.slice(0, LINES_PER_PAGE));
      rest = rest.slice(LINES_PER_PAGE);
      newPage();
    }
    rows.push(...rest);
  }
  if (rows.length > 0 || pages.length === 0) newPage();

  for (const page of pages) {
    for (const row of page.rows) {
      const s = scenes[row.scene];
      if (!s) continue;
      s.rows += 1;
      if (!s.page) s.page = page.number;
    }
  }
  for (const s of scenes) {
    if (s.omitted) continue;
    s.eighths = Math.max(1, Math.round((s.rows * 8) / LINES_PER_PAGE));
  }
  return { titlePage: parsed.titlePage, pages, scenes, speeches };
}
