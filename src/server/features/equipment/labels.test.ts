import jsQR from "jsqr";
import { getDocument, OPS, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { itemPagePath } from "../../../common/equipment.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { LABELS_PER_PAGE, renderLabelSheet } from "./labels.ts";

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * The filled paths of a page as a PDF reader draws them (pdf.js's operator list, with the transforms applied),
 * one list of rectangles per path in page points; and whether the page paints any image.
 */
async function pathsOfPage(bytes: Uint8Array, pageNo: number) {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS })
    .promise;
  const ops = await (await doc.getPage(pageNo)).getOperatorList();
  await doc.destroy();
  const paths: { x: number; y: number; w: number; h: number }[][] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let images = 0;
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) ctm = multiply(args as Matrix, ctm);
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) images++;
    else if (fn === OPS.constructPath) {
      const [subOps, coords] = args as [number[], number[]];
      const rects: { x: number; y: number; w: number; h: number }[] = [];
      let k = 0;
      for (const op of subOps) {
        if (op !== OPS.rectangle) continue;
        const [x, y, w, h] = coords.slice(k, k + 4) as [number, number, number, number];
        k += 4;
        const [a, , , d, e, f] = ctm;
        const x0 = a * x + e;
        const y0 = d * y + f;
        const x1 = a * (x + w) + e;
        const y1 = d * (y + h) + f;
        rects.push({ x: Math.min(x0, x1), y: Math.min(y0, y1), w: Math.abs(x1 - x0), h: Math.abs(y1 - y0) });
      }
      if (rects.length) paths.push(rects);
    }
  });
  return { paths, images };
}

/** Paints one path's rectangles black on white with a quiet zone, as a printer would, and reads it with jsQR. */
function decode(rects: { x: number; y: number; w: number; h: number }[]): string | null {
  const scale = 4;
  const margin = 40;
  const left = Math.min(...rects.map((r) => r.x));
  const bottom = Math.min(...rects.map((r) => r.y));
  const size = Math.max(...rects.map((r) => r.x + r.w - left), ...rects.map((r) => r.y + r.h - bottom));
  const px = Math.ceil(size * scale) + 2 * margin;
  const rgba = new Uint8ClampedArray(px * px * 4).fill(255);
  for (const r of rects) {
    const x0 = Math.round((r.x - left) * scale) + margin;
    const x1 = Math.round((r.x + r.w - left) * scale) + margin;
    // Image rows run downwards, page y upwards.
    const y0 = px - (Math.round((r.y + r.h - bottom) * scale) + margin);
    const y1 = px - (Math.round((r.y - bottom) * scale) + margin);
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgba.fill(0, (y * px + x) * 4, (y * px + x) * 4 + 3);
  }
  return jsQR(rgba, px, px)?.data ?? null;
}

describe("the equipment label sheet", () => {
  const items = Array.from({ length: LABELS_PER_PAGE + 1 }, (_, i) => ({
    id: `0b6f4c1e-3a2d-4f5e-9a8b-${String(i).padStart(12, "0")}`,
    name:
      i === 0
        ? "ARRI Alexa Mini LF camera body with a rather long name that wraps"
        : i === 1
          ? "カメラ Ωμέγα Łukasz 🎬"
          : `Sony FX6 ${i}`,
    assetTag: `NFS-CAM-${String(i).padStart(3, "0")}`,
  }));

  it("prints every item's tag and name, 24 to a page", async () => {
    const pdf = await renderLabelSheet(items, "https://portal.school.test");
    const pages = await pdfText(pdf);
    expect(pages).toHaveLength(2);
    for (const item of items.slice(0, LABELS_PER_PAGE)) expect(pages[0]).toContain(item.assetTag);
    expect(pages[0]).toContain("ARRI Alexa Mini LF camera body");
    expect(pages[0]).toContain("カメラ Ωμέγα Łukasz 🎬");
    expect(pages[1]).toContain("NFS-CAM-024");
  });

  it("draws each code as one vector path that a scanner reads as the item's page", async () => {
    const pdf = await renderLabelSheet(items, "https://portal.school.test");
    const first = await pathsOfPage(pdf, 1);
    expect(first.images).toBe(0);
    expect(first.paths).toHaveLength(LABELS_PER_PAGE);
    for (const n of [0, 1, LABELS_PER_PAGE - 1])
      expect(decode(first.paths[n]!)).toBe(
        new URL(itemPagePath(items[n]!.id), "https://portal.school.test").toString(),
      );
    const second = await pathsOfPage(pdf, 2);
    expect(second.paths).toHaveLength(1);
    expect(decode(second.paths[0]!)).toBe(`https://portal.school.test${itemPagePath(items[LABELS_PER_PAGE]!.id)}`);
  });
});
