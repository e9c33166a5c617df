import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetStartDto, BudgetTemplateDto, BudgetTemplateLine } from "../../../common/budget-template.ts";
import type { CourseDetail } from "../../../common/courses.ts";
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
