import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

/** A row of the printed table: cells, and which are right-aligned amounts. */
export interface PdfRow {
  cells: string[];
  bold?: boolean;
}

export interface PdfSection {
  heading: string;
  /** Relative widths of the columns; the last `numeric` columns are right-aligned. */
  widths?: number[];
  numeric?: number;
  rows: PdfRow[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const SIZE = 9;
const LINE = 13;

/**
 * The standard fonts speak WinAnsi only; anything else (a Polish ł, an emoji) becomes "?" rather than
 * breaking the whole document.
 */
function printable(font: PDFFont, text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += "?";
    }
  }
  return out;
}

function fit(font: PDFFont, text: string, width: number): string {
  if (font.widthOfTextAtSize(text, SIZE) <= width) return text;
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, SIZE) > width) t = t.slice(0, -1);
  return `${t}…`;
}

/** Title, a few facts, then sections of tables, paginated on A4. */
export async function renderPdf(opts: { title: string; facts: [string, string][]; sections: PdfSection[] }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setProducer("The Portal");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const usable = A4[0] - 2 * MARGIN;
  const need = (h: number) => {
    if (y - h < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (s: string, x: number, f: PDFFont, size = SIZE) => page.drawText(printable(f, s), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  text(opts.title, MARGIN, bold, 16);
  y -= 26;
  for (const [k, v] of opts.facts) {
    for (const [i, part] of wrap(font, printable(font, v), usable - 130).entries()) {
      need(LINE);
      if (i === 0) text(k, MARGIN, bold);
      text(part, MARGIN + 130, font);
      y -= LINE;
    }
  }
  for (const section of opts.sections) {
    y -= 10;
    need(LINE * 3);
    text(section.heading, MARGIN, bold, 12);
    y -= 18;
    const cols = section.rows[0]?.cells.length ?? 1;
    const weights = section.widths ?? Array.from({ length: cols }, () => 1);
    const sum = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / sum) * usable);
    const numeric = section.numeric ?? 0;
    for (const row of section.rows) {
      need(LINE);
      let x = MARGIN;
      row.cells.forEach((cell, i) => {
        const f = row.bold ? bold : font;
        const w = widths[i] ?? 0;
        const s = fit(f, printable(f, cell), w - 6);
        const right = i >= cols - numeric;
        text(s, right ? x + w - 6 - f.widthOfTextAtSize(s, SIZE) : x, f);
        x += w;
      });
      y -= LINE;
    }
  }
  return doc.save();
}

function wrap(font: PDFFont, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split("\n")) {
    let line = "";
    for (const word of para.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, SIZE) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}
