/**
 * Lighthouse performance of the main pages (issue 16), each opened as a real visitor would: signed in as the
 * demo person who uses it, or signed out for /auth and the public links, whose tokens are made through the API
 * as the app makes them. Debian's Chromium; Lighthouse's default settings: a mid-range phone on a slow 4G
 * connection, simulated. Alone (after `npm run build`): `node --import tsx bench/lighthouse.ts` runs every page
 * LIGHTHOUSE_RUNS times (3 by default) on one seeded portal and prints each run and each page's median, with the
 * /auth first-load JS beside them, since a change for a page must keep that budget. LIGHTHOUSE_PAGES=<name>,…
 * runs only those pages; LIGHTHOUSE_REPORT=<file>.json keeps each run's report as <file>-<page>-<run>.json.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startPortalProcess, type RunningPortal } from "../tests/e2e/support/portal.ts";
import { AUTH_JS_TARGET_KB, authFirstLoadJs } from "./auth-js.ts";
import { signIn } from "./harness.ts";

export const LIGHTHOUSE_TARGET = 0.95;

export interface LighthouseFigure {
  page: string;
  url: string;
  formFactor: string;
  performance: number;
  metrics: Record<string, number>;
  /** Audits that cost points, worst first, as Lighthouse names them. */
  opportunities: { id: string; title: string; score: number | null; display?: string }[];
  pass: boolean;
}

/** The demo people (seed.ts) who open the pages: the student leads "Small Hours". */
const STUDENT = "student@portal.test";
const STAFF = "staff@portal.test";
const EQUIPMENT_MANAGER = "equipment@portal.test";
const ADMIN = "admin@portal.test";
const DEMO_PROJECT = "Small Hours";

/** Calls the portal's API as `cookie` (or no one), failing loudly: a page whose address cannot be found is not measured. */
async function call<T>(
  portal: RunningPortal,
  cookie: string | null,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${portal.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      origin: portal.url,
      ...(cookie ? { cookie } : {}),
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** What a page's definition may ask for while finding its address; sign-ins are made once per person. */
interface PageContext {
  portal: RunningPortal;
  cookieOf(email: string): Promise<string>;
  demoProjectId(): Promise<string>;
}

export interface LighthousePage {
  name: string;
  /** Who is signed in when Lighthouse opens it; null: no one (the sign-in page, the links mailed to outsiders). */
  as: string | null;
  /** The path and query Lighthouse opens, found in the demo school through its API. */
  url(ctx: PageContext): Promise<string>;
}

export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { name: "/auth", as: null, url: async () => "/auth" },
  { name: "home", as: STUDENT, url: async () => "/" },
  { name: "/production-overview", as: STAFF, url: async () => "/production-overview" },
  { name: "/projects", as: STUDENT, url: async () => "/projects" },
  { name: "project page", as: STUDENT, url: async (ctx) => `/project/${await ctx.demoProjectId()}` },
  { name: "budget tab", as: STUDENT, url: async (ctx) => `/project/${await ctx.demoProjectId()}?tab=budget` },
  {
    name: "screenplay editor",
    as: STUDENT,
    url: async (ctx) => {
      const list = await call<{ items: { id: string; title: string }[] }>(
        ctx.portal,
        await ctx.cookieOf(STUDENT),
        `/rest/v1/screenplays?scope=mine&search=${encodeURIComponent(DEMO_PROJECT)}`,
      );
      const screenplay = list.items.find((s) => s.title === DEMO_PROJECT);
      if (!screenplay) throw new Error(`no screenplay "${DEMO_PROJECT}" among ${STUDENT}'s`);
      return `/screenplays/${screenplay.id}`;
    },
  },
  { name: "/equipment", as: STUDENT, url: async () => "/equipment" },
  { name: "/equipment-admin", as: EQUIPMENT_MANAGER, url: async () => "/equipment-admin" },
  {
    // The student submits the saved budget to an approver outside the school; the link is the one in the
    // e-mail the outbox holds, and someone not signed in who opens it lands on the public page with its token.
    name: "public budget approval",
    as: null,
    url: async (ctx) => {
      const projectId = await ctx.demoProjectId();
      const student = await ctx.cookieOf(STUDENT);
      const budget = await call<{ version: number }>(ctx.portal, student, `/rest/v1/budgets/${projectId}`);
      const { proposalId } = await call<{ proposalId: string }>(
        ctx.portal,
        student,
        `/rest/v1/budgets/${projectId}/proposals`,
        {
          method: "POST",
          json: {
            version: budget.version,
            approverEmail: "line.producer@example.test",
            message: "For the Lighthouse bench.",
          },
        },
      );
      const link = new RegExp(`/budget-approval-redirect/${proposalId}\\?token=([A-Za-z0-9_%-]+)`);
      const admin = await ctx.cookieOf(ADMIN);
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
        const outbox = await call<{ items: { to: string; text: string }[] }>(
          ctx.portal,
          admin,
          "/rest/v1/emails?limit=20",
        );
        const token = outbox.items.map((m) => link.exec(m.text)?.[1]).find(Boolean);
        if (token) return `/budget-approval/${proposalId}?token=${token}`;
      }
      throw new Error(
        `the approval e-mail of proposal ${proposalId} did not reach the outbox within 30 s (is the job worker on?)`,
      );
    },
  },
  {
    // A release made from a template, sent for signature, and the signer's link as the in-person QR code gives it.
    name: "public signing",
    as: null,
    url: async (ctx) => {
      const projectId = await ctx.demoProjectId();
      const student = await ctx.cookieOf(STUDENT);
      const doc = await call<{ id: string }>(
        ctx.portal,
        student,
        `/rest/v1/projects/${projectId}/documents/templates`,
        {
          method: "POST",
          json: { template: "location_release", party: "Ida Sørensen", detail: "Pier 4, Old harbour" },
        },
      );
      const sent = await call<{ submissions: { id: string; signers: { id: string }[] }[] }>(
        ctx.portal,
        student,
        `/rest/v1/projects/${projectId}/documents/${doc.id}/signature-requests`,
        {
          method: "POST",
          json: { signers: [{ name: "Ida Sørensen", email: "ida@example.test" }] },
        },
      );
      const submission = sent.submissions[0]!;
      const { url } = await call<{ url: string }>(
        ctx.portal,
        student,
        `/rest/v1/signature-requests/${submission.id}/signers/${submission.signers[0]!.id}/link`,
        { method: "POST" },
      );
      const link = new URL(url);
      return `${link.pathname}${link.search}`;
    },
  },
];

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
];

