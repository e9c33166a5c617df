import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BreakdownDetail } from "../../../common/breakdown-api.ts";
import { DEFAULT_HAZARD_KINDS, hazardKeyOf, type HazardKind, type SafetyDto } from "../../../common/safety.ts";
import { jobs, notifications } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll } from "../../test/matrix.ts";

const YEAR = "2032/33";
// Scene 1 has a pistol (the weapons rule); scene 2's words suggest nothing.
const SCRIPT = [
  "INT. PAWN SHOP - NIGHT",
  "",
  "Anna draws a pistol from under the counter.",
  "",
  "EXT. PARK - DAY",
  "",
  "Ben walks alone.",
  "",
].join("\n");

const PYRO: HazardKind = {
  key: "pyrotechnics",
  label: "Pyrotechnics",
  requirements: [
    {
      label: "Pyrotechnician's licence",
      category: "permits",
      approverRole: "admin",
      approverUserId: null,
      leadDays: 10,
      businessDays: true,
    },
  ],
};

describe("hazard kind keys", () => {
  it("makes a key from a name, unique in the table", () => {
    expect(hazardKeyOf("Pyrotechnics", [])).toBe("pyrotechnics");
    expect(hazardKeyOf("Smoke & haze", ["smoke_haze"])).toBe("smoke_haze_2");
    expect(hazardKeyOf("Élan 3", [])).toBe("elan_3");
    expect(hazardKeyOf("!!", [])).toBe("hazard");
  });
});

