import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import { pdfText, stringsIn, type FontStyle } from "./pdf-fonts.ts";

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

/** Title, a few facts, then sections of tables, paginated on A4. */
export async function renderPdf(opts: {
  title: string;
  facts: [string, string][];
  sections: PdfSection[];
  /** A picture after the tables (a drawn signature), with a heading and a line of text under it. */
  image?: { heading: string; png: Uint8Array; caption: string };
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setProducer("The Portal");
  const fonts = await pdfText(doc, "sans", ["regular", "bold"], stringsIn(opts));
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const usable = A4[0] - 2 * MARGIN;
  const need = (h: number) => {
    if (y - h < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (s: string, x: number, style: FontStyle, size = SIZE) =>
    fonts.draw(page, s, { x, y, size, style, color: rgb(0.1, 0.1, 0.1) });

  text(opts.title, MARGIN, "bold", 16);
  y -= 26;
  for (const [k, v] of opts.facts) {
    for (const [i, part] of wrap((t) => fonts.width(t, SIZE), v, usable - 130).entries()) {
      need(LINE);
      if (i === 0) text(k, MARGIN, "bold");
      text(part, MARGIN + 130, "regular");
      y -= LINE;
    }
  }
  for (const section of opts.sections) {
    y -= 10;
    need(LINE * 3);
    text(section.heading, MARGIN, "bold", 12);
    y -= 18;
    const cols = section.rows[0]?.cells.length ?? 1;
    const weights = section.widths ?? Array.from({ length: cols }, () => 1);
    const sum = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / sum) * usable);
    const numeric = section.numeric ?? 0;
    // A long name or heading wraps inside its column and makes the row taller: nothing is cut off.
    for (const row of section.rows) {
      const f: FontStyle = row.bold ? "bold" : "regular";
      const lines = row.cells.map((cell, i) => wrap((t) => fonts.width(t, SIZE, f), cell, (widths[i] ?? 0) - 6));
      const height = LINE * Math.max(1, ...lines.map((l) => l.length));
      need(height);
      const top = y;
      let x = MARGIN;
      lines.forEach((cellLines, i) => {
        const w = widths[i] ?? 0;
        const right = i >= cols - numeric;
        y = top;
        for (const s of cellLines) {
          text(s, right ? x + w - 6 - fonts.width(s, SIZE, f) : x, f);
          y -= LINE;
        }
        x += w;
      });
      y = top - height;
    }
  }
  if (opts.image) {
    const png = await doc.embedPng(opts.image.png);
    const scale = Math.min(1, 240 / png.width, 90 / png.height);
    const h = png.height * scale;
    y -= 10;
    need(LINE * 3 + h);
    text(opts.image.heading, MARGIN, "bold", 12);
    y -= 8 + h;
    page.drawImage(png, { x: MARGIN, y, width: png.width * scale, height: h });
    y -= LINE;
    text(opts.image.caption, MARGIN, "regular");
  }
  return doc.save();
}

/** Lines of at most `width` (as `measure` says), broken between words, and inside a word only when it alone is wider. */
export function wrap(measure: (text: string) => number, text: string, width: number): string[] {
  const fits = (t: string) => measure(t) <= width;
  const lines: string[] = [];
  for (const para of text.split("\n")) {
    let line = "";
    for (const w of para.split(/\s+/)) {
      let word = [...w];
      const next = line ? `${line} ${w}` : w;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      while (!fits(word.join("")) && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && !fits(word.slice(0, cut).join(""))) cut--;
        lines.push(word.slice(0, cut).join(""));
        word = word.slice(cut);
      }
      line = word.join("");
    }
    lines.push(line);
  }
  return lines;
}
