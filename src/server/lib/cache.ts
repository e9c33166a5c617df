import type { DomainEvent, EventBus } from "./events.ts";

/**
 * What a cached answer is made of, in the vocabulary of the events: the query keys the web app would refetch it
 * under. An event forgets the entry when one of its `invalidate` keys and one of `deps` are the same or one is
 * the start of the other (a change to every project reaches one project's answer, a change to one project
 * reaches an answer about all of them), exactly as the clients refetch. An answer about one person (`userId`)
 * is kept through an event addressed to other people only.
 */
export interface EntryScope {
  deps: string[][];
  userId?: string;
}

export interface EventClearedCache<T> {
  /**
   * The cached value of `key`, or `load()`'s; concurrent misses of one key share a single `load()`.
   * `ttlMs` may depend on the value (0: not kept). Without a `scope` the entry is forgotten on every event.
   */
  get(key: string, load: () => Promise<T>, ttlMs?: number | ((value: T) => number), scope?: EntryScope): Promise<T>;
  clear(): void;
  /** How many answers are kept. */
  readonly size: number;
}

/**
 * How often answers past their time (and their stale time) are let go, asked for or not: without it an answer
 * no one asks for again (a person's pages after they left) stays until the cache is full, and after a busy
 * morning that was tens of megabytes kept for nobody.
 */
export const SWEEP_MS = 30_000;

interface Entry<T> {
  value: T;
  expires: number;
  scope?: EntryScope;
}

const startsWith = (key: string[], prefix: string[]) =>
  prefix.length <= key.length && prefix.every((part, i) => key[i] === part);

/** Whether `event` may have changed an answer of `scope`. An event that names no keys concerns everything. */
export function concerns(event: DomainEvent, scope: EntryScope | undefined): boolean {
  if (!scope || !event.invalidate?.length) return true;
  if (scope.userId && event.userIds?.length && !event.userIds.includes(scope.userId)) return false;
  return event.invalidate.some((k) => scope.deps.some((d) => startsWith(k, d) || startsWith(d, k)));
}

/**
 * A short-lived, bounded in-process cache whose entries are forgotten when a domain event that concerns them is
 * published on the bus (from this instance, or from another one through LISTEN/NOTIFY): every event for an entry
 * without a scope, the events whose keys meet its scope otherwise (`concerns`). Every write in the portal
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

/** The buses of portals started with `ANSWER_CACHE=false`: their caches keep nothing and load every read. */
const uncached = new WeakSet<EventBus>();

export function answerFromDatabase(events: EventBus): void {
  uncached.add(events);
}

/**
 * Entries indexed by the first word of each of their keys ("project", "schedule", …): an event can only concern
 * an entry that shares a first word with one of its keys, so an event looks at those few rather than at every
 * entry of every cache (thousands, at a school's peak, several times a second).
 */
class ScopedEntries<T> {
  /** In insertion order: the first key is the oldest entry. */
  readonly map = new Map<string, Entry<T>>();
  private readonly byRoot = new Map<string, Set<string>>();
  /** Entries any event may concern: those without a scope, or with an empty key among their deps. */
  private readonly unscoped = new Set<string>();

  get size() {
    return this.map.size;
  }
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, entry: Entry<T>) {
    this.delete(key);
    this.map.set(key, entry);
    if (!entry.scope || entry.scope.deps.some((d) => d.length === 0)) this.unscoped.add(key);
    if (entry.scope) for (const d of entry.scope.deps) this.rootOf(d[0]).add(key);
  }
  delete(key: string) {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    this.unscoped.delete(key);
    if (entry.scope) for (const d of entry.scope.deps) this.byRoot.get(d[0] ?? "")?.delete(key);
  }
  clear() {
    this.map.clear();
    this.byRoot.clear();
    this.unscoped.clear();
  }
  /** Forgets every entry whose time ended before `before`. */
  sweep(before: number) {
    for (const [key, entry] of this.map) if (entry.expires < before) this.delete(key);
  }
  /** Forgets every entry `event` concerns. */
  forget(event: DomainEvent) {
    if (!event.invalidate?.length) return this.clear();
    // An empty key is the start of every key: such an event may concern any entry.
    const candidates = event.invalidate.some((k) => k.length === 0) ? new Set(this.map.keys()) : new Set(this.unscoped);
    for (const k of event.invalidate) for (const key of this.byRoot.get(k[0] ?? "") ?? []) candidates.add(key);
    for (const key of candidates) if (concerns(event, this.map.get(key)?.scope)) this.delete(key);
  }
  private rootOf(word: string | undefined) {
    const root = word ?? "";
    return this.byRoot.get(root) ?? this.byRoot.set(root, new Set()).get(root)!;
  }
}

