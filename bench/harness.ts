/**
 * The load-run harness the domain benches share: a portal filled with a domain's rows on PGlite (and on a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set), signed-in cookies and a signed-in Chromium,
 * autocannon figures, and a bench file's run on its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import type { BrowserContext } from "playwright-core";
import { openDatabase } from "../src/server/db/client.ts";
import { createThrowawayDatabase } from "../src/server/test/harness.ts";
import { launchBrowser } from "../tests/e2e/support/browser.ts";
import { startPortalProcess, type RunningPortal } from "../tests/e2e/support/portal.ts";

export type BenchDatabase = "pglite" | "postgres";

/** The bench measures the route, not the per-IP sign-in limiter, the logger or the job worker. */
const quietEnv = { LOG_LEVEL: "warn", SIGNIN_LIMIT_PER_IP: "100000000", JOB_WORKER: "false" };

/** The session cookie of a demo user (password `portal-demo`). */
export async function signIn(portal: RunningPortal, email: string): Promise<string> {
  const res = await fetch(`${portal.url}/auth/v1/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portal.url },
    body: JSON.stringify({ email, password: "portal-demo" }),
  });
  if (!res.ok) throw new Error(`bench sign-in as ${email} failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** Chromium at a desktop size with the session of `cookie`, for `use`; closed afterwards. */
export async function inSignedInBrowser<T>(portal: RunningPortal, cookie: string, use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1400, height: 1000 } });
    const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
    await context.addCookies([{ name, value, url: portal.url }]);
    return await use(context);
  } finally {
    await browser.close();
  }
}

/** A bench file run on its own (after `npm run build`): the demo portal, signed in as its admin, stopped afterwards. */
export async function runAlone(env: Record<string, string>, run: (portal: RunningPortal, cookie: string) => Promise<void>): Promise<void> {
  const portal = await startPortalProcess({ env });
  try {
    await run(portal, await signIn(portal, "admin@portal.test"));
  } finally {
    await portal.stop();
  }
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** PGlite belongs to one process: seed through a first start, fill the folder while the portal is stopped, start again. */
async function onPglite<F>(fill: (pool: pg.Pool) => Promise<void>, measure: (portal: RunningPortal, database: BenchDatabase) => Promise<F>): Promise<F> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  try {
    await (await startPortalProcess({ dataDir, env: quietEnv })).stop();
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await fill(db.pool);
    await db.pool.query("analyze");
    await db.close();
    const portal = await startPortalProcess({ dataDir, env: quietEnv });
    try {
      return await measure(portal, "pglite");
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres<F>(fill: (pool: pg.Pool) => Promise<void>, measure: (portal: RunningPortal, database: BenchDatabase) => Promise<F>): Promise<F> {
  const throwaway = await createThrowawayDatabase();
  try {
    const portal = await startPortalProcess({ env: { ...quietEnv, DATABASE_URL: throwaway.url, SEED: "true" } });
    try {
      const db = await openDatabase({ url: throwaway.url });
      await fill(db.pool);
      await db.pool.query("analyze");
      await db.close();
      return await measure(portal, "postgres");
    } finally {
      await portal.stop();
    }
  } finally {
    await throwaway.drop();
  }
}

/** Fills and measures on PGlite, then on PostgreSQL when TEST_DATABASE_URL names a server. */
export async function onEachDatabase<F>(fill: (pool: pg.Pool) => Promise<void>, measure: (portal: RunningPortal, database: BenchDatabase) => Promise<F>): Promise<F[]> {
  const figures = [await onPglite(fill, measure)];
  if (process.env.TEST_DATABASE_URL) figures.push(await onPostgres(fill, measure));
  else console.log("  [postgres] skipped: set TEST_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test) to measure it");
  return figures;
}
