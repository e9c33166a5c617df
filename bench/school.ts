/**
 * The school peak (issue 16): the demo school grown to a realistic size through its own API, then 200 signed-in
 * people at once, each cycling the requests the web app makes when they open the main pages, with about one
 * request in twenty a write. Recorded beside the bare route at the same number of connections, and resident memory
 * before, at peak and 30 s after. The request lists per page were taken from Chromium's network log of the built
 * app (home, overview, projects, a project with its budget and schedule tabs, screenplays, a screenplay, equipment).
 */
import http from "node:http";
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { RunningPortal } from "../tests/e2e/support/portal.ts";
import { round } from "./harness.ts";

export interface SchoolSize {
  people: number;
  projects: number;
  items: number;
}
export const SCHOOL: SchoolSize = { people: 300, projects: 150, items: 2000 };
/** One member of staff to about eight students, as in a film school's faculty and production office. */
const STAFF_SHARE = 0.12;
const CREW = 4;
const WRITE_EVERY = 20;

interface Person {
  email: string;
  id: string;
  role: "student" | "staff";
}
interface ProjectOf {
  id: string;
  leadEmail: string;
  supervisorEmail: string;
  crewEmails: string[];
  screenplayId: string;
  /** The screenplay's version after its scenes were locked, and the budget draft's: where the lead's autosaves start. */
  screenplayVersion: number;
  draftVersion: number;
}
export interface School {
  people: Person[];
  projects: ProjectOf[];
  itemIds: string[];
}

