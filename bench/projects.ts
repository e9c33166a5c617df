/**
 * The projects list under load (issue 3): a page of 50 out of 10,000 projects, signed in, at 100
 * connections, on PGlite and (when TEST_DATABASE_URL is set) on PostgreSQL, as a ratio to the bare route.
 */
import autocannon from "autocannon";
import type pg from "pg";
import type { RunningPortal } from "../tests/e2e/support/portal.ts";
import { onEachDatabase, round, signIn, type BenchDatabase } from "./harness.ts";

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
}

export interface ProjectsFigure {
  database: BenchDatabase;
  projects: number;
  connections: number;
  bareReqPerSec: number;
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  ratioToBare: number;
}

async function measure(
  portal: RunningPortal,
  database: ProjectsFigure["database"],
  durationS: number,
): Promise<ProjectsFigure> {
  const cookie = await signIn(portal, "staff@portal.test");
  const check = await fetch(`${portal.url}/rest/v1/projects?limit=${PAGE}`, { headers: { cookie } });
  const body = (await check.json()) as { total: number };
  process.stdout.write(`  [${database}] ${body.total} projects; GET /healthz … `);
  const bare = await autocannon({ url: `${portal.url}/healthz`, connections: CONNECTIONS, duration: durationS });
  process.stdout.write(`${Math.round(bare.requests.average)} req/s; GET /rest/v1/projects?limit=${PAGE} … `);
  const list = await autocannon({
    url: `${portal.url}/rest/v1/projects?limit=${PAGE}`,
    headers: { cookie },
    connections: CONNECTIONS,
    duration: durationS,
    timeout: 30,
  });
  process.stdout.write(`${Math.round(list.requests.average)} req/s\n`);
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

export function benchProjects(durationS: number): Promise<ProjectsFigure[]> {
  return onEachDatabase(fillProjects, (portal, database) => measure(portal, database, durationS));
}
