/**
 * Growth (issue 16): the main reads of the school peak at the demo school's size, ×10 and ×100 (projects, people,
 * reservations and screenplay pages), each at 10 connections as a member of staff and as a student. A read's p99
 * may grow at most 1.5× from the smallest size to the largest; one that cannot by its nature is named with why.
 *
 * The portal runs with ANSWER_CACHE=false: a kept answer costs the same at every size, so with the caches on this
 * table would measure the cache. What grows is the database read behind it, paid at every change and every
 * 10–30 s, and that is what is measured here.
 *
 * The school grows by copies of the demo school's own rows (as its seed wrote them through the domain functions):
 * every person, project and everything of a project (crew, milestones, greenlight, budget, screenplays with their
 * revisions and breakdown, schedule, documents, reservations, notifications), each copy with new ids and its own
 * people. The school's screenplay pages grow as more screenplays, as a bigger school has: a script stays a script's
 * length, so one screenplay's read and its stripboard are measured on the same demo script at every size. Copies'
 * reservations are moved by whole spans of the demo's bookings into the past and the future, as a school's history
 * and later bookings, so none overlaps another on the same item. Through the API (as `growSchool` does) ×100 would
 * be 3,200 projects and 1,000 password hashes: minutes per size.
 *
 * Alone: `npm run build && node --import tsx bench/growth.ts` (GROWTH_DURATION seconds per read, default 1).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import type pg from "pg";
import type { RunningPortal } from "../tests/e2e/support/portal.ts";
import { onEachDatabaseGrowing, round, signIn, type BenchDatabase, type Fill } from "./harness.ts";

export const GROWTH_SIZES = [1, 10, 100] as const;
export const GROWTH_TARGET = 1.5;
const CONNECTIONS = 10;
const WARM_UP = 3;
const MIN_REQUESTS = 40;
const MAX_REQUESTS = 2_000;

/** What grows with the school. Everything else (the catalogue, the chart of accounts, settings, logs) stays. */
const GROWING = [
  "user",
  "account",
  "profiles",
  "user_certifications",
  "projects",
  "project_members",
  "milestones",
  "project_greenlight",
  "project_greenlight_items",
  "phase_changes",
  "project_activity",
  "doc_participants",
  "doc_interviews",
  "doc_archival",
  "budgets",
  "budget_lines",
  "budget_proposals",
  "budget_drafts",
  "budget_expenses",
  "screenplays",
  "screenplay_revisions",
  "screenplay_notes",
  "breakdown_elements",
  "safety_flags",
  "stripboards",
  "shoot_days",
  "schedule_strips",
  "call_sheet_recipients",
  "cast_members",
  "documents",
  "document_versions",
  "signature_submissions",
  "signature_signers",
  "equipment_reservations",
  "equipment_reservation_items",
  "notifications",
];
/** Bookings of an item must not overlap: these tables' times move with each copy. */
const BOOKINGS = new Set(["equipment_reservations", "equipment_reservation_items"]);

