/**
 * The script as an industry-format PDF: the same rows the preview draws, in Courier Prime 12 pt on US
 * Letter, with the shared fallback fonts for letters Courier lacks (see lib/pdf-fonts.ts).
 */
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import { styledLines, type Span } from "../../../common/screenplay/inline.ts";
import { LINE_WIDTH, type Layout } from "../../../common/screenplay/layout.ts";
import { isRevisedRow, REVISION_MARK, REVISION_MARK_COL } from "../../../common/screenplay/revision-marks.ts";
import { pdfText, stringsIn } from "../../lib/pdf-fonts.ts";

const PT = 72;
const PAGE = { width: 8.5 * PT, height: 11 * PT };
const LEFT = 1.5 * PT;
const TOP = 1 * PT;
const CHAR = 7.2;
const LINE = 12;

/**
 * `revised`: the source lines of the elements changed since the revision before, whose printed lines carry "*"
 * in the right margin, as revised pages do.
 */
export async function screenplayPdf(
  layout: Layout,
  opts: { title: string; revision?: string; revised?: ReadonlySet<number> },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setCreator("The Portal");
  const fonts = await pdfText(
    doc,
    "mono",
    ["regular", "bold", "italic", "boldItalic"],
    stringsIn([opts, layout.titlePage, layout.pages, REVISION_MARK]),
  );
  const y = (row: number) => PAGE.height - TOP - LINE * (row + 1) + 3;

  /** Draws one printed line of styled spans from x; scene headings and the title print bold throughout. */
  const drawSpans = (page: PDFPage, spans: Span[], x: number, at: number, allBold = false) => {
    for (const s of spans) {
      const b = allBold || s.bold;
      const style = b && s.italic ? "boldItalic" : b ? "bold" : s.italic ? "italic" : "regular";
      const width = fonts.draw(page, s.text, { x, y: at, size: 12, style });
      if (s.underline)
        page.drawLine({
          start: { x, y: at - 1.5 },
          end: { x: x + width, y: at - 1.5 },
          thickness: 0.6,
          color: rgb(0, 0, 0),
        });
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
          const width = fonts.width(line.map((s) => s.text).join(""), 12, key === "title" ? "bold" : "regular");
          drawSpans(page, line, LEFT + (LINE_WIDTH * CHAR - width) / 2, y(row++), key === "title");
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
      fonts.draw(page, label, {
        x: LEFT + (LINE_WIDTH + 2 - label.length) * CHAR,
        y: PAGE.height - 0.5 * PT - LINE + 3,
        size: 12,
      });
    }
    if (opts.revision)
      fonts.draw(page, opts.revision, {
        x: LEFT,
        y: PAGE.height - 0.5 * PT - LINE + 3,
        size: 9,
        color: rgb(0.35, 0.35, 0.35),
      });
    p.rows.forEach((r, i) => {
      for (const c of r.cells)
        drawSpans(page, c.spans ?? [{ text: c.text }], LEFT + c.col * CHAR, y(i), c.type === "scene_heading");
      if (isRevisedRow(r, opts.revised))
        fonts.draw(page, REVISION_MARK, { x: LEFT + REVISION_MARK_COL * CHAR, y: y(i), size: 12 });
    });
  }
  return doc.save();
}