/**
 * Sweeps `entries` every SWEEP_MS while anything else holds them: made outside the cache's own scope, so that the
 * timer does not hold them too, and a cache no one holds any more (a test's portal) ends its own sweeping.
 */
function sweepWhileHeld(entries: ScopedEntries<unknown>, staleMs: number) {
  const held = new WeakRef(entries);
  const sweeping = setInterval(() => {
    const kept = held.deref();
    if (kept) kept.sweep(Date.now() - staleMs);
    else clearInterval(sweeping);
  }, SWEEP_MS);
  sweeping.unref?.();
}

export function createEventClearedCache<T>(events: EventBus, opts: CacheOptions): EventClearedCache<T> {
  if (uncached.has(events)) return { clear: () => {}, get: (_key, load) => load(), size: 0 };
  const entries = new ScopedEntries<T>();
  sweepWhileHeld(entries, opts.staleMs ?? 0);
  const loading = new Map<string, { promise: Promise<T>; scope?: EntryScope; overtaken: boolean }>();

  const clear = () => {
    for (const l of loading.values()) l.overtaken = true;
    entries.clear();
    loading.clear();
  };
  events.subscribe((event) => {
    entries.forget(event);
    for (const [key, l] of loading) {
      if (!concerns(event, l.scope)) continue;
      l.overtaken = true;
      loading.delete(key);
    }
  });

  return {
    clear,
    get size() {
      return entries.size;
    },
    async get(key, load, ttlMs = opts.ttlMs, scope) {
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      if (hit && hit.expires + (opts.staleMs ?? 0) > now) {
        // A failed reload keeps the stale answer until the stale time is up too; the next reader tries again.
        if (!loading.has(key)) reload(key, load, ttlMs, scope).catch(() => {});
        return hit.value;
      }
      if (hit) entries.delete(key);
      return loading.get(key)?.promise ?? reload(key, load, ttlMs, scope);
    },
  };

  function reload(
    key: string,
    load: () => Promise<T>,
    ttlMs: number | ((value: T) => number),
    scope: EntryScope | undefined,
  ): Promise<T> {
    const state = { promise: undefined as unknown as Promise<T>, scope, overtaken: false };
    state.promise = load().then((value) => {
      const keepMs = Math.min(opts.ttlMs, typeof ttlMs === "function" ? ttlMs(value) : ttlMs);
      if (state.overtaken) return value;
      entries.delete(key);
      if (keepMs > 0) {
        if (entries.size >= opts.maxEntries) entries.delete(entries.map.keys().next().value!);
        entries.set(key, { value, expires: Date.now() + keepMs, scope });
      }
      return value;
    });
    loading.set(key, state);
    const forget = () => {
      if (loading.get(key) === state) loading.delete(key);
    };
    state.promise.then(forget, forget);
    return state.promise;
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

/**
 * Answers kept as their JSON's UTF-8 bytes, per key and `scope`: serialising a page costs as much as a bare
 * request, and a cached string would be encoded again, and measured for its length, on every answer.
 */
export function jsonAnswers(opts: CacheOptions) {
  const perBus = cachePerBus<Uint8Array<ArrayBuffer>>(opts);
  /** `keepMs`, when given, shortens an answer's life by what it holds (a date it turns stale at). */
  return <T>(
    events: EventBus,
    key: string,
    scope: EntryScope,
    load: () => Promise<T>,
    keepMs?: (value: T) => number,
  ): Promise<Uint8Array<ArrayBuffer>> => {
    let kept: number | undefined;
    const encoded = async () => {
      const value = await load();
      kept = keepMs?.(value);
      return new TextEncoder().encode(JSON.stringify(value));
    };
    return perBus(events).get(key, encoded, keepMs ? () => kept ?? 0 : undefined, scope);
  };
}

/** The header of an answer sent as kept JSON bytes. */
export const JSON_TEXT = { "content-type": "application/json" };
