import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HAZARD_KINDS, dueDateOf, leadText, type SafetyDto } from "../../../common/safety.ts";
import type { ScheduleDto } from "../../../common/schedule.ts";
import { suggestSafetyFlags } from "../../../common/screenplay/breakdown.ts";
import { addDays } from "../../../common/time.ts";
import { jobs, notifications } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import {
  ADMIN_ONLY,
  expectClientErrors,
  expectMatrixRow,
  signInAll,
  SIGNED_IN,
  type MatrixRow,
} from "../../test/matrix.ts";
import { stageOn } from "./reminders.ts";
import { scanSafetyDue } from "./index.ts";

const YEAR = "2032/33";
const SCRIPT = [
  "INT. PAWN SHOP - NIGHT",
  "",
  "Anna draws a pistol from under the counter.",
  "",
  "ANNA",
  "Out.",
  "",
  "EXT. PARK - DAY",
  "",
  "Ben walks alone.",
  "",
].join("\n");

describe("hazard rules", () => {
  it("counts due dates back in calendar or business days", () => {
    expect(dueDateOf("2032-05-10", 14, false)).toBe("2032-04-26");
    // Ithaca's 21 business days before a Monday: three weeks of weekdays back, weekends skipped.
    expect(dueDateOf("2032-05-10", 21, true)).toBe("2032-04-09");
    expect(dueDateOf(null, 14, false)).toBeNull();
    expect(leadText(21, true)).toBe("21 business days");
    expect(leadText(1, false)).toBe("1 day");
  });

  it("never lands a business-day due date on a weekend, and never after the shoot", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 60 }), (offset, lead) => {
        const day = addDays("2030-01-01", offset);
        const due = dueDateOf(day, lead, true)!;
        expect(due <= day).toBe(true);
        if (lead > 0) expect([0, 6]).not.toContain(new Date(`${due}T00:00:00Z`).getUTCDay());
      }),
    );
  });

  it("reminds 7 and 2 days before, then once late", () => {
    expect(stageOn("2032-04-18", "2032-04-26")).toBeNull();
    expect(stageOn("2032-04-19", "2032-04-26")).toBe("7");
    expect(stageOn("2032-04-24", "2032-04-26")).toBe("2");
    expect(stageOn("2032-04-26", "2032-04-26")).toBe("2");
    expect(stageOn("2032-04-27", "2032-04-26")).toBe("late");
  });

  it("suggests the new kinds only on their words", () => {
    const flags = (text: string) => suggestSafetyFlags([{ number: "1", text }]).map((f) => f.kind);
    expect(flags("A drone rises over the lake.")).toContain("drones");
    expect(flags("The two men fight in the alley.")).toContain("stunts");
    expect(flags("A dog barks.")).toContain("animals");
    expect(flags("She reads the catalogue, dogged and scattered.")).toEqual([]);
    expect(DEFAULT_HAZARD_KINDS.map((k) => k.key)).toEqual(
      expect.arrayContaining([
        "weapons",
        "stunts",
        "water",
        "fire",
        "vehicles",
        "drones",
        "animals",
        "heights",
        "minors",
        "intimacy",
      ]),
    );
  });
});

