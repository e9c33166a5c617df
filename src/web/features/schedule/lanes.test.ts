import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { move, sideways, where, type Lane } from "./lanes.ts";

const strips = (numbers: string[]) => numbers.map((number) => ({ number }));
const numbersOf = (lane: Lane) => lane.strips.map((s) => s.number);

/** Picks a strip up, presses ArrowRight (or ArrowLeft) once, and drops it, as Stripboard's keys do. */
function keyMove(lanes: Lane[], number: string, step: 1 | -1): Lane[] {
  const at = where(lanes, number);
  const to = sideways(lanes, number, at.lane + step);
  return move(lanes, number, to.lane, to.index);
}

describe("moving strips between lanes with the keyboard", () => {
  it("scenes 1–4 moved one by one into a day keep their order", () => {
    let lanes: Lane[] = [
      { id: "bank", name: "Unscheduled", strips: strips(["1", "2", "3", "4", "5"]) },
      { id: "d1", name: "Day 1", strips: [] },
    ];
    for (const n of ["1", "2", "3", "4"]) lanes = keyMove(lanes, n, 1);
    expect(numbersOf(lanes[1]!)).toEqual(["1", "2", "3", "4"]);
    expect(numbersOf(lanes[0]!)).toEqual(["5"]);
  });

  it("any scenes moved one by one into a day land in the order they were moved, after what the day held", () => {
    const scene = fc.tuple(fc.integer({ min: 1, max: 60 }), fc.constantFrom("", "A", "B")).map(([n, s]) => `${n}${s}`);
    fc.assert(
      fc.property(fc.uniqueArray(scene, { minLength: 1, maxLength: 20 }), fc.nat(), (numbers, split) => {
        const held = numbers.slice(0, split % numbers.length);
        const bank = numbers.slice(held.length);
        let lanes: Lane[] = [
          { id: "bank", name: "Unscheduled", strips: strips(bank) },
          { id: "d1", name: "Day 1", strips: strips(held) },
        ];
        const order = fc.sample(fc.shuffledSubarray(bank, { minLength: bank.length }), {
          numRuns: 1,
          seed: numbers.length,
        })[0]!;
        for (const n of order) lanes = keyMove(lanes, n, 1);
        expect(numbersOf(lanes[1]!)).toEqual([...held, ...order]);
        expect(lanes[0]!.strips).toEqual([]);
      }),
    );
  });

  it("a scene moved back to the unscheduled strips takes its place in script order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (ints, pick) => {
          const sorted = [...ints].sort((a, b) => a - b).map(String);
          const chosen = sorted[pick % sorted.length]!;
          let lanes: Lane[] = [
            { id: "bank", name: "Unscheduled", strips: strips(sorted.filter((n) => n !== chosen)) },
            { id: "d1", name: "Day 1", strips: strips([chosen]) },
          ];
          lanes = keyMove(lanes, chosen, -1);
          expect(numbersOf(lanes[0]!)).toEqual(sorted);
        },
      ),
    );
  });
});

describe("moving strips and banners in one order", () => {
  /** Lanes of scene strips and banners (`banner:…`), each key once. */
  const lanesArb = fc
    .uniqueArray(
      fc.oneof(
        fc.integer({ min: 1, max: 99 }).map(String),
        fc.nat(20).map((n) => `banner:${n}`),
      ),
      {
        minLength: 1,
        maxLength: 25,
      },
    )
    .chain((keys) =>
      fc.array(fc.nat(3), { minLength: keys.length, maxLength: keys.length }).map((laneOf) =>
        [0, 1, 2, 3].map((l) => ({
          id: `l${l}`,
          name: `Lane ${l}`,
          strips: strips(keys.filter((_, i) => laneOf[i] === l)),
        })),
      ),
    );

  it("keeps every other strip and banner in its order, and loses or doubles nothing", () => {
    fc.assert(
      fc.property(lanesArb, fc.nat(), fc.nat(3), fc.nat(30), (lanes, pick, toLane, toIndex) => {
        const all = lanes.flatMap(numbersOf);
        const moved = all[pick % all.length]!;
        const next = move(lanes, moved, toLane, toIndex);
        const after = next.flatMap(numbersOf);
        expect([...after].sort()).toEqual([...all].sort());
        // Everything else reads lane by lane as before.
        for (let l = 0; l < lanes.length; l++)
          expect(numbersOf(next[l]!).filter((n) => n !== moved)).toEqual(
            numbersOf(lanes[l]!).filter((n) => n !== moved),
          );
        const at = where(next, moved);
        expect(at.lane).toBe(toLane);
        expect(at.index).toBe(Math.min(toIndex, next[toLane]!.strips.length - 1));
      }),
    );
  });
});
