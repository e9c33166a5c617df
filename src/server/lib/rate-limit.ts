/**
 * A small in-process limiter: at most `limit` hits per key in a fixed window. For what is only worth
 * limiting per instance (a log a client writes to); what must hold across instances lives in the database.
 */
export interface RateLimiter {
  /** Counts a hit for `key`; false when the key is over its limit in this window. */
  take(key: string): boolean;
}

export function createRateLimiter(opts: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}): RateLimiter {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 10_000;
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    take(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        // Bounded memory: ended windows go first, and should every key still be live, the oldest one.
        if (!w && windows.size >= maxKeys) {
          for (const [k, v] of windows) if (v.endsAt <= t) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        }
        w = { count: 0, endsAt: t + opts.windowMs };
        windows.delete(key);
        windows.set(key, w);
      }
      w.count++;
      return w.count <= opts.limit;
    },
  };
}
