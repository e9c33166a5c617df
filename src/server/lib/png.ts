import { crc32, deflateSync } from "node:zlib";

/** A shape of a sketched picture, in 0–1 of the picture's width and height. */
export type Shape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; grey: number }
  | { kind: "circle"; x: number; y: number; r: number; grey: number }
  | { kind: "line"; y: number; grey: number }
  /** A pen's path through the points, `width` pixels thick: a signature's strokes. */
  | { kind: "stroke"; points: [x: number, y: number][]; width: number; grey: number };

/** Squared distance in pixels from (px, py) to the segment a–b. */
function distance2(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
}

/**
 * Where a shape paints: pixel boxes (x0, y0, x1, y1, exclusive ends) and whether a pixel in one is covered. Only the
 * boxes are visited, so a signature's many short segments cost their own pixels, not the picture's for each.
 */
function areasOf(
  s: Shape,
  width: number,
  height: number,
): [box: number[], covers: (x: number, y: number) => boolean][] {
  const whole = [0, 0, width, height];
  switch (s.kind) {
    case "rect":
      return [
        [whole, (x, y) => x / width >= s.x && x / width < s.x + s.w && y / height >= s.y && y / height < s.y + s.h],
      ];
    case "circle":
      return [
        [whole, (x, y) => ((x / width - s.x) * width) ** 2 + ((y / height - s.y) * height) ** 2 <= (s.r * height) ** 2],
      ];
    case "line":
      return [[whole, (_x, y) => Math.abs(y / height - s.y) * height < 1.5]];
    case "stroke": {
      const r = s.width / 2;
      return s.points.slice(1).map((b, i) => {
        const [ax, ay, bx, by] = [s.points[i]![0] * width, s.points[i]![1] * height, b[0] * width, b[1] * height];
        const box = [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r + 1, Math.max(ay, by) + r + 1];
        return [box, (x: number, y: number) => distance2(x, y, ax, ay, bx, by) <= r * r];
      });
    }
  }
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small greyscale PNG of simple shapes on paper white: the demo's drawn storyboard frames and signatures, made at
 * seed time without a canvas library (the seed enqueues no jobs and needs no browser). A frame has a pencil border,
 * as one drawn on a storyboard sheet has; a signature (`border: false`) has none.
 */
export function sketchPng(width: number, height: number, shapes: Shape[], opts: { border?: boolean } = {}): Uint8Array {
  const border = opts.border ?? true;
  const raw = Buffer.alloc((width + 1) * height, 246);
  // Each row starts with its filter byte: none.
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  const paint = (x: number, y: number, grey: number) => (raw[y * (width + 1) + 1 + x] = grey);
  // Shapes are painted in order: a later one covers an earlier.
  for (const shape of shapes) {
    for (const [box, covers] of areasOf(shape, width, height)) {
      const [x0, y0, x1, y1] = box.map((n, i) => Math.max(0, Math.min(Math.floor(n), i % 2 ? height : width)));
      for (let y = y0!; y < y1!; y++) for (let x = x0!; x < x1!; x++) if (covers(x, y)) paint(x, y, shape.grey);
    }
  }
  if (border)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) paint(x, y, 40);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array(0))]),
  );
}