describe.each(DB_KINDS)("hazards and safety approvals on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  const makePdf = async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]).drawText("Weapons plan", { x: 20, y: 360, size: 12 });
    return doc.save();
  };
  const upload = async (projectId: string, name: string, category: string) => {
    const res = await p
      .as("member")
      .post(
        `/storage/v1/object/documents/${projectId}?name=${encodeURIComponent(name)}&category=${category}`,
        undefined,
        { body: await makePdf() },
      );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  /** A project led by the member, supervised by staff, with the weapons flag of scene 1 confirmed and one shoot day. */
  const fixture = async (opts: { schedule?: boolean } = {}) => {
    const project = await p.as("member").post("/projects", {
      title: `Pawn ${Math.random().toString(36).slice(2, 8)}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    const projectId = project.body.id as string;
    const sp = (await p.as("member").post("/screenplays", { title: "Pawn", projectId, body: SCRIPT })).body;
    await p.as("member").post(`/screenplays/${sp.id}/lock-scenes`, { version: sp.version });
    const flag = await p
      .as("member")
      .post(`/screenplays/${sp.id}/breakdown/flags`, { sceneNumber: "1", kind: "weapons", decision: "confirmed" });
    expect(flag.status).toBe(200);
    const day = (
      await p
        .as("member")
        .post(`/projects/${projectId}/schedule/days`, { date: "2032-05-10", location: "Shop", generalCall: "08:00" })
    ).body as ScheduleDto;
    const dayId = day.days[0]!.id;
    if (opts.schedule !== false)
      await p
        .as("member")
        .put(`/projects/${projectId}/schedule/board`, { version: 1, days: [{ id: dayId, scenes: ["1"] }] });
    const safety = (await p.as("member").get(`/projects/${projectId}/safety`)).body as SafetyDto;
    const plan = safety.requirements.find((r) => r.label === "Weapons plan")!;
    const licence = safety.requirements.find((r) => r.label === "Armourer's licence")!;
    return { projectId, screenplayId: sp.id as string, dayId, plan, licence };
  };
  const submitted = async () => {
    const f = await fixture();
    const doc = await upload(f.projectId, "Weapons plan.pdf", "risk_assessment");
    await p.as("member").post(`/projects/${f.projectId}/safety/${f.plan.id}/document`, { documentId: doc });
    return f;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies, ids } = await signInAll(p));
  }, 120_000);
  afterAll(() => p?.close());

  it("seeds a knife scene blocked by its missing licence, and a water plan approved", async () => {
    const find = async (title: string) =>
      (await p.as("staff").get(`/projects?search=${encodeURIComponent(title)}`)).body.items[0].id as string;
    const small = await find("Small Hours");
    const s = (await p.as("staff").get(`/projects/${small}/safety`)).body as SafetyDto;
    expect(s.requirements.map((r) => [r.label, r.status, r.late])).toEqual([
      ["Armourer's licence", "open", true],
      ["Weapons plan", "approved", false],
    ]);
    expect(s.requirements[1]!.history.map((h) => h.action)).toEqual([
      "submitted",
      "changes_requested",
      "submitted",
      "approved",
    ]);
    const day = ((await p.as("staff").get(`/projects/${small}/schedule`)).body as ScheduleDto).days[0]!;
    // The hazards' checks; the day's hours and minors are checked apart (schedule/working-hours.test.ts).
    const hazards = (checks: ScheduleDto["days"][number]["checks"]) => checks.filter((c) => c.source === "hazard");
    expect(hazards(day.checks).map((c) => c.message)).toEqual([
      expect.stringMatching(/^blocked: armourer's licence due /),
    ]);
    const weight = await find("The Weight of Water");
    const w = (await p.as("staff").get(`/projects/${weight}/safety`)).body as SafetyDto;
    expect(w.requirements.map((r) => [r.label, r.status])).toEqual([["Water safety plan", "approved"]]);
    const days = ((await p.as("staff").get(`/projects/${weight}/schedule`)).body as ScheduleDto).days;
    expect(days.flatMap((d) => hazards(d.checks))).toEqual([]);
  });

  it("creates the hazard's requirements from a confirmed flag, due before the scene's shoot day as it moves", async () => {
    const f = await fixture({ schedule: false });
    const before = (await p.as("member").get(`/projects/${f.projectId}/safety`)).body as SafetyDto;
    expect(before.requirements.map((r) => [r.label, r.category, r.status, r.dueDate, r.approverName])).toEqual([
      ["Armourer's licence", "permits", "open", null, "Staff (any)"],
      ["Weapons plan", "risk_assessment", "open", null, "Staff (any)"],
    ]);
    expect(f.plan).toMatchObject({
      leadDays: 14,
      businessDays: false,
      shootDay: null,
      canAttach: true,
      canDecide: false,
    });

    await p
      .as("member")
      .put(`/projects/${f.projectId}/schedule/board`, { version: 1, days: [{ id: f.dayId, scenes: ["1"] }] });
    let s = (await p.as("member").get(`/projects/${f.projectId}/safety`)).body as SafetyDto;
    expect(s.requirements.map((r) => [r.label, r.shootDay, r.dueDate])).toEqual([
      ["Armourer's licence", "2032-05-10", "2032-04-09"],
      ["Weapons plan", "2032-05-10", "2032-04-26"],
    ]);
    // The scene moves a week later: the dates follow, nothing stored goes stale.
    await p.as("member").patch(`/projects/${f.projectId}/schedule/days/${f.dayId}`, { version: 1, date: "2032-05-17" });
    s = (await p.as("member").get(`/projects/${f.projectId}/safety`)).body as SafetyDto;
    expect(s.requirements.map((r) => r.dueDate)).toEqual(["2032-04-16", "2032-05-03"]);
  });

  it("blocks the day and its call sheet until every requirement is approved by its approver, then ticks the greenlight", async () => {
    const f = await fixture();
    const checks = async () =>
      ((await p.as("member").get(`/projects/${f.projectId}/schedule`)).body as ScheduleDto).days[0]!.checks;
    expect(await checks()).toEqual([
      { source: "hazard", level: "blocking", message: "blocked: armourer's licence due 9 Apr" },
      { source: "hazard", level: "blocking", message: "blocked: weapons plan due 26 Apr" },
    ]);
    const send = () => p.as("member").post(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet/send`);
    const refused = await send();
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/blocked: weapons plan due 26 Apr/);

    // A document of another category is refused; the right one waits for a decision.
    const wrong = await upload(f.projectId, "Permit.pdf", "permits");
    const bad = await p
      .as("member")
      .post(`/projects/${f.projectId}/safety/${f.plan.id}/document`, { documentId: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/needs a document filed under Risk assessment/);
    const plan = await upload(f.projectId, "Weapons plan.pdf", "risk_assessment");
    const licence = await upload(f.projectId, "Licence.pdf", "permits");
    expect(
      (await p.as("member").post(`/projects/${f.projectId}/safety/${f.plan.id}/document`, { documentId: plan })).status,
    ).toBe(200);
    await p.as("member").post(`/projects/${f.projectId}/safety/${f.licence.id}/document`, { documentId: licence });

    const decide = (who: string, id: string, decision: string, comment = "") =>
      p.as(who).post(`/projects/${f.projectId}/safety/${id}/decision`, { decision, comment });
    const self = await decide("member", f.plan.id, "approved");
    expect(self.status).toBe(403);
    expect(self.body.error.message).toMatch(/Only staff decides “Weapons plan”/);
    expect((await decide("staff", f.plan.id, "changes_requested")).body.error.message).toMatch(
      /Say what should change/,
    );
    const asked = await decide("staff", f.plan.id, "changes_requested", "Name the armourer.");
    expect(asked.body.requirements.find((r: { id: string }) => r.id === f.plan.id).status).toBe("changes_requested");
    expect((await decide("staff", f.plan.id, "approved")).status).toBe(409);
    await p.as("member").post(`/projects/${f.projectId}/safety/${f.plan.id}/document`, { documentId: plan });
    expect((await decide("staff", f.plan.id, "approved", "Fine.")).status).toBe(200);
    expect(await checks()).toEqual([
      { source: "hazard", level: "blocking", message: "blocked: armourer's licence due 9 Apr" },
    ]);
    expect((await send()).status).toBe(409);
    const project = (await p.as("member").get(`/projects/${f.projectId}`)).body;
    expect(project.greenlight.find((g: { label: string }) => g.label === "Safety plan: weapons (scene 1)").done).toBe(
      false,
    );

    expect((await decide("admin", f.licence.id, "approved")).status).toBe(200);
    expect(await checks()).toEqual([]);
    expect((await send()).status).toBe(200);
    const after = (await p.as("member").get(`/projects/${f.projectId}`)).body;
    expect(after.greenlight.find((g: { label: string }) => g.label === "Safety plan: weapons (scene 1)").done).toBe(
      true,
    );

    const s = (await p.as("member").get(`/projects/${f.projectId}/safety`)).body as SafetyDto;
    const history = s.requirements.find((r) => r.id === f.plan.id)!.history;
    expect(history.map((h) => [h.action, h.byName, h.comment, h.documentTitle])).toEqual([
      ["submitted", "Lena Fischer", "", "Weapons plan"],
      ["changes_requested", "Daniel Reyes", "Name the armourer.", null],
      ["submitted", "Lena Fischer", "", "Weapons plan"],
      ["approved", "Daniel Reyes", "Fine.", null],
    ]);
    expect(s.requirements.every((r) => r.status === "approved" && !r.canAttach && !r.canDecide)).toBe(true);
  });

  it("lists what awaits a decision, and marks the project on the overview", async () => {
    const f = await submitted();
    const awaiting = (await p.as("staff").get("/safety/awaiting")).body;
    expect(
      awaiting.items.some((i: { id: string; dueDate: string }) => i.id === f.plan.id && i.dueDate === "2032-04-26"),
    ).toBe(true);
    expect((await p.as("member").get("/safety/awaiting")).body.items).toEqual([]);
    const board = (await p.as("staff").get("/overview/board?phase=development&limit=100")).body;
    const card = board.columns[0].items.find((c: { id: string }) => c.id === f.projectId);
    expect(card.blockedDays).toEqual({
      days: 1,
      first: "2032-05-10",
      messages: ["blocked: armourer's licence due 9 Apr", "blocked: weapons plan due 26 Apr"],
    });
  });

  it("withdraws the unmet requirements when the flag is dismissed, keeping the approved ones", async () => {
    const f = await submitted();
    await p.as("staff").post(`/projects/${f.projectId}/safety/${f.plan.id}/decision`, { decision: "approved" });
    const dismissed = await p.as("member").post(`/screenplays/${f.screenplayId}/breakdown/flags`, {
      sceneNumber: "1",
      kind: "weapons",
      decision: "dismissed",
    });
    expect(dismissed.status).toBe(200);
    const s = (await p.as("member").get(`/projects/${f.projectId}/safety`)).body as SafetyDto;
    expect(s.requirements.map((r) => [r.label, r.status])).toEqual([
      ["Weapons plan", "approved"],
      ["Armourer's licence", "withdrawn"],
    ]);
    expect(s.requirements[1]!.history.map((h) => h.action)).toEqual(["withdrawn"]);
    expect(
      ((await p.as("member").get(`/projects/${f.projectId}/schedule`)).body as ScheduleDto).days[0]!.checks,
    ).toEqual([]);
  });

  it("queues each reminder once, to the producers and the approver", async () => {
    const f = await fixture();
    const count = async () =>
      (
        await p.services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(
            and(eq(notifications.kind, "safety"), sql`${notifications.link} = ${`/project/${f.projectId}?tab=safety`}`),
          )
      )[0]!.n;
    // Seven days before the weapons plan's 26 April (the licence, due 9 April, is late by then).
    const now = new Date("2032-04-19T09:00:00Z");
    await scanSafetyDue(p.services, { now });
    // The lead and the supervisor, each told of both requirements.
    expect(await count()).toBe(4);
    await scanSafetyDue(p.services, { now });
    await scanSafetyDue(p.services, { now: new Date("2032-04-19T18:00:00Z") });
    expect(await count()).toBe(4);
    const mails = await p.services.db
      .select({ to: sql<string>`${jobs.payload}->>'to'`, subject: sql<string>`${jobs.payload}->>'subject'` })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, "email.send"),
          sql`${jobs.payload}->>'subject' like ${"%Pawn%"}`,
          sql`${jobs.payload}->>'subject' like ${"%Weapons plan%26 April%"}`,
        ),
      );
    expect(mails.map((m) => m.to).sort()).toContain("staff@portal.test");
    // Two days before, the next reminder.
    await scanSafetyDue(p.services, { now: new Date("2032-04-24T09:00:00Z") });
    expect(await count()).toBe(6);
  });

  it("lets administrators edit the hazard kinds", async () => {
    const kinds = (await p.as("member").get("/safety/hazard-kinds")).body.kinds;
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    const bad = await p.as("admin").put("/safety/hazard-kinds", {
      kinds: [
        {
          key: "weapons",
          label: "Weapons",
          requirements: [{ label: "Plan", category: "risk_assessment", leadDays: -1 }],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/0 days or more/);
  });

  it("answers each caller as the matrix says", async () => {
    type F = Awaited<ReturnType<typeof fixture>> & { doc: string };
    const withDoc = async (): Promise<F> => {
      const f = await submitted();
      return { ...f, doc: await upload(f.projectId, "Plan v2.pdf", "risk_assessment") };
    };
    // Reading changes nothing: one project serves every caller of the reading rows.
    const shared = await withDoc();
    const reads: MatrixRow<F>[] = [
      ["read", "GET", (f) => `/projects/${f.projectId}/safety`, undefined, SIGNED_IN],
      ["awaiting", "GET", () => "/safety/awaiting", undefined, SIGNED_IN],
      ["kinds", "GET", () => "/safety/hazard-kinds", undefined, SIGNED_IN],
      ["save kinds", "PUT", () => "/safety/hazard-kinds", { kinds: DEFAULT_HAZARD_KINDS }, ADMIN_ONLY],
    ];
    for (const row of reads) await expectMatrixRow(p, cookies, async () => shared, row);
    const writes: MatrixRow<F>[] = [
      [
        "attach",
        "POST",
        (f) => `/projects/${f.projectId}/safety/${f.plan.id}/document`,
        (f) => ({ documentId: f.doc }),
        [401, 403, 200, 200, 403, 200],
      ],
      [
        "decide",
        "POST",
        (f) => `/projects/${f.projectId}/safety/${f.plan.id}/decision`,
        { decision: "approved" },
        [401, 403, 403, 200, 403, 200],
      ],
    ];
    for (const row of writes) await expectMatrixRow(p, cookies, withDoc, row);
    const f = await fixture();
    await expectClientErrors(p, cookies.member!, [
      ["GET", "/projects/nope/safety"],
      ["POST", `/projects/${f.projectId}/safety/${f.plan.id}/document`, { documentId: "x" }],
      [
        "POST",
        `/projects/${f.projectId}/safety/00000000-0000-4000-8000-000000000000/document`,
        { documentId: "00000000-0000-4000-8000-000000000000" },
      ],
      ["POST", `/projects/${f.projectId}/safety/${f.plan.id}/decision`, { decision: "maybe" }],
    ]);
  }, 180_000);
});
