/**
 * The query cache's Clear, once the code that holds the cache has loaded (app/QueryLayer.tsx). The auth
 * provider clears it when the person changes; /auth's first load has no cache (nor its library) to clear.
 */
let clear: (() => void) | null = null;

export function registerQueryCache(clearCache: () => void) {
  clear = clearCache;
}

export function clearQueryCache() {
  clear?.();
}
