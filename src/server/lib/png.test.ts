import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sketchPng } from "./png.ts";

/** The grey of each pixel, read back from the PNG's one IDAT chunk (rows of a filter byte and the pixels). */
function pixels(png: Uint8Array, width: number) {
  const bytes = Buffer.from(png);
  const at = bytes.indexOf("IDAT");
  const raw = inflateSync(bytes.subarray(at + 4, at + 4 + bytes.readUInt32BE(at - 4)));
  return (x: number, y: number) => raw[y * (width + 1) + 1 + x];
}

describe("a sketched PNG", () => {
  it("draws a stroke as thick as asked along its path, and nothing away from it", () => {
    const stroke = {
      kind: "stroke" as const,
      points: [
        [0.1, 0.5],
        [0.9, 0.5],
      ] as [number, number][],
      width: 4,
      grey: 20,
    };
    const grey = pixels(sketchPng(100, 40, [stroke], { border: false }), 100);
    for (const x of [10, 50, 90]) for (const y of [18, 19, 20, 21, 22]) expect(grey(x, y)).toBe(20);
    expect(grey(50, 15)).toBe(246);
    expect(grey(50, 25)).toBe(246);
    expect(grey(3, 20)).toBe(246);
    expect(grey(0, 0)).toBe(246);
  });

  it("paints shapes in order and frames the picture in pencil unless told not to", () => {
    const shapes = [
      { kind: "rect" as const, x: 0, y: 0, w: 1, h: 1, grey: 120 },
      { kind: "circle" as const, x: 0.5, y: 0.5, r: 0.25, grey: 10 },
    ];
    const framed = pixels(sketchPng(40, 40, shapes), 40);
    expect(framed(20, 20)).toBe(10);
    expect(framed(10, 10)).toBe(120);
    expect(framed(0, 20)).toBe(40);
    expect(pixels(sketchPng(40, 40, shapes, { border: false }), 40)(0, 20)).toBe(120);
  });
});
