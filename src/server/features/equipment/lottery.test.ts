import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allot, drawOrder, type LotteryEntry } from "./lottery.ts";

/** Requests of distinct projects (one per project and lot, as the database holds them), each with a priority. */
const entries = fc.uniqueArray(
  fc.record({ id: fc.uuid(), projectId: fc.uuid(), priority: fc.integer({ min: 1, max: 4 }) }),
  { minLength: 0, maxLength: 30, selector: (e) => e.projectId },
);

const outcome = (seed: string, list: readonly LotteryEntry[], units: number) => {
  const order = drawOrder(seed, list);
  const got = allot(
    order,
    Array.from({ length: units }, (_, n) => `unit-${n}`),
  );
  // By project: the request's own id is the database's and says nothing about who won.
  return Object.fromEntries(order.map((e, n) => [e.projectId, { place: n + 1, unit: got.get(e.id) }]));
};

describe("the lottery", () => {
  it("gives the same allotment for the same inputs, in whatever order the requests arrive", () => {
    fc.assert(
      fc.property(
        fc.string(),
        entries.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))),
        fc.integer({ min: 0, max: 35 }),
        (seed, [list, permuted], units) => {
          expect(outcome(seed, permuted, units)).toEqual(outcome(seed, list, units));
        },
      ),
    );
  });

  it("does not look at a request's id: new ids for the same projects draw the same", () => {
    fc.assert(
      fc.property(fc.string(), entries, fc.integer({ min: 0, max: 35 }), (seed, list, units) => {
        const renamed = list.map((e, n) => ({ ...e, id: `other-${n}` }));
        expect(outcome(seed, renamed, units)).toEqual(outcome(seed, list, units));
      }),
    );
  });

  it("draws every higher priority before any lower one, and hands out units in the draw's order", () => {
    fc.assert(
      fc.property(fc.string(), entries, fc.integer({ min: 0, max: 35 }), (seed, list, units) => {
        const order = drawOrder(seed, list);
        for (let n = 1; n < order.length; n++) expect(order[n - 1]!.priority).toBeLessThanOrEqual(order[n]!.priority);
        const got = allot(
          order,
          Array.from({ length: units }, (_, n) => n),
        );
        order.forEach((e, n) => expect(got.get(e.id)).toBe(n < units ? n : null));
      }),
    );
  });

  it("gives a unit the winner may not have to the next one drawn", () => {
    const order: (LotteryEntry & { certified: boolean })[] = [
      { id: "a", projectId: "pa", priority: 1, certified: false },
      { id: "b", projectId: "pb", priority: 1, certified: true },
    ];
    const got = allot(order, ["alexa", "fx6"], (e, u) => u !== "alexa" || e.certified);
    expect([got.get("a"), got.get("b")]).toEqual(["fx6", "alexa"]);
  });

  it("favours no place in the queue: over many windows each place is drawn first about equally often", () => {
    // Four requests of one priority, 4,000 windows (seeds): each place should win first about 1,000 times. The
    // seeds are fixed, so the counts are too; the bounds (±15 %) hold any fair shuffle, not only this one.
    const list = ["p1", "p2", "p3", "p4"].map((projectId, n) => ({ id: `r${n}`, projectId, priority: 1 }));
    const first = new Map<string, number>();
    for (let w = 0; w < 4000; w++) {
      const top = drawOrder(`window-${w}`, list)[0]!.projectId;
      first.set(top, (first.get(top) ?? 0) + 1);
    }
    for (const p of ["p1", "p2", "p3", "p4"]) {
      expect(first.get(p)).toBeGreaterThan(850);
      expect(first.get(p)).toBeLessThan(1150);
    }
    // And the first request in, drawn first, is no likelier than the last one in.
    const byArrival = new Map<number, number>();
    for (let w = 0; w < 4000; w++) {
      const shuffled = [...list].reverse();
      const top = drawOrder(`window-${w}`, w % 2 ? list : shuffled)[0]!;
      const arrival = (w % 2 ? list : shuffled).indexOf(top);
      byArrival.set(arrival, (byArrival.get(arrival) ?? 0) + 1);
    }
    for (let place = 0; place < 4; place++) expect(byArrival.get(place)).toBeGreaterThan(850);
  });
});
