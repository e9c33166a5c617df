import iconv from "iconv-lite";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseDetail, RosterPreview } from "../../../common/courses.ts";
import type { BoardDto, OverviewFilterOptions } from "../../../common/overview-api.ts";
import { courseEnrolments, invitations, jobs } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, SIGNED_IN, signInAll, type Expected } from "../../test/matrix.ts";

/** Courses made here run in terms of their own, so the demo school's courses never get in the way. */
const TERM = "2033 Autumn";
const YEAR = "2033/34";

const CSV = { "content-type": "text/csv" };

/** Canvas's gradebook export: "Last, First" names, the SIS login as the e-mail, a "Points Possible" row. */
const canvasGradebook = [
  "Student,ID,SIS User ID,SIS Login ID,Section,Assignment 1 (1001),Current Score",
  "    Points Possible,,,,,10,",
  '"Fischer, Lena",101,S-0001,student@portal.test,FILM-310 A,9,90',
  '"Park, Jun",102,S-0002,JUN.PARK@portal.test,FILM-310 A,7,70',
  '"Quist, Vera",103,S-0003,vera.quist@elsewhere.test,FILM-310 B,8,80',
  '"Login, Only",104,S-0004,lonly,FILM-310 B,,',
].join("\r\n");

/** Moodle's participants export, columns in its own order, a teacher among the participants. */
const moodle = (sep: string, rows: string[][]) =>
  [["First name", "Surname", "ID number", "Email address", "Roles", "Groups"], ...rows]
    .map((r) => r.join(sep))
    .join("\n");
const MOODLE_ROWS = [
  ["Lena", "Fischer", "S-0001", "student@portal.test", "Student", "A"],
  ["Amara", "Diallo", "S-0005", "amara.diallo@portal.test", "Student", "A"],
  ["Daniel", "Reyes", "", "staff@portal.test", "Teacher", ""],
  ["Zoë", "Müller", "S-0009", "zoe.mueller@elsewhere.test", "Student", "B"],
  ["Broken", "Row", "S-0010", "not-an-address", "Student", "B"],
];