describe.each(DB_KINDS)("hazards flagged by hand, the kinds' settings and the approver's notice on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  const pdf = async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]).drawText("Plan", { x: 20, y: 360, size: 12 });
    return doc.save();
  };
  const upload = async (projectId: string, name: string, category: string) => {
    const res = await p
      .as("member")
      .post(
        `/storage/v1/object/documents/${projectId}?name=${encodeURIComponent(name)}&category=${category}`,
        undefined,
        { body: await pdf() },
      );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  /** A project led by the member and supervised by staff, its script's scene numbers locked, scene 2 shot on a Monday. */
  const fixture = async () => {
    const project = await p.as("member").post("/projects", {
      title: `Pyre ${Math.random().toString(36).slice(2, 8)}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    const projectId = project.body.id as string;
    const sp = (await p.as("member").post("/screenplays", { title: "Pyre", projectId, body: SCRIPT })).body;
    await p.as("member").post(`/screenplays/${sp.id}/lock-scenes`, { version: sp.version });
    const day = await p
      .as("member")
      .post(`/projects/${projectId}/schedule/days`, { date: "2032-05-10", location: "Park", generalCall: "08:00" });
    await p
      .as("member")
      .put(`/projects/${projectId}/schedule/board`, { version: 1, days: [{ id: day.body.days[0].id, scenes: ["2"] }] });
    return { projectId, screenplayId: sp.id as string };
  };
  const flag = (who: string, screenplayId: string, json: unknown) =>
    p.as(who).post(`/screenplays/${screenplayId}/breakdown/flags/by-hand`, json);
  const safety = async (projectId: string) =>
    ((await p.as("member").get(`/projects/${projectId}/safety`)).body as SafetyDto).requirements;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies, ids } = await signInAll(p));
    const saved = await p.as("admin").put("/safety/hazard-kinds", { kinds: [...DEFAULT_HAZARD_KINDS, PYRO] });
    expect(saved.status).toBe(200);
  }, 120_000);
  afterAll(() => p?.close());

  it("refuses a bad table of hazard kinds with a message for people, and keeps what it saves", async () => {
    const put = (kinds: unknown) => p.as("admin").put("/safety/hazard-kinds", { kinds });
    const spec = PYRO.requirements[0]!;
    const cases: [unknown, RegExp][] = [
      [[{ ...PYRO, label: "  " }], /Give the hazard a name/],
      [[{ ...PYRO, requirements: [{ ...spec, label: "" }] }], /Give the requirement a name/],
      [[{ ...PYRO, requirements: [{ ...spec, leadDays: 1.5 }] }], /whole number of days/],
      [[{ ...PYRO, requirements: [{ ...spec, leadDays: "1,5" }] }], /whole number of days/],
      [[{ ...PYRO, requirements: [{ ...spec, leadDays: 121 }] }], /at most 120 days/],
      [[{ ...PYRO, requirements: [{ ...spec, category: "snacks" }] }], /The category is one of/],
      [[PYRO, PYRO], /Each hazard kind's key must be different/],
      [[{ ...PYRO, key: "Pyro Stuff" }], /lower-case letters/],
    ];
    for (const [kinds, message] of cases) {
      const res = await put(kinds);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    // A named approver must be staff; a student is refused.
    const student = await put([{ ...PYRO, requirements: [{ ...spec, approverUserId: ids.member }] }]);
    expect(student.status).toBe(400);
    expect(student.body.error.message).toMatch(/one of the school's staff or administrators/);
    expect((await p.as("staff").put("/safety/hazard-kinds", { kinds: [PYRO] })).status).toBe(403);
    const kinds = (await p.as("member").get("/safety/hazard-kinds")).body.kinds as HazardKind[];
    expect(kinds.find((k) => k.key === "pyrotechnics")).toEqual(PYRO);
  });

  it("refuses a save over another administrator's, keeping theirs", async () => {
    const read = (await p.as("admin").get("/safety/hazard-kinds")).body.kinds as HazardKind[];
    const longer = read.map((k) =>
      k.key === "pyrotechnics" ? { ...k, requirements: k.requirements.map((r) => ({ ...r, leadDays: 30 })) } : k,
    );
    const first = await p.as("admin").put("/safety/hazard-kinds", { kinds: longer, basedOn: read });
    expect(first.status).toBe(200);
    const second = await p.as("admin").put("/safety/hazard-kinds", { kinds: read.slice(1), basedOn: read });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/^Another administrator saved the hazard kinds since you opened them/);
    const now = (await p.as("member").get("/safety/hazard-kinds")).body.kinds as HazardKind[];
    expect(now).toEqual(first.body.kinds);
    // Based on what is saved now, the same save goes through; the saved table reads back as it was sent.
    const again = await p.as("admin").put("/safety/hazard-kinds", { kinds: read, basedOn: now });
    expect(again.status).toBe(200);
    expect(again.body.kinds).toEqual(read);
  });

  it("flags a scene by hand with a school's own hazard, creating its requirements; removing it withdraws the unmet", async () => {
    const f = await fixture();
    const b = (await flag("member", f.screenplayId, { sceneNumber: "2", kind: "pyrotechnics" }))
      .body as BreakdownDetail;
    expect(b.flags.find((x) => x.kind === "pyrotechnics")).toMatchObject({
      sceneNumber: "2",
      kindLabel: "Pyrotechnics",
      byHand: true,
      status: "confirmed",
      greenlightLabel: "Safety plan: pyrotechnics (scene 2)",
    });
    // Ten business days before Monday 10 May: Monday 26 April.
    expect((await safety(f.projectId)).map((r) => [r.label, r.kindLabel, r.status, r.dueDate, r.approverName])).toEqual(
      [["Pyrotechnician's licence", "Pyrotechnics", "open", "2032-04-26", "Administrators"]],
    );
    const project = (await p.as("member").get(`/projects/${f.projectId}`)).body;
    expect(project.greenlight.map((g: { label: string }) => g.label)).toContain("Safety plan: pyrotechnics (scene 2)");
    const day = (await p.as("member").get(`/projects/${f.projectId}/schedule`)).body.days[0];
    expect(day.checks).toContainEqual({
      source: "hazard",
      level: "blocking",
      message: "blocked: pyrotechnician's licence due 26 Apr",
    });

    // A default kind the words do not suggest, flagged by hand, too.
    expect((await flag("member", f.screenplayId, { sceneNumber: "2", kind: "stunts" })).status).toBe(200);
    const twice = await flag("member", f.screenplayId, { sceneNumber: "2", kind: "stunts" });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toMatch(/already flagged for stunts/);

    // Removing the flag (dismissing it) withdraws its unmet requirements and unblocks the day.
    const removed = await p.as("member").post(`/screenplays/${f.screenplayId}/breakdown/flags`, {
      sceneNumber: "2",
      kind: "pyrotechnics",
      decision: "dismissed",
    });
    expect(removed.status).toBe(200);
    const after = await safety(f.projectId);
    expect(after.find((r) => r.kind === "pyrotechnics")!.status).toBe("withdrawn");
    const checks = (await p.as("member").get(`/projects/${f.projectId}/schedule`)).body.days[0].checks;
    expect(checks.map((c: { message: string }) => c.message)).not.toContain(
      "blocked: pyrotechnician's licence due 26 Apr",
    );

    // Flagged again: the requirement opens anew.
    expect((await flag("member", f.screenplayId, { sceneNumber: "2", kind: "pyrotechnics" })).status).toBe(200);
    expect((await safety(f.projectId)).find((r) => r.kind === "pyrotechnics")!.status).toBe("open");
  });

  it("refuses a flag by hand for an unknown hazard or scene, or from outside the crew", async () => {
    const f = await fixture();
    const cases: [unknown, number, RegExp][] = [
      [{ sceneNumber: "2", kind: "ghosts" }, 400, /Choose a hazard from the school's list/],
      [{ sceneNumber: "2", kind: "Not A Key" }, 400, /Choose a hazard from the list/],
      [{ sceneNumber: "9", kind: "fire" }, 400, /There is no scene 9/],
      [{ sceneNumber: "", kind: "fire" }, 400, /Choose a scene/],
    ];
    for (const [json, status, message] of cases) {
      const res = await flag("member", f.screenplayId, json);
      expect(res.status).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    const loose = (await p.as("member").post("/screenplays", { title: "Loose", body: SCRIPT })).body;
    await p.as("member").post(`/screenplays/${loose.id}/lock-scenes`, { version: loose.version });
    const noProject = await flag("member", loose.id, { sceneNumber: "2", kind: "fire" });
    expect(noProject.status).toBe(409);
    expect(noProject.body.error.message).toMatch(/attach the screenplay to a project first/);
    await expectMatrixRow(p, cookies, fixture, [
      "flag by hand",
      "POST",
      (x) => `/screenplays/${x.screenplayId}/breakdown/flags/by-hand`,
      { sceneNumber: "2", kind: "fire" },
      [401, 403, 200, 200, 403, 200],
    ]);
    await expectClientErrors(p, cookies.member!, [
      ["POST", `/screenplays/${f.screenplayId}/breakdown/flags/by-hand`, { sceneNumber: "2" }],
      ["POST", "/screenplays/nope/breakdown/flags/by-hand", { sceneNumber: "2", kind: "fire" }],
    ]);
  });

  it("tells the approver of each attached document, in the app and by e-mail, with a link to the Safety tab", async () => {
    const f = await fixture();
    await flag("member", f.screenplayId, { sceneNumber: "2", kind: "fire" });
    const plan = (await safety(f.projectId)).find((r) => r.label === "Fire safety plan")!;
    const link = `/project/${f.projectId}?tab=safety`;
    const notices = () =>
      p.services.db
        .select({ userId: notifications.userId, title: notifications.title, body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.kind, "safety"), eq(notifications.link, link)));
    const title = (await p.as("member").get(`/projects/${f.projectId}`)).body.title as string;
    const mails = () =>
      p.services.db
        .select({ to: sql<string>`${jobs.payload}->>'to'`, text: sql<string>`${jobs.payload}->>'text'` })
        .from(jobs)
        .where(
          and(
            eq(jobs.type, "email.send"),
            sql`${jobs.payload}->>'subject' = ${`“Fire safety plan” awaits your decision (${title})`}`,
          ),
        );

    // A document of the wrong category is refused and tells no one.
    const wrong = await upload(f.projectId, "Permit.pdf", "permits");
    expect(
      (await p.as("member").post(`/projects/${f.projectId}/safety/${plan.id}/document`, { documentId: wrong })).status,
    ).toBe(400);
    expect(await notices()).toEqual([]);

    const doc = await upload(f.projectId, "Fire plan.pdf", "risk_assessment");
    const attach = () =>
      p.as("member").post(`/projects/${f.projectId}/safety/${plan.id}/document`, { documentId: doc });
    expect((await attach()).status).toBe(200);
    // The supervisor decides for "staff"; the member who attached is not told.
    const first = await notices();
    expect(first).toEqual([
      {
        userId: ids.staff,
        title: "“Fire safety plan” awaits your decision",
        body: expect.stringMatching(
          /^Lena Fischer attached “Fire plan(\.pdf)?” for scene 2 of “Pyre \w+”, due .*26 April\.$/,
        ),
      },
    ]);
    const sent = await mails();
    expect(sent.map((m) => m.to)).toEqual(["staff@portal.test"]);
    expect(sent[0]!.text).toContain(`${link}`);

    // Asked for changes, attached again: told again, once.
    await p
      .as("staff")
      .post(`/projects/${f.projectId}/safety/${plan.id}/decision`, { decision: "changes_requested", comment: "More." });
    await attach();
    expect(await notices()).toHaveLength(2);
    expect(await mails()).toHaveLength(2);
  });
});
