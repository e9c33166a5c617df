import { asc, eq, inArray } from "drizzle-orm";
import {
  concatTransformationMatrix,
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  type PDFOperator,
  type PDFPage,
} from "pdf-lib";
import QRCode from "qrcode";
import { itemPagePath } from "../../../common/equipment.ts";
import type { Services } from "../../context.ts";
import { equipmentItems } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { pdfText, type PdfText } from "../../lib/pdf-fonts.ts";

const MM = 72 / 25.4;
// A4 with 3 × 8 labels of 70 × 37 mm (the common "24 per sheet" label stock).
const PAGE = { w: 210 * MM, h: 297 * MM };
const LABEL = { w: 70 * MM, h: 37 * MM, cols: 3, rows: 8, top: ((297 - 8 * 37) / 2) * MM };
export const LABELS_PER_PAGE = LABEL.cols * LABEL.rows;
const MAX_LABELS = 2000;
const QR_SIZE = LABEL.h - 8 * MM;
const TEXT_WIDTH = LABEL.w - QR_SIZE - 12 * MM;
const NAME_SIZE = 7;
const NAME_LEADING = 9;

export interface LabelItem {
  id: string;
  name: string;
  assetTag: string;
}

/** A printable sheet of QR labels; each code opens the item's page in the portal. */
export async function labelSheet(
  s: Pick<Services, "db" | "config">,
  opts: { ids?: string[]; categoryId?: string },
): Promise<Uint8Array> {
  const uuid = /^[0-9a-f-]{36}$/i;
  if (opts.ids?.some((id) => !uuid.test(id)))
    throw new AppError("bad_request", "Choose the items to label from the inventory.");
  const where = opts.ids?.length
    ? inArray(equipmentItems.id, opts.ids)
    : opts.categoryId
      ? eq(equipmentItems.categoryId, opts.categoryId)
      : undefined;
  const items = await s.db
    .select({ id: equipmentItems.id, name: equipmentItems.name, assetTag: equipmentItems.assetTag })
    .from(equipmentItems)
    .where(where)
    .orderBy(asc(equipmentItems.assetTag))
    .limit(MAX_LABELS);
  if (items.length === 0)
    throw new AppError("not_found", "There are no items to label: choose items or a category that holds some.");
  return renderLabelSheet(items, s.config.PUBLIC_URL);
}

/**
 * The QR code as one vector path: each row's runs of dark modules become rectangles of one filled path,
 * drawn in module units (whole numbers) scaled into place. A raster image per label cost an encode, an
 * embed and a compression each, and printed blurred when scaled.
 */
export function qrPath(text: string, x: number, y: number, size: number): PDFOperator[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const unit = size / n;
  // Origin at the code's top-left corner with y growing downwards, as the matrix's rows do.
  const ops: PDFOperator[] = [
    pushGraphicsState(),
    concatTransformationMatrix(unit, 0, 0, -unit, x, y + size),
    setFillingGrayscaleColor(0),
  ];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && modules.get(row, end)) end++;
      ops.push(rectangle(col, row, end - col, 1));
      col = end;
    }
  }
  ops.push(fill(), popGraphicsState());
  return ops;
}

/** The name cut into the lines that fit beside the code; widths are measured once per word, not per attempt. */
function nameLines(fonts: PdfText, name: string, maxLines: number): string[] {
  const space = fonts.width(" ", NAME_SIZE);
  const lines: string[] = [];
  let line = "";
  let width = 0;
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const w = fonts.width(word, NAME_SIZE);
    if (line && width + space + w > TEXT_WIDTH) {
      lines.push(line);
      if (lines.length === maxLines) return lines;
      line = word;
      width = w;
    } else {
      line = line ? `${line} ${word}` : word;
      width = line === word ? w : width + space + w;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

export async function renderLabelSheet(items: LabelItem[], publicUrl: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Equipment labels");
  // Short strings by the hundred: shaping each one was most of a sheet's time, and a label needs no kerning.
  const fonts = await pdfText(
    pdf,
    "sans",
    ["regular", "bold"],
    items.flatMap((i) => [i.name, i.assetTag]),
    { kerning: false },
  );
  const maxLines = Math.floor((LABEL.h - 18 * MM - 4 * MM) / NAME_LEADING) + 1;
  let page: PDFPage = pdf.addPage([PAGE.w, PAGE.h]);
  for (const [n, item] of items.entries()) {
    if (n > 0 && n % LABELS_PER_PAGE === 0) page = pdf.addPage([PAGE.w, PAGE.h]);
    const slot = n % LABELS_PER_PAGE;
    const x = (slot % LABEL.cols) * LABEL.w;
    const y = PAGE.h - LABEL.top - (Math.floor(slot / LABEL.cols) + 1) * LABEL.h;
    const url = new URL(itemPagePath(item.id), publicUrl).toString();
    page.pushOperators(...qrPath(url, x + 4 * MM, y + 4 * MM, QR_SIZE));
    const textX = x + 8 * MM + QR_SIZE;
    fonts.draw(page, item.assetTag, {
      x: textX,
      y: y + LABEL.h - 12 * MM,
      size: 10,
      style: "bold",
      color: rgb(0, 0, 0),
    });
    for (const [i, line] of nameLines(fonts, item.name, maxLines).entries())
      fonts.draw(page, line, { x: textX, y: y + LABEL.h - 18 * MM - i * NAME_LEADING, size: NAME_SIZE });
  }
  return pdf.save();
}