export function rssMB(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/** A short film's script: `scenes` scenes of action and dialogue, about one page each. */
export function shortScript(title: string, scenes: number): string {
  const out = [`Title: ${title}`, "Author: A student of the school", ""];
  const places = ["KITCHEN", "HARBOUR", "STAIRWELL", "BUS STOP", "CLASSROOM", "ROOFTOP", "CAR", "FOREST PATH"];
  for (let i = 0; i < scenes; i++) {
    out.push(`${i % 3 === 0 ? "EXT." : "INT."} ${places[i % places.length]} - ${i % 2 ? "NIGHT" : "DAY"}`, "");
    out.push(
      "Rain on the window. MARA (20s) counts coins on the table, slowly, twice, as if the sum could change.",
      "",
    );
    out.push("MARA", "It was enough last week.", "");
    out.push("JONAS", "(from the doorway)", "Last week was last week.", "");
    out.push("She pockets the coins. He does not move aside.", "");
  }
  return out.join("\n");
}

async function call(
  portal: RunningPortal,
  method: string,
  path: string,
  cookie: string | null,
  json?: unknown,
): Promise<{ status: number; body: any; setCookie: string[] }> {
  const res = await fetch(`${portal.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      origin: portal.url,
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; kept as text for the error below
  }
  if (!res.ok) throw new Error(`growing the school: ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body, setCookie: res.headers.getSetCookie() };
}

export async function signInAs(portal: RunningPortal, email: string): Promise<string> {
  const r = await call(portal, "POST", "/auth/v1/sign-in/email", null, { email, password: "portal-demo" });
  return r.setCookie.map((c) => c.split(";")[0]).join("; ");
}

/** Runs `work` over `items` with `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Grows the seeded demo school through the API a person would use: accounts by sign-up (staff promoted by the
 * admin), projects created by a student lead with a supervisor and a crew, a budget of twenty lines, a screenplay
 * with its scenes locked, three shoot days with the scenes on the stripboard, and the inventory by CSV import.
 */
export async function growSchool(portal: RunningPortal, size: SchoolSize = SCHOOL): Promise<School> {
  const admin = await signInAs(portal, "admin@portal.test");
  const staffCount = Math.round(size.people * STAFF_SHARE);
  const fresh = Array.from({ length: size.people }, (_, i) => ({
    email: `person${i + 1}@school.test`,
    name: `School Person ${i + 1}`,
    role: (i < staffCount ? "staff" : "student") as Person["role"],
  }));
  const people = await inParallel(fresh, 4, async (p) => {
    const r = await call(portal, "POST", "/auth/v1/sign-up/email", null, {
      email: p.email,
      password: "portal-demo",
      name: p.name,
    });
    const id = r.body.user.id as string;
    if (p.role === "staff") await call(portal, "PATCH", `/rest/v1/users/${id}`, admin, { role: "staff" });
    return { email: p.email, id, role: p.role };
  });
  const staff = people.filter((p) => p.role === "staff");
  const students = people.filter((p) => p.role === "student");
  const accounts = (await call(portal, "GET", "/rest/v1/budget-accounts", admin)).body as { code: string }[];
  const codes = accounts.map((a) => a.code);

  const leads = Array.from({ length: size.projects }, (_, i) => students[i % students.length]!);
  const projects = await inParallel(leads, 4, async (lead, i) => {
    const cookie = await signInAs(portal, lead.email);
    const project = (
      await call(portal, "POST", "/rest/v1/projects", cookie, {
        title: `School production ${i + 1}`,
        type: i % 4 === 0 ? "documentary" : "fiction",
        academicYear: "2026/27",
        logline: "A production of the grown school, made to measure the portal at a Monday-morning peak.",
        supervisorId: staff[i % staff.length]!.id,
        myRoles: ["director", "producer"],
      })
    ).body as { id: string };
    const crewEmails = [lead.email];
    for (let k = 1; k < CREW; k++) {
      const member = students[(i + k * 37) % students.length]!;
      if (crewEmails.includes(member.email)) continue;
      await call(portal, "POST", `/rest/v1/projects/${project.id}/members`, cookie, {
        userId: member.id,
        roles: ["camera_operator"],
      });
      crewEmails.push(member.email);
    }
    await call(portal, "PUT", `/rest/v1/budgets/${project.id}`, cookie, {
      version: 0,
      contingencyBps: 1000,
      lines: Array.from({ length: 20 }, (_, l) => ({
        id: randomUUID(),
        accountCode: codes[l % codes.length],
        description: `Line ${l + 1}`,
        quantity: 1 + (l % 4),
        units: "days",
        rate: 2500 + l * 100,
        notes: "",
      })),
    });
    const draft = (await call(portal, "GET", `/rest/v1/budgets/${project.id}/draft`, cookie)).body as {
      version: number;
    };
    const sp = (
      await call(portal, "POST", "/rest/v1/screenplays", cookie, {
        title: `School production ${i + 1}`,
        projectId: project.id,
        body: shortScript(`School production ${i + 1}`, 12),
      })
    ).body as { id: string; version: number };
    const locked = (
      await call(portal, "POST", `/rest/v1/screenplays/${sp.id}/lock-scenes`, cookie, { version: sp.version })
    ).body as { id: string; version: number };
    for (let d = 0; d < 3; d++) {
      const date = new Date(Date.now() + (14 + (i % 60) + d) * 86_400_000).toISOString().slice(0, 10);
      await call(portal, "POST", `/rest/v1/projects/${project.id}/schedule/days`, cookie, {
        date,
        location: `Location ${d + 1}`,
        generalCall: "08:00",
      });
    }
    const schedule = (await call(portal, "GET", `/rest/v1/projects/${project.id}/schedule`, cookie)).body as {
      version: number;
      days: { id: string }[];
    };
    await call(portal, "PUT", `/rest/v1/projects/${project.id}/schedule/board`, cookie, {
      version: schedule.version,
      screenplayId: locked.id,
      days: schedule.days.map((day, d) => ({ id: day.id, scenes: [1, 2, 3, 4].map((n) => String(d * 4 + n)) })),
    });
    return {
      id: project.id,
      leadEmail: lead.email,
      supervisorEmail: staff[i % staff.length]!.email,
      crewEmails,
      screenplayId: sp.id,
      screenplayVersion: locked.version,
      draftVersion: draft.version,
    };
  });

  const csv = ["asset_tag,name,category,brand,model,value,condition,status,location"];
  for (let n = 1; n <= size.items; n++) {
    const kind = (["Camera", "Lens", "Light", "Sound", "Grip"] as const)[n % 5]!;
    csv.push(
      `SCH-${String(n).padStart(5, "0")},${kind} ${n},School ${kind}s,Brand,Model ${n % 40},${1000 + n},good,available,Store room`,
    );
  }
  const office = await signInAs(portal, "equipment@portal.test");
  await call(portal, "POST", "/rest/v1/equipment/items/import", office, { csv: csv.join("\n") });
  const items: string[] = [];
  for (let offset = 0; offset < size.items; offset += 100) {
    const page = (await call(portal, "GET", `/rest/v1/equipment/items?search=SCH-&limit=100&offset=${offset}`, office))
      .body as { items: { id: string }[] };
    items.push(...page.items.map((x) => x.id));
  }
  return { people, projects, itemIds: items };
}

interface Step {
  method: string;
  path: string;
  body?: () => unknown;
  /** What to remember of the answer (a version, an id) for a later write. */
  keep?: (json: any) => void;
}

export interface PeakFigure {
  connections: number;
  durationS: number;
  people: { students: number; staff: number };
  requests: number;
  writes: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  over2s: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  slowest: { route: string; p99Ms: number; count: number }[];
  /** Answers completed in each second of the run: a stall shows as a gap. */
  perSecond: number[];
  /** Requests that got no answer (a timeout or a dropped connection), by route. */
  failedRoutes: Record<string, number>;
}

/** One virtual person: their pages in order, each page the requests the web app makes for it. */
/** Peaks run so far in this process: a later peak on the same school books later days, so its requests never collide. */
let peaksRun = 0;

function cycleOf(
  person: Person,
  school: School,
  vu: number,
  run: number,
): { opening: Step[]; reads: Step[]; writes: Step[] } {
  const own = school.projects.find((p) => p.leadEmail === person.email);
  // A person opens a project they are on: their own, one they crew on, or (staff) one they supervise.
  const project =
    own ??
    school.projects.find((p) => p.crewEmails.includes(person.email) || p.supervisorEmail === person.email) ??
    school.projects[vu % school.projects.length]!;
  const pid = project.id;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const range = `from=${encodeURIComponent(day(3))}&to=${encodeURIComponent(day(4))}`;
  const shell = [
    { method: "GET", path: "/auth/v1/get-session" },
    { method: "GET", path: "/rest/v1/notifications?limit=10&offset=0" },
  ];
  const state = {
    screenplayVersion: own?.screenplayVersion ?? 0,
    draftVersion: own?.draftVersion ?? 0,
    reservations: 0,
  };
  const reads: Step[] = [
    // home
    ...shell,
    { method: "GET", path: "/rest/v1/profile" },
    { method: "GET", path: "/rest/v1/projects?mine=true&sort=updated&limit=100" },
    { method: "GET", path: "/rest/v1/notifications?unreadOnly=true&limit=5" },
    { method: "GET", path: "/rest/v1/school-formats" },
    // the production overview
    ...shell,
    { method: "GET", path: "/rest/v1/overview/timeline?weeks=6&limit=50&offset=0" },
    { method: "GET", path: "/rest/v1/overview/filters" },
    { method: "GET", path: "/rest/v1/overview/board" },
    // projects
    ...shell,
    { method: "GET", path: "/rest/v1/people?role=staff,admin&limit=50" },
    { method: "GET", path: "/rest/v1/projects?limit=25&offset=0&sort=updated" },
    // a project, its budget and its schedule
    ...shell,
    { method: "GET", path: `/rest/v1/projects/${pid}` },
    { method: "GET", path: `/rest/v1/screenplays?scope=all&limit=20&offset=0&projectId=${pid}` },
    { method: "GET", path: `/rest/v1/equipment/reservations?projectId=${pid}&limit=20` },
    { method: "GET", path: `/rest/v1/budgets/${pid}` },
    {
      method: "GET",
      path: `/rest/v1/budgets/${pid}/draft`,
      keep: (j) => (state.draftVersion = j?.version ?? state.draftVersion),
    },
    { method: "GET", path: `/rest/v1/projects/${pid}/schedule` },
    // screenplays and one screenplay
    ...shell,
    { method: "GET", path: "/rest/v1/screenplays?scope=all&limit=20&offset=0" },
    {
      method: "GET",
      path: `/rest/v1/screenplays/${project.screenplayId}`,
      keep: (j) => (state.screenplayVersion = j?.version ?? state.screenplayVersion),
    },
    // equipment for a date range
    ...shell,
    { method: "GET", path: "/rest/v1/equipment/categories" },
    { method: "GET", path: "/rest/v1/equipment/me" },
    { method: "GET", path: `/rest/v1/equipment/availability?${range}&limit=25&offset=0` },
    { method: "GET", path: `/rest/v1/equipment/kits?${range}` },
    { method: "GET", path: "/rest/v1/equipment/reservations?mine=true&limit=50" },
  ];
  const writes: Step[] = [];
  if (own) {
    writes.push({
      method: "PATCH",
      path: `/rest/v1/screenplays/${own.screenplayId}`,
      body: () => ({
        version: state.screenplayVersion,
        body: shortScript(`School production, draft ${state.screenplayVersion}`, 12),
      }),
      keep: (j) => (state.screenplayVersion = j?.version ?? state.screenplayVersion),
    });
    writes.push({
      method: "PUT",
      path: `/rest/v1/budgets/${own.id}/draft`,
      body: () => ({
        version: state.draftVersion,
        contingency: "10",
        rows: [
          {
            id: "00000000-0000-4000-8000-000000000001",
            accountCode: "",
            description: `Typed line ${state.draftVersion}`,
            quantity: "2",
            units: "days",
            rate: "12,50",
            notes: "",
          },
        ],
      }),
      keep: (j) => (state.draftVersion = j?.version ?? state.draftVersion),
    });
    // A reservation request of the person's own item, each for a later day than the last, so none collide.
    const item = school.itemIds[vu % school.itemIds.length]!;
    writes.push({
      method: "POST",
      path: "/rest/v1/equipment/reservations",
      body: () => {
        const n = ++state.reservations;
        return {
          projectId: own.id,
          startsAt: day(20 + run * 300 + n * 2),
          endsAt: day(21 + run * 300 + n * 2),
          itemIds: [item],
          note: "",
        };
      },
    });
  }
  writes.push({ method: "POST", path: "/rest/v1/notifications/read-all", body: () => ({}) });
  // What the browser has loaded before the person types: the versions their autosaves start from.
  const opening: Step[] = own
    ? [
        {
          method: "GET",
          path: `/rest/v1/screenplays/${own.screenplayId}`,
          keep: (j) => (state.screenplayVersion = j?.version ?? state.screenplayVersion),
        },
        {
          method: "GET",
          path: `/rest/v1/budgets/${own.id}/draft`,
          keep: (j) => (state.draftVersion = j?.version ?? state.draftVersion),
        },
      ]
    : [];
  return { opening, reads, writes };
}

/** The route of a path for the per-route figures: ids and query values folded. */
const routeOf = (method: string, path: string) =>
  `${method} ${path.split("?")[0]!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")}`;

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * `connections` people, each on a connection of their own (as each browser is), cycling their pages for
 * `durationS` seconds; every WRITE_EVERY-th request is one of their writes instead.
 */
export async function schoolPeak(
  portal: RunningPortal,
  school: School,
  opts: { connections: number; durationS: number },
): Promise<PeakFigure> {
  const staffCount = Math.round(opts.connections * STAFF_SHARE);
  const leadsFirst = [
    ...school.people.filter((p) => p.role === "student" && school.projects.some((x) => x.leadEmail === p.email)),
  ];
  const others = school.people.filter((p) => p.role === "student" && !leadsFirst.includes(p));
  const students = [...leadsFirst, ...others].slice(0, opts.connections - staffCount);
  const crowd = [...school.people.filter((p) => p.role === "staff").slice(0, staffCount), ...students];
  const cookies = await inParallel(crowd, 4, (p) => signInAs(portal, p.email));
  const agents = crowd.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));

  const url = new URL(portal.url);
  const latencies: number[] = [];
  const byRoute = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  let errors = 0;
  let writes = 0;
  const perSecond: number[] = [];
  const failedRoutes: Record<string, number> = {};

  const send = (agent: http.Agent, cookie: string, step: Step) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = step.body ? JSON.stringify(step.body()) : undefined;
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: step.method,
          path: step.path,
          agent,
          timeout: 30_000,
          headers: {
            cookie,
            origin: portal.url,
            ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", reject);
      if (payload) req.write(payload);
      req.end();
    });

  // Every browser has its connection open before the bell rings: a first get-session over each, outside the
  // figures, so that 200 connections opened in the same instant (and the kernel's backlog) are not measured.
  const run = peaksRun++;
  const cycles = crowd.map((person, vu) => cycleOf(person, school, vu, run));
  await Promise.all(
    crowd.map(async (_, vu) => {
      for (const step of [{ method: "GET", path: "/auth/v1/get-session" }, ...cycles[vu]!.opening]) {
        const res = await send(agents[vu]!, cookies[vu]!, step);
        if (step.keep && res.status === 200) step.keep(JSON.parse(res.text));
      }
    }),
  );
  const stopAt = Date.now() + opts.durationS * 1000;
  const started = Date.now();
  await Promise.all(
    crowd.map(async (_, vu) => {
      const agent = agents[vu]!;
      const { reads, writes: own } = cycles[vu]!;
      let r = vu % reads.length;
      let n = vu;
      let w = 0;
      while (Date.now() < stopAt) {
        n++;
        const write = n % WRITE_EVERY === 0;
        const step = write ? own[w++ % own.length]! : reads[r++ % reads.length]!;
        const t0 = performance.now();
        try {
          const res = await send(agent, cookies[vu]!, step);
          const ms = performance.now() - t0;
          latencies.push(ms);
          const second = Math.floor((Date.now() - started) / 1000);
          perSecond[second] = (perSecond[second] ?? 0) + 1;
          const route = routeOf(step.method, step.path);
          (byRoute.get(route) ?? byRoute.set(route, []).get(route)!).push(ms);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (write) writes++;
          if (res.status >= 200 && res.status < 300) {
            if (step.keep) step.keep(JSON.parse(res.text));
          } else if (!statuses[`${res.status} ${route}`]) {
            statuses[`${res.status} ${route}`] = 1;
            console.log(`\n    ${res.status} on ${route}: ${res.text.slice(0, 200)}`);
          }
        } catch {
          errors++;
          const route = routeOf(step.method, step.path);
          failedRoutes[route] = (failedRoutes[route] ?? 0) + 1;
        }
      }
      agent.destroy();
    }),
  );
  const elapsedS = (Date.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const non2xx = Object.entries(statuses)
    .filter(([k]) => /^\d+$/.test(k) && !k.startsWith("2"))
    .reduce((a, [, v]) => a + v, 0);
  const slowest = [...byRoute.entries()]
    .map(([route, ms]) => ({ route, p99Ms: round(percentile(Float64Array.from(ms).sort(), 0.99)), count: ms.length }))
    .sort((a, b) => b.p99Ms - a.p99Ms)
    .slice(0, 8);
  return {
    connections: crowd.length,
    durationS: opts.durationS,
    people: { students: students.length, staff: staffCount },
    requests: latencies.length,
    writes,
    reqPerSec: round(latencies.length / elapsedS),
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    over2s: latencies.filter((ms) => ms > 2000).length,
    errors,
    non2xx,
    statuses: Object.fromEntries(Object.entries(statuses).filter(([k]) => /^\d+$/.test(k))),
    slowest,
    perSecond: Array.from(perSecond, (n) => n ?? 0),
    failedRoutes,
  };
}
