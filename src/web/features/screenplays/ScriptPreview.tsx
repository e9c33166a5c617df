import { Fragment, memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { LINE_WIDTH, type Cell, type Layout, type Page } from "../../../common/screenplay/layout.ts";
import type { TitleEntry } from "../../../common/screenplay/fountain.ts";
import { styledLines, type Span } from "../../../common/screenplay/inline.ts";
import { isRevisedRow, REVISION_MARK, REVISION_MARK_COL } from "../../../common/screenplay/revision-marks.ts";
import { MarkedText, type MarkElement } from "./BreakdownMarks.tsx";

/** Tagged elements by scene number: their words are marked in the pages of that scene. */
export type SceneMarks = ReadonlyMap<string, readonly MarkElement[]>;

/**
 * The script as printed pages: US Letter at 8.5 × 11 in, Courier 12 pt, text from 1.5 in on the left.
 * Sizes are in `pt` so one character is exactly 7.2 pt and one line 12 pt, as in the PDF. On a narrow
 * screen the page scales down as a whole (CSS zoom), keeping the layout.
 */
const PAGE_W = 612;
const PAGE_H = 792;
const LEFT = 108;
const TOP = 72;
const CH = 7.2;
const LINE = 12;
/** Space under each page (24 px). Every page takes exactly one slot, so a page's place is arithmetic. */
const GAP = 18;
const SLOT = PAGE_H + GAP;
/** Pages drawn beyond the visible ones on each side, so a scroll lands on a drawn page. */
const OVERSCAN = 1;

const CELL_STYLE: Partial<Record<Cell["type"], string>> = {
  scene_heading: "font-bold",
  omitted: "font-bold",
  lyrics: "italic",
  scene_number: "font-bold",
};

function Sheet({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <section
      aria-label={label}
      className="screenplay-page relative mx-auto shrink-0 bg-white text-black shadow-md ring-1 ring-zinc-300"
      style={{
        width: `${PAGE_W}pt`,
        height: `${PAGE_H}pt`,
        marginBottom: `${GAP}pt`,
        fontFamily: "'Courier Prime', Courier, 'Courier New', monospace",
        fontSize: "12pt",
        lineHeight: `${LINE}pt`,
      }}
    >
      {children}
    </section>
  );
}

function TitlePage({ entries }: { entries: TitleEntry[] }) {
  const of = (...keys: string[]) => keys.flatMap((k) => entries.filter((e) => e.key === k));
  const block = (list: TitleEntry[], title = false) =>
    list.map((e, i) => (
      <p key={i} className={`whitespace-pre-wrap ${title ? "font-bold" : ""}`}>
        {styledLines(e.text, e.marks).map((spans, k) => (
          <Fragment key={k}>
            {k > 0 && "\n"}
            <Emphasis spans={spans} />
          </Fragment>
        ))}
      </p>
    ));
  return (
    <Sheet label="Title page">
      <div
        className="absolute text-center"
        style={{ left: `${LEFT}pt`, width: `${LINE_WIDTH * CH}pt`, top: `${TOP + 18 * LINE}pt` }}
      >
        {block(of("title"), true)}
        <div style={{ height: `${3 * LINE}pt` }} />
        {block(of("credit"))}
        <div style={{ height: `${LINE}pt` }} />
        {block(of("author"))}
        {block(of("source"))}
      </div>
      <div className="absolute" style={{ left: `${LEFT}pt`, top: `${TOP + 48 * LINE}pt` }}>
        {block(of("date", "contact", "copyright", "revision"))}
      </div>
    </Sheet>
  );
}

/**
 * Only the pages near the visible part of `viewport` are drawn; spacers of the exact height stand for the
 * others, so the scrollbar and the scroll position are those of the whole script. A long script's
 * ~120 pages of absolutely placed lines cost the browser more style and layout per keystroke than the
 * layout code itself (content-visibility still left every page in the DOM and in style recalculation).
 * When the editor's cursor moves to a line whose page is out of sight, the preview scrolls to it, as long
 * as the preview scrolls by itself (beside the editor); where the whole page scrolls (a phone), typing
 * never moves the page away from the text.
 */
export const ScriptPreview = memo(function ScriptPreview({
  layout,
  viewport,
  cursorLine,
  onLine,
  markedLines,
  revised,
  marks,
}: {
  layout: Layout;
  /** The element the preview scrolls in. */
  viewport: RefObject<HTMLElement | null>;
  /** The source line of the editor's cursor. */
  cursorLine?: number;
  onLine?(line: number): void;
  markedLines?: Set<number>;
  /** The elements (source lines) changed since the latest revision, whose printed lines carry `*` as in the PDF. */
  revised?: ReadonlySet<number>;
  /** Breakdown marks to draw; none when absent. */
  marks?: SceneMarks;
}) {
  const root = useRef<HTMLDivElement>(null);
  const hasTitle = layout.titlePage.length > 0;
  const slots = (hasTitle ? 1 : 0) + layout.pages.length;
  const [range, setRange] = useState({ first: 0, last: 2 });

  /** The slots in sight, from where the preview and its viewport are on screen (zoom included). */
  const measure = useCallback(() => {
    const el = root.current;
    const box = viewport.current;
    if (!el || !box || slots === 0) return;
    const r = el.getBoundingClientRect();
    const v = box.getBoundingClientRect();
    const slotPx = r.height / slots;
    if (!slotPx) return;
    const top = Math.max(v.top, 0) - r.top;
    const bottom = Math.min(v.bottom, window.innerHeight) - r.top;
    const first = Math.min(slots - 1, Math.max(0, Math.floor(top / slotPx) - OVERSCAN));
    // At least a few pages, also while the preview is out of sight (below the editor on a phone).
    const last = Math.min(slots - 1, Math.max(first + 2 * OVERSCAN, Math.floor(bottom / slotPx) + OVERSCAN));
    setRange((old) => (old.first === first && old.last === last ? old : { first, last }));
  }, [slots, viewport]);

  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    const box = viewport.current;
    // Capturing scroll on the document hears the viewport's own scrolling and the window's.
    document.addEventListener("scroll", measure, { capture: true, passive: true });
    window.addEventListener("resize", measure);
    const ro = box ? new ResizeObserver(measure) : null;
    if (box) ro!.observe(box);
    return () => {
      document.removeEventListener("scroll", measure, { capture: true });
      window.removeEventListener("resize", measure);
      ro?.disconnect();
    };
  }, [measure, viewport]);

  const latest = useRef(layout);
  latest.current = layout;
  // Only a move of the cursor scrolls; a preview the writer scrolled elsewhere stays put while they type.
  useEffect(() => {
    const el = root.current;
    const box = viewport.current;
    if (cursorLine === undefined || !el || !box || box.scrollHeight <= box.clientHeight) return;
    const at = placeOfLine(latest.current, cursorLine);
    const r = el.getBoundingClientRect();
    const count = (latest.current.titlePage.length > 0 ? 1 : 0) + latest.current.pages.length;
    const ptPx = r.height / count / SLOT;
    if (!ptPx) return;
    const y = r.top + at * ptPx;
    const v = box.getBoundingClientRect();
    if (y >= v.top && y + LINE * ptPx <= v.bottom) return;
    box.scrollTop += y - (v.top + v.height / 3);
    measure();
    // Only on a move of the cursor: a new page count (a new `measure`) is no reason to scroll.
  }, [cursorLine]);

  const first = Math.min(range.first, Math.max(0, slots - 1));
  const last = Math.min(range.last, slots - 1);
  const pageFrom = Math.max(0, first - (hasTitle ? 1 : 0));
  const pageTo = last - (hasTitle ? 1 : 0);
  return (
    <div ref={root} className="screenplay-preview flex flex-col items-center">
      {first > 0 && <div aria-hidden className="shrink-0" style={{ height: `${first * SLOT}pt` }} />}
      {hasTitle && first === 0 && <TitlePage entries={layout.titlePage} />}
      {layout.pages.slice(pageFrom, pageTo + 1).map((p) => (
        <PageSheet
          key={p.number}
          page={p}
          sig={signature(p, markedLines, revised, marks && layout)}
          onLine={onLine}
          markedLines={markedLines}
          revised={revised}
          marks={marks}
          layout={layout}
        />
      ))}
      {last < slots - 1 && (
        <div aria-hidden className="shrink-0" style={{ height: `${(slots - 1 - last) * SLOT}pt` }} />
      )}
    </div>
  );
});

