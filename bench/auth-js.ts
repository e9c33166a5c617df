/**
 * The gzipped JS of a first load of /auth (SPEC's first-load budget): every JS file Chromium requests
 * before the network is idle, each gzipped with zlib at its default level, summed.
 */
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../tests/e2e/support/browser.ts";
import type { RunningPortal } from "../tests/e2e/support/portal.ts";

export const AUTH_JS_TARGET_KB = 120;

export async function authFirstLoadJs(portal: RunningPortal) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    const pending: Promise<{ url: string; bytes: number; gzipBytes: number } | null>[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      const type = response.headers()["content-type"] ?? "";
      if (url.origin !== portal.url || !(type.includes("javascript") || url.pathname.endsWith(".js"))) return;
      pending.push(
        response
          .body()
          .then((body) => ({ url: url.pathname, bytes: body.length, gzipBytes: gzipSync(body).length }))
          .catch(() => null),
      );
    });
    await page.goto("/auth", { waitUntil: "networkidle" });
    const files = (await Promise.all(pending)).filter((f) => f !== null);
    await context.close();
    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return { files, gzipBytes };
  } finally {
    await browser.close();
  }
}
