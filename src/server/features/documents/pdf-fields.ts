/** Drawing the filled fields of a signature request onto the pages where they were placed, for the seal. */
import { rgb, type PDFDocument, type PDFPage } from "pdf-lib";
import type { FieldKind, PdfBox } from "../../../common/signature-fields.ts";
import type { PdfText } from "../../lib/pdf-fonts.ts";

const INK = rgb(0.1, 0.1, 0.12);
const PAD = 2;

export interface SealField extends PdfBox {
  /** The e-mail of the signer it belongs to, unique on a request. */
  signer: string;
  kind: FieldKind;
  page: number;
  value: string | null;
  signature: { kind: "drawn" | "typed" | null; value: string | null };
}

/** The largest size (up to `max`) at which one line of text fits the box's width. */
function fit(fonts: PdfText, text: string, box: SealField, max: number, style: "regular" | "italic") {
  let size = Math.min(max, box.height - 2 * PAD);
  const room = box.width - 2 * PAD;
  const at1 = fonts.width(text, 1, style);
  if (at1 > 0) size = Math.min(size, room / at1);
  return Math.max(size, 4);
}

function line(page: PDFPage, fonts: PdfText, text: string, box: SealField, max: number, style: "regular" | "italic") {
  const size = fit(fonts, text, box, max, style);
  // The baseline sits so the line is centred in the box, its descenders inside it.
  const y = box.y + (box.height - size) / 2 + size * 0.22;
  fonts.draw(page, text, { x: box.x + PAD, y, size, style, color: INK });
}

export async function drawFields(doc: PDFDocument, fonts: PdfText, fields: SealField[]) {
  const pages = doc.getPages();
  for (const f of fields) {
    const page = pages[f.page - 1];
    if (!page) continue;
    if (f.kind === "signature") {
      const sig = f.signature;
      if (sig.kind === "drawn" && sig.value) {
        const png = await doc.embedPng(Buffer.from(sig.value.split(",")[1] ?? "", "base64"));
        const scale = Math.min((f.width - 2 * PAD) / png.width, (f.height - 2 * PAD) / png.height);
        const h = png.height * scale;
        page.drawImage(png, { x: f.x + PAD, y: f.y + (f.height - h) / 2, width: png.width * scale, height: h });
      } else if (sig.value) line(page, fonts, sig.value, f, 28, "italic");
    } else if (f.kind === "checkbox") {
      if (f.value === "true") {
        const m = Math.min(f.width, f.height) * 0.2;
        page.drawLine({
          start: { x: f.x + m, y: f.y + m },
          end: { x: f.x + f.width - m, y: f.y + f.height - m },
          thickness: 1.2,
          color: INK,
        });
        page.drawLine({
          start: { x: f.x + m, y: f.y + f.height - m },
          end: { x: f.x + f.width - m, y: f.y + m },
          thickness: 1.2,
          color: INK,
        });
      }
      page.drawRectangle({ x: f.x, y: f.y, width: f.width, height: f.height, borderColor: INK, borderWidth: 0.6 });
    } else if (f.value) line(page, fonts, f.value, f, f.kind === "initials" ? 18 : 12, "regular");
  }
}
