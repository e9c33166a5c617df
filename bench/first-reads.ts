/**
 * What each of the peak's per-project reads costs alone, as a first read (its kept answer just forgotten by an event
 * naming the project, its screenplays and the equipment) and as a repeat: SQL statements sent and the server's CPU
 * per request, in process on the demo school's The Weight of Water as one of its crew. Deterministic where the
 * peak is not (the statement counts), and cheap enough to run before and after a change on a shared machine.
 * `node --import tsx bench/first-reads.ts` (PGlite; with TEST_DATABASE_URL also PostgreSQL; FIRST_READS_N=<n>,
 * FIRST_READS_DB=pglite|postgres, FIRST_READS_ONLY=<a read's name>,
 * FIRST_READS_KIND=first|repeat, FIRST_READS_SQL=1 lists the statements).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { DB_KINDS, startTestPortal, type TestPortal } from "../src/server/test/harness.ts";
import { round } from "./harness.ts";

const N = Number(process.env.FIRST_READS_N ?? 40);
let counted = 0;
const texts = new Map<string, number>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  counted++;
  if (process.env.FIRST_READS_SQL) {
    const a = args[0] as string | { text?: string };
    const t = (typeof a === "string" ? a : (a?.text ?? "")).slice(0, 140);
    texts.set(t, (texts.get(t) ?? 0) + 1);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

interface Route {
  name: string;
  method: "GET" | "POST" | "PATCH" | "PUT";
  path: string;
  body?: () => unknown;
}

async function demo(p: TestPortal) {
  const one = async <T>(q: ReturnType<typeof sql>) => (await p.services.db.execute(q)).rows[0] as T;
  const project = await one<{ id: string }>(sql`select id from projects where title = 'The Weight of Water'`);
  const crew = await one<{ email: string; id: string }>(
    sql`select pr.email, pr.id from project_members m join profiles pr on pr.id = m.user_id
        where m.project_id = ${project.id} order by (pr.email = 'student@portal.test') desc, pr.email limit 1`,
  );
  const screenplay = await one<{ id: string }>(
    sql`select id from screenplays where project_id = ${project.id} order by created_at limit 1`,
  );
  const item = await one<{ id: string }>(sql`select id from equipment_items order by name limit 1 offset 3`);
  return { pid: project.id, email: crew.email, screenplayId: screenplay?.id, itemId: item.id };
}

async function run(kind: (typeof DB_KINDS)[number]) {
  const p = await startTestPortal(kind);
  try {
    const d = await demo(p);
    await p.signInAll({ crew: d.email });
    const as = p.as("crew");
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    let n = 0;
    let version = (await as.get(`/screenplays/${d.screenplayId}`)).body?.version ?? 0;
    const screenplayBody = (await as.get(`/screenplays/${d.screenplayId}`)).body?.body ?? "";
    const routes: Route[] = [
      { name: "project", method: "GET", path: `/projects/${d.pid}` },
      { name: "budget", method: "GET", path: `/budgets/${d.pid}` },
      { name: "budget draft", method: "GET", path: `/budgets/${d.pid}/draft` },
      { name: "stripboard", method: "GET", path: `/projects/${d.pid}/schedule` },
      { name: "screenplay", method: "GET", path: `/screenplays/${d.screenplayId}` },
      { name: "project's reservations", method: "GET", path: `/equipment/reservations?projectId=${d.pid}&limit=20` },
      { name: "my reservations", method: "GET", path: `/equipment/reservations?mine=true&limit=50` },
      {
        name: "project's screenplays",
        method: "GET",
        path: `/screenplays?scope=all&limit=20&offset=0&projectId=${d.pid}`,
      },
      {
        name: "reservation request",
        method: "POST",
        path: `/equipment/reservations`,
        body: () => ({
          projectId: d.pid,
          startsAt: day(40 + ++n * 2),
          endsAt: day(41 + n * 2),
          itemIds: [d.itemId],
          note: "",
        }),
      },
      {
        name: "screenplay change",
        method: "PATCH",
        path: `/screenplays/${d.screenplayId}`,
        body: () => ({ version, body: `${screenplayBody}\n\nA line ${version}.` }),
      },
    ];
    const forget = () =>
      p.services.events.publish({
        type: "bench.forget",
        invalidate: [["project", d.pid], ["projects"], ["schedule", d.pid], ["screenplays"], ["equipment"], ["budget"]],
      });
    const rows: Record<string, unknown>[] = [];
    const only = process.env.FIRST_READS_ONLY;
    const onlyKind = process.env.FIRST_READS_KIND;
    for (const r of routes.filter((r) => !only || r.name === only)) {
      for (const cold of (r.method === "GET" ? [true, false] : [false]).filter(
        (c) => !onlyKind || onlyKind === (c ? "first" : "repeat"),
      )) {
        // A warm-up, so the first figure is not the compiler's.
        for (let i = 0; i < 3; i++) {
          if (cold) await forget();
          const a = await as.send(r.method, r.path, { json: r.body?.() });
          if (a.status >= 400) throw new Error(`${r.name}: ${a.status} ${a.text.slice(0, 200)}`);
          if (r.name === "screenplay change") version = a.body.version;
        }
        let statements = 0;
        let cpuUs = 0;
        texts.clear();
        for (let i = 0; i < N; i++) {
          if (cold) await forget();
          const json = r.body?.();
          const before = counted;
          const cpu = process.cpuUsage();
          const a = await as.send(r.method, r.path, { json });
          const used = process.cpuUsage(cpu);
          cpuUs += used.user + used.system;
          statements += counted - before;
          if (r.name === "screenplay change") version = a.body.version;
        }
        rows.push({
          read: r.name,
          kind: r.method === "GET" ? (cold ? "first" : "repeat") : "write",
          statements: round(statements / N, 2),
          cpuMs: round(cpuUs / N / 1000, 2),
        });
        if (process.env.FIRST_READS_SQL && (cold || r.method !== "GET"))
          console.log(r.name, [...texts.entries()].map(([t, c]) => `${round(c / N, 2)}× ${t}`).join("\n  "));
      }
    }
    console.log(`\n${kind}, ${N} requests each, as ${d.email}`);
    console.table(rows);
  } finally {
    await p.close();
  }
}

for (const kind of DB_KINDS.filter((k) => !process.env.FIRST_READS_DB || k === process.env.FIRST_READS_DB))
  await run(kind);
process.exit(0);
