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
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Chromium at a desktop size with the session of `cookie`, for `use`; closed afterwards. */
export async function inSignedInBrowser<T>(
  portal: RunningPortal,
  cookie: string,
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
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
export async function runAlone(
  env: Record<string, string>,
  run: (portal: RunningPortal, cookie: string) => Promise<void>,
): Promise<void> {
  const portal = await startPortalProcess({ env });
  try {
    await run(portal, await signIn(portal, "admin@portal.test"));
  } finally {
    await portal.stop();
  }
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One filling of the database, and what is measured after it. */
export type Fill = (pool: pg.Pool) => Promise<void>;
type Measure<F> = (portal: RunningPortal, database: BenchDatabase, step: number) => Promise<F>;

/**
 * PGlite belongs to one process: seed through a first start, then for each fill fill the folder while the portal
 * is stopped and start it again to measure.
 */
async function onPglite<F>(fills: Fill[], measure: Measure<F>, env: Record<string, string>): Promise<F[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  try {
    await (await startPortalProcess({ dataDir, env })).stop();
    const figures: F[] = [];
    for (const [step, fill] of fills.entries()) {
      const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
      await fill(db.pool);
      await db.pool.query("analyze");
      await db.close();
      const portal = await startPortalProcess({ dataDir, env });
      try {
        figures.push(await measure(portal, "pglite", step));
      } finally {
        await portal.stop();
      }
    }
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres<F>(fills: Fill[], measure: Measure<F>, env: Record<string, string>): Promise<F[]> {
  const throwaway = await createThrowawayDatabase();
  try {
    const portal = await startPortalProcess({ env: { ...env, DATABASE_URL: throwaway.url, SEED: "true" } });
    try {
      const figures: F[] = [];
      for (const [step, fill] of fills.entries()) {
        const db = await openDatabase({ url: throwaway.url });
        await fill(db.pool);
        await db.pool.query("analyze");
        await db.close();
        figures.push(await measure(portal, "postgres", step));
      }
      return figures;
    } finally {
      await portal.stop();
    }
  } finally {
    await throwaway.drop();
  }
}

/**
 * Fills and measures after each fill in turn (the database growing between them) on PGlite, then on PostgreSQL
 * when TEST_DATABASE_URL names a server; `env` is added to the bench's quiet settings. Figures per database.
 */
export async function onEachDatabaseGrowing<F>(
  fills: Fill[],
  measure: Measure<F>,
  env: Record<string, string> = {},
): Promise<F[][]> {
  const settings = { ...quietEnv, ...env };
  const figures = [await onPglite(fills, measure, settings)];
  if (process.env.TEST_DATABASE_URL) figures.push(await onPostgres(fills, measure, settings));
  else
    console.log("  [postgres] skipped: set TEST_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test) to measure it");
  return figures;
}

/** Fills and measures on PGlite, then on PostgreSQL when TEST_DATABASE_URL names a server. */
export async function onEachDatabase<F>(
  fill: Fill,
  measure: (portal: RunningPortal, database: BenchDatabase) => Promise<F>,
): Promise<F[]> {
  return (await onEachDatabaseGrowing([fill], (portal, database) => measure(portal, database))).map(
    ([figure]) => figure!,
  );
}
