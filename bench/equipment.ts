/**
 * The equipment catalogue under load (issue 6): availability for a date range over 5,000 items and
 * 50,000 reservations (target p99 ≤ 50 ms), and 20 reservations of one item at once (one wins, 19 get 409).
 */
import autocannon from "autocannon";
import type pg from "pg";
import type { RunningPortal } from "../tests/e2e/support/portal.ts";
import { onEachDatabase, round, signIn, type BenchDatabase } from "./harness.ts";

export const ITEMS = 5_000;
export const RESERVATIONS = 50_000;
const CONNECTIONS = 10;
const P99_TARGET_MS = 50;

/** Set-based fill: items in the demo categories, ten back-to-back two-day reservations per item. */
async function fillEquipment(pool: pg.Pool) {
  await pool.query(`
    insert into equipment_items (category_id, name, brand, model, asset_tag, value_minor)
    select (select id from equipment_categories order by name offset (g % 8) limit 1),
      'Bench item ' || g, 'Bench', 'B-' || (g % 50), 'BENCH-' || g, 10000
    from generate_series(1, greatest(0, ${ITEMS} - (select count(*) from equipment_items))) g`);
  // The reservation's note carries its item until the items row is written from it.
  await pool.query(`
    insert into equipment_reservations (project_id, requester_id, starts_at, ends_at, state, note)
    select (select id from projects order by title limit 1), (select id from "user" where email = 'student@portal.test'),
      now() + (k * 3 - 15) * interval '1 day', now() + (k * 3 - 13) * interval '1 day',
      (case when k < 5 then 'returned' when k % 2 = 0 then 'approved' else 'requested' end)::reservation_state,
      'bench:' || i.id
    from equipment_items i cross join generate_series(0, ${RESERVATIONS / ITEMS - 1}) k
    where i.asset_tag like 'BENCH-%'`);
  await pool.query(`
    insert into equipment_reservation_items (reservation_id, item_id, starts_at, ends_at, active)
    select r.id, substring(r.note from 7)::uuid, r.starts_at, r.ends_at, r.state <> 'returned'
    from equipment_reservations r where r.note like 'bench:%'`);
}

export interface EquipmentFigure {
  database: BenchDatabase;
  items: number;
  reservations: number;
  /** Many people asking for the same range: answered from the catalogue's short cache after the first. */
  availability: { reqPerSec: number; p99Ms: number; targetP99Ms: number; pass: boolean; non2xx: number };
  /** Every request a range of its own, so each one reaches the database. */
  availabilityUncached: { reqPerSec: number; p99Ms: number; non2xx: number };
  contention: { attempts: number; created: number; conflicts: number; other: number; ms: number };
}

async function measure(
  portal: RunningPortal,
  database: EquipmentFigure["database"],
  durationS: number,
): Promise<EquipmentFigure> {
  const cookie = await signIn(portal, "student@portal.test");
  const from = new Date(Date.now() + 4 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 6 * 86_400_000).toISOString();
  const url = `${portal.url}/rest/v1/equipment/availability?${new URLSearchParams({ from, to, limit: "50" })}`;
  const check = (await (await fetch(url, { headers: { cookie } })).json()) as { total: number };
  process.stdout.write(`  [${database}] ${check.total} items; GET availability … `);
  const run = await autocannon({
    url,
    headers: { cookie },
    connections: CONNECTIONS,
    duration: durationS,
    timeout: 30,
  });
  process.stdout.write(
    `${Math.round(run.requests.average)} req/s, p99 ${run.latency.p99} ms; a new range each request … `,
  );
  let n = 0;
  const distinct = await autocannon({
    url,
    headers: { cookie },
    connections: CONNECTIONS,
    duration: durationS,
    timeout: 30,
    requests: [
      {
        setupRequest: (req) => {
          // A minute later each time: a distinct cache key, the same bookings overlapped.
          const shifted = (iso: string) => new Date(Date.parse(iso) + ++n * 60_000).toISOString();
          return {
            ...req,
            path: `/rest/v1/equipment/availability?${new URLSearchParams({ from: shifted(from), to: shifted(to), limit: "50" })}`,
          };
        },
      },
    ],
  });
  process.stdout.write(
    `${Math.round(distinct.requests.average)} req/s, p99 ${distinct.latency.p99} ms; 20 reservations of one item at once … `,
  );

  // Lena leads "Small Hours"; the first free demo lens, for a slot no bench row touches.
  const projects = (await (
    await fetch(`${portal.url}/rest/v1/projects?search=Small%20Hours`, { headers: { cookie } })
  ).json()) as { items: { id: string }[] };
  const office = await signIn(portal, "equipment@portal.test");
  const item = (
    (await (
      await fetch(`${portal.url}/rest/v1/equipment/items?search=NFS-LNS-024`, { headers: { cookie: office } })
    ).json()) as { items: { id: string }[] }
  ).items[0]!;
  const body = JSON.stringify({
    projectId: projects.items[0]!.id,
    startsAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 41 * 86_400_000).toISOString(),
    itemIds: [item.id],
  });
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${portal.url}/rest/v1/equipment/reservations`, {
        method: "POST",
        headers: { cookie, origin: portal.url, "content-type": "application/json" },
        body,
      }).then((r) => r.status),
    ),
  );
  const ms = Math.round(performance.now() - started);
  const created = statuses.filter((s) => s === 201).length;
  const conflicts = statuses.filter((s) => s === 409).length;
  process.stdout.write(`${created} created, ${conflicts} conflicts in ${ms} ms\n`);
  return {
    database,
    items: check.total,
    reservations: RESERVATIONS,
    availability: {
      reqPerSec: round(run.requests.average),
      p99Ms: round(run.latency.p99),
      targetP99Ms: P99_TARGET_MS,
      pass: run.latency.p99 <= P99_TARGET_MS,
      non2xx: run.non2xx,
    },
    availabilityUncached: {
      reqPerSec: round(distinct.requests.average),
      p99Ms: round(distinct.latency.p99),
      non2xx: distinct.non2xx,
    },
    contention: { attempts: 20, created, conflicts, other: 20 - created - conflicts, ms },
  };
}

export function benchEquipment(durationS: number): Promise<EquipmentFigure[]> {
  return onEachDatabase(fillEquipment, (portal, database) => measure(portal, database, durationS));
}

// `node --import tsx bench/equipment.ts`: this part alone, for checking a change to the catalogue's query.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const figures = await benchEquipment(Number(process.env.BENCH_DURATION ?? 10));
  console.log(JSON.stringify(figures, null, 2));
}
