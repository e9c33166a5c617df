import { Fragment, memo } from "react";
import { LINE_WIDTH, type Cell, type Layout, type Page } from "../../../common/screenplay/layout.ts";
import type { TitleEntry } from "../../../common/screenplay/fountain.ts";
import type { Span } from "../../../common/screenplay/inline.ts";

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
      className="screenplay-page relative mx-auto mb-6 shrink-0 bg-white text-black shadow-md ring-1 ring-zinc-300"
      // Pages out of view are skipped by layout and paint: a long script stays quick to type in.
      style={{ contentVisibility: "auto", containIntrinsicSize: `${PAGE_W}pt ${PAGE_H}pt`, width: `${PAGE_W}pt`, height: `${PAGE_H}pt`, fontFamily: "'Courier Prime', Courier, 'Courier New', monospace", fontSize: "12pt", lineHeight: `${LINE}pt` }}
    >
      {children}
    </section>
  );
}

function TitlePage({ entries }: { entries: TitleEntry[] }) {
  const of = (key: string) => entries.filter((e) => e.key === key).map((e) => e.text);
  const block = (lines: string[], className = "") => lines.map((t, i) => <p key={i} className={`whitespace-pre-wrap ${className}`}>{t}</p>);
  return (
    <Sheet label="Title page">
      <div className="absolute text-center" style={{ left: `${LEFT}pt`, width: `${LINE_WIDTH * CH}pt`, top: `${TOP + 18 * LINE}pt` }}>
        {block(of("title").map((t) => t.toUpperCase()), "font-bold")}
        <div style={{ height: `${3 * LINE}pt` }} />
        {block(of("credit"))}
        <div style={{ height: `${LINE}pt` }} />
        {block(of("author"))}
        {block(of("source"))}
      </div>
      <div className="absolute" style={{ left: `${LEFT}pt`, top: `${TOP + 48 * LINE}pt` }}>
        {block([...of("date"), ...of("contact"), ...of("copyright"), ...of("revision")])}
      </div>
    </Sheet>
  );
}

export const ScriptPreview = memo(function ScriptPreview({ layout, onLine, markedLines }: { layout: Layout; onLine?(line: number): void; markedLines?: Set<number> }) {
  return (
    <div className="screenplay-preview flex flex-col items-center">
      {layout.titlePage.length > 0 && <TitlePage entries={layout.titlePage} />}
      {layout.pages.map((p) => (
        <PageSheet key={p.number} page={p} sig={signature(p, markedLines)} onLine={onLine} markedLines={markedLines} />
      ))}
    </div>
  );
});

/** What a page shows, as one string: an unchanged page is not drawn again when the text changes elsewhere. */
function signature(p: Page, marked?: Set<number>): string {
  let sig = "";
  for (const r of p.rows) {
    sig += `${r.line ?? ""}${r.line !== null && marked?.has(r.line) ? "*" : ""}|`;
    for (const c of r.cells) {
      sig += `${c.col}:${c.type}:${c.text}`;
      if (c.spans) for (const s of c.spans) sig += `/${s.bold ? "b" : ""}${s.italic ? "i" : ""}${s.underline ? "u" : ""}${s.text.length}`;
      sig += "|";
    }
    sig += "\n";
  }
  return sig;
}

type SheetProps = { page: Page; sig: string; onLine?(line: number): void; markedLines?: Set<number> };

const PageSheet = memo(
  function PageSheet({ page: p, onLine, markedLines }: SheetProps) {
    return (
      <Sheet label={`Page ${p.number}`}>
        {p.number > 1 && (
          <span className="absolute" style={{ top: `${36}pt`, left: `${LEFT + (LINE_WIDTH + 2) * CH - `${p.number}.`.length * CH}pt` }}>
            {p.number}.
          </span>
        )}
        {p.rows.map((r, i) =>
          r.cells.map((c, k) => (
            <span
              key={`${i}-${k}`}
              data-line={r.line ?? undefined}
              onClick={r.line !== null && onLine ? () => onLine(r.line!) : undefined}
              className={`absolute whitespace-pre ${CELL_STYLE[c.type] ?? ""} ${r.line !== null && markedLines?.has(r.line) ? "bg-amber-200" : ""} ${onLine && r.line !== null ? "cursor-text" : ""}`}
              style={{ top: `${TOP + i * LINE}pt`, left: `${LEFT + c.col * CH}pt` }}
            >
              {c.spans ? <Emphasis spans={c.spans} /> : c.text}
            </span>
          )),
        )}
      </Sheet>
    );
  },
  (a, b) => a.sig === b.sig && a.onLine === b.onLine,
);

/** Fountain's emphasis as the markup that means it: bold, italic, underline, nested as needed. */
function Emphasis({ spans }: { spans: Span[] }) {
  return spans.map((s, i) => {
    let out: React.ReactNode = s.text;
    if (s.underline) out = <u>{out}</u>;
    if (s.italic) out = <em>{out}</em>;
    if (s.bold) out = <strong>{out}</strong>;
    return <Fragment key={i}>{out}</Fragment>;
  });
}