describe.each(DB_KINDS)("courses and rosters on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};
  let n = 0;
  const course = async (json: Record<string, unknown> = {}) => {
    const res = await p.as("admin").post("/courses", {
      code: `T-${++n}`,
      title: `Course ${n}`,
      term: TERM,
      teacherIds: [ids.staff],
      projectTypes: ["fiction"],
      ...json,
    });
    expect(res.status, res.text).toBe(201);
    return res.body as CourseDetail;
  };
  const roster = async (id: string, text: string | Uint8Array, dryRun: boolean, as = "admin") =>
    p.as(as).send("POST", `/courses/${id}/roster${dryRun ? "?dryRun=true" : ""}`, {
      body: typeof text === "string" ? text : new Uint8Array(text),
      headers: CSV,
    });

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
    const jun = await signInAll(p, { jun: "jun.park@portal.test", amara: "amara.diallo@portal.test" });
    Object.assign(ids, jun.ids);
  });
  afterAll(() => p?.close());

  describe("courses", () => {
    it("are created and edited by staff and admins, with staff teachers and the project types they run", async () => {
      const made = await course({ code: "FILM-310", title: "Thesis Film", projectTypes: ["fiction", "documentary"] });
      expect(made).toMatchObject({
        code: "FILM-310",
        term: TERM,
        teachers: [{ id: ids.staff, name: "Daniel Reyes" }],
        projectTypes: ["fiction", "documentary"],
        activeStudents: 0,
        canManage: true,
      });
      const edited = await p
        .as("staff")
        .patch(`/courses/${made.id}`, { title: "Thesis Film I", teacherIds: [ids.staff, ids.admin] });
      expect(edited.status).toBe(200);
      expect(edited.body.title).toBe("Thesis Film I");
      expect(edited.body.teachers.map((t: { id: string }) => t.id).sort()).toEqual([ids.staff, ids.admin].sort());
      // A code names one course per term; the same code runs again in another.
      const again = await p.as("admin").post("/courses", { code: "film-310", title: "Again", term: TERM });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain("already a course");
      expect(
        (await p.as("admin").post("/courses", { code: "FILM-310", title: "Next", term: "2034 Spring" })).status,
      ).toBe(201);
      const student = await p
        .as("admin")
        .post("/courses", { code: "X-1", title: "X", term: TERM, teacherIds: [ids.member] });
      expect(student.status).toBe(400);
      expect(student.body.error.message).toContain("not a member of staff");
    });

    it("are listed to staff all, and to everyone else the ones they teach or take", async () => {
      const c = await course({ code: "LIST-1" });
      await roster(c.id, "Name,Email\nLena Fischer,student@portal.test\n", false);
      const staffList = await p.as("staff").get(`/courses?term=${encodeURIComponent(TERM)}&limit=100`);
      expect(staffList.body.items.map((i: { code: string }) => i.code)).toContain("LIST-1");
      const lena = await p.as("member").get(`/courses?term=${encodeURIComponent(TERM)}&limit=100`);
      expect(lena.body.items.map((i: { code: string }) => i.code)).toEqual(["LIST-1"]);
      expect(lena.body.items[0]).toMatchObject({ isStudent: true, isTeacher: false, activeStudents: 1 });
      expect((await p.as("outsider").get(`/courses?term=${encodeURIComponent(TERM)}`)).body.total).toBe(0);
      expect((await p.as("outsider").get(`/courses/${c.id}`)).status).toBe(404);
      const seen = await p.as("member").get(`/courses/${c.id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.canManage).toBe(false);
      expect(seen.body.students[0]).not.toHaveProperty("email");
      // Pages come from the database.
      const page = await p.as("admin").get(`/courses?term=${encodeURIComponent(TERM)}&limit=1&offset=1`);
      expect(page.body.items).toHaveLength(1);
      expect(page.body.total).toBeGreaterThan(1);
    });

    it("refuse bad input with a message, never a 500", async () => {
      const c = await course();
      await expectClientErrors(p, cookies.admin!, [
        ["POST", "/courses", { code: "", title: "x", term: TERM }],
        ["POST", "/courses", { code: "A", title: "x", term: TERM, projectTypes: ["opera"] }],
        ["POST", "/courses", { code: "A", title: "x", term: TERM, teacherIds: ["nobody"] }],
        ["PATCH", `/courses/${c.id}`, {}],
        ["PATCH", "/courses/not-an-id", { title: "x" }],
        ["GET", "/courses/00000000-0000-4000-8000-000000000000"],
        ["GET", "/courses?limit=1000"],
        ["POST", `/courses/${c.id}/roster?dryRun=maybe`, []],
        ["POST", `/courses/${c.id}/roster`, { students: [{ email: "nope" }] }],
      ]);
    });

    it("answer each kind of caller as the role table says", async () => {
      const fixture = () => course();
      const MANAGE: Expected = [401, 403, 403, 200, 403, 200];
      await expectMatrixRow(p, cookies, async () => null, ["list", "GET", () => "/courses", undefined, SIGNED_IN]);
      await expectMatrixRow(p, cookies, async () => null, [
        "create",
        "POST",
        () => "/courses",
        () => ({ code: `M-${++n}`, title: "Matrix", term: TERM }),
        [401, 403, 403, 201, 403, 201],
      ]);
      await expectMatrixRow(p, cookies, fixture, [
        "edit",
        "PATCH",
        (c) => `/courses/${c.id}`,
        { title: "Renamed" },
        MANAGE,
      ]);
      await expectMatrixRow(p, cookies, fixture, [
        "read",
        "GET",
        (c) => `/courses/${c.id}`,
        undefined,
        [401, 404, 404, 200, 404, 200],
      ]);
      await expectMatrixRow(p, cookies, fixture, [
        "roster preview",
        "POST",
        (c) => `/courses/${c.id}/roster?dryRun=true`,
        { students: [{ email: "student@portal.test", name: "Lena" }] },
        MANAGE,
      ]);
    });
  });

  describe("projects in courses", () => {
    it("link to a course the creator takes, take its teacher as supervisor, and read its code", async () => {
      const c = await course({ code: "PRJ-1" });
      await roster(c.id, "Name,Email\nLena Fischer,student@portal.test\n", false);
      const made = await p
        .as("member")
        .post("/projects", { title: "Linked", type: "fiction", academicYear: YEAR, courseId: c.id });
      expect(made.status, made.text).toBe(201);
      expect(made.body).toMatchObject({ courseId: c.id, course: "PRJ-1", supervisor: { id: ids.staff } });
      // A supervisor chosen stays chosen.
      const chosen = await p.as("member").post("/projects", {
        title: "Chosen",
        type: "fiction",
        academicYear: YEAR,
        courseId: c.id,
        supervisorId: ids.admin,
      });
      expect(chosen.body.supervisor.id).toBe(ids.admin);
      // Not a course Tomás takes; staff link any.
      const outsider = await p
        .as("outsider")
        .post("/projects", { title: "No", type: "fiction", academicYear: YEAR, courseId: c.id });
      expect(outsider.status).toBe(400);
      expect(outsider.body.error.message).toContain("course you take or teach");
      const later = await p.as("staff").post("/projects", { title: "Later", type: "fiction", academicYear: YEAR });
      expect(later.body.supervisor).toBeNull();
      const linked = await p
        .as("staff")
        .patch(`/projects/${later.body.id}`, { version: later.body.version, courseId: c.id });
      expect(linked.status, linked.text).toBe(200);
      expect(linked.body).toMatchObject({ courseId: c.id, course: "PRJ-1", supervisor: { id: ids.staff } });
      const unlinked = await p
        .as("staff")
        .patch(`/projects/${later.body.id}`, { version: linked.body.version, courseId: null });
      expect(unlinked.body.courseId).toBeNull();
      const bad = await p
        .as("staff")
        .post("/projects", { title: "Bad", type: "fiction", academicYear: YEAR, courseId: "x" });
      expect(bad.status).toBe(400);
    });

    it("filter the projects list and the overview by course and by term", async () => {
      const a = await course({ code: "FLT-A", term: "2035 Spring" });
      const b = await course({ code: "FLT-B", term: "2035 Autumn" });
      const make = (title: string, courseId: string) =>
        p.as("staff").post("/projects", { title, type: "fiction", academicYear: YEAR, courseId });
      await make("Alpha", a.id);
      await make("Beta", b.id);
      await make("Beta Two", b.id);
      const titles = async (qs: string) =>
        (await p.as("member").get(`/projects?${qs}&sort=title`)).body.items.map((i: { title: string }) => i.title);
      expect(await titles(`courseId=${a.id}`)).toEqual(["Alpha"]);
      expect(await titles(`term=${encodeURIComponent("2035 Autumn")}`)).toEqual(["Beta", "Beta Two"]);
      const page = await p.as("member").get(`/projects?term=${encodeURIComponent("2035 Autumn")}&limit=1`);
      expect(page.body).toMatchObject({ total: 2 });
      const board = (await p.as("member").get(`/overview/board?courseId=${b.id}`)).body as BoardDto;
      expect(board.columns.flatMap((c) => c.items.map((i) => i.title)).sort()).toEqual(["Beta", "Beta Two"]);
      const filters = (await p.as("member").get("/overview/filters")).body as OverviewFilterOptions;
      expect(filters.terms).toEqual(expect.arrayContaining(["2035 Spring", "2035 Autumn", "2026 Autumn"]));
      expect(filters.courseList.map((c) => c.code)).toEqual(expect.arrayContaining(["FLT-A", "FLT-B"]));
      const csv = await p.as("member").get(`/overview/export.csv?term=${encodeURIComponent("2035 Autumn")}`);
      expect(csv.text).toContain("Beta Two");
      expect(csv.text).not.toContain("Alpha");
      expect((await p.as("member").get("/projects?courseId=nope")).status).toBe(400);
    });
  });

  describe("roster import", () => {
    it("reads a Canvas gradebook: preview, then apply, then a second import changes nothing", async () => {
      const c = await course();
      const preview = (await roster(c.id, canvasGradebook, true)).body as RosterPreview;
      expect(preview).toMatchObject({ format: "canvas-gradebook", applied: false, unchanged: 0, dropped: [] });
      expect(preview.added.map((a) => a.email)).toEqual(["student@portal.test", "jun.park@portal.test"]);
      expect(preview.added[0]).toMatchObject({ name: "Lena Fischer", row: 3 });
      expect(preview.unknown).toEqual([{ email: "vera.quist@elsewhere.test", name: "Vera Quist", row: 5 }]);
      expect(preview.problems).toEqual([
        { row: 6, reason: expect.stringContaining('"lonly" is not an e-mail address') },
      ]);
      // The preview changed nothing.
      expect((await p.as("admin").get(`/courses/${c.id}`)).body.students).toEqual([]);

      const applied = (await roster(c.id, canvasGradebook, false)).body as RosterPreview;
      expect(applied.applied).toBe(true);
      const detail = (await p.as("admin").get(`/courses/${c.id}`)).body as CourseDetail;
      expect(detail.students.map((s) => [s.name, s.status, s.userId === null])).toEqual([
        ["Jun Park", "active", false],
        ["Lena Fischer", "active", false],
        ["Vera Quist", "active", true],
      ]);
      const [invitation] = await p.services.db
        .select()
        .from(invitations)
        .where(eq(invitations.email, "vera.quist@elsewhere.test"));
      expect(invitation).toMatchObject({ role: "student" });

      const again = (await roster(c.id, canvasGradebook, false)).body as RosterPreview;
      expect(again).toMatchObject({ added: [], dropped: [], unknown: [], unchanged: 3 });
      expect(
        await p.services.db.select().from(invitations).where(eq(invitations.email, "vera.quist@elsewhere.test")),
      ).toHaveLength(1);
    });

    it("reads Moodle's export with ';' and in Windows-1252, leaves teachers out, and drops who is gone", async () => {
      const c = await course();
      const first = (await roster(c.id, moodle(",", MOODLE_ROWS), false)).body as RosterPreview;
      expect(first.format).toBe("moodle");
      expect(first.added.map((a) => a.email)).toEqual(["student@portal.test", "amara.diallo@portal.test"]);
      expect(first.unknown).toEqual([{ email: "zoe.mueller@elsewhere.test", name: "Zoë Müller", row: 5 }]);
      expect(first.skipped).toEqual([{ row: 4, reason: expect.stringContaining("Not a student (Teacher)") }]);
      expect(first.problems).toEqual([{ row: 6, reason: expect.stringContaining("not an e-mail address") }]);

      // The same class saved by Excel on Windows: ';' between fields, Windows-1252 bytes. Nothing to change.
      const windows = iconv.encode(moodle(";", MOODLE_ROWS), "win1252");
      expect(windows.includes(0xeb)).toBe(true); // ë as one byte
      const same = (await roster(c.id, windows, true)).body as RosterPreview;
      expect(same).toMatchObject({ format: "moodle", added: [], unknown: [], dropped: [], unchanged: 3 });

      // Amara left the course: she is dropped, keeps her row, and leaves the active lists.
      const without = MOODLE_ROWS.filter((r) => r[0] !== "Amara");
      const drop = (await roster(c.id, moodle(";", without), false)).body as RosterPreview;
      expect(drop.dropped).toEqual([{ email: "amara.diallo@portal.test", name: "Amara Diallo" }]);
      const [row] = await p.services.db
        .select()
        .from(courseEnrolments)
        .where(and(eq(courseEnrolments.courseId, c.id), eq(courseEnrolments.email, "amara.diallo@portal.test")));
      expect(row).toMatchObject({ status: "dropped", userId: ids.amara });
      const admin = (await p.as("admin").get(`/courses/${c.id}`)).body as CourseDetail;
      expect(admin.activeStudents).toBe(2);
      expect(admin.students.at(-1)).toMatchObject({ name: "Amara Diallo", status: "dropped" });
      const lena = (await p.as("member").get(`/courses/${c.id}`)).body as CourseDetail;
      expect(lena.students.map((s) => s.name)).not.toContain("Amara Diallo");
      expect((await p.as("amara").get(`/courses/${c.id}`)).status).toBe(404);
      expect((await roster(c.id, moodle(";", without), false)).body).toMatchObject({
        dropped: [],
        added: [],
        unchanged: 2,
      });
      // Back on the list, she rejoins.
      const back = (await roster(c.id, moodle(",", MOODLE_ROWS), false)).body as RosterPreview;
      expect(back.added.map((a) => a.email)).toEqual(["amara.diallo@portal.test"]);
    });

    it("enrols an invited person by e-mail, so accepting the invitation puts their account on the course", async () => {
      const c = await course({ code: "INV-1" });
      const email = "new.student@elsewhere.test";
      await p.as("admin").post(`/courses/${c.id}/roster`, [{ email, name: "New Student" }]);
      const [mail] = await p.services.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'to' = ${email}`);
      const token = decodeURIComponent(
        /accept-invitation\?token=([\w%-]+)/.exec((mail!.payload as { text: string }).text)![1]!,
      );
      const accepted = await p.request("/rest/v1/invitations/accept", {
        method: "POST",
        json: { token, fullName: "Nadia Stern", password: "new-student-pass" },
      });
      expect(accepted.status).toBe(200);
      const cookie = accepted.headers
        .getSetCookie()
        .map((x) => x.split(";")[0])
        .join("; ");
      const mine = await p.as(cookie).get(`/courses?term=${encodeURIComponent(TERM)}`);
      expect(mine.body.items.map((i: { code: string }) => i.code)).toEqual(["INV-1"]);
      const detail = (await p.as("admin").get(`/courses/${c.id}`)).body as CourseDetail;
      expect(detail.students).toMatchObject([{ name: "Nadia Stern", email, status: "active" }]);
    });

    it("takes a JSON list from a script, the same as a file", async () => {
      const c = await course();
      const list = [
        { email: "Jun.Park@portal.test", name: "Jun" },
        { email: "jun.park@portal.test", name: "Jun again" },
      ];
      const res = await p.as("admin").post(`/courses/${c.id}/roster`, { students: list });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ format: "list", added: [{ email: "jun.park@portal.test", name: "Jun Park" }] });
      expect(res.body.problems).toEqual([{ row: 2, reason: expect.stringContaining("already entry 1") }]);
      expect((await p.as("admin").post(`/courses/${c.id}/roster`, list)).body.unchanged).toBe(1);
    });

    it("refuses a file it cannot read with a 4xx and a reason", async () => {
      const c = await course();
      const refused = async (text: string, message: string | RegExp) => {
        const res = await roster(c.id, text, true);
        expect(res.status, res.text).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.error.message).toMatch(message);
      };
      await refused("", /empty/);
      await refused("Title,Due\nEssay,2026-10-01\n", /not a class list/);
      await refused('Name,Email\n"Lena,student@portal.test\n', /could not be read/);
      await refused("Name,Email\n", /names no students/);
      await refused("Name,Email\nLena,lena\nJun,\n", /No row of the class list could be used.*Row 2/);
      const unknownCourse = await roster("00000000-0000-4000-8000-000000000000", "Name,Email\nA,a@b.test\n", true);
      expect(unknownCourse.status).toBe(404);
      expect((await roster(c.id, "Name,Email\nA,a@b.test\n", true, "member")).status).toBe(403);
    });
  });

  it("seeds two terms of demo courses with rosters and the demo projects in them", async () => {
    const filters = (await p.as("staff").get("/overview/filters")).body as OverviewFilterOptions;
    expect(filters.terms).toEqual(expect.arrayContaining(["2026 Spring", "2026 Autumn"]));
    const autumn = await p.as("staff").get(`/courses?term=${encodeURIComponent("2026 Autumn")}`);
    const fiction = autumn.body.items.find((c: { code: string }) => c.code === "FILM-201");
    expect(fiction.projectCount).toBeGreaterThan(0);
    expect(fiction.activeStudents).toBeGreaterThan(0);
    const linked = await p.as("staff").get(`/projects?courseId=${fiction.id}`);
    expect(linked.body.items.every((i: { course: string }) => i.course === "FILM-201")).toBe(true);
  });
});
