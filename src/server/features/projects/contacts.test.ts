import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetDto, PendingBudgetApproval, ProposalView } from "../../../common/budget.ts";
import type { DocumentDto, DocumentPage } from "../../../common/documents.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import type { CallSheetDto, ScheduleDto } from "../../../common/schedule.ts";
import type { PersonDto } from "../../../common/users.ts";
import { jobs, profiles } from "../../db/schema/index.ts";
import { provisionAccount } from "../users/accounts.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { signInAll } from "../../test/matrix.ts";
import { pdfText } from "../../test/pdf-text.ts";

const YEAR = "2032/33";
const SCRIPT = "INT. KITCHEN - DAY\n\nAnna waits.\n\nANNA\nHello?\n\nEXT. HARBOUR - DAY\n\nBoats.\n\nBEN\nOver here.\n";
const ACTOR = { email: "clara.wu@example.com", phone: "+41 79 000 00 00" };
const PRODUCER_PHONE = "+41 79 555 01 02";
const ADDRESS = "Quay 4, 8001 Zurich";
const APPROVER = "producer.outside@example.org";
const DECIDER = { ip: "203.0.113.9", agent: "Approver Browser/1.0" };

/** Who may see contacts, and who sees only names: the project's crew (its lead), staff and admins against everyone else. */
const SEE = ["member", "staff", "admin"] as const;
const BLIND = ["outsider", "equipment"] as const;