/** Where a source line is printed, in pt from the top of the preview: the last row at or before it. */
function placeOfLine(layout: Layout, line: number): number {
  const offset = layout.titlePage.length > 0 ? 1 : 0;
  let at = 0;
  layout.pages.forEach((p, i) => {
    p.rows.forEach((r, k) => {
      if (r.line !== null && r.line <= line) at = (i + offset) * SLOT + TOP + k * LINE;
    });
  });
  return at;
}

/** What a page shows, as one string: an unchanged page is not drawn again when the text changes elsewhere. */
function signature(p: Page, marked?: Set<number>, revised?: ReadonlySet<number>, marksOf?: Layout): string {
  let sig = "";
  for (const r of p.rows) {
    sig += `${r.line ?? ""}${r.line !== null && marked?.has(r.line) ? "n" : ""}${isRevisedRow(r, revised) ? "*" : ""}|`;
    // With marks, a row is drawn by its scene's elements: the scene's number is part of what it shows.
    if (marksOf) sig += `${marksOf.scenes[r.scene]?.number ?? ""}|`;
    for (const c of r.cells) {
      sig += `${c.col}:${c.type}:${c.text}`;
      if (c.spans)
        for (const s of c.spans)
          sig += `/${s.bold ? "b" : ""}${s.italic ? "i" : ""}${s.underline ? "u" : ""}${s.text.length}`;
      sig += "|";
    }
    sig += "\n";
  }
  return sig;
}

