/**
 * The projects list under load (issue 3): a page of 50 out of 10,000 projects, signed in, at 100
 * connections, on PGlite and (when TEST_DATABASE_URL is set) on PostgreSQL, as a ratio to the bare route.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type pg from "pg";
import { openDatabase } from "../src/server/db/client.ts";
import { createThrowawayDatabase } from "../src/server/test/harness.ts";
import { startPortalProcess, type RunningPortal } from "../tests/e2e/support/portal.ts";

export const PROJECTS = 10_000;
const CONNECTIONS = 100;
const PAGE = 50;

/** Fills the projects table up to PROJECTS with one set-based insert per table (a lead and a milestone each). */
export async function fillProjects(pool: pg.Pool) {
  await pool.query(`
    insert into projects (title, type, course, academic_year, phase, logline, supervisor_id, created_by, shoot_start, shoot_end)
    select 'Bench production ' || g,
      (array['fiction','documentary','experimental','animation','music_video','other'])[1 + g % 6]::project_type,
      (array['Fiction Workshop II','Documentary Practice','Experimental Forms','Animation Studio','Music Video Lab'])[1 + g % 5],
      case when g % 3 = 0 then '2025/26' else '2026/27' end,
      (array['development','pre_production','production','post_production','completed'])[1 + g % 5]::phase,
      'A bench production made to measure the list, number ' || g,
      (select id from "user" where email = 'staff@portal.test'),
      (select id from "user" where email = 'student@portal.test'),
      current_date + (g % 120)::int, current_date + (g % 120)::int + 3
    from generate_series(1, greatest(0, ${PROJECTS} - (select count(*) from projects))) g`);
  await pool.query(`
    insert into project_members (project_id, user_id, roles, is_lead)
    select p.id, (select id from "user" where email = 'student@portal.test'), '["director"]'::jsonb, true
    from projects p where p.title like 'Bench production %'
    on conflict do nothing`);
  await pool.query(`
    insert into milestones (project_id, title, due_date)
    select p.id, 'Picture lock', current_date + 30 from projects p where p.title like 'Bench production %'`);
  await pool.query("analyze");
}

async function signIn(portal: RunningPortal) {
  const res = await fetch(`${portal.url}/auth/v1/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portal.url },
    body: JSON.stringify({ email: "staff@portal.test", password: "portal-demo" }),
  });
  if (!res.ok) throw new Error(`sign-in for the projects bench failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

export interface ProjectsFigure {
  database: "pglite" | "postgres";
  projects: number;
  connections: number;
  bareReqPerSec: number;
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  ratioToBare: number;
}

async function measure(portal: RunningPortal, database: ProjectsFigure["database"], durationS: number): Promise<ProjectsFigure> {
  const cookie = await signIn(portal);
  const check = await fetch(`${portal.url}/rest/v1/projects?limit=${PAGE}`, { headers: { cookie } });
  const body = (await check.json()) as { total: number };
  process.stdout.write(`  [${database}] ${body.total} projects; GET /healthz … `);
  const bare = await autocannon({ url: `${portal.url}/healthz`, connections: CONNECTIONS, duration: durationS });
  process.stdout.write(`${Math.round(bare.requests.average)} req/s; GET /rest/v1/projects?limit=${PAGE} … `);
  const list = await autocannon({ url: `${portal.url}/rest/v1/projects?limit=${PAGE}`, headers: { cookie }, connections: CONNECTIONS, duration: durationS, timeout: 30 });
  process.stdout.write(`${Math.round(list.requests.average)} req/s\n`);
  const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
  return {
    database,
    projects: body.total,
    connections: CONNECTIONS,
    bareReqPerSec: round(bare.requests.average),
    reqPerSec: round(list.requests.average),
    p99Ms: round(list.latency.p99),
    non2xx: list.non2xx,
    ratioToBare: round(list.requests.average / bare.requests.average, 3),
  };
}

const quietEnv = { LOG_LEVEL: "warn", SIGNIN_LIMIT_PER_IP: "100000000", JOB_WORKER: "false" };

/** PGlite belongs to one process: seed through a first start, fill the folder while the portal is stopped, start again. */
async function onPglite(durationS: number): Promise<ProjectsFigure> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-projects-"));
  try {
    await (await startPortalProcess({ dataDir, env: quietEnv })).stop();
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await fillProjects(db.pool);
    await db.close();
    const portal = await startPortalProcess({ dataDir, env: quietEnv });
    try {
      return await measure(portal, "pglite", durationS);
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(durationS: number): Promise<ProjectsFigure> {
  const throwaway = await createThrowawayDatabase();
  try {
    const portal = await startPortalProcess({ env: { ...quietEnv, DATABASE_URL: throwaway.url, SEED: "true" } });
    try {
      const db = await openDatabase({ url: throwaway.url });
      await fillProjects(db.pool);
      await db.close();
      return await measure(portal, "postgres", durationS);
    } finally {
      await portal.stop();
    }
  } finally {
    await throwaway.drop();
  }
}

export async function benchProjects(durationS: number): Promise<ProjectsFigure[]> {
  const figures = [await onPglite(durationS)];
  if (process.env.TEST_DATABASE_URL) figures.push(await onPostgres(durationS));
  else console.log("  [postgres] skipped: set TEST_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test) to measure it");
  return figures;
}
