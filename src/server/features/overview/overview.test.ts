import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { AdminDashboardDto, BoardDto, TimelineDto } from "../../../common/overview-api.ts";
import { auditLog, jobs, profiles, projects } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import {
  ADMIN_ONLY,
  expectClientErrors,
  expectMatrixRow,
  PUBLIC,
  SIGNED_IN,
  signInAll,
  STAFF_AND_ADMIN,
  type MatrixRow,
} from "../../test/matrix.ts";
import { csvCell } from "../../lib/csv.ts";
// The feed is written by ical-generator: these are the two of its rules the feed relies on.
import { escape, foldLines } from "ical-generator";

/** Projects made here live in this academic year, so the demo seed's projects never get in the way. */
const YEAR = "2033/34";

describe("CSV and iCal text, by themselves", () => {
  it("quotes RFC 4180 fields and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "cut", then')).toBe('"say ""cut"", then"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
    for (const start of ["=", "+", "-", "@"]) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it("escapes TEXT and folds lines at 75 octets without cutting a character", () => {
    expect(escape("a,b;c\\d\ne", false)).toBe("a\\,b\\;c\\\\d\\ne");
    const long = `SUMMARY:${"é".repeat(60)}`;
    const folded = foldLines(long).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const line of folded) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join("")).toBe(long);
  });
});

