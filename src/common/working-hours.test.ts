import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./time.ts";
import {
  ageOn,
  bandFor,
  bandLabel,
  DEFAULT_MINOR_RULES,
  findingText,
  formatHours,
  hoursFindings,
  minorRulesSchema,
  minutesOf,
  minutesPastLatest,
  minutesToLater,
  minutesToWrap,
  type WorkedDay,
} from "./working-hours.ts";

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const date = fc.integer({ min: 0, max: 10_000 }).map((n) => addDays("2020-01-01", n));

const worked = (dayNumber: number, date: string, call: string, wrap: string, meal = ""): WorkedDay => ({
  dayId: `d${dayNumber}`,
  dayNumber,
  date,
  call,
  wrap,
  meal,
});

describe("a day's hours", () => {
  it("are never negative nor over 24 hours, and a wrap at or before the call is the next day", () => {
    fc.assert(
      fc.property(time, time, (call, wrap) => {
        const m = minutesToWrap(call, wrap);
        expect(m).toBeGreaterThan(0);
        expect(m).toBeLessThanOrEqual(24 * 60);
        // Call plus the hours lands on the wrap's clock time.
        expect((minutesOf(call) + m) % 1440).toBe(minutesOf(wrap));
        const meal = minutesToLater(call, wrap);
        expect(meal).toBeGreaterThanOrEqual(0);
        expect(meal).toBeLessThan(24 * 60);
      }),
    );
  });

  it("reads a wrap after midnight as the next morning", () => {
    expect(minutesToWrap("16:00", "01:00")).toBe(9 * 60);
    expect(minutesToWrap("07:00", "20:00")).toBe(13 * 60);
    expect(minutesToWrap("08:00", "08:00")).toBe(24 * 60);
  });

  it("warns of a day over 12 hours, and only then", () => {
    fc.assert(
      fc.property(date, time, time, (d, call, wrap) => {
        const found = hoursFindings([worked(1, d, call, wrap)]).filter((f) => f.kind === "long");
        expect(found.length === 1).toBe(minutesToWrap(call, wrap) > 12 * 60);
      }),
    );
    const [f] = hoursFindings([worked(1, "2026-12-01", "07:00", "20:00")]);
    expect(f && findingText(f)).toBe("13 h from call to wrap");
  });

  it("writes hours as people read them", () => {
    expect(formatHours(780)).toBe("13 h");
    expect(formatHours(750)).toBe("12 h 30 min");
    expect(formatHours(45)).toBe("45 min");
    expect(formatHours(-5)).toBe("0 min");
  });
});

describe("turnaround", () => {
  it("measures from one day's wrap to the next day's call, a wrap after midnight included", () => {
    const found = hoursFindings([worked(1, "2026-12-01", "14:00", "01:00"), worked(2, "2026-12-02", "08:00", "18:00")]);
    expect(found).toEqual([{ dayId: "d2", kind: "turnaround", minutes: 7 * 60, afterDay: 1 }]);
    expect(findingText(found[0]!)).toBe("7 h turnaround after day 1");
  });

  it("finds the same short rest whatever order the days come in, on the later day only", () => {
    fc.assert(
      fc.property(date, time, time, time, time, fc.boolean(), (d, call1, wrap1, call2, wrap2, flip) => {
        const days = [worked(1, d, call1, wrap1), worked(2, addDays(d, 1), call2, wrap2)];
        const a = hoursFindings(days).filter((f) => f.kind === "turnaround");
        const b = hoursFindings(flip ? [...days].reverse() : days).filter((f) => f.kind === "turnaround");
        expect(b).toEqual(a);
        const rest = 1440 + minutesOf(call2) - minutesOf(call1) - minutesToWrap(call1, wrap1);
        expect(a.length === 1).toBe(rest < 600);
        for (const f of a) {
          expect(f.dayId).toBe("d2");
          expect(f.minutes).toBe(Math.max(0, rest));
        }
      }),
    );
  });

  it("gives no turnaround across days off", () => {
    expect(
      hoursFindings([worked(1, "2026-12-01", "14:00", "02:00"), worked(3, "2026-12-03", "06:00", "12:00")]),
    ).toEqual([]);
  });
});

describe("meal", () => {
  it("warns of a meal more than 6 hours after call, even after midnight", () => {
    expect(hoursFindings([worked(1, "2026-12-01", "07:00", "", "13:30")]).map(findingText)).toEqual([
      "meal 6 h 30 min after call",
    ]);
    expect(hoursFindings([worked(1, "2026-12-01", "18:00", "", "00:30")]).map(findingText)).toEqual([
      "meal 6 h 30 min after call",
    ]);
    expect(hoursFindings([worked(1, "2026-12-01", "07:00", "", "13:00")])).toEqual([]);
  });
});

describe("minors", () => {
  it("counts age in whole years at the day's date", () => {
    expect(ageOn("2018-06-15", "2026-06-14")).toBe(7);
    expect(ageOn("2018-06-15", "2026-06-15")).toBe(8);
    expect(ageOn("2012-02-29", "2026-02-28")).toBe(13);
    expect(ageOn("2012-02-29", "2026-03-01")).toBe(14);
  });

  it("puts every age under 18 in a band, ages growing with the band, and adults in none", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 17 }), fc.integer({ min: 0, max: 17 }), (a, b) => {
        const [x, y] = [bandFor(DEFAULT_MINOR_RULES, Math.min(a, b))!, bandFor(DEFAULT_MINOR_RULES, Math.max(a, b))!];
        expect(x.upToAge).toBeLessThanOrEqual(y.upToAge);
      }),
    );
    expect(bandFor(DEFAULT_MINOR_RULES, 18)).toBeNull();
    expect(DEFAULT_MINOR_RULES.bands.map((b) => bandLabel(DEFAULT_MINOR_RULES, b))).toEqual([
      "under 6",
      "6–8",
      "9–15",
      "16–17",
    ]);
  });

  it("finds work past the latest hour, after midnight too", () => {
    expect(minutesPastLatest("14:00", "23:00", "22:00")).toBe(60);
    expect(minutesPastLatest("14:00", "01:00", "22:00")).toBe(180);
    expect(minutesPastLatest("08:00", "18:00", "22:00")).toBe(0);
  });

  it("refuses bands out of order", () => {
    expect(minorRulesSchema.safeParse(DEFAULT_MINOR_RULES).success).toBe(true);
    expect(
      minorRulesSchema.safeParse({ ...DEFAULT_MINOR_RULES, bands: [...DEFAULT_MINOR_RULES.bands].reverse() }).success,
    ).toBe(false);
  });
});
