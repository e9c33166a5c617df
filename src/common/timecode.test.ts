import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatTimecode,
  frameToMs,
  msToFrame,
  parseTimecode,
  timecodeAt,
  timecodeToMs,
  type FrameRate,
} from "./timecode.ts";

const rates: FrameRate[] = [
  { num: 24000, den: 1001 },
  { num: 24, den: 1 },
  { num: 25, den: 1 },
  { num: 30000, den: 1001 },
  { num: 50, den: 1 },
  { num: 60000, den: 1001 },
];
const rate = fc.constantFrom(...rates);

describe("timecode", () => {
  it("reads and writes the timecodes editors type", () => {
    const r = { num: 25, den: 1 };
    expect(parseTimecode("01:00:00:00", r)).toBe(90000);
    expect(parseTimecode(" 00:00:01;05 ", r)).toBe(30);
    expect(formatTimecode(90000 + 30, r)).toBe("01:00:01:05");
    expect(parseTimecode("00:00:00:25", r)).toBeNull();
    expect(parseTimecode("00:60:00:00", r)).toBeNull();
    expect(parseTimecode("1:00", r)).toBeNull();
  });

  it("counts from the file's start timecode", () => {
    const r = { num: 24000, den: 1001 };
    expect(timecodeAt(0, r, "01:00:00:00")).toBe("01:00:00:00");
    expect(timecodeAt(frameToMs(24, r), r, "01:00:00:00")).toBe("01:00:01:00");
    expect(timecodeToMs("00:59:59:23", r, "01:00:00:00")).toBeNull();
  });

  it("maps every frame to its time and back", () => {
    fc.assert(
      fc.property(rate, fc.integer({ min: 0, max: 24 * 3600 * 60 - 1 }), (r, frame) => {
        expect(msToFrame(frameToMs(frame, r), r)).toBe(frame);
      }),
    );
  });

  it("formats every frame count as a timecode that parses back to it", () => {
    fc.assert(
      fc.property(rate, fc.integer({ min: 0, max: 24 * 3600 * 24 - 1 }), (r, frames) => {
        const max = 24 * 3600 * Math.round(r.num / r.den);
        const f = frames % max;
        const text = formatTimecode(f, r);
        expect(text).toMatch(/^\d{2}:\d{2}:\d{2}:\d{2}$/);
        expect(parseTimecode(text, r)).toBe(f);
      }),
    );
  });

  it("never reads text that is not a timecode as one", () => {
    fc.assert(
      fc.property(rate, fc.string(), (r, s) => {
        const n = parseTimecode(s, r);
        if (n !== null) expect(formatTimecode(n, r)).toBe(s.trim().replace(/[;.]/g, ":").padStart(11, "0"));
      }),
    );
  });
});
