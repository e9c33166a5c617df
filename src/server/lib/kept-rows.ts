import type { DomainEvent, EventBus } from "./events.ts";

/**
 * A table's rows kept in memory, each refreshed alone when an event names it. For a list that changes row by
 * row many times a second (a screenplay's autosave moves it to the top of every list), an answer cache is
 * emptied before anyone reads it again; kept rows reload only the row that changed, once for every reader,
 * and each reader's page is cut from them in memory.
 *
 * An event marks rows; the next read reloads them before it answers, so a writer's next request sees its
 * write, on this instance or (through LISTEN/NOTIFY) another. `maxAgeMs` bounds what a write without an
 * event can leave behind: after it, the next read reloads everything.
 *
 * Unlike the answer caches, kept rows stay on with ANSWER_CACHE=false: they are how the list is read, not a copy
 * of an answer, and reading the whole table for every page is what they replace.
 */
export interface KeptRowsOptions<R extends { id: string }> {
  loadAll(): Promise<R[]>;
  loadSome(ids: string[]): Promise<R[]>;
  /** The rows an event may have changed: their ids, "all", or null for none. */
  touched(event: DomainEvent, rows: ReadonlyMap<string, R>): string[] | "all" | null;
  /** The order readers get the rows in. */
  order(a: R, b: R): number;
  maxAgeMs: number;
}

export interface KeptRows<R> {
  /** Every row, in order, as of the last event. The array is shared: read it, never change it. */
  rows(): Promise<readonly R[]>;
}

/** A reader waits for at most this many refreshes in a row, so a steady stream of events cannot starve it. */
const MAX_ROUNDS = 3;

export function createKeptRows<R extends { id: string }>(events: EventBus, opts: KeptRowsOptions<R>): KeptRows<R> {
  let byId: Map<string, R> | null = null;
  let sorted: R[] | null = null;
  let all = true;
  let dirty = new Set<string>();
  let loadedAt = 0;
  let refreshing: Promise<void> | null = null;

  events.subscribe((event) => {
    const hit = opts.touched(event, byId ?? new Map());
    if (hit === "all") all = true;
    else if (hit) for (const id of hit) dirty.add(id);
  });

  const behind = () => all || dirty.size > 0 || Date.now() - loadedAt > opts.maxAgeMs;

  async function refresh() {
    if (all || !byId || Date.now() - loadedAt > opts.maxAgeMs) {
      all = false;
      dirty = new Set();
      const started = Date.now();
      try {
        const rows = await opts.loadAll();
        byId = new Map(rows.map((r) => [r.id, r]));
        loadedAt = started;
      } catch (err) {
        all = true;
        throw err;
      }
    } else {
      const ids = [...dirty];
      dirty = new Set();
      let rows: R[];
      try {
        rows = await opts.loadSome(ids);
      } catch (err) {
        for (const id of ids) dirty.add(id);
        throw err;
      }
      for (const id of ids) byId.delete(id);
      for (const r of rows) byId.set(r.id, r);
    }
    sorted = [...byId!.values()].sort(opts.order);
  }

  return {
    async rows() {
      // A reload under way may carry an event this reader has to see, so it is waited for too.
      for (let round = 0; round < MAX_ROUNDS && (behind() || !sorted || refreshing); round++) {
        refreshing ??= refresh().finally(() => (refreshing = null));
        await refreshing;
      }
      return sorted!;
    },
  };
}
