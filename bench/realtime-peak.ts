/**
 * Realtime at the school peak (issue 16): 1,000 WebSocket clients of the grown school's people (students and staff,
 * several tabs each) open while the peak runs; the bench writes at a steady rate and times, in the clients, how long
 * after the write request left each concerned client saw its event. Then 100 clients are dropped, writes are made,
 * and they come back with the last event they saw: each must be replayed exactly what an open tab of the same person
 * received meanwhile. Run alone with `npm run build && node --import tsx bench/realtime-peak.ts`, or in `npm run bench`.
 *
 * One process holds all the sockets: the open-files limit (`ulimit -n`) must exceed the client count, and the
 * portal's must too (it holds the other ends); both inherit this shell's limit.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { RunningPortal } from "../tests/e2e/support/portal.ts";
import type { BenchDatabase } from "./harness.ts";
import { round } from "./harness.ts";
import { onEachPeakPortal, PEAK_CONNECTIONS, PEAK_TARGETS } from "./peak.ts";
import type { ClientReport, SwarmSetup } from "./realtime-swarm.ts";
import {
  growSchool,
  rssMB,
  SCHOOL,
  schoolPeak,
  shortScript,
  signInAs,
  type PeakFigure,
  type SchoolSize,
} from "./school.ts";

export const REALTIME_CLIENTS = 1000;
/** One write every WRITE_GAP_MS from the bench, besides the peak's own (which reach every client too). */
const WRITE_GAP_MS = 250;
const DROPPED = 100;
export const REALTIME_TARGETS = { p99Ms: 1000, memoryMB: PEAK_TARGETS.memoryPeakMB + 50 };

