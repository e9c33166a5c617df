import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetVersionDto, LineChangeDto } from "../../../common/budget-diff.ts";
import { compareVersions } from "../../../common/budget-diff.ts";
import type { BudgetDto, BudgetLineInput, ProposalSubmitted } from "../../../common/budget.ts";
import { line } from "./test-lines.ts";
import { projects } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

describe.each(DB_KINDS)("a budget line's history and versions side by side on %s", (kind) => {
  let p: TestPortal;
  const ids: Record<string, string> = {};

  const newProject = async () => {
    const created = await p.as("member").post("/projects", {
      title: `History Film ${randomUUID().slice(0, 6)}`,
      type: "fiction",
      academicYear: "2032/33",
      supervisorId: ids.staff,
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const save = async (projectId: string, lines: BudgetLineInput[], version: number) => {
    const res = await p.as("member").put(`/budgets/${projectId}`, { version, contingencyBps: 1000, lines });
    expect(res.status).toBe(200);
    return res.body as BudgetDto;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    const signedIn = await p.signInAll({ staff: "staff@portal.test", member: "student@portal.test" });
    Object.assign(ids, signedIn.ids);
  }, 120_000);
  afterAll(() => p?.close());

  it("keeps every saved change of a line, who made it and old → new, newest first", async () => {
    const projectId = await newProject();
    const dp = line();
    const gaffer = line({ description: "Gaffer", rate: 15_000 });
    let b = await save(projectId, [dp, gaffer], 0);
    b = await save(projectId, [{ ...dp, rate: 22_000, description: "DoP" }, gaffer], b.version);
    // A save that leaves the line as it was adds nothing to its history.
    b = await save(projectId, [{ ...dp, rate: 22_000, description: "DoP" }], b.version);

    const res = await p.as("member").get(`/budgets/${projectId}/lines/${dp.id}/history`);
    expect(res.status).toBe(200);
    const history = res.body as LineChangeDto[];
    expect(history.map((h) => h.kind)).toEqual(["changed", "added"]);
    expect(history[0]).toMatchObject({
      version: 2,
      changedByName: expect.any(String),
      before: { rate: 20_000, description: "Director of photography", amount: 60_000 },
      after: { rate: 22_000, description: "DoP", amount: 66_000 },
    });
    expect(history[1]).toMatchObject({ version: 1, before: null, after: { rate: 20_000 } });

    const gone = await p.as("member").get(`/budgets/${projectId}/lines/${gaffer.id}/history`);
    expect((gone.body as LineChangeDto[]).map((h) => [h.kind, h.version])).toEqual([
      ["removed", 3],
      ["added", 1],
    ]);
    expect((gone.body as LineChangeDto[])[0]!.after).toBeNull();
    // Anyone who reads the budget reads its lines' history; a line of no budget has none.
    expect((await p.as("staff").get(`/budgets/${projectId}/lines/${dp.id}/history`)).status).toBe(200);
    expect((await p.as("member").get(`/budgets/${projectId}/lines/${randomUUID()}/history`)).body).toEqual([]);
    expect((await p.as("member").get(`/budgets/${projectId}/lines/not-an-id/history`)).status).toBeLessThan(500);
  });

  it("answers a submitted version and the current budget, whose comparison names the changes", async () => {
    const projectId = await newProject();
    const dp = line();
    const sound = line({ accountCode: "2300", description: "Sound recordist", rate: 14_000 });
    let b = await save(projectId, [dp, sound], 0);
    const submitted = await p.as("member").post(`/budgets/${projectId}/proposals`, {
      version: b.version,
      approverEmail: "",
      message: "",
    });
    expect(submitted.status).toBe(201);
    const proposalId = (submitted.body as ProposalSubmitted).proposalId;
    const catering = line({ accountCode: "2800", description: "Catering", rate: 16_000 });
    b = await save(projectId, [{ ...dp, rate: 25_000 }, catering], b.version);

    const v1 = (await p.as("member").get(`/budgets/${projectId}/versions/${proposalId}`)).body as BudgetVersionDto;
    const now = (await p.as("member").get(`/budgets/${projectId}/versions/current`)).body as BudgetVersionDto;
    expect(v1.label).toBe("Submitted version 1");
    expect(now.lines.map((l) => l.id)).toEqual([dp.id, catering.id]);
    const diff = compareVersions(v1, now);
    expect(diff.added.map((l) => l.id)).toEqual([catering.id]);
    expect(diff.removed.map((l) => l.id)).toEqual([sound.id]);
    expect(diff.changed.map((c) => [c.before.rate, c.after.rate])).toEqual([[20_000, 25_000]]);
    expect(diff.total.after).toBe(b.totals.total);
    expect(diff.accounts.find((a) => a.code === "2300")).toMatchObject({ before: 42_000, after: 0, delta: -42_000 });

    expect((await p.as("member").get(`/budgets/${projectId}/versions/${randomUUID()}`)).status).toBe(404);
    const other = await newProject();
    expect((await p.as("member").get(`/budgets/${other}/versions/${proposalId}`)).status).toBe(404);
  });

  it("seeds The Weight of Water with a submitted version, a newer save, and the DoP's raise in the line's history", async () => {
    const [film] = await p.services.db.select().from(projects).where(eq(projects.title, "The Weight of Water"));
    const b = (await p.as("staff").get(`/budgets/${film!.id}`)).body as BudgetDto;
    expect(b.proposals.map((x) => [x.number, x.state])).toEqual([[1, "changes_requested"]]);
    const dp = b.lines.find((l) => l.description === "Director of photography")!;
    const history = (await p.as("staff").get(`/budgets/${film!.id}/lines/${dp.id}/history`)).body as LineChangeDto[];
    expect(history.map((h) => [h.kind, h.before?.rate ?? null, h.after?.rate])).toEqual([
      ["changed", 20_000, 22_000],
      ["added", null, 20_000],
    ]);
  });
});
