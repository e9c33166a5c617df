import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  approvalNeeded,
  BYPASS_DECIDER,
  bypassDeciderOf,
  bypassReasonOf,
  effectiveBypass,
  findGlobal,
  FRINGE_KINDS,
  FRINGE_PERCENT_MAX_BPS,
  fringeOf,
  lineFringe,
  looksLikeGlobal,
} from "./budget-rules.ts";
import { computeTotals, DEFAULT_ACCOUNTS, lineAmount, RATE_MAX } from "./budget.ts";

describe("the budget's approval bypass", () => {
  it("follows the project's override when staff set one, else the school's setting", () => {
    expect(effectiveBypass({ bypass: null }, true)).toBe(true);
    expect(effectiveBypass({ bypass: false }, true)).toBe(false);
    expect(effectiveBypass({ bypass: true }, false)).toBe(true);
    expect(effectiveBypass(null, false)).toBe(false);
    expect(approvalNeeded({ bypass: null }, false)).toBe(true);
    expect(approvalNeeded({ bypass: true }, false)).toBe(false);
  });

  it("records who bypassed and why", () => {
    const override = { bypass: true, bypassSetByName: "Dana Staff", bypassReason: "Festival deadline" };
    expect(bypassReasonOf(override)).toBe("Project override by Dana Staff: Festival deadline");
    expect(bypassDeciderOf(override)).toBe("Dana Staff");
    const school = { bypass: null, bypassSetByName: null, bypassReason: null };
    expect(bypassReasonOf(school)).toBe("The school's budget approval bypass is on.");
    expect(bypassDeciderOf(school)).toBe(BYPASS_DECIDER);
  });
});

describe("fringes (property-based)", () => {
  const fringe = fc.record({
    id: fc.uuid(),
    name: fc.constant("Payroll tax"),
    kind: fc.constantFrom(...FRINGE_KINDS),
    value: fc.integer({ min: 0, max: FRINGE_PERCENT_MAX_BPS }),
    cap: fc.option(fc.integer({ min: 0, max: RATE_MAX }), { nil: null }),
  });
  const amount = fc.integer({ min: 0, max: 5_000_000_000 });

  it("is never negative and never above its cap", () => {
    fc.assert(
      fc.property(amount, fringe, (a, f) => {
        const n = fringeOf(a, f);
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(0);
        if (f.cap !== null) expect(n).toBeLessThanOrEqual(f.cap);
        if (a === 0) expect(n).toBe(0);
      }),
    );
  });

  it("rounds a percentage to the minor unit exactly (half away from zero) and the same way every time", () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: FRINGE_PERCENT_MAX_BPS }), (a, bps) => {
        const f = { kind: "percent" as const, value: bps, cap: null };
        const exact = BigInt(a) * BigInt(bps);
        const n = BigInt(fringeOf(a, f));
        // Off by at most half a minor unit; exactly half rounds up (n × 10,000 − exact = +5,000, never −5,000).
        const diff = n * 10_000n - exact;
        expect(diff > -5_000n && diff <= 5_000n).toBe(true);
        expect(fringeOf(a, f)).toBe(Number(n));
      }),
      // An exact half is rare among random pairs: always tried.
      { examples: [[4, 1250]] },
    );
    expect(fringeOf(100_000, { kind: "percent", value: 1250, cap: null })).toBe(12_500);
    expect(fringeOf(333, { kind: "percent", value: 1250, cap: null })).toBe(42); // 41.625 → 42
    expect(fringeOf(4, { kind: "percent", value: 1250, cap: null })).toBe(1); // 0.5 → 1
    expect(fringeOf(100_000, { kind: "flat", value: 2_500, cap: 2_000 })).toBe(2_000);
  });

  it("adds up: the total is the lines plus their fringes, each applied fringe counted once, in any order", () => {
    const line = fc.record({
      accountCode: fc.constantFrom(...DEFAULT_ACCOUNTS.map((a) => a.code)),
      quantity: fc.integer({ min: 0, max: 100_000 }),
      rate: fc.integer({ min: 0, max: 5_000_000 }),
      pick: fc.array(fc.nat(4), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(
        fc.array(fringe, { minLength: 1, maxLength: 4 }),
        fc.array(line, { maxLength: 30 }),
        fc.integer({ min: 0, max: 5000 }),
        (fringes, raw, bps) => {
          const lines = raw.map(({ pick, ...l }) => ({
            ...l,
            fringeIds: pick.map((i) => fringes[i % fringes.length]!.id),
          }));
          const t = computeTotals(DEFAULT_ACCOUNTS, lines, bps, fringes);
          const linesSum = lines.reduce((n, l) => n + lineAmount(l.quantity, l.rate), 0);
          const fringeSum = lines.reduce((n, l) => {
            const a = lineAmount(l.quantity, l.rate);
            const ids = new Set(l.fringeIds);
            return n + fringes.filter((f) => ids.has(f.id)).reduce((m, f) => m + fringeOf(a, f), 0);
          }, 0);
          expect(t.fringes).toBe(fringeSum);
          expect(t.subtotal).toBe(linesSum + fringeSum);
          expect(t.accounts.reduce((n, a) => n + (a.fringes ?? 0), 0)).toBe(fringeSum);
          expect(t.total).toBe(t.subtotal + t.contingency);
          expect(computeTotals(DEFAULT_ACCOUNTS, [...lines].reverse(), bps, fringes)).toEqual(t);
          lines.forEach((l) =>
            expect(lineFringe(lineAmount(l.quantity, l.rate), l.fringeIds, fringes)).toBeGreaterThanOrEqual(0),
          );
        },
      ),
    );
  });

  it("adds nothing for a fringe that is no longer on the budget", () => {
    const f = { id: "a", name: "Holiday pay", kind: "percent" as const, value: 800, cap: null };
    expect(lineFringe(10_000, ["a", "a", "gone"], [f])).toBe(800);
    expect(lineFringe(10_000, undefined, [f])).toBe(0);
  });
});

describe("globals", () => {
  it("are found by name whatever the case typed, and only names that start with a letter look like one", () => {
    const globals = [{ name: "SHOOT_DAYS", value: 300 }];
    expect(findGlobal(globals, " shoot_days ")).toEqual(globals[0]);
    expect(findGlobal(globals, "WEEKS")).toBeNull();
    expect(looksLikeGlobal("Shoot_days")).toBe(true);
    expect(looksLikeGlobal("2,5")).toBe(false);
    expect(looksLikeGlobal("3 days")).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (n) => {
        expect(looksLikeGlobal(String(n))).toBe(false);
      }),
    );
  });
});
