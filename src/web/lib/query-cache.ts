/**
 * The query cache's Clear, once the code that holds the cache has loaded (app/QueryLayer.tsx). The auth
 * provider clears it when the person changes; /auth's first load has no cache (nor its library) to clear.
 */
let clear: (() => void) | null = null;

export function registerQueryCache(clearCache: () => void) {
  clear = clearCache;
}

/** What a page keeps in local storage for use without signal (the day on set) is named under this prefix. */
export const OFFLINE_PREFIX = "portal-offline:";

export function clearQueryCache() {
  clear?.();
  // Like the cache, what was kept for offline use belongs to the person who leaves.
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(OFFLINE_PREFIX)) localStorage.removeItem(key);
  } catch {
    /* no storage, nothing kept */
  }
}
