/**
 * The school peak on PGlite and (with TEST_DATABASE_URL) on PostgreSQL: the demo school grown, the bare route and
 * the peak at the same number of connections, resident memory before, at peak and 30 s after. Run alone with
 * `npm run build && node --import tsx bench/peak.ts`, or as part of `npm run bench`.
 */
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createThrowawayDatabase } from "../src/server/test/harness.ts";
import { startPortalProcess, type RunningPortal } from "../tests/e2e/support/portal.ts";
import type { BenchDatabase } from "./harness.ts";
import { round } from "./harness.ts";
import { growSchool, rssMB, SCHOOL, schoolPeak, type PeakFigure } from "./school.ts";

export const PEAK_CONNECTIONS = 200;
export const PEAK_TARGETS = {
  postgres: { ratio: 0.25, p99Ms: 150, maxMs: Infinity },
  pglite: { ratio: 0.15, p99Ms: 300, maxMs: 2000 },
  memoryPeakMB: 300,
  memoryAfterMB: 260,
};

export interface PeakRun {
  database: BenchDatabase;
  school: { people: number; projects: number; items: number; grownInS: number };
  bare: { reqPerSec: number; p99Ms: number };
  peak: PeakFigure;
  ratioToBare: number;
  memory: { beforeMB: number; peakMB: number; after30sMB: number };
  pass: boolean;
  /** With BENCH_STATEMENTS: the statements each route sent during the peak. */
  statements?: StatementCount[];
}

/** The instance as a school runs it: its job worker on, the sign-in throttle out of the way of 200 sign-ins from one address. */
const peakEnv = { LOG_LEVEL: "warn", SIGNIN_LIMIT_PER_IP: "100000000" };
/** `BENCH_CPU_PROF=<folder>`: the server writes a V8 CPU profile of the whole run there (open it in Chrome's DevTools). */
const profiling = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
/** `BENCH_STATEMENTS=1`: the statements each route sent during the peak (bench/statement-counter.mjs). */
const statementsOut = process.env.BENCH_STATEMENTS
  ? path.join(os.tmpdir(), `peak-statements-${process.pid}.json`)
  : null;
const counting = statementsOut ? ["--import", path.resolve(import.meta.dirname, "statement-counter.mjs")] : [];

/** What the counter in the server counted since it was last asked: per route, requests and statements. */
async function countedStatements(portal: RunningPortal): Promise<StatementCount[]> {
  if (!statementsOut) return [];
  process.kill(portal.pid, "SIGUSR2");
  await new Promise((r) => setTimeout(r, 500));
  const counted = JSON.parse(readFileSync(statementsOut, "utf8")) as Record<
    string,
    { requests: number; statements: number; named: number }
  >;
  return Object.entries(counted)
    .map(([route, c]) => ({ route, ...c, perRequest: c.requests ? round(c.statements / c.requests, 2) : null }))
    .sort((a, b) => b.statements - a.statements);
}

export interface StatementCount {
  route: string;
  requests: number;
  statements: number;
  /** Of those, sent by name (parsed once per connection). */
  named: number;
  perRequest: number | null;
}

