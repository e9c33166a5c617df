import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { FairShareDto, WindowDto } from "../../../common/equipment-fair.ts";
import type { ReservationDto } from "../../../common/equipment.ts";
import { jobs, notifications, requestWindows } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, SIGNED_IN, signInAll, type MatrixRow } from "../../test/matrix.ts";
import { drawOrder } from "./lottery.ts";

const DAY = 86_400_000;
/** Midnight UTC of the Monday `weeks` weeks after this one: bookings far enough out for any lead time. */
const monday = (weeks: number) => {
  const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z");
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};
const iso = (d: Date, plusDays = 0, hours = 0) =>
  new Date(d.getTime() + plusDays * DAY + hours * 3_600_000).toISOString();

describe.each(DB_KINDS)("fair share and request windows on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};
  let courseId: string;
  let otherCourseId: string;
  let projectA: string;
  let projectB: string;
  let personal: string;
  let outsiderProject: string;
  let categoryId: string;
  const items: string[] = [];

  const project = async (as: string, title: string, course?: string) => {
    const res = await p
      .as(as)
      .post("/projects", { title, type: "fiction", academicYear: "2031/32", myRoles: ["director"], courseId: course });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const reserve = (as: string, projectId: string, itemId: string, from: string, to: string) =>
    p.as(as).post("/equipment/reservations", { projectId, startsAt: from, endsAt: to, itemIds: [itemId], kitIds: [] });
  const limits = (as: string, input: Partial<FairShareDto>, id = courseId) =>
    p.as(as).put(`/equipment/fair-share/${id}`, {
      maxActive: null,
      activeScope: "student",
      maxDaysPerWeek: null,
      daysScope: "student",
      ...input,
    });

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
    const made = async (code: string) => {
      const res = await p.as("admin").post("/courses", {
        code: `${code}-${kind}`,
        title: `Fair ${code}`,
        term: "2031 Autumn",
        teacherIds: [ids.staff],
        projectTypes: ["fiction"],
      });
      expect(res.status, res.text).toBe(201);
      await p.as("admin").post(`/courses/${res.body.id}/roster`, [
        { email: "student@portal.test", name: "Lena Fischer" },
        { email: "tomas.novak@portal.test", name: "Tomas Novak" },
      ]);
      return res.body.id as string;
    };
    courseId = await made("FAIR");
    otherCourseId = await made("OTHER");
    projectA = await project("member", `Fair A ${kind}`, courseId);
    projectB = await project("member", `Fair B ${kind}`, courseId);
    personal = await project("member", `Fair own ${kind}`);
    outsiderProject = await project("outsider", `Fair C ${kind}`, otherCourseId);
    categoryId = (await p.as("equipment").post("/equipment/categories", { name: `Fair cams ${kind}` })).body.id;
    for (let n = 1; n <= 6; n++) {
      const res = await p.as("equipment").post("/equipment/items", {
        categoryId,
        name: "Sony FX3",
        assetTag: `FAIR-${kind}-${n}`,
      });
      expect(res.status, res.text).toBe(201);
      items.push(res.body.id);
    }
  }, 120_000);
  afterAll(() => p?.close());

  describe("limits", () => {
    it("are set by the equipment office and the course's teachers, not by students", async () => {
      expect((await limits("member", { maxActive: 2 })).status).toBe(403);
      expect((await limits("outsider", { maxActive: 2 })).status).toBe(403);
      const bad = await limits("staff", { maxDaysPerWeek: 8 });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain("at most 7");
      const byTeacher = await limits("staff", { maxActive: 3, activeScope: "project" });
      expect(byTeacher.status, byTeacher.text).toBe(200);
      expect(byTeacher.body).toMatchObject({ maxActive: 3, activeScope: "project", canEdit: true });
      expect((await limits("equipment", { maxActive: 2 })).status).toBe(200);
      const read = await p.as("member").get(`/equipment/fair-share/${courseId}`);
      expect(read.body).toMatchObject({
        maxActive: 2,
        activeScope: "student",
        canEdit: false,
        updatedByName: expect.any(String),
      });
      const listed = (await p.as("member").get("/equipment/fair-share")).body as FairShareDto[];
      expect(listed.map((l) => l.course.id)).toContain(courseId);
    });

    it("refuses a student's booking past the bookings at a time, naming the limit, on any project of the course or their own", async () => {
      await limits("equipment", { maxActive: 2, activeScope: "student" });
      const week = monday(3);
      expect((await reserve("member", projectA, items[0]!, iso(week), iso(week, 1))).status).toBe(201);
      const second = await reserve("member", projectB, items[1]!, iso(week, 2), iso(week, 3));
      expect(second.status, second.text).toBe(201);
      const third = await reserve("member", projectA, items[2]!, iso(week, 4), iso(week, 5));
      expect(third.status).toBe(403);
      expect(third.body.error.message).toMatch(
        new RegExp(`^Your course FAIR-${kind} allows 2 bookings at a time per student; you have 2: Fair A ${kind} `),
      );
      // A project of no course answers to the courses its student takes.
      const own = await reserve("member", personal, items[2]!, iso(week, 4), iso(week, 5));
      expect(own.status).toBe(403);
      expect(own.body.error.message).toContain("allows 2 bookings at a time per student");
      // The office books outside the limits; a cancelled booking no longer counts.
      expect((await reserve("equipment", projectA, items[3]!, iso(week, 4), iso(week, 5))).status).toBe(201);
      expect((await p.as("member").post(`/equipment/reservations/${second.body.id}/cancel`)).status).toBe(200);
      expect((await reserve("member", projectA, items[2]!, iso(week, 4), iso(week, 5))).status).toBe(201);
    });

    it("counts a project's bookings together when the limit is per project", async () => {
      await limits("staff", { maxActive: 1, activeScope: "project" });
      const week = monday(5);
      expect((await reserve("member", projectB, items[0]!, iso(week), iso(week, 1))).status).toBe(201);
      const again = await reserve("member", projectB, items[1]!, iso(week, 2), iso(week, 3));
      expect(again.status).toBe(403);
      expect(again.body.error.message).toMatch(
        new RegExp(`^Your course FAIR-${kind} allows 1 booking at a time per project; “Fair B ${kind}” has 1: `),
      );
    });

    it("counts the calendar days a booking covers in each ISO week", async () => {
      await limits("staff", { maxDaysPerWeek: 3, daysScope: "student" });
      const week = monday(7);
      // Friday evening to Saturday morning covers two days of one week.
      expect((await reserve("member", projectA, items[4]!, iso(week, 4, 18), iso(week, 5, 9))).status).toBe(201);
      const more = await reserve("member", projectA, items[5]!, iso(week, 0, 9), iso(week, 1, 18));
      expect(more.status).toBe(403);
      expect(more.body.error.message).toContain(`Your course FAIR-${kind} allows 3 booked days per week per student`);
      expect(more.body.error.message).toContain("you have 2 booked and this booking would make 4");
      // One day of that week and one of the next fits.
      expect((await reserve("member", projectA, items[5]!, iso(week, 6, 9), iso(week, 7, 18))).status).toBe(201);
      await limits("staff", {});
    });
  });

  describe("a request window", () => {
    let w: WindowDto;
    const week = monday(10);
    const open = (as: string, json: Record<string, unknown> = {}) =>
      p.as(as).post("/equipment/windows", {
        name: `Contested weekend ${kind}`,
        startsAt: iso(week, 5),
        endsAt: iso(week, 7),
        deadline: iso(week, 2),
        lots: [{ kind: "category", id: categoryId }],
        priorities: [courseId],
        ...json,
      });

    it("is opened, closed and drawn by the office alone", async () => {
      for (const who of ["member", "outsider", "staff"]) expect((await open(who)).status).toBe(403);
      const bad = await open("equipment", { deadline: iso(week, 6) });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain("deadline for requests must come before the period starts");
      const res = await open("equipment");
      expect(res.status, res.text).toBe(201);
      w = res.body;
      expect(w).toMatchObject({ state: "open", accepting: true, priorities: [{ id: courseId, rank: 1 }] });
      expect(w.lots).toEqual([expect.objectContaining({ kind: "category", label: `Fair cams ${kind}` })]);
      for (const who of ["member", "outsider", "staff"]) {
        expect((await p.as(who).post(`/equipment/windows/${w.id}/close`)).status).toBe(403);
        expect((await p.as(who).post(`/equipment/windows/${w.id}/draw`)).status).toBe(403);
      }
    });

    it("takes requests instead of first-come bookings of what it contests", async () => {
      const first = await reserve("member", projectA, items[0]!, iso(week, 5), iso(week, 6));
      expect(first.status).toBe(409);
      expect(first.body.error.message).toContain(
        `is allotted by lottery in “Contested weekend ${kind}”, not first come`,
      );
      const lotId = w.lots[0]!.id;
      // Out of order on purpose: the outsider's course is not ranked, so its request draws last whenever it came.
      expect(
        (await p.as("outsider").post(`/equipment/windows/${w.id}/requests`, { lotId, projectId: outsiderProject }))
          .status,
      ).toBe(201);
      expect(
        (await p.as("member").post(`/equipment/windows/${w.id}/requests`, { lotId, projectId: projectA })).status,
      ).toBe(201);
      const dup = await p.as("member").post(`/equipment/windows/${w.id}/requests`, { lotId, projectId: projectA });
      expect(dup.status).toBe(409);
      expect(
        (await p.as("outsider").post(`/equipment/windows/${w.id}/requests`, { lotId, projectId: projectB })).status,
      ).toBe(403);
      const mine = await p.as("member").post(`/equipment/windows/${w.id}/requests`, { lotId, projectId: projectB });
      expect(mine.status).toBe(201);
      // Each sees their own requests; the office sees all.
      expect((mine.body as WindowDto).requests.map((r) => r.project.title).sort()).toEqual([
        `Fair A ${kind}`,
        `Fair B ${kind}`,
      ]);
      expect((await p.as("equipment").get(`/equipment/windows/${w.id}`)).body.requests).toHaveLength(3);
      expect((await p.as("equipment").post(`/equipment/windows/${w.id}/draw`)).status).toBe(409);
    });

    it("draws by course priority, then in the window's reproducible order, and explains each result", async () => {
      // Leave four of the six cameras: two requests of the ranked course and one other for two units.
      await p.services.db
        .update(requestWindows)
        .set({ deadline: new Date(Date.now() - 1000) })
        .where(eq(requestWindows.id, w.id));
      const late = await p
        .as("member")
        .post(`/equipment/windows/${w.id}/requests`, { lotId: w.lots[0]!.id, projectId: personal });
      expect(late.status).toBe(409);
      for (const id of items.slice(2))
        await p.as("equipment").post(`/equipment/items/${id}/status`, { status: "maintenance", confirm: true });
      const drawn = await p.as("equipment").post(`/equipment/windows/${w.id}/draw`);
      expect(drawn.status, drawn.text).toBe(200);
      const result = drawn.body as WindowDto;
      expect(result.state).toBe("drawn");
      const byTitle = new Map(result.requests.map((r) => [r.project.title, r]));
      const c = byTitle.get(`Fair C ${kind}`)!;
      expect(c).toMatchObject({ position: 3, won: false, reservationId: null });
      expect(c.explanation).toBe(
        `Your course OTHER-${kind} was not ranked, so it drew after the ranked courses; 3 requests for 2 × Fair cams ${kind}; you were drawn 3rd: all 2 went to those drawn before you.`,
      );
      // The order within the first priority is the one the window's seed gives, whatever the arrival order.
      const expected = drawOrder(`${w.id}:${w.lots[0]!.id}`, [
        { id: "b", projectId: projectB, priority: 1 },
        { id: "a", projectId: projectA, priority: 1 },
      ]).map((e) => (e.projectId === projectA ? `Fair A ${kind}` : `Fair B ${kind}`));
      expected.forEach((title, n) => {
        const r = byTitle.get(title)!;
        expect(r).toMatchObject({ position: n + 1, won: true });
        expect(r.explanation).toMatch(
          new RegExp(
            `^Your course FAIR-${kind} had priority 1; 3 requests for 2 × Fair cams ${kind}; you were drawn ${n + 1}(st|nd): you got Sony FX3 \\(FAIR-${kind.toUpperCase()}-${n + 1}\\)\\.$`,
          ),
        );
      });
      // Winners hold approved reservations for the period, the losers nothing; each is told.
      const a = byTitle.get(`Fair A ${kind}`)!;
      const res = (await p.as("member").get(`/equipment/reservations/${a.reservationId}`)).body as ReservationDto;
      expect(res).toMatchObject({ state: "approved", startsAt: iso(week, 5), endsAt: iso(week, 7) });
      expect(res.note).toContain(a.explanation!);
      const notes = await p.services.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ids.outsider!), eq(notifications.kind, "equipment")));
      expect(notes.map((n) => n.body)).toContain(c.explanation);
      const mails = await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = 'tomas.novak@portal.test'`));
      const told = mails.map((m) => m.payload as { subject: string; text: string }).find((m) => m.text.includes(w.id));
      expect(told?.subject).toBe(`No Fair cams ${kind} for “Fair C ${kind}” this time (Contested weekend ${kind})`);
      expect(told?.text).toContain(c.explanation!);
      expect((await p.as("equipment").post(`/equipment/windows/${w.id}/draw`)).status).toBe(409);
      // After the draw, what is left is booked first-come again.
      await p.as("equipment").post(`/equipment/items/${items[2]}/status`, { status: "available" });
      expect((await reserve("outsider", outsiderProject, items[2]!, iso(week, 5), iso(week, 6))).status).toBe(201);
    });
  });

  describe("the authorization matrix", () => {
    it("answers each caller", async () => {
      const window = async () => {
        const res = await p.as("equipment").post("/equipment/windows", {
          name: `Matrix ${Math.random()}`,
          startsAt: iso(monday(40), 5),
          endsAt: iso(monday(40), 7),
          deadline: iso(monday(40), 2),
          lots: [{ kind: "category", id: categoryId }],
        });
        return res.body as WindowDto;
      };
      const rows: MatrixRow<WindowDto>[] = [
        ["limits", "GET", () => "/equipment/fair-share", undefined, SIGNED_IN],
        ["a course's limits", "GET", () => `/equipment/fair-share/${courseId}`, undefined, SIGNED_IN],
        [
          "set a course's limits",
          "PUT",
          () => `/equipment/fair-share/${courseId}`,
          { maxActive: null, activeScope: "student", maxDaysPerWeek: null, daysScope: "student" },
          [401, 403, 403, 200, 200, 200],
        ],
        ["windows", "GET", () => "/equipment/windows", undefined, SIGNED_IN],
        [
          "open a window",
          "POST",
          () => "/equipment/windows",
          {
            name: "Matrix",
            startsAt: iso(monday(41), 5),
            endsAt: iso(monday(41), 7),
            deadline: iso(monday(41), 2),
            lots: [{ kind: "category", id: categoryId }],
          },
          [401, 403, 403, 403, 201, 201],
        ],
        [
          "close a window",
          "POST",
          (w) => `/equipment/windows/${w.id}/close`,
          undefined,
          [401, 403, 403, 403, 200, 200],
        ],
        // Open until its deadline: the office is told to wait or close it first.
        ["draw a window", "POST", (w) => `/equipment/windows/${w.id}/draw`, undefined, [401, 403, 403, 403, 409, 409]],
      ];
      for (const row of rows) await expectMatrixRow(p, cookies, window, row);
    });

    it("answers bad input with a message, never a 500", async () => {
      const w = (await p.as("equipment").get("/equipment/windows")).body[0] as WindowDto;
      await expectClientErrors(p, cookies.equipment!, [
        [
          "PUT",
          "/equipment/fair-share/nope",
          { maxActive: 1, activeScope: "student", maxDaysPerWeek: null, daysScope: "student" },
        ],
        [
          "PUT",
          `/equipment/fair-share/${courseId}`,
          { maxActive: 0, activeScope: "course", maxDaysPerWeek: null, daysScope: "student" },
        ],
        ["POST", "/equipment/windows", { name: "", lots: [] }],
        [
          "POST",
          "/equipment/windows",
          {
            name: "X",
            startsAt: iso(monday(2), 5),
            endsAt: iso(monday(2), 4),
            deadline: iso(monday(2), 1),
            lots: [{ kind: "kit", id: categoryId }],
          },
        ],
        ["POST", "/equipment/windows/nope/draw", undefined],
        ["GET", `/equipment/windows/${courseId}`, undefined],
      ]);
      await expectClientErrors(p, cookies.member!, [
        ["POST", `/equipment/windows/${w.id}/requests`, { lotId: "nope", projectId: projectA }],
        ["POST", `/equipment/windows/${w.id}/requests`, { lotId: courseId, projectId: projectA }],
        ["DELETE", `/equipment/windows/${w.id}/requests/${courseId}`, undefined],
      ]);
    });
  });

  describe("the demo school", () => {
    it("has fair-share limits on a course and an open window for a weekend with requests", async () => {
      const listed = (await p.as("equipment").get("/equipment/fair-share")).body as FairShareDto[];
      expect(listed.some((l) => l.maxActive !== null && l.maxDaysPerWeek !== null)).toBe(true);
      const windows = (await p.as("equipment").get("/equipment/windows")).body as WindowDto[];
      const demo = windows.find((x) => x.name === "Lighting and documentary kits, busy weekend" && x.accepting);
      expect(demo).toBeDefined();
      expect(new Date(demo!.startsAt).getUTCDay()).toBe(6);
      expect(demo!.requests.length).toBeGreaterThanOrEqual(3);
    });
  });
});
