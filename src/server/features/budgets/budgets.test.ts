import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type {
  BudgetDraftRow,
  BudgetDto,
  BudgetLineInput,
  ProposalSubmitted,
  ProposalView,
} from "../../../common/budget.ts";
import type { AdminDashboardDto } from "../../../common/overview-api.ts";
import { budgetProposals, emails, jobs, notifications, projectGreenlight } from "../../db/schema/index.ts";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { checkUpload } from "../../lib/storage.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, type MatrixRow } from "../../test/matrix.ts";

const YEAR = "2032/33";
const MISSING = "00000000-0000-4000-8000-000000000000";

const line = (over: Partial<BudgetLineInput> = {}): BudgetLineInput => ({
  id: randomUUID(),
  accountCode: "2100",
  description: "Camera package",
  quantity: 500,
  units: "days",
  rate: 25_000,
  notes: "",
  ...over,
});

describe.each(DB_KINDS)("budgets on %s", (kind) => {
  let p: TestPortal;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  /** A fiction film led by Lena, supervised by Daniel Reyes (staff), with a saved two-line budget. */
  const makeBudget = async (
    lines: BudgetLineInput[] = [
      line(),
      line({ accountCode: "1300", description: "Director fee", quantity: 100, units: "flat", rate: 100_000 }),
    ],
  ) => {
    const created = await p.as("member").post("/projects", {
      title: `Budget Film ${randomUUID().slice(0, 6)}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    expect(created.status).toBe(201);
    const saved = await p.as("member").put(`/budgets/${created.body.id}`, { version: 0, contingencyBps: 1000, lines });
    expect(saved.status).toBe(200);
    return saved.body as BudgetDto;
  };
  const mailsTo = async (email: string) =>
    (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
    ).map((j) => j.payload as { subject: string; text: string });
  const linkOf = async (email: string, proposalId: string) => {
    const mail = (await mailsTo(email)).find((m) => m.text.includes(proposalId));
    const m = /\/budget-approval-redirect\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
    expect(m, "the approval e-mail carries the link").toBeTruthy();
    return { id: m![1]!, token: m![2]! };
  };
  const submit = async (b: BudgetDto, json: Record<string, unknown> = {}) => {
    const res = await p.as("member").post(`/budgets/${b.projectId}/proposals`, { version: b.version, ...json });
    expect(res.status).toBe(201);
    // The answer carries only the proposals; the draft it was made from is unchanged, as the client keeps it.
    const out = res.body as ProposalSubmitted;
    expect(Object.keys(out).sort()).toEqual(["proposalId", "proposals"]);
    return { ...out, budget: { ...b, proposals: out.proposals } };
  };
  const publicGet = (id: string, token: string) =>
    p.anonymous.get(`/budget-approval/${id}?token=${encodeURIComponent(token)}`);
  const publicDecide = (id: string, json: Record<string, unknown>) =>
    p.anonymous.post(`/budget-approval/${id}/decision`, json, {
      headers: { "user-agent": "Approver Browser/1.0", "x-forwarded-for": "203.0.113.9" },
    });

  beforeAll(async () => {
    p = await startTestPortal(kind, { TRUST_PROXY: "true", UPLOAD_MAX_MB: "1" });
    const who = {
      admin: "admin@portal.test",
      staff: "staff@portal.test",
      equipment: "equipment@portal.test",
      member: "student@portal.test",
      outsider: "tomas.novak@portal.test",
    };
    const signedIn = await p.signInAll(who);
    Object.assign(cookies, signedIn.cookies);
    Object.assign(ids, signedIn.ids);
  }, 120_000);
  afterAll(() => p?.close());

  it("seeds budgets in every state, with the pending one's link in the outbox", async () => {
    const rows = await p.services.db
      .select({ state: budgetProposals.state, bypassed: budgetProposals.bypassed })
      .from(budgetProposals);
    expect(new Set(rows.map((r) => r.state))).toEqual(
      new Set(["pending", "approved", "changes_requested", "rejected", "withdrawn"]),
    );
    expect(rows.some((r) => r.bypassed)).toBe(true);
    const [pending] = await p.services.db.select().from(budgetProposals).where(eq(budgetProposals.state, "pending"));
    const [mail] = await p.services.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, "staff@portal.test"), sql`${emails.text} like ${`%${pending!.id}%`}`));
    expect(mail!.transport).toBe("outbox");
    const [, id, token] = /\/budget-approval-redirect\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)!;
    const link = { id: id!, token: token! };
    expect((await publicGet(link.id, link.token)).body).toMatchObject({
      state: "pending",
      diff: { previousNumber: null },
    });
  });

  it("builds a budget on the school's chart of accounts, with totals per account, category and contingency", async () => {
    const b = await makeBudget();
    expect(b.version).toBe(1);
    expect(b.accounts.map((a) => a.name)).toContain("Festival and delivery");
    expect(b.accounts.filter((a) => a.category === "above").map((a) => a.name)).toEqual([
      "Story and rights",
      "Producer",
      "Director",
      "Cast",
    ]);
    expect(b.lines.map((l) => l.amount)).toEqual([125_000, 100_000]);
    expect(b.totals).toMatchObject({
      above: 100_000,
      below: 125_000,
      subtotal: 225_000,
      contingency: 22_500,
      total: 247_500,
    });
    expect(b.totals.accounts.find((a) => a.code === "2100")!.amount).toBe(125_000);
  });

  it("answers bad input with a 4xx and a message, never a 500", async () => {
    const b = await makeBudget();
    const cases: [unknown, RegExp][] = [
      [{ version: 1, contingencyBps: 1000, lines: [line({ accountCode: "9999" })] }, /no account 9999/],
      [{ version: 1, contingencyBps: 1000, lines: [line({ rate: 12.5 })] }, /whole number/],
      [{ version: 1, contingencyBps: 1000, lines: [line({ description: "" })] }, /description/],
      [{ version: 1, contingencyBps: 99999, lines: [] }, /contingency/i],
      [{ version: 1, contingencyBps: 1000, lines: [line({ units: "hours" as never })] }, /Units/],
    ];
    for (const [json, message] of cases) {
      const res = await p.as("member").put(`/budgets/${b.projectId}`, json);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const notJson = await p.request(`/rest/v1/budgets/${b.projectId}`, {
      method: "PUT",
      cookie: cookies.member,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect((await p.as("member").get(`/budgets/not-a-uuid`)).status).toBe(404);
    expect((await p.as("member").get(`/budgets/${MISSING}`)).status).toBe(404);
    expect(
      (await p.as("member").post(`/budgets/${b.projectId}/proposals`, { version: 1, approverEmail: "nope" })).status,
    ).toBe(400);
  });

  it("tells the later of two editors that someone saved first, with the budget as it now is", async () => {
    const b = await makeBudget();
    const first = await p
      .as("member")
      .put(`/budgets/${b.projectId}`, { version: 1, contingencyBps: 500, lines: b.lines });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await p.as("staff").put(`/budgets/${b.projectId}`, { version: 1, contingencyBps: 1500, lines: [] });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/Someone else saved this budget/);
    expect(second.body.error.details.current).toMatchObject({ version: 2, contingencyBps: 500 });
    expect(second.body.error.details.current.lines).toHaveLength(2);
  });

  const draftRow = (over: Partial<BudgetDraftRow> = {}): BudgetDraftRow => ({
    id: randomUUID(),
    accountCode: "2100",
    description: "Grip truck",
    quantity: "2",
    units: "days",
    rate: "12,5",
    notes: "",
    ...over,
  });
  const putDraft = (projectId: string, json: unknown, as = "member") =>
    p.as(as).put(`/budgets/${projectId}/draft`, json);

  it("keeps the crew's unsaved sheet as a draft, exactly as typed, until the budget is saved", async () => {
    const b = await makeBudget();
    expect(b.draft).toEqual({
      version: 1,
      content: null,
      updatedByName: "Lena Fischer",
      updatedAt: expect.any(String),
    });
    const rows = [
      ...b.lines.map((l) =>
        draftRow({
          id: l.id,
          accountCode: l.accountCode,
          description: l.description,
          units: l.units,
          quantity: String(l.quantity / 100),
          rate: String(l.rate / 100),
        }),
      ),
      draftRow(),
      draftRow({ description: "", quantity: "2.", rate: "" }),
    ];
    const first = await putDraft(b.projectId, { version: 1, contingency: "7,5", rows });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      version: 2,
      content: { contingency: "7,5", rows },
      updatedByName: "Lena Fischer",
    });
    // The crew, staff and admins see it; the budget itself is unchanged.
    for (const who of ["member", "staff", "admin"]) {
      const read = await p.as(who).get(`/budgets/${b.projectId}`);
      expect(read.body.draft, who).toMatchObject({ version: 2, content: { rows } });
      expect(read.body.lines, who).toHaveLength(2);
      expect((await p.as(who).get(`/budgets/${b.projectId}/draft`)).body.version, who).toBe(2);
    }
    expect((await p.as("outsider").get(`/budgets/${b.projectId}`)).body.draft).toBeNull();

    // Saving the budget from the draft empties it and moves its version on.
    const saved = await p.as("member").put(`/budgets/${b.projectId}`, {
      version: b.version,
      draftVersion: 2,
      contingencyBps: 750,
      lines: [...b.lines, line()],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ version: 3, content: null });
    for (const who of ["member", "staff"])
      expect((await p.as(who).get(`/budgets/${b.projectId}/draft`)).body, who).toMatchObject({
        version: 3,
        content: null,
      });
  });

  it("tells the later of two crew members typing that the other changed the draft, with who and what", async () => {
    const b = await makeBudget();
    expect((await putDraft(b.projectId, { version: 1, contingency: "10", rows: [draftRow()] })).status).toBe(200);
    const late = await putDraft(b.projectId, {
      version: 1,
      contingency: "10",
      rows: [draftRow({ description: "Mine" })],
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/Lena Fischer changed the budget draft while you were typing/);
    expect(late.body.error.details.current).toMatchObject({
      version: 2,
      content: { rows: [{ description: "Grip truck" }] },
    });
    // A save of the budget naming an older draft is refused too, and the draft is kept.
    const save = await p
      .as("member")
      .put(`/budgets/${b.projectId}`, { version: b.version, draftVersion: 1, contingencyBps: 1000, lines: b.lines });
    expect(save.status).toBe(409);
    expect((await p.as("member").get(`/budgets/${b.projectId}/draft`)).body).toMatchObject({
      version: 2,
      content: { rows: [{ description: "Grip truck" }] },
    });
    // After a save of the budget, a writer still on the draft hears that the budget was saved.
    expect(
      (
        await p
          .as("member")
          .put(`/budgets/${b.projectId}`, { version: b.version, draftVersion: 2, contingencyBps: 1000, lines: b.lines })
      ).status,
    ).toBe(200);
    const after = await putDraft(b.projectId, { version: 2, contingency: "10", rows: [] });
    expect(after.status).toBe(409);
    expect(after.body.error.message).toMatch(/saved the budget while you were typing/);
  });

  it("answers bad draft input with a 4xx and a message", async () => {
    const b = await makeBudget();
    const path = `/budgets/${b.projectId}/draft`;
    const id = randomUUID();
    await expectClientErrors(p, cookies.member!, [
      ["PUT", path, { contingency: "10", rows: [] }],
      ["PUT", path, { version: -1, contingency: "10", rows: [] }],
      ["PUT", path, { version: 1, contingency: 10, rows: [] }],
      ["PUT", path, { version: 1, contingency: "10", rows: [draftRow({ id: "nope" })] }],
      ["PUT", path, { version: 1, contingency: "10", rows: [draftRow({ id }), draftRow({ id })] }],
      ["PUT", path, { version: 1, contingency: "10", rows: [draftRow({ units: "hours" as never })] }],
      ["PUT", path, { version: 1, contingency: "10", rows: [draftRow({ description: "x".repeat(201) })] }],
      ["PUT", path, { version: 1, contingency: "10", rows: [draftRow({ rate: "1".repeat(41) })] }],
      ["PUT", path, { version: 1, contingency: "10", rows: "all of them" }],
      ["PUT", `/budgets/${MISSING}/draft`, { version: 0, contingency: "10", rows: [] }],
      ["GET", `/budgets/not-a-uuid/draft`],
    ]);
  });

  it("lets only the crew write the draft, and the crew, staff and admins read it (authorization matrix)", async () => {
    const fixture = async () => makeBudget();
    const rows: MatrixRow<BudgetDto>[] = [
      ["read draft", "GET", (b) => `/budgets/${b.projectId}/draft`, undefined, [401, 403, 200, 200, 403, 200]],
      [
        "write draft",
        "PUT",
        (b) => `/budgets/${b.projectId}/draft`,
        { version: 1, contingency: "10", rows: [] },
        [401, 403, 200, 403, 403, 403],
      ],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, fixture, row);
  }, 300_000);

  it("lets the right people read and change a budget (authorization matrix)", async () => {
    const b = await makeBudget();
    const save = (as: string | undefined) =>
      p.as(as).put(`/budgets/${b.projectId}`, { version: 999, contingencyBps: 1000, lines: [] });
    const read = (as: string | undefined) => p.as(as).get(`/budgets/${b.projectId}`);
    const bypass = (as: string | undefined) => p.as(as).put(`/budgets/${b.projectId}/bypass`, { bypass: null });
    // anonymous
    expect((await read(undefined)).status).toBe(401);
    expect((await save(undefined)).status).toBe(401);
    // A stale version answers 409 only to those allowed to save: 403 comes first.
    const expected: Record<string, { read: boolean; canEdit: boolean; save: number; bypass: number }> = {
      outsider: { read: true, canEdit: false, save: 403, bypass: 403 },
      member: { read: true, canEdit: true, save: 409, bypass: 403 },
      staff: { read: true, canEdit: true, save: 409, bypass: 200 },
      equipment: { read: true, canEdit: false, save: 403, bypass: 403 },
      admin: { read: true, canEdit: true, save: 409, bypass: 200 },
    };
    for (const [who, want] of Object.entries(expected)) {
      const r = await read(who);
      expect(r.status, who).toBe(200);
      expect(r.body.canEdit, who).toBe(want.canEdit);
      expect((await save(who)).status, who).toBe(want.save);
      expect((await bypass(who)).status, who).toBe(want.bypass);
    }
    const pending = await submit((await read("member")).body);
    expect((await p.as("outsider").get(`/budget-proposals/${pending.proposalId}`)).body.canDecide).toBe(false);
    expect((await p.as("staff").get(`/budget-proposals/${pending.proposalId}`)).body.canDecide).toBe(true);
    for (const who of ["outsider", "member", "equipment", "admin"]) {
      const res = await p.as(who).post(`/budget-proposals/${pending.proposalId}/decision`, { decision: "approved" });
      expect(res.status, who).toBe(403);
    }
    expect(
      (await p.anonymous.post(`/budget-proposals/${pending.proposalId}/decision`, { decision: "approved" })).status,
    ).toBe(401);
    expect(
      (await p.as("outsider").post(`/budgets/${b.projectId}/proposals/${pending.proposalId}/withdraw`)).status,
    ).toBe(403);
  });

  it("freezes a submitted budget: editing the draft never changes the proposal, and the database refuses to", async () => {
    const b = await makeBudget();
    const { proposalId, budget } = await submit(b);
    const [before] = await p.services.db.select().from(budgetProposals).where(eq(budgetProposals.id, proposalId));
    expect(before!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before!.total).toBe(247_500);
    const edited = await p
      .as("member")
      .put(`/budgets/${b.projectId}`, { version: budget.version, contingencyBps: 0, lines: [line({ rate: 1 })] });
    expect(edited.status).toBe(200);
    const view = (await p.as("member").get(`/budget-proposals/${proposalId}`)).body as ProposalView;
    expect(view.snapshot.lines).toHaveLength(2);
    expect(view.totals.total).toBe(247_500);
    expect(view.contentHash).toBe(before!.contentHash);
    await expect(
      p.services.db.update(budgetProposals).set({ total: 1 }).where(eq(budgetProposals.id, proposalId)),
    ).rejects.toThrow();
    const [after] = await p.services.db.select().from(budgetProposals).where(eq(budgetProposals.id, proposalId));
    expect(after!.total).toBe(247_500);
  });

  it("sends the approver a link that shows the budget and records one decision; the team hears, the greenlight ticks", async () => {
    const b = await makeBudget();
    const { proposalId } = await submit(b, {
      approverEmail: "producer.outside@example.org",
      message: "Second unit included.",
    });
    const link = await linkOf("producer.outside@example.org", proposalId);
    expect(link.id).toBe(proposalId);
    // the approver's answer reaches the student who asked
    const [request] = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = 'producer.outside@example.org'`));
    expect(request!.payload).toMatchObject({ replyTo: "student@portal.test" });
    expect(Buffer.from(link.token, "base64url").length).toBeGreaterThanOrEqual(16);
    const [stored] = await p.services.db.select().from(budgetProposals).where(eq(budgetProposals.id, proposalId));
    expect(stored!.tokenHash).not.toContain(link.token);
    expect(stored!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);

    const seen = await publicGet(proposalId, link.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      state: "pending",
      canDecide: true,
      total: 247_500,
      message: "Second unit included.",
    });
    expect(seen.body.snapshot.lines).toHaveLength(2);

    const dashboard = (await p.as("admin").get("/admin/dashboard")).body as AdminDashboardDto;
    expect(dashboard.pendingApprovals.items.some((i) => i.id === proposalId)).toBe(true);

    const noName = await publicDecide(proposalId, { token: link.token, decision: "approved", name: "" });
    expect(noName.status).toBe(400);
    const noComment = await publicDecide(proposalId, { token: link.token, decision: "rejected", name: "Ruth Ames" });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error.message).toMatch(/comment/);

    const decided = await publicDecide(proposalId, {
      token: link.token,
      decision: "approved",
      name: "Ruth Ames",
      comment: "Fine by me.",
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ state: "approved", decisionName: "Ruth Ames", canDecide: false });
    const [row] = await p.services.db.select().from(budgetProposals).where(eq(budgetProposals.id, proposalId));
    expect(row).toMatchObject({
      decisionIp: "203.0.113.9",
      decisionUserAgent: "Approver Browser/1.0",
      decisionVia: "link",
      decisionComment: "Fine by me.",
    });
    expect(row!.decidedAt).toBeInstanceOf(Date);

    const [tick] = await p.services.db
      .select()
      .from(projectGreenlight)
      .where(and(eq(projectGreenlight.projectId, b.projectId), eq(projectGreenlight.itemKey, "budget_approved")));
    expect(tick!.done).toBe(true);
    const told = await p.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.member!), eq(notifications.kind, "budget")));
    expect(told.some((n) => n.title.includes("Approved"))).toBe(true);
    expect((await mailsTo("student@portal.test")).some((m) => m.subject.includes("Approved"))).toBe(true);

    const pdf = await p.request(`/rest/v1/budget-approval/${proposalId}/decision.pdf?token=${link.token}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("gives a wrong, tampered, used or expired link a clear answer and no data", async () => {
    const a = await makeBudget();
    const b = await makeBudget();
    const pa = (await submit(a)).proposalId;
    const pb = (await submit(b)).proposalId;
    const la = await linkOf("staff@portal.test", pa);
    const lb = await linkOf("staff@portal.test", pb);

    for (const [id, token] of [
      [pa, "wrong-token"],
      [pa, ""],
      [pb, la.token], // another proposal's token
      [MISSING, la.token],
      ["not-a-uuid", la.token],
    ] as const) {
      const res = await publicGet(id, token);
      expect(res.status, `${id} ${token}`).toBe(404);
      expect(res.body.error.details).toEqual({ problem: "invalid" });
      expect(JSON.stringify(res.body)).not.toMatch(/snapshot|Camera|total/);
    }
    expect((await publicDecide(pb, { token: la.token, decision: "approved", name: "Mallory" })).status).toBe(404);

    // A snapshot changed behind the service's back no longer matches the link it was sent with.
    await p.services.db.execute(sql`alter table budget_proposals disable trigger budget_proposals_immutable`);
    await p.services.db.execute(
      sql`update budget_proposals set snapshot = jsonb_set(snapshot, '{contingencyBps}', '0') where id = ${pb}`,
    );
    await p.services.db.execute(sql`alter table budget_proposals enable trigger budget_proposals_immutable`);
    expect((await publicGet(pb, lb.token)).status).toBe(404);

    expect(
      (
        await publicDecide(pa, {
          token: la.token,
          decision: "changes_requested",
          name: "Daniel Reyes",
          comment: "Cut the second camera.",
        })
      ).status,
    ).toBe(200);
    const used = await publicGet(pa, la.token);
    expect(used.status).toBe(409);
    expect(used.body.error.details).toEqual({ problem: "used" });
    expect(used.body.error.message).toMatch(/already been used/);
    expect(JSON.stringify(used.body)).not.toMatch(/snapshot|Camera/);
    const again = await publicDecide(pa, { token: la.token, decision: "approved", name: "Daniel Reyes" });
    expect(again.status).toBe(409);

    const c = await makeBudget();
    const pc = (await submit(c)).proposalId;
    const lc = await linkOf("staff@portal.test", pc);
    await p.services.db
      .update(budgetProposals)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(budgetProposals.id, pc));
    const expired = await publicGet(pc, lc.token);
    expect(expired.status).toBe(409);
    expect(expired.body.error.details).toEqual({ problem: "expired" });
    expect((await publicDecide(pc, { token: lc.token, decision: "approved", name: "Daniel Reyes" })).status).toBe(409);
  });

  it("withdraws the waiting proposal when a new version is submitted, and shows the difference from the approved one", async () => {
    const b = await makeBudget();
    const first = await submit(b);
    expect(
      (await p.as("staff").post(`/budget-proposals/${first.proposalId}/decision`, { decision: "approved" })).status,
    ).toBe(200);
    const lines = [
      ...first.budget.lines.slice(0, 1).map((l) => ({ ...l, rate: 30_000 })),
      line({ accountCode: "2800", description: "Catering", quantity: 500, rate: 8_000 }),
    ];
    const saved = (
      await p
        .as("member")
        .put(`/budgets/${b.projectId}`, { version: first.budget.version, contingencyBps: 1000, lines })
    ).body as BudgetDto;
    const second = await submit(saved);
    const third = await submit(second.budget);
    const states = third.budget.proposals.map((x) => [x.number, x.state]);
    expect(states).toEqual([
      [3, "pending"],
      [2, "withdrawn"],
      [1, "approved"],
    ]);
    const link2 = await linkOf("staff@portal.test", second.proposalId);
    const withdrawn = await publicGet(second.proposalId, link2.token);
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.error.details).toEqual({ problem: "withdrawn" });

    const view = (await p.as("staff").get(`/budget-proposals/${third.proposalId}`)).body as ProposalView;
    expect(view.diff.previousNumber).toBe(1);
    expect(view.diff.added.map((l) => l.description)).toEqual(["Catering"]);
    expect(view.diff.removed.map((l) => l.description)).toEqual(["Director fee"]);
    expect(view.diff.changed).toHaveLength(1);
    expect(view.diff.changed[0]!.after.rate).toBe(30_000);

    const withdrawnNow = await p.as("member").post(`/budgets/${b.projectId}/proposals/${third.proposalId}/withdraw`);
    expect(withdrawnNow.status).toBe(200);
    expect(withdrawnNow.body.proposals[0].state).toBe("withdrawn");
  });

  it("approves at once when bypass applies, recording who bypassed and why", async () => {
    const b = await makeBudget();
    const short = await p.as("staff").put(`/budgets/${b.projectId}/bypass`, { bypass: true, reason: "short" });
    expect(short.status).toBe(400);
    const set = await p
      .as("staff")
      .put(`/budgets/${b.projectId}/bypass`, { bypass: true, reason: "Funded entirely by the festival grant." });
    expect(set.status).toBe(200);
    expect(set.body.bypass).toMatchObject({ project: true, applies: true, setByName: "Daniel Reyes" });
    const { proposalId, budget } = await submit(set.body);
    expect(budget.proposals[0]).toMatchObject({ id: proposalId, state: "approved", bypassed: true });
    expect(budget.proposals[0]!.bypassReason).toMatch(/Daniel Reyes: Funded entirely/);
    // Approved by the staff member who set the override, never by the student who submitted.
    expect(budget.proposals[0]!.decisionName).toBe("Daniel Reyes");
    const certificate = await p.as("member").get(`/budget-proposals/${proposalId}/decision.pdf`);
    expect(certificate.status).toBe(200);
    const [tick] = await p.services.db
      .select()
      .from(projectGreenlight)
      .where(and(eq(projectGreenlight.projectId, b.projectId), eq(projectGreenlight.itemKey, "budget_approved")));
    expect(tick!.done).toBe(true);

    // The school-wide switch applies to a project without an override.
    const settings = (await p.as("admin").get("/school-settings")).body;
    expect(
      (
        await p.as("admin").put("/school-settings", {
          version: settings.version,
          settings: { ...settings.settings, budgetBypass: true },
        })
      ).status,
    ).toBe(200);
    try {
      const other = await makeBudget();
      expect(other.bypass).toMatchObject({ school: true, project: null, applies: true });
      const out = await submit(other);
      expect(out.budget.proposals[0]).toMatchObject({
        state: "approved",
        bypassed: true,
        bypassReason: "The school's budget approval bypass is on.",
        decisionName: "the school's approval bypass",
      });
      // A staff override that asks for approval wins over the school.
      const need = await p
        .as("admin")
        .put(`/budgets/${other.projectId}/bypass`, { bypass: false, reason: "This one goes to the dean." });
      expect(need.body.bypass.applies).toBe(false);
      expect((await submit(need.body)).budget.proposals[0]!.state).toBe("pending");
    } finally {
      const now = (await p.as("admin").get("/school-settings")).body;
      await p
        .as("admin")
        .put("/school-settings", { version: now.version, settings: { ...now.settings, budgetBypass: false } });
    }
  });

  it("tracks actuals against lines with variance, highlights over-budget, and keeps spent lines from being deleted", async () => {
    const b = await makeBudget();
    const cam = b.lines[0]!;
    const add = (json: unknown) => p.as("member").post(`/budgets/${b.projectId}/expenses`, json);
    expect(
      (await add({ lineId: cam.id, description: "Rental invoice", amount: 100_000, spentOn: "2032-10-01" })).status,
    ).toBe(201);
    const after = (await add({ lineId: cam.id, description: "Extra day", amount: 40_000, spentOn: "2032-10-02" })).body
      .budget as BudgetDto;
    const v = after.actuals.lines.find((l) => l.key === cam.id)!;
    expect(v).toMatchObject({ budget: 125_000, actual: 140_000, variance: -15_000, over: true });
    expect(after.actuals.accounts.find((a) => a.key === "2100")).toMatchObject({ actual: 140_000, over: true });
    expect(after.actuals.categories.find((c) => c.key === "below")).toMatchObject({ budget: 125_000, actual: 140_000 });
    expect(after.actuals.total).toMatchObject({ budget: 247_500, actual: 140_000, variance: 107_500, over: false });
    expect((await add({ lineId: MISSING, description: "x", amount: 1, spentOn: "2032-10-02" })).status).toBe(400);
    expect((await add({ lineId: cam.id, description: "x", amount: 0, spentOn: "2032-10-02" })).status).toBe(400);

    const drop = await p
      .as("member")
      .put(`/budgets/${b.projectId}`, { version: after.version, contingencyBps: 1000, lines: after.lines.slice(1) });
    expect(drop.status).toBe(409);
    expect(drop.body.error.message).toMatch(/Camera package.*expenses/);
    const gone = await p.as("member").delete(`/budgets/${b.projectId}/expenses/${after.expenses[0]!.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.expenses).toHaveLength(1);
  });

  it("keeps a receipt file per expense: upload, view, replace and delete, checking size and what the bytes are, for the crew only", async () => {
    const b = await makeBudget();
    const added = await p.as("member").post(`/budgets/${b.projectId}/expenses`, {
      lineId: b.lines[0]!.id,
      description: "Rental invoice",
      amount: 100_000,
      spentOn: "2032-10-01",
    });
    expect(added.status).toBe(201);
    const expenseId = added.body.expenseId as string;
    const url = `/storage/v1/object/receipts/${b.projectId}/${expenseId}`;
    const upload = async (bytes: Uint8Array, name: string, as = "member") => {
      const res = await p.request(`${url}?name=${encodeURIComponent(name)}`, {
        method: "POST",
        body: new Uint8Array(bytes),
        cookie: cookies[as],
        headers: { "content-type": "application/octet-stream" },
      });
      return { status: res.status, body: (await res.json()) as { error?: { message: string } } & Partial<BudgetDto> };
    };
    const stored = () =>
      readdir(path.join(p.services.config.DATA_DIR, "storage", "receipts", b.projectId, expenseId)).catch(
        () => [] as string[],
      );
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const heic = Uint8Array.from([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode("ftypheic"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("mif1heic"),
    ]);

    const first = await upload(pdf, "till/receipt 1.pdf");
    expect(first.status).toBe(201);
    const receipt = first.body.expenses!.find((e) => e.id === expenseId)!.receipt!;
    expect(receipt).toMatchObject({
      fileName: "receipt 1.pdf",
      contentType: "application/pdf",
      size: pdf.byteLength,
      viewable: true,
      url,
    });
    const view = await p.request(url, { cookie: cookies.member });
    expect(view.status).toBe(200);
    expect(view.headers.get("content-disposition")).toMatch(/^inline/);
    expect(Buffer.from(await view.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect((await p.request(`${url}?download`, { cookie: cookies.staff })).headers.get("content-disposition")).toMatch(
      /^attachment/,
    );
    // Receipts are the crew's and the office's, not every signed-in reader's; signed out gets nothing.
    expect((await p.request(url, { cookie: cookies.outsider })).status).toBe(403);
    expect((await p.request(url, { cookie: cookies.equipment })).status).toBe(403);
    expect((await p.request(url)).status).toBe(401);
    expect((await upload(png, "x.png", "outsider")).status).toBe(403);

    // What the bytes are decides, not the name; too large is refused while reading.
    const fake = await upload(new TextEncoder().encode("not really a pdf"), "receipt.pdf");
    expect(fake.status).toBe(415);
    expect(fake.body.error!.message).toMatch(/PDF, JPEG, PNG or HEIC/);
    const docx = await upload(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "quote.docx");
    expect(docx.status).toBe(415);
    const big = await upload(new Uint8Array(1024 * 1024 + 1).fill(0xff), "huge.jpg");
    expect(big.status).toBe(413);
    expect(big.body.error!.message).toMatch(/larger than 1 MB/);
    expect((await upload(new Uint8Array(0), "empty.pdf")).status).toBe(400);
    expect((await stored()).length).toBe(1);

    // Replacing stores the new file and removes the old one; a phone's HEIC photo is kept and downloaded.
    const replaced = await upload(heic, "IMG_0412.HEIC");
    expect(replaced.status).toBe(201);
    expect(replaced.body.expenses!.find((e) => e.id === expenseId)!.receipt).toMatchObject({
      fileName: "IMG_0412.HEIC",
      contentType: "image/heic",
      viewable: false,
    });
    const files = await stored();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.heic$/);
    expect((await p.request(url, { cookie: cookies.member })).headers.get("content-disposition")).toMatch(
      /^attachment/,
    );
    // Documents keep to their own list: HEIC is not one of them.
    expect(() => checkUpload({ UPLOAD_MAX_MB: 1 }, heic, "photo.heic")).toThrow(/cannot be kept here/);

    const removed = await p.request(url, { method: "DELETE", cookie: cookies.member });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as BudgetDto).expenses.find((e) => e.id === expenseId)!.receipt).toBeNull();
    expect(await stored()).toHaveLength(0);
    expect((await p.request(url, { cookie: cookies.member })).status).toBe(404);
    expect((await p.request(url, { method: "DELETE", cookie: cookies.member })).status).toBe(404);

    // Deleting the expense takes its receipt with it.
    expect((await upload(png, "scan.png")).status).toBe(201);
    expect(await stored()).toHaveLength(1);
    expect((await p.as("member").delete(`/budgets/${b.projectId}/expenses/${expenseId}`)).status).toBe(200);
    expect(await stored()).toHaveLength(0);
    expect((await upload(png, "scan.png")).status).toBe(404);
  });

  it("lets admins edit the chart of accounts, but not remove an account that lines use", async () => {
    const b = await makeBudget();
    const chart = (await p.as("member").get("/budget-accounts")).body as {
      code: string;
      name: string;
      category: string;
    }[];
    expect(chart).toHaveLength(18);
    const renamed = chart.map((a) => (a.code === "2900" ? { ...a, name: "Kit hire" } : a));
    expect((await p.as("staff").put("/budget-accounts", { accounts: renamed })).status).toBe(403);
    const dup = await p.as("admin").put("/budget-accounts", { accounts: [...renamed, renamed[0]] });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toMatch(/share the code 1100/);
    const withoutCamera = await p
      .as("admin")
      .put("/budget-accounts", { accounts: renamed.filter((a) => a.code !== "2100") });
    expect(withoutCamera.status).toBe(409);
    expect(withoutCamera.body.error.message).toMatch(/2100 Camera is used by/);
    const saved = await p
      .as("admin")
      .put("/budget-accounts", { accounts: [...renamed, { code: "3400", name: "Marketing", category: "below" }] });
    expect(saved.status).toBe(200);
    expect(saved.body.at(-1)).toEqual({ code: "3400", name: "Marketing", category: "below" });
    const after = (await p.as("member").get(`/budgets/${b.projectId}`)).body as BudgetDto;
    expect(after.accounts.find((a) => a.code === "2900")!.name).toBe("Kit hire");
    expect((await p.as("admin").put("/budget-accounts", { accounts: chart })).status).toBe(200);
  });

  it("exports the top sheet and the detail as formula-safe CSV, and the budget as PDF", async () => {
    const b = await makeBudget([line({ description: '=HYPERLINK("http://evil")', notes: '+1, "quoted"' })]);
    const top = await p.request(`/rest/v1/budgets/${b.projectId}/export.csv?part=topsheet`, {
      cookie: cookies.outsider,
    });
    expect(top.status).toBe(200);
    const topText = await top.text();
    expect(topText).toContain("2100,Camera,Below the line,1250.00\r\n");
    expect(topText).toContain(",Total,,1375.00\r\n");
    const detail = await (
      await p.request(`/rest/v1/budgets/${b.projectId}/export.csv?part=detail`, { cookie: cookies.member })
    ).text();
    expect(detail).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(detail).toContain(`"'+1, ""quoted"""`);
    expect(
      (await p.request(`/rest/v1/budgets/${b.projectId}/export.csv?part=nope`, { cookie: cookies.member })).status,
    ).toBe(400);
    const pdf = await p.request(`/rest/v1/budgets/${b.projectId}/export.pdf`, { cookie: cookies.member });
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });
});