export interface RealtimeRun {
  database: BenchDatabase;
  clients: number;
  sessions: number;
  openFilesLimit: number;
  peak: Pick<PeakFigure, "reqPerSec" | "p99Ms" | "errors" | "non2xx" | "writes">;
  delivery: {
    writes: number;
    expected: number;
    reached: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    broadcastP99Ms: number;
    targetedP99Ms: number;
    writeP50Ms: number;
    writeP99Ms: number;
  };
  memory: { grownMB: number; withClientsMB: number; peakMB: number };
  reconnect: { dropped: number; replayed: number; exact: number; missedEvents: number; fallbacks: number };
  pass: boolean;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function openFilesLimit(): number {
  return Number(/^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? 0);
}

async function call(portal: RunningPortal, method: string, path: string, cookie: string, json: unknown): Promise<any> {
  const res = await fetch(`${portal.url}${path}`, {
    method,
    headers: { cookie, origin: portal.url, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** The swarm in its own process, one command at a time. */
async function startSwarm(setup: SwarmSetup) {
  const child = fork(fileURLToPath(new URL("./realtime-swarm.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  let exited: Error | null = null;
  let pending: ((err: Error) => void) | null = null;
  child.once("exit", (code) => {
    exited = new Error(`the socket swarm exited with ${code}`);
    pending?.(exited);
  });
  const send = (command: object) =>
    new Promise<any>((resolve, reject) => {
      if (exited) return reject(exited);
      pending = reject;
      child.once("message", (m: any) => {
        pending = null;
        if (m.ok) resolve(m);
        else reject(new Error(m.error));
      });
      child.send(command);
    });
  await send({ cmd: "setup", setup });
  return {
    open: () => send({ cmd: "open" }),
    drop: (ids: number[]) => send({ cmd: "drop", ids }),
    resume: (ids: number[]) => send({ cmd: "resume", ids }),
    report: async () => (await send({ cmd: "report" })).reports as ClientReport[],
    stop: async () => {
      if (!exited) await send({ cmd: "close" }).catch(() => child.kill());
    },
  };
}

function percentile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

export async function measureRealtimePeak(
  portal: RunningPortal,
  database: BenchDatabase,
  durationS: number,
  size: SchoolSize = SCHOOL,
): Promise<RealtimeRun> {
  process.stdout.write(`  [${database}] growing the school … `);
  const school = await growSchool(portal, size);
  const people = school.people;
  const cookies = new Map<string, string>();
  await Promise.all(
    Array.from({ length: 4 }, async (_, lane) => {
      for (let i = lane; i < people.length; i += 4)
        cookies.set(people[i]!.id, await signInAs(portal, people[i]!.email));
    }),
  );
  // Client i is a tab of person i mod people: 300 people, about three tabs each.
  const owner = (i: number) => people[i % people.length]!;
  const admin = await signInAs(portal, "admin@portal.test");
  const probe = (await call(portal, "POST", "/rest/v1/screenplays", admin, {
    title: "Realtime probe",
    body: shortScript("Realtime probe", 2),
  })) as { id: string; version: number };
  let version = probe.version;
  await sleep(2000);
  const grownMB = rssMB(portal.pid);
  process.stdout.write(`${round(grownMB)} MB; ${REALTIME_CLIENTS} sockets … `);
  const swarm = await startSwarm({
    url: portal.url.replace(/^http/, "ws"),
    origin: portal.url,
    clients: Array.from({ length: REALTIME_CLIENTS }, (_, i) => ({ cookie: cookies.get(owner(i).id)! })),
    probeScreenplayId: probe.id,
  });
  try {
    await swarm.open();
    await sleep(2000);
    const withClientsMB = rssMB(portal.pid);
    process.stdout.write(`${round(withClientsMB)} MB; the peak with timed writes … `);

    let peakMB = withClientsMB;
    const sampler = setInterval(() => {
      try {
        peakMB = Math.max(peakMB, rssMB(portal.pid));
      } catch {
        // the process ended; the last figure stands
      }
    }, 200);
    const broadcastT0: number[] = [];
    const targetedT0 = new Map<string, number[]>();
    /** How long each write itself took to answer: the part of a delivery spent before the event was published. */
    const writeMs: number[] = [];
    let k = 0;
    const writeOnce = async () => {
      if (k++ % 2 === 0) {
        const t0 = now();
        const sp = await call(portal, "PATCH", `/rest/v1/screenplays/${probe.id}`, admin, {
          version,
          body: shortScript(`Realtime probe ${k}`, 2),
        });
        writeMs.push(now() - t0);
        version = sp.version;
        broadcastT0.push(t0);
      } else {
        const person = people[(k >> 1) % people.length]!;
        const t0 = now();
        await call(portal, "PATCH", "/rest/v1/profile", cookies.get(person.id)!, {
          phone: `+44 20 7946 ${String(1000 + (k % 8999))}`,
        });
        writeMs.push(now() - t0);
        (targetedT0.get(person.id) ?? targetedT0.set(person.id, []).get(person.id)!).push(t0);
      }
    };
    let peakDone = false;
    const peakRun = schoolPeak(portal, school, { connections: PEAK_CONNECTIONS, durationS }).finally(
      () => (peakDone = true),
    );
    const writer = (async () => {
      await sleep(3000); // the peak's own sign-ins first
      while (!peakDone) {
        const started = now();
        await writeOnce();
        await sleep(Math.max(0, WRITE_GAP_MS - (now() - started)));
      }
    })();
    const [peak] = await Promise.all([peakRun, writer]);
    await sleep(3000);
    clearInterval(sampler);

    const reports = await swarm.report();
    const broadcastDelays: number[] = [];
    const targetedDelays: number[] = [];
    let expected = 0;
    reports.forEach((r) => {
      broadcastT0.forEach((t0, n) => {
        expected++;
        const at = r.broadcast[n];
        if (at !== undefined) broadcastDelays.push(at - t0);
      });
      (targetedT0.get(r.userId) ?? []).forEach((t0, n) => {
        expected++;
        const at = r.targeted[n];
        if (at !== undefined) targetedDelays.push(at - t0);
      });
    });
    // concat, not a spread: a thousand clients times a hundred writes is more arguments than a call can take
    const delays = broadcastDelays.concat(targetedDelays);
    for (const list of [delays, broadcastDelays, targetedDelays]) list.sort((a, b) => a - b);
    // The timed writes of the peak only: the reconnect's writes below are made on a quiet portal.
    const peakWriteMs = writeMs.slice().sort((a, b) => a - b);
    const writes = broadcastT0.length + [...targetedT0.values()].reduce((a, l) => a + l.length, 0);
    process.stdout.write(
      `${peak.reqPerSec} req/s, p99 ${peak.p99Ms} ms; ${writes} timed writes, delivery p99 ${round(percentile(delays, 0.99))} ms, ${round(peakMB)} MB; reconnect … `,
    );

    // Reconnect: a tab of each of 100 people drops; another tab of the same person stays and sees what it missed.
    const dropped = Array.from({ length: DROPPED }, (_, i) => i);
    await swarm.drop(dropped);
    await sleep(500);
    for (let n = 0; n < 3; n++) await writeOnce();
    for (let u = 0; u < DROPPED + 20; u += 2) {
      const person = people[u % people.length]!;
      await call(portal, "PATCH", "/rest/v1/profile", cookies.get(person.id)!, {
        phone: `+44 20 7946 ${String(2000 + u)}`,
      });
    }
    await sleep(500);
    const before = await swarm.report();
    await swarm.resume(dropped);
    const after = await swarm.report();
    let replayed = 0;
    let exact = 0;
    let missedEvents = 0;
    for (const i of dropped) {
      const missed = after[i]!.missed;
      if (!missed) continue;
      replayed++;
      missedEvents += missed.length;
      const from = before[i]!.seq;
      // the sibling tab (same person, same session) stayed open the whole time
      const sibling = after[i + people.length]!;
      const shouldHave = sibling.seqs.filter((s) => s > from && s <= after[i]!.helloSeq);
      if (shouldHave.length > 0 && JSON.stringify(shouldHave) === JSON.stringify(missed)) exact++;
    }
    const reconnect = { dropped: dropped.length, replayed, exact, missedEvents, fallbacks: dropped.length - replayed };
    process.stdout.write(`${replayed}/${dropped.length} replayed, ${exact} exact\n`);

    const delivery = {
      writes,
      expected,
      reached: delays.length,
      p50Ms: round(percentile(delays, 0.5)),
      p99Ms: round(percentile(delays, 0.99)),
      maxMs: round(delays[delays.length - 1] ?? 0),
      broadcastP99Ms: round(percentile(broadcastDelays, 0.99)),
      targetedP99Ms: round(percentile(targetedDelays, 0.99)),
      writeP50Ms: round(percentile(peakWriteMs, 0.5)),
      writeP99Ms: round(percentile(peakWriteMs, 0.99)),
    };
    return {
      database,
      clients: REALTIME_CLIENTS,
      sessions: cookies.size,
      openFilesLimit: openFilesLimit(),
      peak: {
        reqPerSec: peak.reqPerSec,
        p99Ms: peak.p99Ms,
        errors: peak.errors,
        non2xx: peak.non2xx,
        writes: peak.writes,
      },
      delivery,
      memory: { grownMB: round(grownMB), withClientsMB: round(withClientsMB), peakMB: round(peakMB) },
      reconnect,
      pass:
        delivery.p99Ms <= REALTIME_TARGETS.p99Ms &&
        delivery.reached === expected &&
        peakMB <= REALTIME_TARGETS.memoryMB &&
        exact === dropped.length,
    };
  } finally {
    await swarm.stop();
  }
}

export async function benchRealtimePeak(durationS: number): Promise<RealtimeRun[]> {
  const limit = openFilesLimit();
  if (limit < REALTIME_CLIENTS + 200)
    throw new Error(
      `the open-files limit is ${limit}: raise it (ulimit -n ${REALTIME_CLIENTS * 4}) to open ${REALTIME_CLIENTS} sockets`,
    );
  return onEachPeakPortal((portal, database) => measureRealtimePeak(portal, database, durationS));
}

export function describeRealtimePeak(runs: RealtimeRun[]) {
  return Object.fromEntries(
    runs.map((r) => [
      `realtime at the peak on ${r.database}`,
      {
        value: `${r.clients} sockets (${r.sessions} people); delivery p50 ${r.delivery.p50Ms} ms, p99 ${r.delivery.p99Ms} ms, max ${r.delivery.maxMs} ms (the write's own answer p99 ${r.delivery.writeP99Ms} ms), ${r.delivery.reached}/${r.delivery.expected} reached; memory ${r.memory.peakMB} MB; reconnect ${r.reconnect.exact}/${r.reconnect.dropped} exact`,
        target: `p99 ≤ ${REALTIME_TARGETS.p99Ms} ms, all reached, memory ≤ ${REALTIME_TARGETS.memoryMB} MB, every reconnect exact`,
        result: r.pass ? "PASS" : "FAIL",
      },
    ]),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const runs = await benchRealtimePeak(Number(process.env.BENCH_DURATION ?? 30));
  for (const r of runs) console.log(JSON.stringify(r));
  console.table(describeRealtimePeak(runs));
}
