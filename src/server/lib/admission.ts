import type { Context, MiddlewareHandler } from "hono";

/**
 * Which line a request waits in: a change someone made goes before the reads, so that what one person saves reaches
 * the others' screens while the school reads; a request in no line passes at once.
 */
export type Line = "change" | "read";

/**
 * At most `max` pieces of work at once; the rest wait, those asked for `first` before the others, each in the order
 * they came. A finished piece hands its place straight to the next in line, so no newcomer overtakes the line.
 */
export function createLimiter(max: number) {
  let running = 0;
  const waiting = { first: [] as (() => void)[], rest: [] as (() => void)[] };
  return async function limit<T>(work: () => Promise<T>, opts: { first?: boolean } = {}): Promise<T> {
    if (running < max) running++;
    else await new Promise<void>((enter) => waiting[opts.first ? "first" : "rest"].push(enter));
    try {
      return await work();
    } finally {
      const next = waiting.first.shift() ?? waiting.rest.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * At most `limit` requests inside the handlers at once; the others wait their turn, changes first, each line in the
 * order it came.
 *
 * Why: Node starts every request it reads. At a school's peak that was 200 handlers taking turns on one thread,
 * and a request that awaits the database ten times waited ten times behind all the others' turns: answers from
 * the cache came back in 30 ms while a reservation took 2.6 s (p99 1.5–1.9 s on PostgreSQL). Waiting at the door
 * instead, each admitted request runs its awaits on a short queue, the database pool is not oversubscribed, and
 * what a person waits for is the line ahead of them (as behind a balancer's `maxconn`). Changes are one request in
 * twenty and each is a person's typing, so their line never holds the reads back for long.
 */
export function admission<E extends object>(
  limit: number,
  lineOf: (c: Context<E>) => Line | null,
): MiddlewareHandler<E> {
  const inLine = createLimiter(limit);
  return async (c, next) => {
    const line = lineOf(c);
    if (!line) return next();
    await inLine(next, { first: line === "change" });
  };
}

/**
 * The API's reads, and its changes sent as JSON (at most 1 MB). A file's bytes stream in at the sender's pace and
 * would hold a place while a phone uploads them; a page's assets and the realtime socket ask nothing of the
 * database: they wait in no line.
 */
export function apiLine(c: Context): Line | null {
  const path = c.req.path;
  if (!path.startsWith("/rest/") && !path.startsWith("/auth/")) return null;
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return "read";
  return c.req.header("content-type")?.startsWith("application/json") ? "change" : null;
}