type SheetProps = {
  page: Page;
  sig: string;
  onLine?(line: number): void;
  markedLines?: Set<number>;
  revised?: ReadonlySet<number>;
  marks?: SceneMarks;
  /** For the scenes' numbers, read only with marks (the signature holds them). */
  layout: Layout;
};

const REVISED_TITLE = "Changed since the last revision";

/** Cells that print the script's words, so a tagged element's words are marked in them. */
const UNMARKED: ReadonlySet<Cell["type"]> = new Set(["scene_number", "more", "page_number"]);

const PageSheet = memo(
  function PageSheet({ page: p, onLine, markedLines, revised, marks, layout }: SheetProps) {
    return (
      <Sheet label={`Page ${p.number}`}>
        {p.number > 1 && (
          <span
            className="absolute"
            style={{ top: `${36}pt`, left: `${LEFT + (LINE_WIDTH + 2) * CH - `${p.number}.`.length * CH}pt` }}
          >
            {p.number}.
          </span>
        )}
        {p.rows.map((r, i) => {
          const els = marks?.get(layout.scenes[r.scene]?.number ?? "");
          const cells = r.cells.map((c, k) => (
            <span
              key={`${i}-${k}`}
              data-line={r.line ?? undefined}
              onClick={r.line !== null && onLine ? () => onLine(r.line!) : undefined}
              className={`absolute whitespace-pre ${CELL_STYLE[c.type] ?? ""} ${r.line !== null && markedLines?.has(r.line) ? "bg-amber-200" : ""} ${onLine && r.line !== null ? "cursor-text" : ""}`}
              style={{ top: `${TOP + i * LINE}pt`, left: `${LEFT + c.col * CH}pt` }}
            >
              {c.spans ? (
                <Emphasis spans={c.spans} elements={UNMARKED.has(c.type) ? undefined : els} />
              ) : els && !UNMARKED.has(c.type) ? (
                <MarkedText text={c.text} elements={els} fitted />
              ) : (
                c.text
              )}
            </span>
          ));
          if (!isRevisedRow(r, revised)) return cells;
          return [
            ...cells,
            <span
              key={`${i}-revised`}
              title={REVISED_TITLE}
              aria-label={REVISED_TITLE}
              role="img"
              className="absolute"
              style={{ top: `${TOP + i * LINE}pt`, left: `${LEFT + REVISION_MARK_COL * CH}pt` }}
            >
              {REVISION_MARK}
            </span>,
          ];
        })}
      </Sheet>
    );
  },
  (a, b) => a.sig === b.sig && a.onLine === b.onLine && a.marks === b.marks,
);

/** Fountain's emphasis as the markup that means it: bold, italic, underline, nested as needed. */
function Emphasis({ spans, elements }: { spans: Span[]; elements?: readonly MarkElement[] }) {
  return spans.map((s, i) => {
    let out: React.ReactNode = elements ? <MarkedText text={s.text} elements={elements} fitted /> : s.text;
    if (s.underline) out = <u>{out}</u>;
    if (s.italic) out = <em>{out}</em>;
    if (s.bold) out = <strong>{out}</strong>;
    return <Fragment key={i}>{out}</Fragment>;
  });
}
