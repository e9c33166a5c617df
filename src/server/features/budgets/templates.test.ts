import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetStartDto, BudgetTemplateDto, BudgetTemplateLine } from "../../../common/budget-template.ts";
import type { CourseDetail } from "../../../common/courses.ts";
import type { BudgetDto } from "../../../common/budget.ts";
import type { ItemDetailDto } from "../../../common/equipment.ts";
import { castMembers, projects } from "../../db/schema/index.ts";
import { projectWithShootDay } from "../../test/fixtures.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

const SCRIPT = "INT. BOATHOUSE - NIGHT\n\nMara waits.\n";

describe.each(DB_KINDS)("a course's budget template and a budget started from it on %s", (kind) => {
  let p: TestPortal;
  const ids: Record<string, string> = {};
  let n = 0;

  const course = async () => {
    const res = await p.as("admin").post("/courses", {
      code: `BT-${++n}`,
      title: `Budget course ${n}`,
      term: "2032 Autumn",
      teacherIds: [ids.staff],
      projectTypes: ["fiction"],
    });
    expect(res.status, res.text).toBe(201);
    return res.body as CourseDetail;
  };
  const sound: BudgetTemplateLine = {
    accountCode: "2300",
    description: "Sound recordist day rate",
    quantity: 100,
    units: "days",
    rate: 18_000,
  };
  const catering: BudgetTemplateLine = {
    accountCode: "2800",
    description: "Catering per shoot day",
    quantity: 400,
    units: "days",
    rate: 9_000,
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    const signedIn = await p.signInAll({
      staff: "staff@portal.test",
      member: "student@portal.test",
      jun: "jun.park@portal.test",
      equipment: "equipment@portal.test",
    });
    Object.assign(ids, signedIn.ids);
  }, 120_000);
  afterAll(() => p?.close());

  it("is kept by the course's teachers, read by its students, refused to others and checked", async () => {
    const c = await course();
    const empty = await p.as("staff").get(`/budget-templates/${c.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ lines: [], canEdit: true, updatedAt: null });

    const saved = await p.as("staff").put(`/budget-templates/${c.id}`, { lines: [sound, catering] });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as BudgetTemplateDto).lines).toEqual([sound, catering]);
    expect((await p.as("staff").get(`/budget-templates/${c.id}`)).body.lines).toEqual([sound, catering]);

    const bad = await p.as("staff").put(`/budget-templates/${c.id}`, { lines: [{ ...sound, accountCode: "9999" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("9999");
    const negative = await p.as("staff").put(`/budget-templates/${c.id}`, { lines: [{ ...sound, rate: -1 }] });
    expect(negative.status).toBe(400);
    expect(negative.body.error.message).toContain("negative");

    // A student not in the course does not see it; one who is may read but not change it.
    expect((await p.as("member").get(`/budget-templates/${c.id}`)).status).toBe(404);
    const enrolled = await p.as("admin").send("POST", `/courses/${c.id}/roster`, {
      body: "Name,Email\nLena Fischer,student@portal.test\n",
      headers: { "content-type": "text/csv" },
    });
    expect(enrolled.status, enrolled.text).toBe(200);
    const read = await p.as("member").get(`/budget-templates/${c.id}`);
    expect(read.body).toMatchObject({ lines: [sound, catering], canEdit: false });
    const refused = await p.as("member").put(`/budget-templates/${c.id}`, { lines: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("teachers");
  });

  it("starts an empty budget from the course template, or from the schedule with the template's day rates", async () => {
    const c = await course();
    await p.as("staff").put(`/budget-templates/${c.id}`, { lines: [sound, catering] });
    const f = await projectWithShootDay(p, ids, {
      prefix: "Boathouse",
      script: SCRIPT,
      day: { date: "2032-11-02", location: "Quay", generalCall: "07:00" },
    });
    await p.services.db.update(projects).set({ courseId: c.id }).where(eq(projects.id, f.projectId));
    await p.services.db
      .insert(castMembers)
      .values({ projectId: f.projectId, character: "MARA", actorName: "Ines Duarte" });

    const fromTemplate = await p.as("member").get(`/budgets/${f.projectId}/start?from=template`);
    expect(fromTemplate.status, fromTemplate.text).toBe(200);
    expect((fromTemplate.body as BudgetStartDto).lines).toEqual([sound, catering]);

    const scheduled = await p.as("member").get(`/budgets/${f.projectId}/start?from=schedule`);
    expect(scheduled.status, scheduled.text).toBe(200);
    const fromSchedule = scheduled.body as BudgetStartDto;
    // One shoot day: the producer (no template rate), Jun on sound (the template's sound rate), the cast at 0.
    const byDescription = new Map(fromSchedule.lines.map((l) => [l.description, l]));
    const jun = fromSchedule.lines.find((l) => l.description.startsWith("Sound —"))!;
    expect(jun).toMatchObject({ accountCode: "2300", quantity: 100, units: "days", rate: 18_000 });
    expect(byDescription.get("Ines Duarte as MARA")).toMatchObject({ accountCode: "1400", quantity: 100, rate: 0 });
    const producer = fromSchedule.lines.find((l) => l.description.startsWith("Producer"))!;
    expect(producer).toMatchObject({ accountCode: "1200", rate: 0 });
    expect(fromSchedule.notes.join(" ")).toContain("no day rate in the course template");

    expect((await p.as("member").get(`/budgets/${f.projectId}/start?from=nowhere`)).status).toBe(400);
    expect((await p.as("outsider").get(`/budgets/${f.projectId}/start?from=template`)).status).toBe(403);
  });

  it("keeps fringes and globals with the template, and a budget started from it gets them", async () => {
    const c = await course();
    const tax = { id: randomUUID(), name: "Payroll taxes", kind: "percent", value: 765, cap: null };
    const wages = { ...sound, quantity: 0, quantityGlobal: "shoot_days", fringeIds: [tax.id] };
    const put = (json: Record<string, unknown>) => p.as("staff").put(`/budget-templates/${c.id}`, json);
    const saved = await put({
      fringes: [tax],
      globals: [{ name: "SHOOT_DAYS", value: 300 }],
      lines: [wages, catering],
    });
    expect(saved.status, saved.text).toBe(200);
    const t = saved.body as BudgetTemplateDto;
    expect(t.fringes).toEqual([tax]);
    expect(t.globals).toEqual([{ name: "SHOOT_DAYS", value: 300 }]);
    // The global's value is the quantity, and its name stays on the line: the line is still a formula.
    expect(t.lines[0]).toEqual({ ...sound, quantity: 300, quantityGlobal: "SHOOT_DAYS", fringeIds: [tax.id] });
    expect(t.lines[1]).toEqual(catering);

    const onCatering = await put({ fringes: [tax], lines: [{ ...catering, fringeIds: [tax.id] }] });
    expect(onCatering.status).toBe(400);
    expect(onCatering.body.error.message).toContain("labour lines only");
    const noGlobal = await put({ fringes: [tax], lines: [wages] });
    expect(noGlobal.status).toBe(400);
    expect(noGlobal.body.error.message).toContain("no global named SHOOT_DAYS");
    const strange = await put({ lines: [{ ...sound, fringeIds: [randomUUID()] }] });
    expect(strange.status).toBe(400);
    expect(strange.body.error.message).toContain("not among");

    const f = await projectWithShootDay(p, ids, {
      prefix: "Fringed",
      script: SCRIPT,
      day: { date: "2032-11-04", location: "Quay", generalCall: "07:00" },
    });
    await p.services.db.update(projects).set({ courseId: c.id }).where(eq(projects.id, f.projectId));
    const start = (await p.as("member").get(`/budgets/${f.projectId}/start?from=template`)).body as BudgetStartDto;
    expect(start.fringes).toEqual([tax]);
    expect(start.globals).toEqual([{ name: "SHOOT_DAYS", value: 300 }]);
    expect(start.lines[0]).toMatchObject({ quantityGlobal: "SHOOT_DAYS", fringeIds: [tax.id] });

    // The budget made of them prices the payroll taxes: 3 days × 180.00 = 540.00, 7.65 % of it 41.31.
    const budget = await p.as("member").put(`/budgets/${f.projectId}`, {
      version: 0,
      contingencyBps: 0,
      fringes: start.fringes,
      globals: start.globals,
      lines: start.lines.map((l) => ({ ...l, id: randomUUID(), notes: "" })),
    });
    expect(budget.status, budget.text).toBe(200);
    const b = budget.body as BudgetDto;
    expect(b.lines[0]).toMatchObject({ quantity: 300, quantityGlobal: "SHOOT_DAYS", amount: 54_000, fringe: 4_131 });
    expect(b.totals.fringes).toBe(4_131);
    expect(b.totals.total).toBe(54_000 + 36_000 + 4_131);

    // From the schedule, the sound recordist's line carries the template line's fringe too.
    const scheduled = (await p.as("member").get(`/budgets/${f.projectId}/start?from=schedule`)).body as BudgetStartDto;
    expect(scheduled.lines.find((l) => l.description.startsWith("Sound —"))).toMatchObject({ fringeIds: [tax.id] });
    expect(scheduled.fringes).toEqual([tax]);
  });

  it("prices reserved equipment at the days reserved × the equipment room's day rate, and names what has none", async () => {
    const f = await projectWithShootDay(p, ids, {
      prefix: "Rental",
      script: SCRIPT,
      day: { date: "2032-11-05", location: "Quay", generalCall: "07:00" },
    });
    const category = await p.as("equipment").post("/equipment/categories", { name: `Rental tripods ${kind}` });
    expect(category.status, category.text).toBe(201);
    const item = async (tag: string, extra: Record<string, unknown>) => {
      const res = await p.as("equipment").post("/equipment/items", {
        categoryId: category.body.id,
        name: "Rental tripod",
        brand: "Sachtler",
        model: `Flowtech ${kind}`,
        assetTag: `RT${kind[0]}-${tag}`,
        ...extra,
      });
      expect(res.status, res.text).toBe(201);
      return res.body as ItemDetailDto;
    };
    const first = await item("001", { dayRateMinor: 4_500 });
    const second = await item("002", {});
    expect(second.dayRateMinor).toBeNull();
    // The office sets the model's rate once, from one unit: every unit of the model gets it.
    const patched = await p
      .as("equipment")
      .patch(`/equipment/items/${first.id}`, { dayRateMinor: 4_250, dayRateForModel: true });
    expect(patched.status, patched.text).toBe(200);
    expect((await p.as("equipment").get(`/equipment/items/${second.id}`)).body.dayRateMinor).toBe(4_250);
    const bare = await p.as("equipment").post("/equipment/items", {
      categoryId: category.body.id,
      name: "Apple box",
      assetTag: `RT${kind[0]}-003`,
    });
    expect(bare.status, bare.text).toBe(201);
    const refused = await p.as("equipment").patch(`/equipment/items/${bare.body.id}`, { dayRateMinor: -1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("negative");

    const hour = 3_600_000;
    const from = Date.now() + 40 * hour;
    const reserved = await p.as("equipment").post("/equipment/reservations", {
      projectId: f.projectId,
      startsAt: new Date(from).toISOString(),
      // 2 days and 2 hours: a third day begun.
      endsAt: new Date(from + 50 * hour).toISOString(),
      itemIds: [first.id, second.id, bare.body.id],
    });
    expect(reserved.status, reserved.text).toBe(201);

    const start = (await p.as("member").get(`/budgets/${f.projectId}/start?from=schedule`)).body as BudgetStartDto;
    const gear = start.lines.filter((l) => l.accountCode === "2900");
    expect(gear).toEqual([
      expect.objectContaining({ description: "Rental tripod", quantity: 600, units: "days", rate: 4_250 }),
      expect.objectContaining({ description: "Apple box", quantity: 300, units: "days", rate: 0 }),
    ]);
    expect(gear[0]!.notes).toBe("Reserved: 2 × 3 days");
    expect(start.notes.join(" ")).toContain("no day rate for Apple box");
  });

  it("says so when the project has no course", async () => {
    const f = await projectWithShootDay(p, ids, {
      prefix: "Lone",
      script: SCRIPT,
      day: { date: "2032-11-03", location: "Quay", generalCall: "07:00" },
    });
    const res = (await p.as("member").get(`/budgets/${f.projectId}/start?from=template`)).body as BudgetStartDto;
    expect(res.lines).toEqual([]);
    expect(res.notes[0]).toContain("no course");
  });

  it("seeds a template on The Weight of Water's course", async () => {
    const [film] = await p.services.db.select().from(projects).where(eq(projects.title, "The Weight of Water"));
    const res = await p.as("staff").get(`/budget-templates/${film!.courseId}`);
    expect(res.status).toBe(200);
    expect((res.body as BudgetTemplateDto).lines.map((l) => l.description)).toContain("Sound recordist day rate");
  });
});
