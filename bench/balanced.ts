/**
 * The school peak through Debian's HAProxy (issue 16), with one and then two portal instances on one PostgreSQL,
 * round-robin and no sticky sessions, as README's "Several instances" describes. On this two-core machine the load
 * generator, HAProxy, PostgreSQL and the instances share the same cores: a second instance adds no core, so the
 * figure shows what the balancer and a shared database cost more than what a second machine would add.
 * Alone: `TEST_DATABASE_URL=… node --import tsx bench/balanced.ts` after `npm run build`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { createThrowawayDatabase } from "../src/server/test/harness.ts";
import { instanceEnv, startHaproxy, type Balancer } from "../tests/e2e/support/haproxy.ts";
import { freePort, startPortalProcess, type RunningPortal } from "../tests/e2e/support/portal.ts";
import { round } from "./harness.ts";
import { PEAK_CONNECTIONS } from "./peak.ts";
import { growSchool, schoolPeak, type PeakFigure } from "./school.ts";

export interface BalancedRun {
  instances: number;
  bareReqPerSec: number;
  peak: PeakFigure;
  ratioToBare: number;
}

async function whenAnswering(url: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function benchBalanced(durationS: number): Promise<BalancedRun[]> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log("  [balancer] skipped: it needs PostgreSQL; set TEST_DATABASE_URL");
    return [];
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-balanced-"));
  const db = await createThrowawayDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const shared = {
    ...instanceEnv(db.url, url, path.join(dir, "data")),
    LOG_LEVEL: "warn",
    SIGNIN_LIMIT_PER_IP: "100000000",
  };
  const instances: RunningPortal[] = [];
  let balancer: Balancer | undefined;
  const runs: BalancedRun[] = [];
  try {
    instances.push(await startPortalProcess({ dataDir: shared.DATA_DIR, env: { ...shared, SEED: "true" } }));
    balancer = await startHaproxy(port, [{ name: "a", port: instances[0]!.port }], dir);
    await whenAnswering(url);
    const front = { url } as RunningPortal;
    process.stdout.write("  [balancer] growing the school through HAProxy … ");
    const school = await growSchool(front);
    process.stdout.write("done\n");
    for (const count of [1, 2]) {
      if (count === 2) {
        instances.push(await startPortalProcess({ dataDir: shared.DATA_DIR, env: { ...shared, SEED: "false" } }));
        await balancer.stop();
        balancer = await startHaproxy(
          port,
          instances.map((p, i) => ({ name: "ab"[i]!, port: p.port })),
          dir,
        );
        await whenAnswering(url);
      }
      process.stdout.write(`  [balancer, ${count} instance${count > 1 ? "s" : ""}] GET /healthz … `);
      const bare = await autocannon({ url: `${url}/healthz`, connections: PEAK_CONNECTIONS, duration: 10 });
      process.stdout.write(`${Math.round(bare.requests.average)} req/s; the peak … `);
      const peak = await schoolPeak(front, school, { connections: PEAK_CONNECTIONS, durationS });
      process.stdout.write(`${peak.reqPerSec} req/s, p99 ${peak.p99Ms} ms\n`);
      runs.push({
        instances: count,
        bareReqPerSec: round(bare.requests.average),
        peak,
        ratioToBare: round(peak.reqPerSec / bare.requests.average, 3),
      });
    }
  } finally {
    await balancer?.stop();
    for (const p of instances) await p.stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}

export function describeBalanced(runs: BalancedRun[]) {
  return Object.fromEntries(
    runs.map((r) => [
      `school peak through HAProxy, ${r.instances} instance${r.instances > 1 ? "s" : ""} (PostgreSQL)`,
      {
        value: `${r.peak.reqPerSec} req/s (${r.ratioToBare} × bare through the balancer), p99 ${r.peak.p99Ms} ms, max ${r.peak.maxMs} ms, ${r.peak.errors} errors, ${r.peak.non2xx} non-2xx`,
        target: "recorded (one machine: no core is added)",
        result: "—",
      },
    ]),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const runs = await benchBalanced(Number(process.env.BENCH_DURATION ?? 30));
  console.table(describeBalanced(runs));
}
