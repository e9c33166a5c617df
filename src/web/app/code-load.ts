/**
 * A page's code that cannot be fetched: after a deploy the old tab asks for files the new build no longer
 * has (or the connection dropped). The tab reloads once to get the new build; the mark in sessionStorage
 * (per tab) stops a reload loop when reloading did not help, and the route's error screen says so instead.
 */
const MARK = "portal:reloaded-for-code";

export class CodeLoadError extends Error {
  constructor(readonly cause: unknown) {
    super("The code of this page could not be loaded. Check your connection, then try again.");
    this.name = "CodeLoadError";
  }
}

function marked(module: string): boolean {
  try {
    return sessionStorage.getItem(MARK) === module;
  } catch {
    // Storage refused (private mode): never reload, so nothing can loop.
    return true;
  }
}

/**
 * Loads a module of the app; on failure loads the page once afresh at `destination` (the address being
 * navigated to: the router shows it only once its code is there), answering a promise that never settles,
 * else throws CodeLoadError.
 */
export async function loadCode<T>(module: string, load: () => Promise<T>, destination: () => string): Promise<T> {
  try {
    const loaded = await load();
    if (marked(module)) sessionStorage.removeItem(MARK);
    return loaded;
  } catch (err) {
    // The mark stays: Try Again reloads, and a second failure shows the screen again instead of reloading twice.
    if (marked(module)) throw new CodeLoadError(err);
    sessionStorage.setItem(MARK, module);
    window.location.assign(destination());
    return new Promise<T>(() => {});
  }
}
