import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addBusinessDays, addDays, utcMidnight } from "./time.ts";

const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays("2000-01-01", n));
const weekday = (d: string) => utcMidnight(d).getUTCDay();

describe("addBusinessDays", () => {
  it("counts Monday to Friday only", () => {
    // Friday 4 Dec 2026 → Monday 7 Dec; Monday 7 Dec back 1 → Friday 4 Dec; 21 business days before a Monday.
    expect(addBusinessDays("2026-12-04", 1)).toBe("2026-12-07");
    expect(addBusinessDays("2026-12-07", -1)).toBe("2026-12-04");
    expect(addBusinessDays("2026-12-28", -21)).toBe("2026-11-27");
    expect(addBusinessDays("2026-12-05", 0)).toBe("2026-12-05");
  });

  it("lands on a weekday, n weekdays away, and walks back to where it started", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -60, max: 60 }).filter((n) => n !== 0),
        (d, n) => {
          const out = addBusinessDays(d, n);
          expect([0, 6]).not.toContain(weekday(out));
          // Walking from the start (excluded) to the end (included), exactly |n| weekdays are passed.
          let count = 0;
          for (let x = d; x !== out;) {
            x = addDays(x, Math.sign(n));
            if (![0, 6].includes(weekday(x))) count++;
          }
          expect(count).toBe(Math.abs(n));
          if (![0, 6].includes(weekday(d))) expect(addBusinessDays(out, -n)).toBe(d);
        },
      ),
    );
  });
});