interface Column {
  name: string;
  type: string;
}
interface Table {
  name: string;
  columns: Column[];
  /** The single-column key given a new value in each copy. */
  newKey?: Column;
  /** Column → the table and column it refers to. */
  refs: Map<string, { table: string; column: string }>;
  rows: Record<string, unknown>[];
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readDemo(pool: pg.Pool): Promise<{ tables: Table[]; spanDays: number }> {
  const columns = (
    await pool.query<{ t: string; c: string; type: string }>(
      `select table_name t, column_name c, data_type type from information_schema.columns
       where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
    )
  ).rows;
  const keys = (
    await pool.query<{ t: string; kind: string; cols: string[]; rt: string | null; rcols: string[] | null }>(
      `select (select relname from pg_class where oid = c.conrelid) t, c.contype kind,
         array(select attname from unnest(c.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by o)::text[] cols,
         (select relname from pg_class where oid = c.confrelid) rt,
         case when c.contype = 'f' then array(select attname from unnest(c.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by o)::text[] end rcols
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname = 'public' and c.contype in ('p', 'f')`,
    )
  ).rows;
  const tables: Table[] = [];
  for (const name of GROWING) {
    const cols = columns.filter((c) => c.t === name).map((c) => ({ name: c.c, type: c.type }));
    const pk = keys.find((k) => k.t === name && k.kind === "p");
    const refs = new Map<string, { table: string; column: string }>();
    for (const fk of keys.filter((k) => k.t === name && k.kind === "f"))
      fk.cols.forEach((c, i) => refs.set(c, { table: fk.rt!, column: fk.rcols![i]! }));
    const single = pk?.cols.length === 1 ? cols.find((c) => c.name === pk.cols[0]) : undefined;
    // A key that refers to another row (a profile's is its person's) follows that row; its own is new in each copy.
    const newKey = single && !refs.has(single.name) ? single : undefined;
    if (newKey && newKey.type !== "uuid" && newKey.type !== "text")
      throw new Error(`growth: ${name}.${newKey.name} is ${newKey.type}, not a uuid or text key`);
    const rows = (
      await pool.query<{ r: Record<string, unknown> }>(`select row_to_json(x) r from ${q(name)} x`)
    ).rows.map((r) => r.r);
    tables.push({ name, columns: cols, newKey, refs, rows });
  }
  const span = await pool.query<{ days: number | null }>(
    `select ceil(extract(epoch from max(ends_at) - min(starts_at)) / 86400)::int + 1 days from equipment_reservation_items`,
  );
  return { tables, spanDays: span.rows[0]?.days ?? 1 };
}

/** Copies `from`..`to - 1` of the demo school (copy 0 is the demo itself). */
async function addCopies(pool: pg.Pool, demo: { tables: Table[]; spanDays: number }, from: number, to: number) {
  const byName = new Map(demo.tables.map((t) => [t.name, t]));
  // Insert a table after the tables it refers to (a table referring to itself is filled in one statement).
  const order: Table[] = [];
  const visit = (t: Table, path: Set<string>) => {
    if (order.includes(t) || path.has(t.name)) return;
    path.add(t.name);
    for (const r of t.refs.values()) if (r.table !== t.name && byName.has(r.table)) visit(byName.get(r.table)!, path);
    order.push(t);
  };
  for (const t of demo.tables) visit(t, new Set());

  for (let copy = from; copy < to; copy++) {
    const newKeys = new Map<string, Map<unknown, unknown>>();
    for (const t of demo.tables) {
      if (!t.newKey) continue;
      newKeys.set(
        t.name,
        new Map(
          t.rows.map((r) => [
            r[t.newKey!.name],
            t.newKey!.type === "uuid" ? randomUUID() : randomBytes(16).toString("base64url"),
          ]),
        ),
      );
    }
    // The value of `table.column` in this copy: a new key, the copy of the row it refers to, or itself.
    const mapped = (table: string, column: string, value: unknown): unknown => {
      if (value === null || value === undefined) return value;
      const t = byName.get(table);
      if (!t) return value;
      if (t.newKey?.name === column) return newKeys.get(table)!.get(value) ?? value;
      const ref = t.refs.get(column);
      return ref ? mapped(ref.table, ref.column, value) : value;
    };
    const shiftDays = (copy % 2 ? 1 : -1) * Math.ceil(copy / 2) * demo.spanDays;
    for (const t of order) {
      if (t.rows.length === 0) continue;
      const rows = t.rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (const c of t.columns) {
          let v = mapped(t.name, c.name, row[c.name]);
          if (BOOKINGS.has(t.name) && c.type.startsWith("timestamp") && typeof v === "string")
            v = new Date(Date.parse(v) + shiftDays * 86_400_000).toISOString();
          out[c.name] = v;
        }
        // What must be one of a kind: a person's address, their calendar link, their password account's name.
        if (t.name === "user") out.email = `copy${copy}.${String(row.email)}`;
        if (t.name === "profiles") out.ical_token_hash = null;
        if (t.name === "account" && row.provider_id === "credential") out.account_id = out.user_id;
        return out;
      });
      const cols = t.columns.map((c) => q(c.name)).join(", ");
      await pool.query(
        `insert into ${q(t.name)} (${cols}) select ${cols} from json_populate_recordset(null::${q(t.name)}, $1::json)`,
        [JSON.stringify(rows)],
      );
    }
  }
}

/** The fills that take the demo school to each of GROWTH_SIZES; what each reached is pushed on `sizes`. */
export function growthFills(sizes: GrowthSize[]): Fill[] {
  let demo: Awaited<ReturnType<typeof readDemo>> | undefined;
  return GROWTH_SIZES.map((size, i) => async (pool: pg.Pool) => {
    if (i === 0) demo = await readDemo(pool);
    else await addCopies(pool, demo!, GROWTH_SIZES[i - 1]!, size);
    sizes.push(await sizeOf(pool, size));
  });
}

interface Read {
  name: string;
  path: (ids: Ids) => string;
}
interface Ids {
  projectId: string;
  screenplayId: string;
}

/** The main reads of the peak's pages (bench/school.ts's cycle), one request each: the one that grows. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
export const READS: Read[] = [
  { name: "get-session", path: () => "/auth/v1/get-session" },
  { name: "home: my projects", path: () => "/rest/v1/projects?mine=true&sort=updated&limit=100" },
  { name: "overview board", path: () => "/rest/v1/overview/board" },
  { name: "overview timeline", path: () => "/rest/v1/overview/timeline?weeks=6&limit=50&offset=0" },
  { name: "projects list", path: () => "/rest/v1/projects?limit=25&offset=0&sort=updated" },
  { name: "people (supervisors)", path: () => "/rest/v1/people?role=staff,admin&limit=50" },
  { name: "a project", path: (ids) => `/rest/v1/projects/${ids.projectId}` },
  { name: "its budget", path: (ids) => `/rest/v1/budgets/${ids.projectId}` },
  { name: "its schedule (stripboard)", path: (ids) => `/rest/v1/projects/${ids.projectId}/schedule` },
  { name: "screenplays list", path: () => "/rest/v1/screenplays?scope=all&limit=20&offset=0" },
  { name: "one screenplay", path: (ids) => `/rest/v1/screenplays/${ids.screenplayId}` },
  { name: "notifications", path: () => "/rest/v1/notifications?limit=10&offset=0" },
  {
    name: "equipment for a date range",
    path: () =>
      `/rest/v1/equipment/availability?${new URLSearchParams({ from: day(3), to: day(4), limit: "25", offset: "0" })}`,
  },
  { name: "my reservations", path: () => "/rest/v1/equipment/reservations?mine=true&limit=50" },
];

/**
 * Reads that grow by their nature, with why (found in their plans, docs/decisions/2026-11-25-growth.md): named in
 * the table when they grow past the target. Their last step (×10 to ×100) shows whether the growth has stopped.
 */
export const GROWS_BY_NATURE: Record<string, string> = {
  "overview board":
    "each column is a page of 50 cards; the demo's 32 projects fill a fraction of five pages, ×10 fills them (20 → 145 kB), and a column's total counts its phase",
  "overview timeline":
    "the same six weeks hold 100× the shoots at ×100; the page of 50 is ordered by each shoot's first day (its dates, or its first shoot day) out of all of them, and the total counts them",
  "people (supervisors)":
    "a page of 50 of the school's staff: the demo has 2, ×100 has 200, so the page fills (0.2 → 5 kB)",
};

const VIEWERS = [
  { role: "staff", email: "staff@portal.test" },
  { role: "student", email: "student@portal.test" },
] as const;

export interface GrowthSize {
  multiplier: number;
  projects: number;
  people: number;
  reservations: number;
  screenplays: number;
  screenplayPages: number;
}
export interface GrowthRead {
  read: string;
  role: string;
  p50Ms: number[];
  p99Ms: number[];
  reqPerSec: number[];
  non2xx: number;
  /** p99 at the largest size over p99 at the smallest: the figure the target is about. */
  growth: number;
  /** p99 at the largest size over the one before it: flat once a read's page is full. */
  lastStepGrowth: number;
  pass: boolean;
  /** Why it grows, for a read that cannot meet the target by its nature. */
  reason?: string;
}
export interface GrowthFigure {
  database: BenchDatabase;
  durationS: number;
  sizes: GrowthSize[];
  reads: GrowthRead[];
}

async function sizeOf(pool: pg.Pool, multiplier: number): Promise<GrowthSize> {
  const n = (
    await pool.query<{ projects: number; people: number; reservations: number; screenplays: number; pages: number }>(
      `select (select count(*)::int from projects) projects, (select count(*)::int from "user") people,
         (select count(*)::int from equipment_reservations) reservations, (select count(*)::int from screenplays) screenplays,
         (select coalesce(sum(pages), 0)::int from screenplays) pages`,
    )
  ).rows[0]!;
  return {
    multiplier,
    projects: n.projects,
    people: n.people,
    reservations: n.reservations,
    screenplays: n.screenplays,
    screenplayPages: n.pages,
  };
}

/** The demo project a viewer opens: staff the scheduled one, a student the first of theirs with a screenplay. */
export async function idsFor(portal: RunningPortal, cookie: string, role: string): Promise<Ids> {
  const get = async (p: string) => {
    const res = await fetch(`${portal.url}${p}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`growth: GET ${p} answered ${res.status}`);
    return (await res.json()) as any;
  };
  const candidates: { id: string }[] =
    role === "staff"
      ? (await get("/rest/v1/projects?search=Weight%20of%20Water")).items
      : (await get("/rest/v1/projects?mine=true&sort=updated&limit=100")).items;
  for (const p of candidates) {
    const sp = (await get(`/rest/v1/screenplays?scope=all&limit=1&offset=0&projectId=${p.id}`)).items as {
      id: string;
    }[];
    if (sp.length > 0) return { projectId: p.id, screenplayId: sp[0]!.id };
  }
  throw new Error(`growth: no project with a screenplay for the ${role}`);
}

export async function benchGrowth(durationS: number): Promise<GrowthFigure[]> {
  const sizes: GrowthSize[] = [];
  const runs = await onEachDatabaseGrowing(
    growthFills(sizes),
    (() => {
      let ids = new Map<string, Ids>();
      return async (portal: RunningPortal, database: BenchDatabase, step: number) => {
        const multiplier = GROWTH_SIZES[step]!;
        if (step === 0) ids = new Map();
        const figures: { read: string; role: string; p50: number; p99: number; rps: number; non2xx: number }[] = [];
        process.stdout.write(`  [${database}] ×${multiplier}: `);
        for (const viewer of VIEWERS) {
          const cookie = await signIn(portal, viewer.email);
          if (!ids.has(viewer.role)) ids.set(viewer.role, await idsFor(portal, cookie, viewer.role));
          for (const read of READS) {
            const url = `${portal.url}${read.path(ids.get(viewer.role)!)}`;
            // A few answers first, so every size is measured warm (each PGlite size is a freshly started process),
            // and timed: a run of about `durationS` is that many requests, never fewer than MIN_REQUESTS. A run by
            // duration would leave a slow read's answers still in flight at the end, uncounted.
            const warm: number[] = [];
            for (let i = 0; i < WARM_UP; i++) {
              const t0 = performance.now();
              const res = await fetch(url, { headers: { cookie } });
              if (!res.ok)
                throw new Error(
                  `growth: ${read.name} as ${viewer.role} answered ${res.status}: ${(await res.text()).slice(0, 200)}`,
                );
              await res.arrayBuffer();
              warm.push(performance.now() - t0);
            }
            const warmMs = warm.sort((a, b) => a - b)[Math.floor(warm.length / 2)]!;
            const amount = Math.min(
              MAX_REQUESTS,
              Math.max(MIN_REQUESTS, Math.round(((durationS * 1000) / Math.max(warmMs, 1)) * 2)),
            );
            const r = await autocannon({ url, headers: { cookie }, connections: CONNECTIONS, amount, timeout: 30 });
            figures.push({
              read: read.name,
              role: viewer.role,
              p50: r.latency.p50,
              p99: r.latency.p99,
              rps: r.requests.average,
              non2xx: r.non2xx + r.errors + r.timeouts,
            });
          }
          process.stdout.write(`${viewer.role} done; `);
        }
        process.stdout.write("\n");
        return { figures, database };
      };
    })(),
    { ANSWER_CACHE: "false" },
  );
  return runs.map((steps, run) => {
    const database = steps[0]!.database;
    const reads: GrowthRead[] = steps[0]!.figures.map((f, i) => {
      const p99Ms = steps.map((s) => round(s.figures[i]!.p99));
      const growth = round(p99Ms[p99Ms.length - 1]! / Math.max(p99Ms[0]!, 1), 2);
      const reason = GROWS_BY_NATURE[f.read];
      return {
        read: f.read,
        role: f.role,
        p50Ms: steps.map((s) => round(s.figures[i]!.p50)),
        p99Ms,
        reqPerSec: steps.map((s) => round(s.figures[i]!.rps)),
        non2xx: steps.reduce((a, s) => a + s.figures[i]!.non2xx, 0),
        growth,
        lastStepGrowth: round(p99Ms[p99Ms.length - 1]! / Math.max(p99Ms[p99Ms.length - 2]!, 1), 2),
        pass: growth <= GROWTH_TARGET,
        ...(reason ? { reason } : {}),
      };
    });
    return {
      database,
      durationS,
      sizes: sizes.slice(run * GROWTH_SIZES.length, (run + 1) * GROWTH_SIZES.length),
      reads,
    };
  });
}

/** The table's rows: one per read and viewer, p99 at each size, the growth and the verdict. */
export function describeGrowth(figures: GrowthFigure[]) {
  return Object.fromEntries(
    figures.flatMap((f) =>
      f.reads.map((r) => [
        `${r.read} (${r.role}) on ${f.database}`,
        {
          ...Object.fromEntries(GROWTH_SIZES.map((m, i) => [`p99 ×${m}`, `${r.p99Ms[i]} ms`])),
          growth: `${r.growth} ×`,
          "last step": `${r.lastStepGrowth} ×`,
          result: r.non2xx > 0 ? "FAIL (non-2xx)" : r.pass ? "PASS" : r.reason ? `grows: ${r.reason}` : "FAIL",
        },
      ]),
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  const figures = await benchGrowth(Number(process.env.GROWTH_DURATION ?? 1));
  for (const f of figures)
    console.table(
      Object.fromEntries(f.sizes.map((s) => [`${f.database} ×${s.multiplier}`, { ...s, multiplier: undefined }])),
    );
  console.table(describeGrowth(figures));
  console.log(`growth run ${round((Date.now() - started) / 1000)} s`);
}
