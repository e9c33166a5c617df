/**
 * Lighthouse performance of a seeded /production-overview (issue 3), signed in as the demo staff user, in
 * Debian's Chromium. Lighthouse's default settings: a mid-range phone on a slow 4G connection, simulated.
 * Alone (after `npm run build`): `node --import tsx bench/lighthouse.ts` runs it LIGHTHOUSE_RUNS times (3 by
 * default) on one seeded portal and prints each run and the median, with the /auth first-load JS beside it,
 * since a change for this page must keep that budget. LIGHTHOUSE_REPORT=<file>.json keeps each run's
 * report as <file>-<run>.json.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startPortalProcess, type RunningPortal } from "../tests/e2e/support/portal.ts";
import { AUTH_JS_TARGET_KB, authFirstLoadJs } from "./auth-js.ts";
import { signIn } from "./harness.ts";

export const LIGHTHOUSE_TARGET = 0.95;
const PAGE = "/production-overview";

export interface LighthouseFigure {
  url: string;
  formFactor: string;
  performance: number;
  metrics: Record<string, number>;
  /** Audits that cost points, worst first, as Lighthouse names them. */
  opportunities: { id: string; title: string; score: number | null; display?: string }[];
  pass: boolean;
}

const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index", "interactive"];

export async function lighthouseOverview(portal: RunningPortal, reportFile = process.env.LIGHTHOUSE_REPORT): Promise<LighthouseFigure> {
  const cookie = await signIn(portal, "staff@portal.test");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const url = `${portal.url}${PAGE}`;
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], extraHeaders: { cookie }, logLevel: "error", output: "json" });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    // The whole report, for finding out where the time goes (open it in the Lighthouse viewer).
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== PAGE) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${PAGE}: not signed in?`);
    const performance = lhr.categories.performance?.score ?? 0;
    const metrics = Object.fromEntries(METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000]));
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((a) => ({ id: a.id, title: a.title, score: a.score, display: a.displayValue }));
    return { url: PAGE, formFactor: lhr.configSettings.formFactor, performance, metrics, opportunities, pass: performance >= LIGHTHOUSE_TARGET };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's score moves between runs of the same page (its own documentation advises the median of several):
 * the run with the median score, out of `runs`, each one reported as it ends.
 */
export async function lighthouseMedian(portal: RunningPortal, runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3), onRun?: (run: LighthouseFigure, i: number) => void): Promise<LighthouseFigure & { runs: number[] }> {
  const all: LighthouseFigure[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await lighthouseOverview(portal, process.env.LIGHTHOUSE_REPORT?.replace(/(\.json)?$/, `-${i + 1}.json`));
    all.push(run);
    onRun?.(run, i);
  }
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor(sorted.length / 2)]!, runs: all.map((r) => r.performance) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const portal = await startPortalProcess({ env: { SIGNIN_LIMIT_PER_IP: "100000000", LOG_LEVEL: "warn" } });
  try {
    const js = await authFirstLoadJs(portal);
    console.log(`/auth first-load JS: ${(js.gzipBytes / 1024).toFixed(1)} kB gzipped (target ≤ ${AUTH_JS_TARGET_KB} kB)`);
    const median = await lighthouseMedian(portal, undefined, (run, i) => {
      const m = run.metrics;
      console.log(`run ${i + 1}: ${run.performance}  FCP ${Math.round(m["first-contentful-paint"]!)}  LCP ${Math.round(m["largest-contentful-paint"]!)}  TBT ${Math.round(m["total-blocking-time"]!)}  SI ${Math.round(m["speed-index"]!)}  CLS ${m["cumulative-layout-shift"]}`);
    });
    const m = median.metrics;
    console.log(`median performance ${median.performance} (target ≥ ${LIGHTHOUSE_TARGET}); that run's TBT ${Math.round(m["total-blocking-time"]!)} ms, LCP ${Math.round(m["largest-contentful-paint"]!)} ms`);
  } finally {
    await portal.stop();
  }
}
