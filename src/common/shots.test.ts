import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinutes, moveShot, numberClash, shotNumbers, shotSuffix } from "./shots.ts";

const custom = fc.array(fc.option(fc.constantFrom("1A", "1b", "1C", "1Z", "1AA", "X", "12"), { nil: null }), {
  maxLength: 40,
});
/** A scene's custom numbers as the service allows them: none shown twice. */
const distinctCustom = custom.map((list) => {
  const seen = new Set<string>();
  return list.map((c) => (c && !seen.has(c.toUpperCase()) ? (seen.add(c.toUpperCase()), c) : null));
});

describe("shot numbers", () => {
  it("letters a scene's shots in order, skipping I and O, then AA, AB, …", () => {
    expect(shotNumbers("1", [null, null, null])).toEqual(["1A", "1B", "1C"]);
    expect(shotSuffix(7)).toBe("H");
    expect(shotSuffix(8)).toBe("J");
    expect(shotSuffix(23)).toBe("Z");
    expect(shotSuffix(24)).toBe("AA");
    expect(shotSuffix(24 + 24)).toBe("BA");
  });

  it("keeps a typed number and gives the automatic ones the letters it does not use", () => {
    expect(shotNumbers("4", [null, "4A", null])).toEqual(["4B", "4A", "4C"]);
    expect(shotNumbers("4", ["insert", null])).toEqual(["insert", "4A"]);
  });

  it("gives every shot one number, none twice, and keeps each typed one as typed", () => {
    fc.assert(
      fc.property(distinctCustom, (list) => {
        const numbers = shotNumbers("1", list);
        expect(numbers).toHaveLength(list.length);
        expect(new Set(numbers.map((n) => n.toUpperCase())).size).toBe(numbers.length);
        list.forEach((c, i) => c && expect(numbers[i]).toBe(c));
      }),
    );
  });

  it("finds a typed number another shot already shows, whatever its case", () => {
    const shown = [
      { id: "a", number: "1A" },
      { id: "b", number: "1B" },
    ];
    expect(numberClash(shown, "a", "1b")).toBe("1B");
    expect(numberClash(shown, "a", "1A")).toBeNull();
    expect(numberClash(shown, "a", "1C")).toBeNull();
  });
});

describe("moving a shot", () => {
  const order = fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 30 });
  const moves = fc.array(fc.tuple(fc.nat(), fc.constantFrom("up" as const, "down" as const)), { maxLength: 30 });

  it("keeps every shot exactly once, whatever moves are made", () => {
    fc.assert(
      fc.property(order, moves, (start, list) => {
        let now = start;
        for (const [pick, direction] of list) now = moveShot(now, now[pick % now.length]!, direction);
        expect([...now].sort((a, b) => a - b)).toEqual([...start].sort((a, b) => a - b));
      }),
    );
  });

  it("moves one place and swaps with its neighbour only; up then down restores the order", () => {
    fc.assert(
      fc.property(order, fc.nat(), (start, pick) => {
        const item = start[pick % start.length]!;
        const i = start.indexOf(item);
        const up = moveShot(start, item, "up");
        if (i === 0) expect(up).toEqual(start);
        else {
          expect(up.indexOf(item)).toBe(i - 1);
          expect(up.filter((x, k) => x !== start[k])).toHaveLength(2);
          expect(moveShot(up, item, "down")).toEqual(start);
        }
      }),
    );
  });

  it("leaves the order alone for a shot it does not hold", () => {
    expect(moveShot([1, 2, 3], 9, "up")).toEqual([1, 2, 3]);
    expect(moveShot([1, 2, 3], 3, "down")).toEqual([1, 2, 3]);
  });
});

describe("setup times", () => {
  it("reads as hours and minutes", () => {
    expect(formatMinutes(40)).toBe("40 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(85)).toBe("1 h 25 min");
  });
});