describe.each(DB_KINDS)("production overview and admin dashboard on %s", (kind) => {
  let p: TestPortal;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const made: Record<string, string> = {};
  const create = async (as: string, json: Record<string, unknown>) => {
    const res = await p.as(as).post("/projects", { academicYear: YEAR, supervisorId: ids.staff, ...json });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const board = async (qs: string, as = "member") => {
    const res = await p.as(as).get(`/overview/board?academicYear=${encodeURIComponent(YEAR)}&${qs}`);
    expect(res.status).toBe(200);
    return res.body as BoardDto;
  };
  const titles = (b: BoardDto) => Object.fromEntries(b.columns.map((c) => [c.phase, c.items.map((i) => i.title)]));

  beforeAll(async () => {
    p = await startTestPortal(kind);
    const signedIn = await signInAll(p);
    Object.assign(cookies, signedIn.cookies);
    Object.assign(ids, signedIn.ids);
    made.river = await create("member", {
      title: "River, Rising; Again",
      type: "documentary",
      course: "Documentary Lab",
      shootStart: "2040-01-10",
      shootEnd: "2040-01-12",
      locations: ["Old Harbour, Pier 4"],
    });
    made.glass = await create("member", {
      title: '=HYPERLINK("http://evil","x")',
      type: "fiction",
      course: "Fiction I",
      shootStart: "2039-12-30",
      shootEnd: "2040-01-02",
    });
    made.later = await create("outsider", {
      title: "Later Film",
      type: "fiction",
      course: "Fiction I",
      shootStart: "2040-02-01",
      supervisorId: null,
    });
    // Moving on as staff, past the checklist with a written reason, as the board's "Move to…" does.
    const moved = await p.as("staff").post(`/projects/${made.later}/phase`, {
      to: "production",
      reason: "Shooting starts",
      overrideReason: "Signed off in the faculty meeting",
    });
    expect(moved.status).toBe(200);
    const ms = await p
      .as("member")
      .post(`/projects/${made.river}/milestones`, { title: "Treatment", dueDate: "2020-01-01" });
    expect(ms.status).toBe(201);
  }, 120_000);
  afterAll(() => p?.close());

  describe("the board", () => {
    it("groups every production by phase, each column with its count", async () => {
      const b = await board("");
      expect(b.columns.map((c) => c.phase)).toEqual([
        "development",
        "pre_production",
        "production",
        "post_production",
        "completed",
      ]);
      expect(titles(b)).toMatchObject({
        development: ['=HYPERLINK("http://evil","x")', "River, Rising; Again"],
        production: ["Later Film"],
        completed: [],
      });
      expect(b.columns.find((c) => c.phase === "development")!.total).toBe(2);
      const river = b.columns[0]!.items.find((i) => i.id === made.river)!;
      expect(river).toMatchObject({
        type: "documentary",
        course: "Documentary Lab",
        supervisor: { id: ids.staff },
        leadNames: ["Lena Fischer"],
        nextShoot: "2040-01-10",
        greenlight: { done: 0, total: 6 },
        isMember: true,
      });
    });

    it("marks each viewer's own crews on the one board the school shares, and a new member at once", async () => {
      const mine = (b: BoardDto) =>
        b.columns.flatMap((c) => c.items.filter((i) => i.isMember).map((i) => i.title)).sort();
      expect(mine(await board(""))).toEqual(['=HYPERLINK("http://evil","x")', "River, Rising; Again"]);
      expect(mine(await board("", "outsider"))).toEqual(["Later Film"]);
      expect(mine(await board("", "staff"))).toEqual([]);
      const added = await p
        .as("staff")
        .post(`/projects/${made.later}/members`, { userId: ids.member, roles: ["editor"] });
      expect(added.status).toBe(201);
      expect(mine(await board(""))).toEqual(['=HYPERLINK("http://evil","x")', "Later Film", "River, Rising; Again"]);
      const removed = await p.as("staff").delete(`/projects/${made.later}/members/${ids.member}`);
      expect(removed.status).toBe(200);
      expect(mine(await board(""))).toEqual(['=HYPERLINK("http://evil","x")', "River, Rising; Again"]);
    });

    it("gives each card its blockers with reasons, the same ones the projects list counts", async () => {
      const b = await board("search=River");
      const river = b.columns[0]!.items[0]!;
      expect(river.blockers.filter((x) => x.kind === "greenlight")).toHaveLength(6);
      expect(river.blockers).toContainEqual(
        expect.objectContaining({ kind: "milestone", title: "Treatment", dueDate: "2020-01-01" }),
      );
      const listed = await p.as("member").get(`/projects?academicYear=${encodeURIComponent(YEAR)}&search=River`);
      expect(listed.body.items[0].blockers).toBe(river.blockers.length);
      // Past production, missing greenlight items no longer hold anything up.
      const later = (await board("search=Later")).columns.find((c) => c.phase === "production")!.items[0]!;
      expect(later.blockers).toEqual([]);
    });

    it("filters by type, course, supervisor, phase and search in the database", async () => {
      expect(titles(await board("type=documentary")).development).toEqual(["River, Rising; Again"]);
      expect(titles(await board("course=Fiction%20I"))).toMatchObject({
        development: ['=HYPERLINK("http://evil","x")'],
        production: ["Later Film"],
      });
      expect(titles(await board(`supervisorId=${ids.staff}`)).production).toEqual([]);
      const onlyProduction = await board("phase=production");
      expect(onlyProduction.columns.map((c) => c.phase)).toEqual(["production"]);
      expect(titles(await board("search=rising")).development).toEqual(["River, Rising; Again"]);
    });

    it("pages a long column and keeps its count", async () => {
      const b = await board("limit=1");
      const dev = b.columns.find((c) => c.phase === "development")!;
      expect(dev.items).toHaveLength(1);
      expect(dev.total).toBe(2);
      const next = await board("phase=development&limit=1&offset=1");
      expect(next.columns[0]!.items).toHaveLength(1);
      expect(next.columns[0]!.items[0]!.id).not.toBe(dev.items[0]!.id);
    });

    it("refuses bad filters with a message, and strangers", async () => {
      for (const qs of ["phase=filming", "type=opera", "limit=500", "offset=-1"]) {
        const res = await p.as("member").get(`/overview/board?${qs}`);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/\w/);
      }
      expect((await p.anonymous.get("/overview/board")).status).toBe(401);
    });

    it("offers the courses, the academic years and the supervisors to filter by", async () => {
      const res = await p.as("member").get("/overview/filters");
      expect(res.body.courses).toEqual(expect.arrayContaining(["Documentary Lab", "Fiction I"]));
      expect(res.body.academicYears).toContain(YEAR);
      expect(res.body.academicYears).toEqual([...res.body.academicYears].sort().reverse());
      expect(res.body.supervisors).toContainEqual({ id: ids.staff, name: expect.any(String) });
    });
  });

  describe("the timeline", () => {
    it("lists the shoots overlapping the window, earliest first", async () => {
      const res = await p
        .as("member")
        .get(`/overview/timeline?academicYear=${encodeURIComponent(YEAR)}&from=2040-01-01&weeks=2`);
      expect(res.status).toBe(200);
      const t = res.body as TimelineDto;
      expect(t).toMatchObject({ from: "2040-01-01", to: "2040-01-14", total: 2 });
      expect(t.items.map((i) => [i.title, i.shootStart, i.shootEnd])).toEqual([
        ['=HYPERLINK("http://evil","x")', "2039-12-30", "2040-01-02"],
        ["River, Rising; Again", "2040-01-10", "2040-01-12"],
      ]);
      const oneDay = await p
        .as("member")
        .get(`/overview/timeline?academicYear=${encodeURIComponent(YEAR)}&from=2040-02-01&weeks=1`);
      expect(oneDay.body.items).toEqual([
        expect.objectContaining({ title: "Later Film", shootStart: "2040-02-01", shootEnd: "2040-02-01" }),
      ]);
    });

    it("starts today for six weeks by default, and refuses bad input", async () => {
      const res = await p.as("member").get("/overview/timeline");
      expect(res.body.from).toBe(res.body.today);
      expect(Date.parse(res.body.to) - Date.parse(res.body.from)).toBe(41 * 86_400_000);
      for (const qs of ["from=tomorrow", "weeks=0", "weeks=100", "from=2040-02-31"]) {
        const bad = await p.as("member").get(`/overview/timeline?${qs}`);
        expect(bad.status).toBe(400);
      }
    });
  });

  describe("the CSV export", () => {
    it("exports the filtered list with RFC 4180 quoting, safe from formulas", async () => {
      const res = await p
        .as("member")
        .get(`/overview/export.csv?academicYear=${encodeURIComponent(YEAR)}&course=Fiction%20I`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename="productions-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.text.split("\r\n");
      expect(lines[0]).toBe(
        "Title,Type,Phase,Course,Academic year,Supervisor,Leads,Shoot start,Shoot end,Greenlight done,Greenlight total,Blockers",
      );
      expect(lines).toHaveLength(4);
      expect(lines[3]).toBe("");
      expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil"",""x""\)",Fiction,Development,Fiction I,2033\/34,/);
      expect(lines[1]).toContain(",2039-12-30,2040-01-02,0,6,");
      expect(lines[1]).toContain("Greenlight missing: Supervisor sign-off");
      expect(lines[2]).toMatch(/^Later Film,Fiction,Production,Fiction I,2033\/34,,Tomás Novák,2040-02-01,,0,6,$/);
    });

    it("starts with the UTF-8 byte-order mark, so Excel reads accents as written", async () => {
      const res = await p.request(
        `/rest/v1/overview/export.csv?academicYear=${encodeURIComponent(YEAR)}&course=Fiction%20I`,
        { cookie: cookies.member },
      );
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString("utf8")).toContain("Tomás Novák");
    });

    it("refuses bad filters before sending a file", async () => {
      const res = await p.as("member").get("/overview/export.csv?type=opera");
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Type must be one of/);
    });
  });

  describe("the iCal feed", () => {
    it("answers a wrong or malformed token with a not-found", async () => {
      for (const token of ["nope", "A".repeat(43), "../../etc/passwd"]) {
        const res = await p.request(`/rest/v1/ical/${encodeURIComponent(token)}.ics`);
        expect(res.status).toBe(404);
      }
      expect((await p.request("/rest/v1/ical/whatever")).status).toBe(404);
    });

    it("serves the shoots of the owner's projects as an RFC 5545 calendar; a new token ends the old one", async () => {
      expect((await p.as("member").get("/overview/ical-token")).body).toEqual({ active: false, url: null });
      const made1 = await p.as("member").post("/overview/ical-token");
      expect(made1.status).toBe(200);
      const url = new URL(made1.body.url);
      expect(url.pathname).toMatch(/^\/rest\/v1\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await p.as("member").get("/overview/ical-token")).body.active).toBe(true);
      const [stored] = await p.services.db
        .select({ hash: profiles.icalTokenHash })
        .from(profiles)
        .where(eq(profiles.id, ids.member!));
      expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(url.pathname).not.toContain(stored!.hash!);

      const res = await p.request(url.pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
      const ics = await res.text();
      expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
      expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
      expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const unfolded = ics.replace(/\r\n /g, "");
      expect(unfolded).toContain(`UID:shoot-${made.river}@`);
      expect(unfolded).toContain("DTSTART;VALUE=DATE:20400110\r\nDTEND;VALUE=DATE:20400113\r\n");
      expect(unfolded).toContain("SUMMARY:Shoot: River\\, Rising\\; Again\r\n");
      expect(unfolded).toContain("LOCATION:Old Harbour\\, Pier 4\r\n");
      expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
      // Only the owner's productions: Tomás's film is not theirs.
      expect(unfolded).not.toContain("Later Film");
      // The same project keeps its UID from one fetch to the next.
      expect((await (await p.request(url.pathname)).text()).replace(/\r\n /g, "")).toContain(
        `UID:shoot-${made.river}@`,
      );

      const made2 = await p.as("member").post("/overview/ical-token");
      expect(made2.body.url).not.toBe(made1.body.url);
      expect((await p.request(url.pathname)).status).toBe(404);
      expect((await p.request(new URL(made2.body.url).pathname)).status).toBe(200);
    });

    it("gives a supervisor the shoots they supervise", async () => {
      const made1 = await p.as("staff").post("/overview/ical-token");
      const ics = (await (await p.request(new URL(made1.body.url).pathname)).text()).replace(/\r\n /g, "");
      expect(ics).toContain(`UID:shoot-${made.river}@`);
    });
  });

  describe("the admin dashboard", () => {
    it("is for staff and admins", async () => {
      const student = await p.as("member").get("/admin/dashboard");
      expect(student.status).toBe(403);
      expect(student.body.error.message).toMatch(/permission/);
      expect((await p.anonymous.get("/admin/dashboard")).status).toBe(401);
      expect((await p.as("staff").get("/admin/dashboard")).body.canRetryJobs).toBe(false);
    });

    it("counts productions by phase and people by role as the database holds them", async () => {
      const d = (await p.as("admin").get("/admin/dashboard")).body as AdminDashboardDto;
      const [all] = await p.services.db.select({ n: count() }).from(projects);
      expect(d.productionsByPhase.reduce((n, x) => n + x.count, 0)).toBe(all!.n);
      expect(d.productionsByPhase.map((x) => x.phase)).toEqual([
        "development",
        "pre_production",
        "production",
        "post_production",
        "completed",
      ]);
      const [people] = await p.services.db.select({ n: count() }).from(profiles);
      expect(d.people.reduce((n, x) => n + x.active + x.deactivated, 0)).toBe(people!.n);
      expect(d.people.find((x) => x.role === "admin")!.active).toBeGreaterThanOrEqual(1);
      // The demo seed leaves one budget waiting for its approver, beside the documents out for signature.
      expect(d.pendingApprovals.items.filter((i) => i.kind === "budget").map((i) => i.title)).toEqual([
        expect.stringMatching(/^Small Hours, version \d+$/),
      ]);
      expect(d.pendingApprovals.items.length).toBeLessThanOrEqual(d.pendingApprovals.total);
      expect(d.pendingApprovals.sources.length).toBeGreaterThan(0);
      expect(d.recentActivity.length).toBeLessThanOrEqual(20);
      const times = d.recentActivity.map((a) => a.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(d.recentActivity.some((a) => a.summary.includes("Later Film") || a.summary.includes("production"))).toBe(
        true,
      );
      expect(d.canRetryJobs).toBe(true);
    });

    it("shows job health and lets an admin retry a dead job, audited", async () => {
      const [dead] = await p.services.db
        .insert(jobs)
        .values({
          type: "email.send",
          payload: { to: "x@portal.test" },
          status: "dead",
          attempts: 5,
          lastError: "SMTP refused: 550",
        })
        .returning();
      const d = (await p.as("staff").get("/admin/dashboard")).body as AdminDashboardDto;
      expect(d.jobs.dead).toBeGreaterThanOrEqual(1);
      expect(d.jobs.recentDead[0]).toMatchObject({
        id: dead!.id,
        type: "email.send",
        attempts: 5,
        lastError: "SMTP refused: 550",
      });

      expect((await p.as("staff").post(`/admin/jobs/${dead!.id}/retry`)).status).toBe(403);
      expect((await p.as("member").post(`/admin/jobs/${dead!.id}/retry`)).status).toBe(403);
      const retried = await p.as("admin").post(`/admin/jobs/${dead!.id}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body).toEqual({ id: dead!.id, status: "pending" });
      const [row] = await p.services.db.select().from(jobs).where(eq(jobs.id, dead!.id));
      expect(row).toMatchObject({ status: "pending", attempts: 0 });
      const [audit] = await p.services.db.select().from(auditLog).where(eq(auditLog.targetId, dead!.id));
      expect(audit).toMatchObject({
        action: "job.retried",
        targetType: "job",
        actorName: "Margaret Okafor",
        details: { attempts: 5, lastError: "SMTP refused: 550" },
      });

      const again = await p.as("admin").post(`/admin/jobs/${dead!.id}/retry`);
      expect(again.status).toBe(409);
      expect(again.body.error.message).toMatch(/only a dead job/);
      expect((await p.as("admin").post("/admin/jobs/not-a-job/retry")).status).toBe(404);
      expect((await p.as("admin").post("/admin/jobs/00000000-0000-4000-8000-000000000000/retry")).status).toBe(404);
    });
  });
  describe("authorization matrix", () => {
    interface Fixture {
      deadJobId: string;
      feedPath: string;
    }
    const fixture = async (): Promise<Fixture> => {
      const [dead] = await p.services.db
        .insert(jobs)
        .values({ type: "email.send", payload: { to: "x@portal.test" }, status: "dead", attempts: 5 })
        .returning();
      const feed = await p.as("member").post("/overview/ical-token");
      return { deadJobId: dead!.id, feedPath: new URL(feed.body.url).pathname.replace("/rest/v1", "") };
    };
    const filters = `academicYear=${encodeURIComponent(YEAR)}`;
    // Moving a card is POST /projects/:id/phase, in the projects matrix.
    const rows: MatrixRow<Fixture>[] = [
      ["read the board", "GET", () => `/overview/board?${filters}`, undefined, SIGNED_IN],
      ["read the timeline", "GET", () => `/overview/timeline?${filters}`, undefined, SIGNED_IN],
      ["read the filter options", "GET", () => "/overview/filters", undefined, SIGNED_IN],
      ["export the CSV", "GET", () => `/overview/export.csv?${filters}`, undefined, SIGNED_IN],
      ["read my iCal feed address", "GET", () => "/overview/ical-token", undefined, SIGNED_IN],
      ["make a new iCal feed address", "POST", () => "/overview/ical-token", undefined, SIGNED_IN],
      ["fetch an iCal feed by its secret address", "GET", (f) => f.feedPath, undefined, PUBLIC],
      ["read the admin dashboard", "GET", () => "/admin/dashboard", undefined, STAFF_AND_ADMIN],
      ["retry a dead job", "POST", (f) => `/admin/jobs/${f.deadJobId}/retry`, undefined, ADMIN_ONLY],
    ];
    it.each(rows)("%s", (...row) => expectMatrixRow(p, cookies, fixture, row));
  });

  describe("bad input", () => {
    it("answers every endpoint's bad input with a 4xx and a message, never a 500", async () => {
      const [done] = await p.services.db
        .insert(jobs)
        .values({ type: "email.send", payload: {}, status: "done", attempts: 1 })
        .returning();
      await expectClientErrors(p, cookies.admin!, [
        ["GET", "/overview/board?limit=abc"],
        ["GET", "/overview/board?offset=1.5"],
        ["GET", `/overview/board?search=${"x".repeat(500)}`],
        ["GET", "/overview/timeline?weeks=two"],
        ["GET", "/overview/timeline?limit=101"],
        ["GET", "/overview/timeline?phase=filming"],
        ["GET", "/overview/export.csv?phase=filming"],
        ["GET", `/overview/export.csv?academicYear=${"2".repeat(30)}`],
        ["GET", "/ical/.ics"],
        ["GET", `/ical/${"A".repeat(5000)}.ics`],
        ["POST", "/admin/jobs/%20/retry"],
        ["POST", `/admin/jobs/${done!.id}/retry`],
        ["GET", "/admin/nothing-here"],
      ]);
    });
  });
});
