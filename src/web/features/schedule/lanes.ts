/** The stripboard's lanes (the unscheduled bank first, then the days) and how a strip moves between them. */

export interface Lane<S extends { number: string } = { number: string }> {
  id: string;
  name: string;
  strips: S[];
}

/** Scene numbers in script order: "2" < "2A" < "10". */
const sceneOrder = new Intl.Collator("en", { numeric: true }).compare;

/** Moves one strip to a lane and position, answering new lanes (the old ones are left as they were). */
export function move<S extends { number: string }>(
  lanes: Lane<S>[],
  number: string,
  toLane: number,
  toIndex: number,
): Lane<S>[] {
  const strip = lanes.flatMap((l) => l.strips).find((s) => s.number === number);
  if (!strip) return lanes;
  const next = lanes.map((l) => ({ ...l, strips: l.strips.filter((s) => s.number !== number) }));
  const target = next[toLane]!;
  target.strips.splice(Math.max(0, Math.min(toIndex, target.strips.length)), 0, strip);
  return next;
}

export function where(lanes: Lane[], number: string): { lane: number; index: number } {
  for (let lane = 0; lane < lanes.length; lane++) {
    const index = lanes[lane]!.strips.findIndex((s) => s.number === number);
    if (index >= 0) return { lane, index };
  }
  return { lane: 0, index: 0 };
}

/**
 * Where a strip lands when the keyboard moves it into another lane: at the end of a day, as a drop on the
 * day does (so scenes moved one by one keep the order they were moved in), and back in script order in the
 * bank, where the server keeps it anyway.
 */
export function sideways(lanes: Lane[], number: string, toLane: number): { lane: number; index: number } {
  const strips = lanes[toLane]!.strips.filter((s) => s.number !== number);
  if (toLane > 0) return { lane: toLane, index: strips.length };
  const before = strips.findIndex((s) => sceneOrder(s.number, number) > 0);
  return { lane: 0, index: before < 0 ? strips.length : before };
}
