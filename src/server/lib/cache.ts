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
export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
  /**
   * For this long after its time is up an entry is still answered at once while one reload runs behind it.
   * Without it, every reader that arrives while the expired key reloads waits for the database: under a
   * steady load that wait was the slowest 1% of all answers. Only the time limit goes stale this way: an
   * event still empties the cache at once, so no one reads past a write.
   */
  staleMs?: number;
}

export function createEventClearedCache<T>(events: EventBus, opts: CacheOptions): EventClearedCache<T> {
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
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      if (hit && hit.expires + (opts.staleMs ?? 0) > now) {
        // A failed reload keeps the stale answer until the stale time is up too; the next reader tries again.
        if (!loading.has(key)) reload(key, load, ttlMs).catch(() => {});
        return hit.value;
      }
      if (hit) entries.delete(key);
      return loading.get(key) ?? reload(key, load, ttlMs);
    },
  };

  function reload(key: string, load: () => Promise<T>, ttlMs: number | ((value: T) => number)): Promise<T> {
    const startedIn = generation;
    const promise = load().then((value) => {
      const keepMs = Math.min(opts.ttlMs, typeof ttlMs === "function" ? ttlMs(value) : ttlMs);
      if (generation !== startedIn) return value;
      entries.delete(key);
      if (keepMs > 0) {
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
  }
}

/** One cache per event bus (that is, per running portal: tests start many in one process), made on first use. */
export function cachePerBus<T>(opts: CacheOptions) {
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
