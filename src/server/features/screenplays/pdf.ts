/** The script as an industry-format PDF: the same rows the preview draws, in Courier 12 pt on US Letter. */
import { PDFDocument, StandardFonts, rgb, type PDFPage } from "pdf-lib";
import { styledLines, type Span } from "../../../common/screenplay/inline.ts";
import { LINE_WIDTH, type Layout } from "../../../common/screenplay/layout.ts";

const PT = 72;
const PAGE = { width: 8.5 * PT, height: 11 * PT };
const LEFT = 1.5 * PT;
const TOP = 1 * PT;
const CHAR = 7.2;
const LINE = 12;

/** Courier in pdf-lib is WinAnsi: characters outside it are replaced rather than failing the export. */
const printable = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export async function screenplayPdf(layout: Layout, opts: { title: string; revision?: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setCreator("The Portal");
  const regular = await doc.embedFont(StandardFonts.Courier);
  const bold = await doc.embedFont(StandardFonts.CourierBold);
  const italic = await doc.embedFont(StandardFonts.CourierOblique);
  const boldItalic = await doc.embedFont(StandardFonts.CourierBoldOblique);
  const y = (row: number) => PAGE.height - TOP - LINE * (row + 1) + 3;

  /** Draws one printed line of styled spans from x; scene headings and the title print bold throughout. */
  const drawSpans = (page: PDFPage, spans: Span[], x: number, at: number, allBold = false) => {
    for (const s of spans) {
      const b = allBold || s.bold;
      const font = b && s.italic ? boldItalic : b ? bold : s.italic ? italic : regular;
      const text = printable(s.text);
      page.drawText(text, { x, y: at, size: 12, font });
      const width = text.length * CHAR;
      if (s.underline) page.drawLine({ start: { x, y: at - 1.5 }, end: { x: x + width, y: at - 1.5 }, thickness: 0.6, color: rgb(0, 0, 0) });
      x += width;
    }
  };

  const tp = layout.titlePage;
  if (tp.length > 0) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    let row = 18;
    for (const key of ["title", "credit", "author", "source"]) {
      for (const e of tp.filter((x) => x.key === key)) {
        for (const line of styledLines(e.text, e.marks)) {
          const spans = key === "title" ? line.map((s) => ({ ...s, text: s.text.toUpperCase() })) : line;
          const width = printable(spans.map((s) => s.text).join("")).length;
          drawSpans(page, spans, LEFT + ((LINE_WIDTH - width) * CHAR) / 2, y(row++), key === "title");
        }
        row += key === "title" ? 3 : 1;
      }
    }
    let bottom = 48;
    for (const e of tp.filter((x) => ["date", "contact", "copyright", "notes", "revision"].includes(x.key))) {
      for (const line of styledLines(e.text, e.marks)) drawSpans(page, line, LEFT, y(bottom++));
    }
  }

  for (const p of layout.pages) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    if (p.number > 1) {
      const label = `${p.number}.`;
      page.drawText(label, { x: LEFT + (LINE_WIDTH + 2 - label.length) * CHAR, y: PAGE.height - 0.5 * PT - LINE + 3, size: 12, font: regular });
    }
    if (opts.revision) page.drawText(printable(opts.revision), { x: LEFT, y: PAGE.height - 0.5 * PT - LINE + 3, size: 9, font: regular, color: rgb(0.35, 0.35, 0.35) });
    p.rows.forEach((r, i) => {
      for (const c of r.cells) drawSpans(page, c.spans ?? [{ text: c.text }], LEFT + c.col * CHAR, y(i), c.type === "scene_heading");
    });
  }
  return doc.save();
}
