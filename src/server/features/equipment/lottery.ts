import { createHash } from "node:crypto";

/** One request in a draw: its project (the ticket holder) and its course's priority (1 draws first). */
export interface LotteryEntry {
  id: string;
  projectId: string;
  /** 1 for the window's first course, 2 for its second, …; courses the window does not rank share the last. */
  priority: number;
}

/**
 * A project's ticket: a hash of the window's seed and the project, so the same window draws the same order
 * every time, and neither when a request came nor its id (the database's, or the order rows come back in)
 * moves anyone: only the seed and who is asking do.
 */
const ticket = (seed: string, projectId: string) =>
  createHash("sha256").update(`${seed}\u0000${projectId}`).digest("hex");

/** The order of the draw: higher priority first, then by ticket (a tie, which sha-256 does not give, by project). */
export function drawOrder<E extends LotteryEntry>(seed: string, entries: readonly E[]): E[] {
  const keyed = entries.map((e) => ({ e, t: ticket(seed, e.projectId) }));
  keyed.sort(
    (a, b) =>
      a.e.priority - b.e.priority ||
      (a.t < b.t ? -1 : a.t > b.t ? 1 : 0) ||
      (a.e.projectId < b.e.projectId ? -1 : a.e.projectId > b.e.projectId ? 1 : 0),
  );
  return keyed.map((k) => k.e);
}

/**
 * Hands out the units in the draw's order: each entry takes the first unit left that it may have (a unit needing
 * a certification its requester lacks goes to the next). Units are taken in the order given, which the caller
 * makes canonical (by asset tag), so the answer too depends only on the inputs' content.
 */
export function allot<E extends LotteryEntry, U>(
  order: readonly E[],
  units: readonly U[],
  mayHave: (entry: E, unit: U) => boolean = () => true,
): Map<string, U | null> {
  const left = [...units];
  const result = new Map<string, U | null>();
  for (const entry of order) {
    const i = left.findIndex((u) => mayHave(entry, u));
    result.set(entry.id, i >= 0 ? left.splice(i, 1)[0]! : null);
  }
  return result;
}
