import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessOverviewDto } from "../../../common/equipment-access.ts";
import type { AvailabilityItem, ItemDetailDto, KitDto } from "../../../common/equipment.ts";
import type { SchoolSettings } from "../../../common/school.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectMatrixRow, SIGNED_IN, signInAll, type Expected, type MatrixRow } from "../../test/matrix.ts";
import { getSchoolSettingsDto, updateSchoolSettings } from "../school/service.ts";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const CSV = { "content-type": "text/csv" };
let seq = 0;

describe.each(DB_KINDS)("equipment access levels and the greenlight gate on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};
  let projectId: string;
  let categoryId: string;
  const term = `2041 Autumn ${kind}`;
  // One range for the whole file, so a read repeats the one before it and meets the kept answers.
  const range = { from: at(30), to: at(54) };

  const item = async (name: string): Promise<ItemDetailDto> => {
    const res = await p.as("equipment").post("/equipment/items", {
      categoryId,
      name,
      assetTag: `ACC-${kind[0]!.toUpperCase()}-${++seq}`,
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const course = async (title: string) => {
    const res = await p
      .as("admin")
      .post("/courses", { code: `ACC-${++seq}`, title, term, teacherIds: [ids.staff], projectTypes: ["fiction"] });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const roster = (courseId: string, emails: string[]) =>
    p.as("admin").send("POST", `/courses/${courseId}/roster`, {
      body: `Name,Email\n${emails.map((e) => `Someone,${e}`).join("\n")}\n`,
      headers: CSV,
    });
  /** The catalogue row of an item as `who` sees it now (the answer as browsers ask for it, kept caches and all). */
  const seen = async (who: string, it: { name: string; id: string }, onlyOpen = false) => {
    const q = new URLSearchParams({ ...range, search: it.name, limit: "100" });
    if (onlyOpen) q.set("onlyOpen", "true");
    const res = await p.as(who).get(`/equipment/availability?${q}`);
    expect(res.status, res.text).toBe(200);
    return (res.body.items as AvailabilityItem[]).find((i) => i.id === it.id);
  };
  const reserve = (who: string, itemIds: string[], kitIds: string[] = [], from = 30) =>
    p.as(who).post("/equipment/reservations", { projectId, startsAt: at(from), endsAt: at(from + 4), itemIds, kitIds });
  const settings = async (change: (s: SchoolSettings) => SchoolSettings) => {
    const current = await getSchoolSettingsDto(p.services.db);
    await updateSchoolSettings(p.services, {
      actor: { id: null, name: "test" },
      version: current.version,
      settings: change(current.settings),
    });
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
    const project = await p.as("member").post("/projects", {
      title: "Access Test Short",
      type: "fiction",
      academicYear: "2041/42",
      myRoles: ["director"],
    });
    projectId = project.body.id;
    categoryId = (await p.as("equipment").post("/equipment/categories", { name: `Access cameras ${kind}` })).body.id;
  }, 120_000);
  afterAll(() => p?.close());

  it("shows the demo student the Thesis camera closed, with its reason, and a Thesis student it open", async () => {
    const q = new URLSearchParams({ from: at(30), to: at(54), search: "NFS-CAM-002" });
    const lena = (await p.as("member").get(`/equipment/availability?${q}`)).body.items[0] as AvailabilityItem;
    expect(lena).toMatchObject({
      assetTag: "NFS-CAM-002",
      closed: { level: "Thesis", reason: "Thesis Film course only" },
    });
    const tomas = (await p.as("outsider").get(`/equipment/availability?${q}`)).body.items[0] as AvailabilityItem;
    expect(tomas.closed).toBeNull();
    const kits = (await p.as("member").get("/equipment/kits")).body as KitDto[];
    // Lena takes Documentary Practice, which grants Intermediate.
    expect(kits.find((k) => k.name === "Documentary kit 2")!.closed).toBeNull();
  });

  it("answers each caller on the access endpoints as the authorization matrix says", async () => {
    const OFFICE: Expected = [401, 403, 403, 403, 200, 200];
    const fixture = async () => {
      const name = `Matrix ${kind} ${++seq}`;
      const made = (await p.as("equipment").post("/equipment/access-levels", { name })).body as AccessOverviewDto;
      const thing = await item(`Matrix item ${kind}`);
      const kit = (await p.as("equipment").get("/equipment/kits")).body[0] as KitDto;
      return { levelId: made.levels.find((l) => l.name === name)!.id, itemId: thing.id, kitId: kit.id, n: ++seq };
    };
    type F = Awaited<ReturnType<typeof fixture>>;
    const rows: MatrixRow<F>[] = [
      ["list the levels", "GET", () => "/equipment/access-levels", undefined, OFFICE],
      [
        "add a level",
        "POST",
        () => "/equipment/access-levels",
        (f) => ({ name: `New ${kind} ${f.n}` }),
        [401, 403, 403, 403, 201, 201],
      ],
      ["edit a level", "PUT", (f) => `/equipment/access-levels/${f.levelId}`, (f) => ({ name: `Ed ${f.n}` }), OFFICE],
      ["delete a level", "DELETE", (f) => `/equipment/access-levels/${f.levelId}`, undefined, OFFICE],
      [
        "level an item",
        "PUT",
        (f) => `/equipment/access-levels/items/${f.itemId}`,
        (f) => ({ levelId: f.levelId }),
        OFFICE,
      ],
      ["level a kit", "PUT", (f) => `/equipment/access-levels/kits/${f.kitId}`, { levelId: null }, OFFICE],
      ["an item's level", "GET", (f) => `/equipment/access-levels/items/${f.itemId}`, undefined, SIGNED_IN],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, fixture, row);
  });

  it("keeps levels to the equipment office and admins", async () => {
    const input = { name: `Nobody's ${kind}`, courseIds: [], certificationIds: [] };
    for (const who of ["member", "outsider", "staff"])
      expect((await p.as(who).post("/equipment/access-levels", input)).status).toBe(403);
    expect((await p.as("member").get("/equipment/access-levels")).status).toBe(403);
    expect((await p.request("/rest/v1/equipment/access-levels")).status).toBe(401);
    const made = await p.as("admin").post("/equipment/access-levels", input);
    expect(made.status).toBe(201);
    const again = await p.as("equipment").post("/equipment/access-levels", input);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`There is already an access level called “Nobody's ${kind}”.`);
    const bad = await p
      .as("equipment")
      .post("/equipment/access-levels", { name: "X", courseIds: ["nope"], certificationIds: [] });
    expect(bad.status).toBe(400);
    const unknown = await p.as("equipment").post("/equipment/access-levels", {
      name: `Unknown course ${kind}`,
      courseIds: ["0b6f4c1e-3a2d-4f5e-9a8b-7c6d5e4f3a2b"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("One of the courses does not exist");
  });

  it("opens a level by active enrolment or a certification, closes it on a drop or a revocation, and never to staff", async () => {
    const thesis = await course("Thesis Workshop");
    const certId = (await p.as("equipment").post("/equipment/certifications", { name: `Steadicam A ${kind}` })).body
      .id as string;
    const created = await p.as("equipment").post("/equipment/access-levels", {
      name: `Thesis ${kind}`,
      courseIds: [thesis],
      certificationIds: [certId],
    });
    expect(created.status, created.text).toBe(201);
    const level = (created.body as AccessOverviewDto).levels.find((l) => l.name === `Thesis ${kind}`)!;
    expect(level.reason).toBe(`Needs the Steadicam A ${kind} certification or the Thesis Workshop course`);

    const camera = await item(`Access Alexa ${kind}`);
    const open = await item(`Access Tripod ${kind}`);
    const assigned = await p.as("equipment").put(`/equipment/access-levels/items/${camera.id}`, { levelId: level.id });
    expect(assigned.status).toBe(200);
    expect((assigned.body as AccessOverviewDto).items).toContainEqual({
      id: camera.id,
      name: camera.name,
      assetTag: camera.assetTag,
      levelId: level.id,
    });
    expect((assigned.body as AccessOverviewDto).courses.map((c) => c.id)).toContain(thesis);
    expect((await p.as("member").put(`/equipment/access-levels/items/${open.id}`, { levelId: level.id })).status).toBe(
      403,
    );

    // Closed to the student: shown with the reason, left out by "Only what I may book", refused with the reason.
    expect((await seen("member", camera))!.closed).toEqual({ level: `Thesis ${kind}`, reason: level.reason });
    expect((await seen("member", open))!.closed).toBeNull();
    expect(await seen("member", camera, true)).toBeUndefined();
    expect(await seen("member", open, true)).toBeDefined();
    const refused = await reserve("member", [camera.id, open.id]);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      `Not open to you: Access Alexa ${kind} (${camera.assetTag}): ${level.reason}. Ask the equipment office if this is wrong.`,
    );

    const page = async (who: string) => (await p.as(who).get(`/equipment/access-levels/items/${camera.id}`)).body;
    expect(await page("member")).toEqual({
      level: { level: `Thesis ${kind}`, reason: level.reason },
      closed: { level: `Thesis ${kind}`, reason: level.reason },
    });
    expect(await page("staff")).toMatchObject({ level: { level: `Thesis ${kind}` }, closed: null });
    const openPage = (await p.as("member").get(`/equipment/access-levels/items/${open.id}`)).body;
    expect(openPage).toEqual({ level: null, closed: null });

    // Staff, the office and admins are not held to levels.
    for (const who of ["staff", "equipment", "admin"]) expect((await seen(who, camera))!.closed).toBeNull();

    // Enrolled: open at once, the kept answers forgotten by the roster's event.
    expect((await roster(thesis, ["student@portal.test"])).status).toBe(200);
    expect((await seen("member", camera))!.closed).toBeNull();
    expect(await seen("member", camera, true)).toBeDefined();
    const booked = await reserve("member", [camera.id]);
    expect(booked.status, booked.text).toBe(201);
    expect((await p.as("member").post(`/equipment/reservations/${booked.body.id}/cancel`)).status).toBe(200);

    // Dropped from the course: closed again.
    expect((await roster(thesis, ["jun.park@portal.test"])).status).toBe(200);
    expect((await seen("member", camera))!.closed).not.toBeNull();
    expect((await reserve("member", [camera.id])).status).toBe(403);

    // Certified: open; the certification revoked: closed.
    expect(
      (await p.as("equipment").post(`/equipment/certifications/${certId}/holders`, { userId: ids.member })).status,
    ).toBe(200);
    expect((await seen("member", camera))!.closed).toBeNull();
    expect(
      (await p.as("equipment").delete(`/equipment/certifications/${certId}/holders/${ids.member}`)).status,
    ).toBeLessThan(300);
    expect((await seen("member", camera))!.closed).not.toBeNull();

    // The level's grants edited: the reason the student reads follows.
    const edited = await p.as("equipment").put(`/equipment/access-levels/${level.id}`, {
      name: `Thesis ${kind}`,
      courseIds: [thesis],
      certificationIds: [],
    });
    expect(edited.status).toBe(200);
    expect((await seen("member", camera))!.closed!.reason).toBe("Thesis Workshop course only");

    // The item opened to all again.
    expect((await p.as("equipment").put(`/equipment/access-levels/items/${camera.id}`, { levelId: null })).status).toBe(
      200,
    );
    expect((await seen("member", camera))!.closed).toBeNull();
  });

  it("closes a kit with a level, and its items booked one by one", async () => {
    const level = (
      (
        await p
          .as("equipment")
          .post("/equipment/access-levels", { name: `Kit level ${kind}`, courseIds: [await course("Kit Course")] })
      ).body as AccessOverviewDto
    ).levels.find((l) => l.name === `Kit level ${kind}`)!;
    const [a, b] = [await item(`Kit body ${kind}`), await item(`Kit lens ${kind}`)];
    const kit = await p.as("equipment").post("/equipment/kits", { name: `Access kit ${kind}`, itemIds: [a.id, b.id] });
    expect(kit.status).toBe(201);
    const kitId = (kit.body as KitDto[]).find((k) => k.name === `Access kit ${kind}`)!.id;
    expect((await p.as("equipment").put(`/equipment/access-levels/kits/${kitId}`, { levelId: level.id })).status).toBe(
      200,
    );
    const kits = (await p.as("member").get(`/equipment/kits?from=${at(30)}&to=${at(54)}`)).body as KitDto[];
    expect(kits.find((k) => k.id === kitId)!.closed).toEqual({
      level: `Kit level ${kind}`,
      reason: "Kit Course course only",
    });
    expect((await seen("member", a))!.closed!.reason).toBe("Kit Course course only");
    const refused = await reserve("member", [], [kitId]);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("Kit Course course only");
    expect((await reserve("member", [b.id])).status).toBe(403);
    const staffKits = (await p.as("staff").get(`/equipment/kits`)).body as KitDto[];
    expect(staffKits.find((k) => k.id === kitId)!.closed).toBeNull();
    // Deleting the level opens its gear to everyone.
    expect((await p.as("equipment").delete(`/equipment/access-levels/${level.id}`)).status).toBe(200);
    expect((await seen("member", a))!.closed).toBeNull();
    const booked = await reserve("member", [b.id]);
    expect(booked.status, booked.text).toBe(201);
  });

  it("gates at reservation or at the desk, as the school chooses, and the desk names what is missing", async () => {
    await settings((s) => ({
      ...s,
      greenlightItems: [
        { key: "crew_complete", label: "Crew complete", source: "manual", tickedBy: "member" },
        { key: "insurance", label: "Insurance", source: "manual", tickedBy: "staff" },
      ],
      equipmentRules: { ...s.equipmentRules, greenlightGate: "reserve" },
    }));
    const camera = await item(`Gate camera ${kind}`);
    const gated = await reserve("member", [camera.id]);
    expect(gated.status).toBe(400);
    expect(gated.body.error.message).toBe(
      "Greenlight required: the school lets only productions with a complete greenlight checklist book equipment.",
    );

    await settings((s) => ({ ...s, equipmentRules: { ...s.equipmentRules, greenlightGate: "checkout" } }));
    const early = await reserve("member", [camera.id]);
    expect(early.status, early.text).toBe(201);
    expect(early.body.greenlightMissing).toEqual(["Crew complete", "Insurance"]);
    expect((await p.as("equipment").post(`/equipment/reservations/${early.body.id}/approve`)).status).toBe(200);
    const listed = async () =>
      (
        (await p.as("member").get(`/equipment/reservations?projectId=${projectId}`)).body.items as {
          id: string;
          greenlightMissing: string[];
        }[]
      ).find((r) => r.id === early.body.id)!.greenlightMissing;
    expect(await listed()).toEqual(["Crew complete", "Insurance"]);
    const out = await p
      .as("equipment")
      .post("/equipment/desk/checkout", { assetTag: camera.assetTag, borrowerNotPresent: true });
    expect(out.status).toBe(409);
    expect(out.body.error.message).toBe(
      "Greenlight not complete: “Access Test Short” cannot take equipment out until its greenlight checklist is done. Still missing: Crew complete, Insurance.",
    );
    await p.as("member").put(`/projects/${projectId}/greenlight/crew_complete`, { done: true });
    // The kept list follows the tick at once.
    expect(await listed()).toEqual(["Insurance"]);
    const still = await p
      .as("equipment")
      .post("/equipment/desk/checkout", { assetTag: camera.assetTag, borrowerNotPresent: true });
    expect(still.body.error.message).toContain("Still missing: Insurance.");
    expect((await p.as("staff").put(`/projects/${projectId}/greenlight/insurance`, { done: true })).status).toBe(200);
    const done = await p
      .as("equipment")
      .post("/equipment/desk/checkout", { assetTag: camera.assetTag, borrowerNotPresent: true });
    expect(done.status, done.text).toBe(200);
    expect(done.body.reservation.greenlightMissing).toEqual([]);

    await settings((s) => ({ ...s, equipmentRules: { ...s.equipmentRules, greenlightGate: "off" } }));
  });

  it("reads a school's old greenlight switch as the gate it meant", async () => {
    const current = await getSchoolSettingsDto(p.services.db);
    const old = { ...current.settings.equipmentRules, requireGreenlight: true } as Record<string, unknown>;
    delete old.greenlightGate;
    const res = await p
      .as("admin")
      .put("/school-settings", { version: current.version, settings: { ...current.settings, equipmentRules: old } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.settings.equipmentRules.greenlightGate).toBe("reserve");
    expect(res.body.settings.equipmentRules).not.toHaveProperty("requireGreenlight");
  });
});