async function measure(portal: RunningPortal, database: BenchDatabase, durationS: number): Promise<PeakRun> {
  const t0 = Date.now();
  process.stdout.write(
    `  [${database}] growing the school to ${SCHOOL.people} people, ${SCHOOL.projects} projects, ${SCHOOL.items} items … `,
  );
  const school = await growSchool(portal);
  await countedStatements(portal);
  const grownInS = round((Date.now() - t0) / 1000);
  process.stdout.write(`${grownInS} s\n`);
  await new Promise((r) => setTimeout(r, 3000));
  process.stdout.write(`  [${database}] GET /healthz at ${PEAK_CONNECTIONS} connections … `);
  const bare = await autocannon({
    url: `${portal.url}/healthz`,
    connections: PEAK_CONNECTIONS,
    duration: Math.min(durationS, 10),
  });
  process.stdout.write(`${Math.round(bare.requests.average)} req/s; the peak … `);
  await new Promise((r) => setTimeout(r, 2000));
  const beforeMB = rssMB(portal.pid);
  let peakMB = beforeMB;
  const sampler = setInterval(() => {
    try {
      peakMB = Math.max(peakMB, rssMB(portal.pid));
    } catch {
      // the process ended; the last figure stands
    }
  }, 200);
  const peak = await schoolPeak(portal, school, { connections: PEAK_CONNECTIONS, durationS });
  clearInterval(sampler);
  const statements = await countedStatements(portal);
  process.stdout.write(`${peak.reqPerSec} req/s, p99 ${peak.p99Ms} ms; memory 30 s after … `);
  await new Promise((r) => setTimeout(r, 30_000));
  const after30sMB = rssMB(portal.pid);
  process.stdout.write(`${round(after30sMB)} MB\n`);
  const ratioToBare = round(peak.reqPerSec / bare.requests.average, 3);
  const t = PEAK_TARGETS[database];
  return {
    database,
    school: { people: school.people.length, projects: school.projects.length, items: school.itemIds.length, grownInS },
    bare: { reqPerSec: round(bare.requests.average), p99Ms: round(bare.latency.p99) },
    peak,
    ratioToBare,
    memory: { beforeMB: round(beforeMB), peakMB: round(peakMB), after30sMB: round(after30sMB) },
    pass:
      ratioToBare >= t.ratio &&
      peak.p99Ms <= t.p99Ms &&
      peak.maxMs <= t.maxMs &&
      peak.errors === 0 &&
      peak.non2xx === 0 &&
      peakMB <= PEAK_TARGETS.memoryPeakMB &&
      after30sMB <= PEAK_TARGETS.memoryAfterMB,
    ...(statements.length ? { statements } : {}),
  };
}

/** `BENCH_PEAK_ONLY=pglite|postgres`: one database's peak, when working on it. */
const only = process.env.BENCH_PEAK_ONLY;

/** `run` on a portal as the peak starts it: on PGlite, then on a throwaway PostgreSQL database with TEST_DATABASE_URL. */
export async function onEachPeakPortal<R>(
  run: (portal: RunningPortal, database: BenchDatabase) => Promise<R>,
): Promise<R[]> {
  const runs: R[] = [];
  if (only !== "postgres") {
    const portal = await startPortalProcess({
      env: { ...peakEnv, BENCH_STATEMENTS_OUT: statementsOut ?? "" },
      nodeArgs: [...profiling, ...counting],
    });
    try {
      runs.push(await run(portal, "pglite"));
    } finally {
      await portal.stop();
    }
  }
  if (only === "pglite") return runs;
  if (process.env.TEST_DATABASE_URL) {
    const throwaway = await createThrowawayDatabase();
    try {
      const portal = await startPortalProcess({
        env: { ...peakEnv, DATABASE_URL: throwaway.url, SEED: "true", BENCH_STATEMENTS_OUT: statementsOut ?? "" },
        nodeArgs: [...profiling, ...counting],
      });
      try {
        runs.push(await run(portal, "postgres"));
      } finally {
        await portal.stop();
      }
    } finally {
      await throwaway.drop();
    }
  } else
    console.log("  [postgres] skipped: set TEST_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test) to measure it");
  return runs;
}

export function benchPeak(durationS: number): Promise<PeakRun[]> {
  return onEachPeakPortal((portal, database) => measure(portal, database, durationS));
}

export function describePeak(runs: PeakRun[]) {
  return Object.fromEntries(
    runs.map((r) => {
      const t = PEAK_TARGETS[r.database];
      return [
        `school peak on ${r.database}`,
        {
          value: `${r.peak.reqPerSec} req/s (${r.ratioToBare} × bare), p50 ${r.peak.p50Ms} ms, p99 ${r.peak.p99Ms} ms, max ${r.peak.maxMs} ms, ${r.peak.errors} errors, ${r.peak.non2xx} non-2xx; memory ${r.memory.beforeMB} → ${r.memory.peakMB} → ${r.memory.after30sMB} MB`,
          target: `≥ ${t.ratio} × bare, p99 ≤ ${t.p99Ms} ms${Number.isFinite(t.maxMs) ? `, max ≤ ${t.maxMs} ms` : ""}, 0 errors, memory ≤ ${PEAK_TARGETS.memoryPeakMB} MB, ≤ ${PEAK_TARGETS.memoryAfterMB} MB after`,
          result: r.pass ? "PASS" : "FAIL",
        },
      ];
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const runs = await benchPeak(Number(process.env.BENCH_DURATION ?? 30));
  for (const r of runs) {
    console.log(JSON.stringify({ ...r.peak, slowest: undefined }, null, 0));
    console.table(r.peak.slowest);
    if (r.statements) console.table(r.statements);
  }
  console.table(describePeak(runs));
}