/** One Lighthouse run of `path` (path and query) with `cookie`'s session, or none. */
export async function lighthouseRun(
  portal: RunningPortal,
  page: string,
  path: string,
  cookie: string | null,
  reportFile?: string,
): Promise<LighthouseFigure> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const url = `${portal.url}${path}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ["performance"],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
      logLevel: "error",
      output: "json",
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    // The whole report, for finding out where the time goes (open it in the Lighthouse viewer).
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    // A lost sign-in or a refused link would measure another page (the sign-in form) as this one.
    const wanted = new URL(url).pathname;
    if (new URL(lhr.finalDisplayedUrl).pathname !== wanted)
      throw new Error(
        `Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${wanted} (${page}): ${cookie ? "not signed in?" : "redirected?"}`,
      );
    const performance = lhr.categories.performance?.score ?? 0;
    const metrics = Object.fromEntries(
      METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000]),
    );
    const opportunities = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable",
      )
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((a) => ({ id: a.id, title: a.title, score: a.score, display: a.displayValue }));
    return {
      page,
      url: path,
      formFactor: lhr.configSettings.formFactor,
      performance,
      metrics,
      opportunities,
      pass: performance >= LIGHTHOUSE_TARGET,
    };
  } finally {
    chrome.kill();
  }
}

export type LighthouseMedian = LighthouseFigure & { runs: number[] };

/**
 * Lighthouse's score moves between runs of the same page (its own documentation advises the median of several):
 * for each page of `pages`, the run with the median score out of `runs`, each run reported as it ends. Each
 * page's address is found once, before its runs (a public link is made once and opened by every run).
 */
export async function lighthouseMedian(
  portal: RunningPortal,
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
  onRun?: (run: LighthouseFigure, i: number) => void,
  pages: readonly LighthousePage[] = selectedPages(),
): Promise<LighthouseMedian[]> {
  const cookies = new Map<string, Promise<string>>();
  let projectId: Promise<string> | undefined;
  const ctx: PageContext = {
    portal,
    cookieOf: (email) => cookies.get(email) ?? cookies.set(email, signIn(portal, email)).get(email)!,
    demoProjectId: () =>
      (projectId ??= (async () => {
        const list = await call<{ items: { id: string; title: string }[] }>(
          portal,
          await ctx.cookieOf(STUDENT),
          `/rest/v1/projects?mine=true&search=${encodeURIComponent(DEMO_PROJECT)}`,
        );
        const project = list.items.find((p) => p.title === DEMO_PROJECT);
        if (!project) throw new Error(`no project "${DEMO_PROJECT}" among ${STUDENT}'s`);
        return project.id;
      })()),
  };
  const medians: LighthouseMedian[] = [];
  for (const page of pages) {
    const path = await page.url(ctx);
    const cookie = page.as ? await ctx.cookieOf(page.as) : null;
    const slug = page.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    const all: LighthouseFigure[] = [];
    for (let i = 0; i < runs; i++) {
      const report = process.env.LIGHTHOUSE_REPORT?.replace(/(\.json)?$/, `-${slug}-${i + 1}.json`);
      // Lighthouse sometimes loses its own trace of a load ("NO_NAVSTART ... Please run Lighthouse again"): a fault
      // of the recording, not of the page, so that run is taken once more.
      const run = await lighthouseRun(portal, page.name, path, cookie, report).catch((error: Error) => {
        if (!/NO_NAVSTART/.test(error.message)) throw error;
        console.log(`${page.name} run ${i + 1}: Lighthouse lost its trace (NO_NAVSTART); running it again`);
        return lighthouseRun(portal, page.name, path, cookie, report);
      });
      all.push(run);
      onRun?.(run, i);
    }
    const sorted = [...all].sort((a, b) => a.performance - b.performance);
    medians.push({ ...sorted[Math.floor(sorted.length / 2)]!, runs: all.map((r) => r.performance) });
  }
  return medians;
}

