import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { BudgetDto, ProposalSubmitted, ProposalView } from "../../../common/budget.ts";
import { budgetProposals, projects } from "../../db/schema/index.ts";
import { line } from "./test-lines.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { contentHashOf } from "./index.ts";

describe.each(DB_KINDS)("budget fringes and globals on %s", (kind) => {
  let p: TestPortal;
  const ids: Record<string, string> = {};
  const tax = { id: randomUUID(), name: "Payroll tax", kind: "percent", value: 1250, cap: null };
  const union = { id: randomUUID(), name: "Union rate", kind: "flat", value: 5_000, cap: 4_000 };
  const shootDays = { name: "SHOOT_DAYS", value: 300 };

  const newProject = async () => {
    const created = await p.as("member").post("/projects", {
      title: `Fringe Film ${randomUUID().slice(0, 6)}`,
      type: "fiction",
      academicYear: "2032/33",
      supervisorId: ids.staff,
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const save = (projectId: string, json: Record<string, unknown>) =>
    p.as("member").put(`/budgets/${projectId}`, { version: 0, contingencyBps: 1000, ...json });

  beforeAll(async () => {
    p = await startTestPortal(kind);
    const signedIn = await p.signInAll({ staff: "staff@portal.test", member: "student@portal.test" });
    Object.assign(ids, signedIn.ids);
  }, 120_000);
  afterAll(() => p?.close());

  it("keeps fringes and globals with the budget, prices the lines by them, and a global's change moves every line on it", async () => {
    const projectId = await newProject();
    const dp = line({ fringeIds: [tax.id, union.id], quantity: 0, quantityGlobal: "shoot_days" });
    const catering = line({
      accountCode: "2800",
      description: "Catering",
      quantity: 0,
      rate: 15_000,
      quantityGlobal: "SHOOT_DAYS",
    });
    const res = await save(projectId, { fringes: [tax, union], globals: [shootDays], lines: [dp, catering] });
    expect(res.status).toBe(200);
    const b = res.body as BudgetDto;
    expect(b.fringes).toEqual([tax, union]);
    expect(b.globals).toEqual([shootDays]);
    // 3 days × 200.00 = 600.00; 12.5 % is 75.00, the union's 50.00 flat is capped at 40.00.
    expect(b.lines[0]).toMatchObject({ quantity: 300, quantityGlobal: "SHOOT_DAYS", amount: 60_000, fringe: 11_500 });
    expect(b.lines[1]).toMatchObject({ quantity: 300, amount: 45_000, fringe: 0 });
    expect(b.totals.fringes).toBe(11_500);
    expect(b.totals.accounts.find((a) => a.code === "2100")).toMatchObject({ amount: 60_000, fringes: 11_500 });
    expect(b.totals.subtotal).toBe(60_000 + 45_000 + 11_500);
    expect(b.totals.total).toBe(b.totals.subtotal + b.totals.contingency);

    const again = await p.as("member").put(`/budgets/${projectId}`, {
      version: b.version,
      contingencyBps: 1000,
      fringes: [tax, union],
      globals: [{ name: "SHOOT_DAYS", value: 400 }],
      lines: [dp, catering],
    });
    expect(again.status).toBe(200);
    expect((again.body as BudgetDto).lines.map((l) => l.quantity)).toEqual([400, 400]);
    expect((again.body as BudgetDto).lines[0]!.fringe).toBe(10_000 + 4_000);

    const csv = await p.as("member").get(`/budgets/${projectId}/export.csv?part=topsheet`);
    expect(csv.text).toMatch(/Fringes,,14000\.00|,Fringes,,140\.00/);
  });

  it("freezes fringes and globals into a proposal whose hash verifies, while a budget without them hashes as before", async () => {
    const projectId = await newProject();
    const saved = await save(projectId, {
      fringes: [tax],
      globals: [shootDays],
      lines: [line({ fringeIds: [tax.id], quantityGlobal: "SHOOT_DAYS" })],
    });
    const sent = await p
      .as("member")
      .post(`/budgets/${projectId}/proposals`, { version: (saved.body as BudgetDto).version });
    expect(sent.status).toBe(201);
    const { proposalId } = sent.body as ProposalSubmitted;
    const view = (await p.as("staff").get(`/budget-proposals/${proposalId}`)).body as ProposalView;
    expect(view.snapshot.fringes).toEqual([tax]);
    expect(view.snapshot.globals).toEqual([shootDays]);
    expect(view.snapshot.lines[0]).toMatchObject({ fringeIds: [tax.id], fringe: 7_500, quantityGlobal: "SHOOT_DAYS" });
    expect(view.totals.fringes).toBe(7_500);
    expect(contentHashOf(view.snapshot)).toBe(view.contentHash);

    const plain = await newProject();
    const plainSaved = await save(plain, { lines: [line({ accountCode: "2800", description: "Catering" })] });
    const plainSent = await p
      .as("member")
      .post(`/budgets/${plain}/proposals`, { version: (plainSaved.body as BudgetDto).version });
    const [row] = await p.services.db
      .select()
      .from(budgetProposals)
      .where(eq(budgetProposals.id, (plainSent.body as ProposalSubmitted).proposalId));
    expect(Object.keys(row!.snapshot).sort()).toEqual([
      "accounts",
      "contingencyBps",
      "currency",
      "lines",
      "projectTitle",
    ]);
    expect(Object.keys(row!.snapshot.lines[0]!)).not.toContain("fringeIds");
    expect(contentHashOf(row!.snapshot)).toBe(row!.contentHash);
  });

  it("refuses fringes and globals that do not read, with a message for people", async () => {
    const projectId = await newProject();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ fringes: [{ ...tax, value: "abc" }], lines: [] }, /fringe's percentage or amount must be a number/i],
      [{ fringes: [{ ...tax, value: 12_000 }], lines: [] }, /at most 100 %/],
      [{ lines: [line({ quantityGlobal: "WEEKS" })] }, /no global named WEEKS/],
      [{ globals: [{ name: "shoot days", value: 3 }], lines: [] }, /capitals, digits and _/],
      [{ globals: [shootDays, shootDays], lines: [] }, /Two globals are named SHOOT_DAYS/],
      [{ fringes: [tax], lines: [line({ accountCode: "2800", fringeIds: [tax.id] })] }, /labour lines only/],
      [{ lines: [line({ fringeIds: [randomUUID()] })] }, /not among this budget's fringes/],
    ];
    for (const [json, message] of cases) {
      const res = await save(projectId, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
  });

  it("keeps fringes and globals in the crew's draft as typed, and reads a draft typed before them", async () => {
    const projectId = await newProject();
    const row = {
      id: randomUUID(),
      accountCode: "2100",
      description: "Gaffer",
      quantity: "shoot_days",
      units: "days",
      rate: "180",
      notes: "",
      fringeIds: [tax.id],
    };
    const typed = {
      version: 0,
      contingency: "10",
      fringes: [{ id: tax.id, name: "Payroll tax", kind: "percent", value: "12,5", cap: "" }],
      globals: [{ id: randomUUID(), name: "SHOOT_DAYS", value: "3" }],
      rows: [row],
    };
    const put = await p.as("member").put(`/budgets/${projectId}/draft`, typed);
    expect(put.status).toBe(200);
    const { version: _, ...content } = typed;
    expect((await p.as("member").get(`/budgets/${projectId}/draft`)).body.content).toEqual(content);

    const old = { version: 1, contingency: "10", rows: [{ ...row, fringeIds: undefined }] };
    expect((await p.as("member").put(`/budgets/${projectId}/draft`, old)).status).toBe(200);
    const read = await p.as("member").get(`/budgets/${projectId}`);
    expect(read.status).toBe(200);
    expect(read.body.draft.content.fringes).toBeUndefined();
    expect(read.body.fringes).toEqual([]);
  });

  it("seeds The Weight of Water with payroll tax and holiday pay on its labour lines and SHOOT_DAYS on its day lines", async () => {
    const [film] = await p.services.db.select().from(projects).where(eq(projects.title, "The Weight of Water"));
    const b = (await p.as("staff").get(`/budgets/${film!.id}`)).body as BudgetDto;
    expect(b.fringes.map((f) => [f.name, f.value])).toEqual([
      ["Payroll tax", 1250],
      ["Holiday pay", 800],
    ]);
    expect(b.globals).toEqual([{ name: "SHOOT_DAYS", value: 400 }]);
    expect(b.lines.filter((l) => l.quantityGlobal === "SHOOT_DAYS").length).toBeGreaterThanOrEqual(4);
    expect(b.lines.find((l) => l.accountCode === "2800")?.quantityGlobal).toBe("SHOOT_DAYS");
    expect(b.totals.fringes).toBeGreaterThan(0);
    expect(
      b.lines.filter((l) => l.fringe > 0).every((l) => ["1300", "1400", "2100", "2300"].includes(l.accountCode)),
    ).toBe(true);
  });
});
