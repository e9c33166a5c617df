import type { EventBus } from "./events.ts";

export interface EventClearedCache<T> {
  /**
   * The cached value of `key`, or `load()`'s; concurrent misses of one key share a single `load()`.
   * `ttlMs` may depend on the value (0: not kept).
   */
  get(key: string, load: () => Promise<T>, ttlMs?: number | ((value: T) => number)): Promise<T>;
  clear(): void;
}

interface Entry<T> {
  value: T;
  expires: number;
}

/**
 * A short-lived, bounded in-process cache that forgets everything whenever a domain event is published on
 * the bus (from this instance, or from another one through LISTEN/NOTIFY). Every write in the portal
 * publishes an event, so a cached answer never outlives the write that changes it; `ttlMs` only bounds what
 * a write without an event (a database edited by hand, the date turning over) can leave behind.
 *
 * A load that was running when an event arrived is neither stored nor shared with later callers: it may have
 * read the database before the write committed, and the writer's own next request must see its write.
 */
export function createEventClearedCache<T>(events: EventBus, opts: { ttlMs: number; maxEntries: number }): EventClearedCache<T> {
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T>>();
  let generation = 0;

  const clear = () => {
    generation++;
    entries.clear();
    loading.clear();
  };
  events.subscribe(clear);

  return {
    clear,
    async get(key, load, ttlMs = opts.ttlMs) {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      if (hit) entries.delete(key);
      const pending = loading.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const promise = load().then((value) => {
        const keepMs = Math.min(opts.ttlMs, typeof ttlMs === "function" ? ttlMs(value) : ttlMs);
        if (generation === startedIn && keepMs > 0) {
          // Map keeps insertion order: the first key is the oldest entry.
          if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { value, expires: Date.now() + keepMs });
        }
        return value;
      });
      loading.set(key, promise);
      const forget = () => {
        if (loading.get(key) === promise) loading.delete(key);
      };
      promise.then(forget, forget);
      return promise;
    },
  };
}

/** One cache per event bus (that is, per running portal: tests start many in one process), made on first use. */
export function cachePerBus<T>(opts: { ttlMs: number; maxEntries: number }) {
  const caches = new WeakMap<EventBus, EventClearedCache<T>>();
  return (events: EventBus): EventClearedCache<T> => {
    let cache = caches.get(events);
    if (!cache) {
      cache = createEventClearedCache<T>(events, opts);
      caches.set(events, cache);
    }
    return cache;
  };
}
