import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { castIds } from "./schedule.ts";

const NAMES = ["ANNA", "BEN", "CLARA", "DEV", "EVE", "FINN", "GRETA"];
const appearance = fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: NAMES.length });
const order = fc.option(fc.array(fc.constantFrom(...NAMES, "CUT CHARACTER"), { maxLength: 9 }), { nil: null });

describe("cast IDs", () => {
  it("numbers by first appearance, or the producer's order first", () => {
    expect(castIds(["ANNA", "BEN", "CLARA"], null)).toEqual({ ANNA: 1, BEN: 2, CLARA: 3 });
    expect(castIds(["ANNA", "BEN", "CLARA"], ["CLARA", "GONE"])).toEqual({ CLARA: 1, ANNA: 2, BEN: 3 });
  });

  it("gives every speaking character one number, 1 to n without gaps, and nobody else", () => {
    fc.assert(
      fc.property(appearance, order, (names, o) => {
        const ids = castIds(names, o);
        expect(Object.keys(ids).sort()).toEqual([...names].sort());
        expect(Object.values(ids).sort((a, b) => a - b)).toEqual(names.map((_, i) => i + 1));
      }),
    );
  });

  it("keeps the producer's order among the characters still in the script, then the script's", () => {
    fc.assert(
      fc.property(appearance, order, (names, o) => {
        const ids = castIds(names, o);
        const ordered = [...new Set((o ?? []).filter((n) => names.includes(n)))];
        const rest = names.filter((n) => !ordered.includes(n));
        expect([...ordered, ...rest].map((n) => ids[n])).toEqual(names.map((_, i) => i + 1));
      }),
    );
  });
});
