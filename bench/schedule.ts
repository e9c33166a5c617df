/**
 * The stripboard read (issue 4): `GET /rest/v1/projects/{id}/schedule` of the demo's scheduled
 * project, signed in, under load. Each answer lays out the screenplay, builds the strips, the day totals
 * and the Day Out of Days, so this is the schedule's own cost above a bare route. No target in the
 * issue: the figure is reported against `/healthz` of the same run.
 * Alone: `node --import tsx bench/schedule.ts` (after `npm run build`).
 */
import autocannon from "autocannon";
import { fileURLToPath } from "node:url";
import type { RunningPortal } from "../tests/e2e/support/portal.ts";
import { runAlone } from "./harness.ts";

const CONNECTIONS = 10;

export async function benchSchedule(portal: RunningPortal, cookie: string, durationS: number) {
  const list = (await (
    await fetch(`${portal.url}/rest/v1/projects?search=Weight%20of%20Water`, { headers: { cookie } })
  ).json()) as { items: { id: string }[] };
  const id = list.items[0]!.id;
  const run = (url: string, headers: Record<string, string> = {}) =>
    autocannon({ url, headers, connections: CONNECTIONS, duration: durationS, timeout: 30 });
  const bare = await run(`${portal.url}/healthz`);
  const board = await run(`${portal.url}/rest/v1/projects/${id}/schedule`, { cookie });
  return {
    connections: CONNECTIONS,
    reqPerSec: Math.round(board.requests.average),
    p99Ms: board.latency.p99,
    non2xx: board.non2xx,
    ratioToBare: Math.round((board.requests.average / bare.requests.average) * 1000) / 1000,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runAlone({ SIGNIN_LIMIT_PER_IP: "100000000", LOG_LEVEL: "warn" }, async (portal, cookie) => {
    console.log(await benchSchedule(portal, cookie, Number(process.env.BENCH_DURATION ?? 5)));
  });
}
