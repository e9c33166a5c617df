import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BreakdownDetail } from "../../../common/breakdown-api.ts";
import type { ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import {
  expectClientErrors,
  expectMatrixRow,
  signInAll,
  SIGNED_IN,
  type Expected,
  type MatrixRow,
} from "../../test/matrix.ts";

const YEAR = "2031/32";
const MISSING = "00000000-0000-4000-8000-000000000000";
const SCRIPT = [
  "INT. KITCHEN - NIGHT",
  "",
  "Anna loads a revolver at the table.",
  "",
  "ANNA",
  "Ben?",
  "",
  "EXT. HARBOUR - DAY",
  "",
  "BEN (V.O.)",
  "Down here.",
  "",
  "Ben rows a small boat to the pier.",
  "",
].join("\n");

describe.each(DB_KINDS)("breakdown on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  /** A project led by "member" with a screenplay of two scenes, its numbers locked unless asked otherwise. */
  const makeScript = async (opts: { lock?: boolean; project?: boolean } = {}) => {
    let projectId: string | null = null;
    if (opts.project !== false) {
      const project = await p
        .as("member")
        .post("/projects", { title: "Harbour Lights", type: "fiction", academicYear: YEAR, supervisorId: ids.staff });
      projectId = project.body.id;
    }
    const sp = (await p.as("member").post("/screenplays", { title: "Harbour Lights", projectId, body: SCRIPT }))
      .body as ScreenplayDetail;
    if (opts.lock !== false) await p.as("member").post(`/screenplays/${sp.id}/lock-scenes`, { version: sp.version });
    return { id: sp.id, projectId };
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies, ids } = await signInAll(p));
  }, 120_000);
  afterAll(() => p?.close());

  it("seeds the demo's breakdowns, with a confirmed flag on the project's greenlight checklist", async () => {
    const list = await p.as("staff").get("/screenplays?search=Weight%20of%20Water");
    const b = (await p.as("member").get(`/screenplays/${list.body.items[0].id}/breakdown`)).body as BreakdownDetail;
    expect(b.lists.find((l) => l.category === "vehicles")?.items).toEqual([{ name: "Ferry", scenes: ["1", "2", "4"] }]);
    expect(
      b.flags.filter((f) => f.status !== "suggested").map((f) => `${f.sceneNumber} ${f.kind} ${f.status}`),
    ).toEqual(["3 water dismissed", "4 water confirmed"]);
    const project = (await p.as("member").get(`/projects/${b.project!.id}`)).body;
    expect(project.greenlight.map((g: { label: string }) => g.label)).toContain("Safety plan: water (scene 4)");
  });

  it("reads scenes with their speaking characters, and suggests safety flags from the text", async () => {
    const { id } = await makeScript();
    const b = (await p.as("outsider").get(`/screenplays/${id}/breakdown`)).body as BreakdownDetail;
    expect(b).toMatchObject({ locked: true, canEdit: false, lists: [] });
    expect(b.scenes.map((s) => [s.number, s.heading, s.characters])).toEqual([
      ["1", "INT. KITCHEN - NIGHT", ["ANNA"]],
      ["2", "EXT. HARBOUR - DAY", ["BEN"]],
    ]);
    expect(b.flags.map((f) => `${f.sceneNumber} ${f.kind} ${f.evidence} ${f.status}`)).toEqual([
      "1 weapons revolver suggested",
      "2 water HARBOUR suggested",
    ]);
  });

  it("tags elements per scene and lists them across the script; tags survive inserted and removed scenes", async () => {
    const { id } = await makeScript();
    const tag = (sceneNumber: string, category: string, name: string) =>
      p.as("member").post(`/screenplays/${id}/breakdown/elements`, { sceneNumber, category, name });
    expect((await tag("1", "props", "  revolver ")).status).toBe(201);
    expect((await tag("2", "props", "Revolver")).status).toBe(201);
    expect((await tag("1", "cast", "ANNA")).status).toBe(201);
    const again = await tag("1", "props", "REVOLVER");
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already tagged as props in scene 1/);
    expect((await tag("7", "props", "Rope")).body.error.message).toMatch(/no scene 7/);

    let b = (await p.as("member").get(`/screenplays/${id}/breakdown`)).body as BreakdownDetail;
    expect(b.lists).toEqual([
      { category: "cast", items: [{ name: "ANNA", scenes: ["1"] }] },
      { category: "props", items: [{ name: "revolver", scenes: ["1", "2"] }] },
    ]);

    // A scene inserted before the harbour becomes 1A, the kitchen removed is OMITTED: every tag stays with its scene.
    const sp = (await p.as("member").get(`/screenplays/${id}`)).body as ScreenplayDetail;
    const edited = sp.body.replace(/^INT\. KITCHEN[\s\S]*?(?=EXT\. HARBOUR)/m, "INT. CAR - NIGHT\n\nRain.\n\n");
    expect((await p.as("member").patch(`/screenplays/${id}`, { version: sp.version, body: edited })).status).toBe(200);
    b = (await p.as("member").get(`/screenplays/${id}/breakdown`)).body as BreakdownDetail;
    expect(b.scenes.map((s) => [s.number, s.omitted, s.elements.map((e) => e.name)])).toEqual([
      ["1", true, ["revolver", "ANNA"]],
      ["A1", false, []],
      ["2", false, ["Revolver"]],
    ]);

    const element = b.scenes[2]!.elements[0]!;
    expect((await p.as("outsider").delete(`/screenplays/${id}/breakdown/elements/${element.id}`)).status).toBe(403);
    const removed = await p.as("member").delete(`/screenplays/${id}/breakdown/elements/${element.id}`);
    expect(removed.body.lists.find((l: { category: string }) => l.category === "props").items).toEqual([
      { name: "revolver", scenes: ["1"] },
    ]);
    expect((await p.as("member").delete(`/screenplays/${id}/breakdown/elements/${element.id}`)).status).toBe(404);
  });

  it("keeps every locked number, tag and flag through unlock and relock, never numbering two scenes alike", async () => {
    const { id } = await makeScript();
    const post = (path: string, json: unknown) => p.as("member").post(`/screenplays/${id}${path}`, json);
    expect((await post("/breakdown/elements", { sceneNumber: "2", category: "props", name: "Boat" })).status).toBe(201);
    let sp = (await p.as("member").get(`/screenplays/${id}`)).body as ScreenplayDetail;
    const inserted = sp.body.replace(
      "EXT. HARBOUR",
      "INT. SHED - NIGHT\n\nBen hides a knife in the nets.\n\nEXT. HARBOUR",
    );
    sp = (await p.as("member").patch(`/screenplays/${id}`, { version: sp.version, body: inserted })).body;
    // Until a lock writes 1A in, a scene added next to it could take the number: nothing is keyed to it yet.
    const early = await post("/breakdown/elements", { sceneNumber: "1A", category: "props", name: "Knife" });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(
      /^Scene 1A was added after the numbers were locked\. Lock the scene numbers again/,
    );
    expect((await p.as("member").get(`/screenplays/${id}/breakdown`)).body.scenes[1]).toMatchObject({
      number: "1A",
      provisional: true,
    });
    sp = (await post("/unlock-scenes", { version: sp.version })).body;
    expect(sp.scenesLocked).toBe(false);
    expect((await p.as("member").get(`/screenplays/${id}/breakdown`)).body.locked).toBe(false);
    sp = (await post("/lock-scenes", { version: sp.version })).body;
    expect(sp.scenesLocked).toBe(true);
    expect(sp.lockedScenes).toEqual(["1", "1A", "2"]);
    expect(sp.body).toContain("INT. SHED - NIGHT #1A#");

    let b = (await p.as("member").get(`/screenplays/${id}/breakdown`)).body as BreakdownDetail;
    expect(b.scenes.map((s) => [s.number, s.heading, s.elements.map((e) => e.name)])).toEqual([
      ["1", "INT. KITCHEN - NIGHT", []],
      ["1A", "INT. SHED - NIGHT", []],
      ["2", "EXT. HARBOUR - DAY", ["Boat"]],
    ]);
    const flag = await post("/breakdown/flags", { sceneNumber: "1A", kind: "weapons", decision: "confirmed" });
    expect(flag.status).toBe(200);
    expect(flag.body.flags.find((f: { sceneNumber: string }) => f.sceneNumber === "1A")).toMatchObject({
      status: "confirmed",
      greenlightLabel: "Safety plan: weapons (scene 1A)",
    });

    // The tagged harbour scene cut, unlocked and locked again: its number stays OMITTED with its tag shown, and no new scene takes it.
    sp = (await p.as("member").get(`/screenplays/${id}`)).body;
    const cut = sp.body.replace(/^EXT\. HARBOUR[\s\S]*$/m, "EXT. PIER - DAY\n\nGulls.\n");
    sp = (await p.as("member").patch(`/screenplays/${id}`, { version: sp.version, body: cut })).body;
    sp = (await post("/unlock-scenes", { version: sp.version })).body;
    sp = (await post("/lock-scenes", { version: sp.version })).body;
    expect(sp.lockedScenes).toEqual(["1", "1A", "1B", "2"]);
    b = (await p.as("member").get(`/screenplays/${id}/breakdown`)).body as BreakdownDetail;
    expect(b.scenes.map((s) => [s.number, s.omitted, s.elements.map((e) => e.name)])).toEqual([
      ["1", false, []],
      ["1A", false, []],
      ["1B", false, []],
      ["2", true, ["Boat"]],
    ]);
  });

  it("asks for locked scene numbers before tagging", async () => {
    const { id } = await makeScript({ lock: false });
    const res = await p
      .as("member")
      .post(`/screenplays/${id}/breakdown/elements`, { sceneNumber: "1", category: "props", name: "Cup" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/Lock the scene numbers first/);
    expect((await p.as("member").get(`/screenplays/${id}/breakdown`)).body.locked).toBe(false);
  });

  it("confirms a flag into the project's greenlight checklist, keeps a dismissed one dismissed", async () => {
    const { id, projectId } = await makeScript();
    const decide = (sceneNumber: string, kind: string, decision: string, as = "member") =>
      p.as(as).post(`/screenplays/${id}/breakdown/flags`, { sceneNumber, kind, decision });
    const confirmed = await decide("1", "weapons", "confirmed");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.flags[0]).toMatchObject({
      kind: "weapons",
      status: "confirmed",
      greenlightLabel: "Safety plan: weapons (scene 1)",
    });
    expect((await decide("2", "water", "dismissed")).body.flags[1]).toMatchObject({
      kind: "water",
      status: "dismissed",
    });
    expect((await decide("2", "water", "confirmed")).status).toBe(409);
    expect((await decide("2", "fire", "confirmed")).body.error.message).toMatch(/does not suggest a fire flag/);

    const project = (await p.as("member").get(`/projects/${projectId}`)).body;
    const item = project.greenlight.find((g: { label: string }) => g.label === "Safety plan: weapons (scene 1)");
    expect(item).toMatchObject({ done: false, tickedBy: "staff", canTick: false });
    expect(project.greenlight.some((g: { label: string }) => /water/.test(g.label))).toBe(false);
    expect(project.activity[0].summary).toMatch(/confirmed a weapons safety flag in scene 1/);
    // The plan blocks production like any other open item, until staff tick it.
    const list = (await p.as("member").get(`/projects?limit=100`)).body.items.find(
      (i: { id: string }) => i.id === projectId,
    );
    expect(list.greenlight.total).toBe(project.greenlight.length);
    expect(
      (await p.as("member").put(`/projects/${projectId}/greenlight/${encodeURIComponent(item.key)}`, { done: true }))
        .status,
    ).toBe(403);
    const ticked = await p
      .as("staff")
      .put(`/projects/${projectId}/greenlight/${encodeURIComponent(item.key)}`, { done: true });
    expect(ticked.body.greenlight.find((g: { key: string }) => g.key === item.key).done).toBe(true);

    // Edits that leave the words in place keep both decisions.
    const b = (await p.as("member").get(`/screenplays/${id}/breakdown`)).body as BreakdownDetail;
    expect(b.flags.map((f) => `${f.sceneNumber} ${f.kind} ${f.status}`)).toEqual([
      "1 weapons confirmed",
      "2 water dismissed",
    ]);
  });

  it("confirms flags only for a screenplay on a project", async () => {
    const { id } = await makeScript({ project: false });
    const res = await p
      .as("member")
      .post(`/screenplays/${id}/breakdown/flags`, { sceneNumber: "1", kind: "weapons", decision: "confirmed" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/attach the screenplay to a project/);
  });

  it("answers bad input with a message, never a 500", async () => {
    const { id } = await makeScript();
    await expectClientErrors(p, cookies.member!, [
      ["GET", `/screenplays/${MISSING}/breakdown`],
      ["GET", "/screenplays/not-an-id/breakdown"],
      ["POST", `/screenplays/${id}/breakdown/elements`, {}],
      ["POST", `/screenplays/${id}/breakdown/elements`, { sceneNumber: "1", category: "catering", name: "Tea" }],
      ["POST", `/screenplays/${id}/breakdown/elements`, { sceneNumber: "1", category: "props", name: "   " }],
      ["POST", `/screenplays/${id}/breakdown/elements`, { sceneNumber: "1", category: "props", name: "x".repeat(121) }],
      ["POST", `/screenplays/${id}/breakdown/elements`, { sceneNumber: "1; drop", category: "props", name: "Tea" }],
      ["POST", `/screenplays/${id}/breakdown/elements`, { sceneNumber: 1, category: "props", name: "Tea" }],
      ["DELETE", `/screenplays/${id}/breakdown/elements/nope`],
      ["POST", `/screenplays/${id}/breakdown/flags`, { sceneNumber: "1", kind: "weapons", decision: "maybe" }],
      ["POST", `/screenplays/${id}/breakdown/flags`, { sceneNumber: "1", kind: "ghosts", decision: "confirmed" }],
      ["POST", `/screenplays/${id}/breakdown/flags`, { sceneNumber: "9", kind: "weapons", decision: "confirmed" }],
    ]);
  });

  describe("authorization matrix", () => {
    interface Fixture {
      id: string;
      elementId: string;
    }
    const fixture = async (): Promise<Fixture> => {
      const { id } = await makeScript();
      const b = await p
        .as("member")
        .post(`/screenplays/${id}/breakdown/elements`, { sceneNumber: "2", category: "vehicles", name: "Boat" });
      return { id, elementId: b.body.scenes[1].elements[0].id };
    };
    // Expected answers: anonymous, student not on the crew, the crew's lead (the writer), staff, equipment office, admin.
    const make: Expected = [401, 403, 201, 201, 403, 201];
    const edit: Expected = [401, 403, 200, 200, 403, 200];
    const rows: MatrixRow<Fixture>[] = [
      ["read the breakdown", "GET", (f) => `/screenplays/${f.id}/breakdown`, undefined, SIGNED_IN],
      [
        "tag an element",
        "POST",
        (f) => `/screenplays/${f.id}/breakdown/elements`,
        { sceneNumber: "1", category: "props", name: "Table" },
        make,
      ],
      ["remove an element", "DELETE", (f) => `/screenplays/${f.id}/breakdown/elements/${f.elementId}`, undefined, edit],
      [
        "confirm a safety flag",
        "POST",
        (f) => `/screenplays/${f.id}/breakdown/flags`,
        { sceneNumber: "1", kind: "weapons", decision: "confirmed" },
        edit,
      ],
      [
        "dismiss a safety flag",
        "POST",
        (f) => `/screenplays/${f.id}/breakdown/flags`,
        { sceneNumber: "2", kind: "water", decision: "dismissed" },
        edit,
      ],
    ];
    it.each(rows)("%s", (...row) => expectMatrixRow(p, cookies, fixture, row));

    it("keeps a personal draft's breakdown to its writer and staff", async () => {
      const { id } = await makeScript({ project: false });
      expect((await p.as("outsider").get(`/screenplays/${id}/breakdown`)).status).toBe(404);
      expect((await p.as("staff").get(`/screenplays/${id}/breakdown`)).status).toBe(200);
    });
  });
});
