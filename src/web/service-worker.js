/**
 * The Portal's service worker, for the day on set without signal (registered by the Today page, so a browser
 * that never opens Today never runs it). Written by hand and emitted by the build with its version
 * (vite.config.ts, `serviceWorker`); docs/decisions/2026-11-27-dayonset.md says why.
 *
 * - Pages: network first, so a deploy is seen at once. Without signal, any page opens Today, kept as the last
 *   copy fetched, since Today is the page made to work from what the phone kept.
 * - The app's code (/assets/, hashed names): from the cache once fetched; the install fetches Today's.
 * - Everything else (the API, sign-in, files) is left to the network untouched: no API answer is kept here.
 *   Today's last answer and a report's unsent text are kept by the page itself, in local storage.
 */
const VERSION = "__PORTAL_BUILD__";
const CACHE = `portal-shell-${VERSION}`;
const OFFLINE_PAGE = "/today";

/** The files a page's HTML names: its script, styles and the preloaded code of the page. */
const filesOf = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const res = await fetch(OFFLINE_PAGE, { cache: "no-store", credentials: "same-origin" });
      if (res.ok) {
        const html = await res.clone().text();
        await cache.put(OFFLINE_PAGE, res);
        await cache.addAll([...new Set([...filesOf(html), "/favicon.svg", "/manifest.webmanifest"])]);
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // A new build's worker drops the previous build's code.
      for (const key of await caches.keys())
        if (key.startsWith("portal-shell-") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function page(request) {
  try {
    const res = await fetch(request);
    if (res.ok && new URL(request.url).pathname === OFFLINE_PAGE) {
      const cache = await caches.open(CACHE);
      await cache.put(OFFLINE_PAGE, res.clone());
    }
    return res;
  } catch {
    const kept = await (await caches.open(CACHE)).match(OFFLINE_PAGE);
    if (!kept) return Response.error();
    return new URL(request.url).pathname === OFFLINE_PAGE ? kept : Response.redirect(OFFLINE_PAGE, 302);
  }
}

async function code(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(code(request));
});
