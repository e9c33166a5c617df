import { asc, eq, inArray } from "drizzle-orm";
import { PDFDocument, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { itemPagePath } from "../../../common/equipment.ts";
import type { Services } from "../../context.ts";
import { equipmentItems } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { pdfText } from "../../lib/pdf-fonts.ts";

const MM = 72 / 25.4;
// A4 with 3 × 8 labels of 70 × 37 mm (the common "24 per sheet" label stock).
const PAGE = { w: 210 * MM, h: 297 * MM };
const LABEL = { w: 70 * MM, h: 37 * MM, cols: 3, rows: 8, top: (297 - 8 * 37) / 2 * MM };
const MAX_LABELS = 2000;

/** A printable sheet of QR labels; each code opens the item's page in the portal. */
export async function labelSheet(s: Pick<Services, "db" | "config">, opts: { ids?: string[]; categoryId?: string }): Promise<Uint8Array> {
  const uuid = /^[0-9a-f-]{36}$/i;
  if (opts.ids?.some((id) => !uuid.test(id))) throw new AppError("bad_request", "Choose the items to label from the inventory.");
  const where = opts.ids?.length ? inArray(equipmentItems.id, opts.ids) : opts.categoryId ? eq(equipmentItems.categoryId, opts.categoryId) : undefined;
  const items = await s.db
    .select({ id: equipmentItems.id, name: equipmentItems.name, assetTag: equipmentItems.assetTag })
    .from(equipmentItems)
    .where(where)
    .orderBy(asc(equipmentItems.assetTag))
    .limit(MAX_LABELS);
  if (items.length === 0) throw new AppError("not_found", "There are no items to label: choose items or a category that holds some.");
  const pdf = await PDFDocument.create();
  pdf.setTitle("Equipment labels");
  const fonts = await pdfText(pdf, "sans", ["regular", "bold"], items.flatMap((i) => [i.name, i.assetTag]));
  const perPage = LABEL.cols * LABEL.rows;
  let page = pdf.addPage([PAGE.w, PAGE.h]);
  for (const [n, item] of items.entries()) {
    if (n > 0 && n % perPage === 0) page = pdf.addPage([PAGE.w, PAGE.h]);
    const slot = n % perPage;
    const x = (slot % LABEL.cols) * LABEL.w;
    const y = PAGE.h - LABEL.top - (Math.floor(slot / LABEL.cols) + 1) * LABEL.h;
    const url = new URL(itemPagePath(item.id), s.config.PUBLIC_URL).toString();
    const png = await pdf.embedPng(await QRCode.toBuffer(url, { margin: 0, width: 240, errorCorrectionLevel: "M" }));
    const size = LABEL.h - 8 * MM;
    page.drawImage(png, { x: x + 4 * MM, y: y + 4 * MM, width: size, height: size });
    const textX = x + 8 * MM + size;
    const width = LABEL.w - size - 12 * MM;
    fonts.draw(page, item.assetTag, { x: textX, y: y + LABEL.h - 12 * MM, size: 10, style: "bold", color: rgb(0, 0, 0) });
    const words = item.name.split(/\s+/);
    let line = "";
    let lineY = y + LABEL.h - 18 * MM;
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (fonts.width(next, 7) > width && line) {
        fonts.draw(page, line, { x: textX, y: lineY, size: 7 });
        lineY -= 9;
        line = word;
        if (lineY < y + 4 * MM) break;
      } else line = next;
    }
    if (line && lineY >= y + 4 * MM) fonts.draw(page, line, { x: textX, y: lineY, size: 7 });
  }
  return pdf.save();
}
