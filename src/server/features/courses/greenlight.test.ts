import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseGreenlightDto, CourseGreenlightItem } from "../../../common/course-greenlight.ts";
import type { CourseDetail } from "../../../common/courses.ts";
import type { GreenlightEntryDto, ProjectDetail } from "../../../common/project-api.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll, type Expected } from "../../test/matrix.ts";

/** Courses made here run in a term of their own, so the demo school's courses never get in the way. */
const TERM = "2034 Spring";
const YEAR = "2034/35";

describe.each(DB_KINDS)("a course's greenlight checklist on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};
  let n = 0;
  /** A course taught by Daniel (staff), with Lena (member) enrolled. */
  const course = async (teacherIds = [ids.staff!]) => {
    const res = await p
      .as("admin")
      .post("/courses", { code: `GL-${++n}`, title: `Greenlight ${n}`, term: TERM, teacherIds });
    expect(res.status, res.text).toBe(201);
    const c = res.body as CourseDetail;
    const enrol = await p
      .as("admin")
      .post(`/courses/${c.id}/roster`, [{ name: "Lena Fischer", email: "student@portal.test" }]);
    expect(enrol.status, enrol.text).toBe(200);
    return c;
  };
  const checklist = async (courseId: string, as = "staff") => {
    const res = await p.as(as).get(`/courses/${courseId}/greenlight`);
    expect(res.status, res.text).toBe(200);
    return res.body as CourseGreenlightDto;
  };
  const save = (courseId: string, items: CourseGreenlightItem[], as = "staff") =>
    p.as(as).put(`/courses/${courseId}/greenlight`, { items });
  const project = async (courseId: string) => {
    const res = await p.as("member").post("/projects", {
      title: `Project ${++n}`,
      type: "fiction",
      academicYear: YEAR,
      courseId,
      myRoles: ["director"],
    });
    expect(res.status, res.text).toBe(201);
    return res.body as ProjectDetail;
  };
  const greenlightOf = async (projectId: string) => {
    const res = await p.as("member").get(`/projects/${projectId}`);
    expect(res.status, res.text).toBe(200);
    return res.body as ProjectDetail;
  };
  const entry = (pr: ProjectDetail, key: string) => pr.greenlight.find((g) => g.key === key) as GreenlightEntryDto;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
  });
  afterAll(() => p?.close());

  it("starts as the school's list, followed until a teacher edits it", async () => {
    const c = await course();
    const school = (await p.as("admin").get("/school-settings")).body.settings.greenlightItems;
    const first = await checklist(c.id);
    expect(first).toMatchObject({ followsSchool: true, canEdit: true, schoolItems: school });
    expect(first.items).toEqual(school.map((i: object) => ({ ...i, leadDays: null })));
    // Lena, a student of the course, reads it but may not change it.
    expect((await checklist(c.id, "member")).canEdit).toBe(false);
    const pr = await project(c.id);
    expect(pr.greenlight.map((g) => g.key)).toEqual(school.map((i: { key: string }) => i.key));
    expect(pr.greenlightDeadlines).toEqual({ courseCode: null, firstShootDay: null, hasLeads: false });
  });

  it("is edited by the course's teachers: items added, removed, renamed, the automatic ones still fed", async () => {
    const c = await course();
    const pr = await project(c.id);
    // A tick recorded before the course's list changed keeps its key.
    const tick = await p.as("member").put(`/projects/${pr.id}/greenlight/crew_complete`, { done: true });
    expect(tick.status, tick.text).toBe(200);
    const { items } = await checklist(c.id);
    const edited = [
      { key: "script_locked", label: "Script locked", source: "manual", tickedBy: "supervisor", leadDays: 28 },
      { key: "table_read", label: "Table read", source: "manual", tickedBy: "member", leadDays: null },
      ...items
        .filter((i) => i.key !== "insurance")
        .map((i) =>
          i.key === "budget_approved"
            ? { ...i, label: "Budget signed off by the course", leadDays: 21 }
            : i.key === "releases_signed"
              ? { ...i, leadDays: 14 }
              : i,
        ),
    ] satisfies CourseGreenlightItem[];
    const saved = await save(c.id, edited);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ followsSchool: false, items: edited });

    const after = await greenlightOf(pr.id);
    expect(after.greenlight.map((g) => g.key)).toEqual(edited.map((i) => i.key));
    expect(entry(after, "budget_approved")).toMatchObject({
      label: "Budget signed off by the course",
      source: "budget",
      leadDays: 21,
      dueDate: null,
    });
    expect(entry(after, "crew_complete").done).toBe(true);
    expect(after.greenlightDeadlines).toMatchObject({ firstShootDay: null, hasLeads: true });
    expect(after.greenlightDeadlines.courseCode).toBe(c.code);
    // The course's first teacher supervises the project and ticks the course's own item.
    const locked = await p.as("staff").put(`/projects/${pr.id}/greenlight/script_locked`, { done: true });
    expect(locked.status, locked.text).toBe(200);
    // The projects list counts the course's list: 7 items, 2 done.
    const listed = async () =>
      (await p.as("member").get(`/projects?courseId=${c.id}`)).body.items.find((i: { id: string }) => i.id === pr.id)
        .greenlight;
    expect(await listed()).toEqual({ done: 2, total: 7 });

    // Renaming keeps the automatic item's meaning: it cannot become a hand-ticked one, nor a new item a fed one.
    const refed = await save(
      c.id,
      edited.map((i) => (i.key === "budget_approved" ? { ...i, source: "manual" as const } : i)),
    );
    expect(refed.status).toBe(400);
    expect(refed.body.error.message).toContain("keeps that source");
    const newFed = await save(c.id, [
      ...edited,
      { key: "permits", label: "Permits", source: "documents", tickedBy: "member", leadDays: null },
    ]);
    expect(newFed.status).toBe(400);
    expect(newFed.body.error.message).toContain("ticked by hand");

    // Back to the school's list: the removed item shows again, with its tick (none) and no dates.
    const reset = await p.as("staff").delete(`/courses/${c.id}/greenlight`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.followsSchool).toBe(true);
    const back = await greenlightOf(pr.id);
    expect(back.greenlight.map((g) => g.key)).toContain("insurance");
    expect(back.greenlight.map((g) => g.key)).not.toContain("script_locked");
    expect(entry(back, "crew_complete").done).toBe(true);
    expect(await listed()).toEqual({ done: 1, total: back.greenlight.length });
  });

  it("dates each item from the first shoot day, marks the overdue ones and moves with the day", async () => {
    const c = await course();
    const { items } = await checklist(c.id);
    const leads: Record<string, number> = { budget_approved: 21, releases_signed: 14, crew_complete: 0 };
    expect(
      (
        await save(
          c.id,
          items.map((i) => ({ ...i, leadDays: leads[i.key] ?? null })),
        )
      ).status,
    ).toBe(200);
    const pr = await project(c.id);
    const before = await greenlightOf(pr.id);
    expect(before.greenlight.every((g) => g.dueDate === null)).toBe(true);

    const today = isoDay(new Date());
    const first = addDays(today, 10);
    const later = await p.as("member").post(`/projects/${pr.id}/schedule/days`, { date: addDays(today, 30) });
    expect(later.status, later.text).toBe(201);
    const day = await p.as("member").post(`/projects/${pr.id}/schedule/days`, { date: first });
    expect(day.status, day.text).toBe(201);
    const dated = await greenlightOf(pr.id);
    expect(dated.greenlightDeadlines.firstShootDay).toBe(first);
    expect(entry(dated, "budget_approved")).toMatchObject({ dueDate: addDays(today, -11), overdue: true });
    expect(entry(dated, "releases_signed")).toMatchObject({ dueDate: addDays(today, -4), overdue: true });
    expect(entry(dated, "crew_complete")).toMatchObject({ dueDate: first, overdue: false });
    expect(entry(dated, "insurance")).toMatchObject({ dueDate: null, overdue: false });

    // Moving the first shoot day moves every date.
    const dayId = (day.body.days as { id: string; date: string }[]).find((d) => d.date === first)!.id;
    const version = (day.body.days as { id: string; version: number }[]).find((d) => d.id === dayId)!.version;
    const moved = await p
      .as("member")
      .patch(`/projects/${pr.id}/schedule/days/${dayId}`, { version, date: addDays(today, 25) });
    expect(moved.status, moved.text).toBe(200);
    const after = await greenlightOf(pr.id);
    expect(after.greenlightDeadlines.firstShootDay).toBe(addDays(today, 25));
    expect(entry(after, "budget_approved")).toMatchObject({ dueDate: addDays(today, 4), overdue: false });
    expect(entry(after, "releases_signed")).toMatchObject({ dueDate: addDays(today, 11), overdue: false });
  });

  it("is changed only by the course's teachers and admins; others are told why", async () => {
    const c = await course();
    const { items } = await checklist(c.id);
    const edit = { items: items.map((i) => ({ ...i, leadDays: 7 })) };
    // Columns: anonymous, outsider (not on the course), member (a student of it), staff (its teacher), equipment, admin.
    const expected: Expected = [401, 404, 403, 200, 404, 200];
    await expectMatrixRow(p, cookies, async () => null, [
      "save",
      "PUT",
      () => `/courses/${c.id}/greenlight`,
      edit,
      expected,
    ]);
    await expectMatrixRow(p, cookies, async () => null, [
      "read",
      "GET",
      () => `/courses/${c.id}/greenlight`,
      undefined,
      [401, 404, 200, 200, 404, 200],
    ]);
    const student = await p.as("member").put(`/courses/${c.id}/greenlight`, edit);
    expect(student.body.error.message).toBe(
      `Only the teachers of ${c.code} and admins can change its greenlight checklist and deadlines.`,
    );
    // Staff who do not teach the course may read it (they manage courses) but not change its checklist.
    const other = await course([ids.admin!]);
    const staff = await p.as("staff").put(`/courses/${other.id}/greenlight`, edit);
    expect(staff.status).toBe(403);
    expect(staff.body.error.message).toContain(`Only the teachers of ${other.code}`);
    expect((await p.as("staff").delete(`/courses/${other.id}/greenlight`)).status).toBe(403);
    expect((await checklist(other.id, "staff")).canEdit).toBe(false);
  });

  it("refuses bad checklists with a message, never a 500", async () => {
    const c = await course();
    const item = { key: "script_locked", label: "Script locked", source: "manual", tickedBy: "member", leadDays: 7 };
    await expectClientErrors(p, cookies.staff!, [
      ["PUT", `/courses/${c.id}/greenlight`, { items: [] }],
      ["PUT", `/courses/${c.id}/greenlight`, { items: [item, item] }],
      ["PUT", `/courses/${c.id}/greenlight`, { items: [{ ...item, leadDays: 400 }] }],
      ["PUT", `/courses/${c.id}/greenlight`, { items: [{ ...item, leadDays: -2 }] }],
      ["PUT", `/courses/${c.id}/greenlight`, { items: [{ ...item, key: "Bad Key" }] }],
      ["PUT", `/courses/${c.id}/greenlight`, { items: [{ ...item, label: "" }] }],
      ["PUT", "/courses/not-an-id/greenlight", { items: [item] }],
      ["GET", "/courses/00000000-0000-4000-8000-000000000000/greenlight"],
    ]);
  });
});
