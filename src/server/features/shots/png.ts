import { crc32, deflateSync } from "node:zlib";

/** A shape of a sketched frame, in 0–1 of the frame's width and height. */
export type Shape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; grey: number }
  | { kind: "circle"; x: number; y: number; r: number; grey: number }
  | { kind: "line"; y: number; grey: number };

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small greyscale PNG of simple shapes on paper white: the demo's drawn storyboard frames, made at seed time
 * without a canvas library (the seed enqueues no jobs and needs no browser).
 */
export function sketchPng(width: number, height: number, shapes: Shape[]): Uint8Array {
  const raw = Buffer.alloc((width + 1) * height, 0);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      let grey = 246;
      for (const s of shapes) {
        if (s.kind === "rect" && u >= s.x && u < s.x + s.w && v >= s.y && v < s.y + s.h) grey = s.grey;
        else if (s.kind === "circle" && ((u - s.x) * width) ** 2 + ((v - s.y) * height) ** 2 <= (s.r * height) ** 2)
          grey = s.grey;
        else if (s.kind === "line" && Math.abs(v - s.y) * height < 1.5) grey = s.grey;
      }
      // A pencil border, as a frame drawn on a storyboard sheet has.
      if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) grey = 40;
      raw[row + 1 + x] = grey;
    }
  }
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