describe.each(DB_KINDS)("contacts of people on a project, on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let f: Awaited<ReturnType<typeof fixture>>;
  const ok = async (path: string, as: string) => {
    const res = await p.as(as).get(path);
    expect(res.status, `${as} GET ${path}`).toBe(200);
    return res;
  };
  const pdf = async (path: string, as?: string) => {
    const res = await p.as(as).get(path);
    expect(res.status, `${as} GET ${path}`).toBe(200);
    return (await pdfText(res.bytes!)).join(" ");
  };

  /**
   * A project led by the member and supervised by staff, Jun its producer (with a phone), Anna cast with an
   * outside actor's e-mail and phone, a shoot day at an address with its call sheet sent, a location release
   * out for signature, and a budget decided through the e-mailed link by an outside approver.
   */
  const fixture = async () => {
    const project = await p.as("member").post("/projects", {
      title: `Contacts ${randomUUID().slice(0, 6)}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    expect(project.status).toBe(201);
    const projectId = project.body.id as string;
    expect(
      (await p.as("member").post(`/projects/${projectId}/members`, { userId: ids.jun, roles: ["producer"] })).status,
    ).toBe(201);
    await p.services.db.update(profiles).set({ phone: PRODUCER_PHONE }).where(eq(profiles.id, ids.jun!));
    expect((await p.as("member").post("/screenplays", { title: "Contacts", projectId, body: SCRIPT })).status).toBe(
      201,
    );
    const day = await p.as("member").post(`/projects/${projectId}/schedule/days`, {
      date: "2032-05-01",
      location: "Harbour",
      address: ADDRESS,
      generalCall: "07:00",
    });
    const dayId = (day.body as ScheduleDto).days[0]!.id;
    expect(
      (
        await p
          .as("member")
          .put(`/projects/${projectId}/schedule/board`, { version: 1, days: [{ id: dayId, scenes: ["1", "2"] }] })
      ).status,
    ).toBe(200);
    expect(
      (
        await p
          .as("member")
          .put(`/projects/${projectId}/schedule/cast`, { character: "ANNA", actorName: "Clara Wu", ...ACTOR })
      ).status,
    ).toBe(200);
    expect((await p.as("member").post(`/projects/${projectId}/schedule/days/${dayId}/call-sheet/send`)).status).toBe(
      200,
    );

    const doc = await p.as("member").post(`/projects/${projectId}/documents/templates`, {
      template: "location_release",
      party: "Ida Sørensen",
      detail: "Pier 4",
    });
    expect(doc.status).toBe(201);
    const documentId = (doc.body as DocumentDto).id;
    const sent = await p.as("member").post(`/projects/${projectId}/documents/${documentId}/signature-requests`, {
      signers: [{ name: "Ida Sørensen", email: "ida@outside.test" }],
    });
    expect(sent.status).toBe(201);

    const line = {
      id: randomUUID(),
      accountCode: "2100",
      description: "Camera package",
      quantity: 100,
      units: "days",
      rate: 25_000,
      notes: "",
    };
    const budget = await p
      .as("member")
      .put(`/budgets/${projectId}`, { version: 0, contingencyBps: 1000, lines: [line] });
    expect(budget.status).toBe(200);
    const submitted = await p.as("member").post(`/budgets/${projectId}/proposals`, {
      version: (budget.body as BudgetDto).version,
      approverEmail: APPROVER,
    });
    expect(submitted.status).toBe(201);
    const proposalId = submitted.body.proposalId as string;
    const [mail] = await p.services.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.type, "email.send"),
          sql`${jobs.payload}->>'to' = ${APPROVER}`,
          sql`${jobs.payload}->>'text' like ${`%${proposalId}%`}`,
        ),
      );
    const token = /\?token=([A-Za-z0-9_-]+)/.exec((mail!.payload as { text: string }).text)![1]!;
    const decided = await p.anonymous.post(
      `/budget-approval/${proposalId}/decision`,
      { token, decision: "approved", name: "Ola Outside" },
      { headers: { "user-agent": DECIDER.agent, "x-forwarded-for": DECIDER.ip } },
    );
    expect(decided.status).toBe(200);
    return { projectId, dayId, documentId, proposalId, token };
  };

  /** Submits a second budget version to the outside approver and leaves it pending, for the pending list. */
  const pendingProposal = async () => {
    const b = (await ok(`/budgets/${f.projectId}`, "member")).body as BudgetDto;
    const res = await p
      .as("member")
      .post(`/budgets/${f.projectId}/proposals`, { version: b.version, approverEmail: APPROVER });
    expect(res.status).toBe(201);
    return res.body.proposalId as string;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind, { TRUST_PROXY: "true" });
    ({ ids } = await signInAll(p, {
      outsider: "tomas.novak@portal.test",
      member: "student@portal.test",
      staff: "staff@portal.test",
      equipment: "equipment@portal.test",
      admin: "admin@portal.test",
      jun: "jun.park@portal.test",
    }));
    f = await fixture();
  }, 400_000);
  afterAll(() => p?.close());

  it("the schedule's cast list and shoot days: names and roles for everyone, e-mail, phone and address for the crew, staff and admins", async () => {
    for (const who of SEE) {
      const s = (await ok(`/projects/${f.projectId}/schedule`, who)).body as ScheduleDto;
      expect(s.contactsVisible, who).toBe(true);
      expect(
        s.cast.find((c) => c.character === "ANNA"),
        who,
      ).toMatchObject({ actorName: "Clara Wu", ...ACTOR });
      expect(s.days[0]!.address, who).toBe(ADDRESS);
    }
    for (const who of BLIND) {
      const s = (await ok(`/projects/${f.projectId}/schedule`, who)).body as ScheduleDto;
      expect(s.contactsVisible, who).toBe(false);
      expect(
        s.cast.find((c) => c.character === "ANNA"),
        who,
      ).toEqual({ character: "ANNA", actorName: "Clara Wu", inScript: true });
      expect(s.days[0], who).toMatchObject({ location: "Harbour", generalCall: "07:00" });
      expect(s.days[0], who).not.toHaveProperty("address");
      expect(JSON.stringify(s), who).not.toMatch(/clara\.wu@|\+41 79|Quay 4/);
    }
  });

  it("kept answers are shared only by people who stand alike: a second crew member sees what the first did, a student outside the crew reading after them does not", async () => {
    const paths = [`/projects/${f.projectId}`, `/projects/${f.projectId}/schedule`, `/budgets/${f.projectId}`];
    for (const path of paths) {
      const first = (await ok(path, "member")).body as { contactsVisible: boolean; canEdit: boolean };
      const second = (await ok(path, "jun")).body as { contactsVisible: boolean; canEdit: boolean };
      expect([first.contactsVisible, first.canEdit], path).toEqual([true, true]);
      expect(second, path).toEqual(first);
      const outside = (await ok(path, "outsider")).body as { contactsVisible: boolean; canEdit: boolean };
      expect([outside.contactsVisible, outside.canEdit], path).toEqual([false, false]);
      expect(JSON.stringify(outside), path).not.toMatch(/clara\.wu@|\+41 79|Quay 4/);
    }
    const project = (await ok(`/projects/${f.projectId}`, "jun")).body as ProjectDetail;
    expect(project.isMember).toBe(true);
    expect(((await ok(`/projects/${f.projectId}`, "outsider")).body as ProjectDetail).isMember).toBe(false);
  });

  it("the call sheet: who was sent it by name for everyone, their e-mail and the address for the crew, staff and admins", async () => {
    const path = `/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`;
    for (const who of SEE) {
      const sheet = (await ok(path, who)).body as CallSheetDto;
      expect(sheet.contactsVisible, who).toBe(true);
      expect(sheet.recipients.map((r) => r.email).sort(), who).toEqual([
        ACTOR.email,
        "jun.park@portal.test",
        "student@portal.test",
      ]);
      expect(sheet.day.address, who).toBe(ADDRESS);
    }
    for (const who of BLIND) {
      const sheet = (await ok(path, who)).body as CallSheetDto;
      expect(sheet.contactsVisible, who).toBe(false);
      expect(sheet.recipients.map((r) => r.name).sort(), who).toEqual(["Clara Wu", "Jun Park", "Lena Fischer"]);
      expect(
        sheet.cast.map((c) => [c.name, c.role]),
        who,
      ).toEqual([
        ["ANNA", "Clara Wu"],
        ["BEN", "Not cast yet"],
      ]);
      expect(
        sheet.crew.find((c) => c.userId === ids.jun),
        who,
      ).toMatchObject({ name: "Jun Park", role: "Producer" });
      expect(JSON.stringify(sheet), who).not.toMatch(/@|\+41 79|Quay 4/);
    }
  });

  it("the call sheet PDF: the production contacts' phone and e-mail and the address only for the crew, staff and admins", async () => {
    const path = `/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet.pdf`;
    for (const who of SEE) {
      const text = await pdf(path, who);
      expect(text, who).toContain(PRODUCER_PHONE);
      expect(text, who).toContain("jun.park@portal.test");
      expect(text, who).toContain("Quay 4");
    }
    for (const who of BLIND) {
      const text = await pdf(path, who);
      expect(text, who).toContain("Jun Park");
      expect(text, who).toContain("Clara Wu");
      expect(text, who).not.toContain(PRODUCER_PHONE);
      expect(text, who).not.toContain("@");
      expect(text, who).not.toContain("Quay 4");
    }
  });

  it("the project's crew list: names and film roles for everyone, e-mail for the crew, staff and admins", async () => {
    for (const who of SEE) {
      const project = (await ok(`/projects/${f.projectId}`, who)).body as ProjectDetail;
      expect(project.contactsVisible, who).toBe(true);
      expect(
        project.members.find((m) => m.userId === ids.jun),
        who,
      ).toMatchObject({ name: "Jun Park", email: "jun.park@portal.test", roles: ["producer"] });
    }
    for (const who of BLIND) {
      const project = (await ok(`/projects/${f.projectId}`, who)).body as ProjectDetail;
      expect(project.contactsVisible, who).toBe(false);
      expect(
        project.members.map((m) => [m.name, m.isLead]),
        who,
      ).toEqual([
        ["Lena Fischer", true],
        ["Jun Park", false],
      ]);
      expect(project.members[1]!.roles, who).toEqual(["producer"]);
      expect(
        project.members.some((m) => "email" in m),
        who,
      ).toBe(false);
    }
  });

  it("documents and their signers' e-mail: only the crew, staff and admins", async () => {
    for (const who of SEE) {
      const page = (await ok(`/projects/${f.projectId}/documents`, who)).body as DocumentPage;
      expect(
        page.items.flatMap((d) => d.submissions.flatMap((s) => s.signers.map((x) => x.email))),
        who,
      ).toEqual(["ida@outside.test"]);
      const doc = (await ok(`/projects/${f.projectId}/documents/${f.documentId}`, who)).body as DocumentDto;
      expect(doc.submissions[0]!.signers[0], who).toMatchObject({ name: "Ida Sørensen", email: "ida@outside.test" });
    }
    for (const who of BLIND) {
      for (const path of [`/projects/${f.projectId}/documents`, `/projects/${f.projectId}/documents/${f.documentId}`]) {
        const res = await p.as(who).get(path);
        expect(res.status, `${who} ${path}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain("ida@outside.test");
      }
    }
  });

  it("the budget, its proposals and the pending approvals: the approver's and supervisor's e-mail only for the crew, staff and admins", async () => {
    const pendingId = await pendingProposal();
    for (const who of SEE) {
      const b = (await ok(`/budgets/${f.projectId}`, who)).body as BudgetDto;
      expect(b.contactsVisible, who).toBe(true);
      expect(b.supervisor, who).toEqual({ name: "Daniel Reyes", email: "staff@portal.test" });
      expect(
        b.proposals.map((x) => x.approverEmail),
        who,
      ).toEqual([APPROVER, APPROVER]);
      expect(((await ok(`/budget-proposals/${pendingId}`, who)).body as ProposalView).approverEmail, who).toBe(
        APPROVER,
      );
      const pending = (await ok("/budgets/pending", who)).body as PendingBudgetApproval[];
      expect(pending.find((x) => x.id === pendingId)?.approverEmail, who).toBe(APPROVER);
    }
    for (const who of BLIND) {
      const b = (await ok(`/budgets/${f.projectId}`, who)).body as BudgetDto;
      expect(b.contactsVisible, who).toBe(false);
      expect(b.supervisor, who).toEqual({ name: "Daniel Reyes" });
      expect(
        b.proposals.map((x) => [x.number, x.submittedByName]),
        who,
      ).toEqual([
        [2, "Lena Fischer"],
        [1, "Lena Fischer"],
      ]);
      expect(JSON.stringify(b), who).not.toMatch(/@/);
      const view = (await ok(`/budget-proposals/${pendingId}`, who)).body as ProposalView;
      expect(view, who).not.toHaveProperty("approverEmail");
      const pending = (await ok("/budgets/pending", who)).body as PendingBudgetApproval[];
      expect(
        pending.find((x) => x.id === pendingId),
        who,
      ).toMatchObject({ projectId: f.projectId, submittedByName: "Lena Fischer" });
      expect(
        pending.find((x) => x.id === pendingId),
        who,
      ).not.toHaveProperty("approverEmail");
    }
  });

  it("the decision certificate: anyone who reads the budget gets it, the approver's address and browser only the crew, staff, admins and the approver", async () => {
    const path = `/budget-proposals/${f.proposalId}/decision.pdf`;
    for (const who of SEE) {
      const text = await pdf(path, who);
      expect(text, who).toContain(DECIDER.ip);
      expect(text, who).toContain(DECIDER.agent);
    }
    for (const who of BLIND) {
      const text = await pdf(path, who);
      expect(text, who).toContain("Ola Outside");
      expect(text, who).not.toContain(DECIDER.ip);
      expect(text, who).not.toContain(DECIDER.agent);
      expect(text, who).not.toMatch(/IP address|User agent/);
    }
    // The approver's own link keeps their full record.
    expect(await pdf(`/budget-approval/${f.proposalId}/decision.pdf?token=${f.token}`)).toContain(DECIDER.ip);
    expect((await p.anonymous.get(path)).status).toBe(401);
    expect((await p.as("outsider").get(`/budget-proposals/${randomUUID()}/decision.pdf`)).status).toBe(404);
    expect((await p.as("outsider").get("/budget-proposals/not-an-id/decision.pdf")).status).toBe(404);
  });

  it("the people directory: e-mail only to staff, admins, the person and those who share a crew with them", async () => {
    // A new student, on nobody's crew yet.
    const email = `k7${randomUUID().slice(0, 6)}@portal.test`;
    const { id } = await provisionAccount(p.services, p.auth, {
      email,
      name: "Ines Newcomer",
      password: "portal-demo-1",
      role: "student",
    });
    const stranger = { id, full_name: "Ines Newcomer", email };
    const find = async (who: string, search: string) => {
      const res = await ok(`/people?search=${encodeURIComponent(search)}`, who);
      return (res.body.items as PersonDto[]).find((x) => x.id === stranger.id);
    };
    for (const who of ["staff", "admin"])
      expect(await find(who, stranger.full_name), who).toMatchObject({
        fullName: stranger.full_name,
        email: stranger.email,
      });
    const hidden = await find("outsider", stranger.full_name);
    expect(hidden).toEqual({ id: stranger.id, fullName: stranger.full_name, role: "student" });
    // A part of an address finds nobody for a student; the whole address, which they already know, does.
    expect(await find("outsider", stranger.email.slice(0, 4))).toBeUndefined();
    expect(await find("outsider", stranger.email)).toEqual(hidden);
    // Once they share a crew, the e-mail shows.
    expect(
      (await p.as("member").post(`/projects/${f.projectId}/members`, { userId: stranger.id, roles: ["gaffer"] }))
        .status,
    ).toBe(201);
    expect(
      (await p.as("member").post(`/projects/${f.projectId}/members`, { userId: ids.outsider, roles: ["editor"] }))
        .status,
    ).toBe(201);
    try {
      expect(await find("outsider", stranger.full_name)).toMatchObject({ email: stranger.email });
      // And on the crew, the project's contacts are the outsider's to see too.
      expect(
        ((await ok(`/projects/${f.projectId}/schedule`, "outsider")).body as ScheduleDto).cast.find(
          (c) => c.character === "ANNA",
        ),
      ).toMatchObject(ACTOR);
    } finally {
      for (const id of [stranger.id, ids.outsider!])
        await p.as("member").delete(`/projects/${f.projectId}/members/${id}`);
    }
  });
});
