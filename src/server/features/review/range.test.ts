import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRange } from "./range.ts";

describe("a Range header", () => {
  it("names bytes inside the file, or says it cannot", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.option(fc.integer({ min: 0, max: 12_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 12_000 }), { nil: undefined }),
        (size, a, b) => {
          const header = `bytes=${a ?? ""}-${b ?? ""}`;
          const r = parseRange(header, size);
          if (a === undefined && b === undefined) expect(r).toBeNull();
          else if (r === null) expect(a !== undefined && b !== undefined && b < a).toBe(true);
          else if (r === "unsatisfiable") expect(a === undefined ? b === 0 || size === 0 : a >= size).toBe(true);
          else {
            expect(r.start).toBeGreaterThanOrEqual(0);
            expect(r.end).toBeLessThan(size);
            expect(r.start).toBeLessThanOrEqual(r.end);
            if (a === undefined) expect(r.end - r.start + 1).toBe(Math.min(b!, size));
            else expect(r.start).toBe(a);
          }
        },
      ),
    );
  });

  it("serves the whole file for what it does not read", () => {
    for (const h of [undefined, "", "items=0-1", "bytes=0-1,5-6", "bytes=x-1", "bytes=-"])
      expect(parseRange(h, 100)).toBeNull();
  });
});