function selectedPages(): readonly LighthousePage[] {
  const names = process.env.LIGHTHOUSE_PAGES?.split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names?.length) return LIGHTHOUSE_PAGES;
  const unknown = names.filter((n) => !LIGHTHOUSE_PAGES.some((p) => p.name === n));
  if (unknown.length)
    throw new Error(
      `LIGHTHOUSE_PAGES names no page ${unknown.join(", ")}; the pages are ${LIGHTHOUSE_PAGES.map((p) => p.name).join(", ")}`,
    );
  return LIGHTHOUSE_PAGES.filter((p) => names.includes(p.name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const portal = await startPortalProcess({ env: { SIGNIN_LIMIT_PER_IP: "100000000", LOG_LEVEL: "warn" } });
  try {
    const js = await authFirstLoadJs(portal);
    console.log(
      `/auth first-load JS: ${(js.gzipBytes / 1024).toFixed(1)} kB gzipped (target ≤ ${AUTH_JS_TARGET_KB} kB)`,
    );
    const medians = await lighthouseMedian(portal, undefined, (run, i) => {
      const m = run.metrics;
      console.log(
        `${run.page} run ${i + 1}: ${run.performance}  FCP ${Math.round(m["first-contentful-paint"]!)}  LCP ${Math.round(m["largest-contentful-paint"]!)}  TBT ${Math.round(m["total-blocking-time"]!)}  SI ${Math.round(m["speed-index"]!)}  CLS ${m["cumulative-layout-shift"]}`,
      );
    });
    console.log(`\nmedian of ${medians[0]?.runs.length ?? 0} runs per page (target ≥ ${LIGHTHOUSE_TARGET}):`);
    for (const median of medians) {
      const m = median.metrics;
      console.log(
        `  ${median.page.padEnd(24)} ${median.performance.toFixed(2)} ${median.pass ? "pass" : "FAIL"}  (runs ${median.runs.join(", ")}; that run's LCP ${Math.round(m["largest-contentful-paint"]!)} ms, TBT ${Math.round(m["total-blocking-time"]!)} ms, CLS ${m["cumulative-layout-shift"]})  ${median.url}`,
      );
    }
  } finally {
    await portal.stop();
  }
}
