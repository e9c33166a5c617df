import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallSheetDto } from "../../../common/schedule.ts";
import type { ShotDto, ShotsDto } from "../../../common/shots.ts";
import { projectWithShootDay } from "../../test/fixtures.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectMatrixRow, signInAll, type MatrixRow } from "../../test/matrix.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { sketchPng } from "../../lib/png.ts";

const SCRIPT = [
  "INT. KITCHEN - DAY",
  "",
  "Anna waits.",
  "",
  "EXT. HARBOUR - DAY",
  "",
  "Boats.",
  "",
  "INT. CAR - NIGHT",
  "",
  "Rain on the glass.",
].join("\n");

const shotInput = (sceneNumber: string, description: string, setupMinutes: number | null = 20) => ({
  sceneNumber,
  size: "MS",
  angle: "eye_level",
  movement: "dolly",
  lens: 35,
  description,
  setupMinutes,
});

describe.each(DB_KINDS)("shot lists and storyboards on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  /** A production of the member's with scenes 1 and 2 on a shoot day; scene 3 is not scheduled. */
  const fixture = async () => {
    const f = await projectWithShootDay(p, ids, {
      prefix: "Harbour",
      script: SCRIPT,
      day: { date: "2032-11-02", location: "Quay", generalCall: "07:00" },
      scenes: ["1", "2"],
    });
    return { ...f, path: `/projects/${f.projectId}/shots` };
  };
  const add = async (path: string, scene: string, description: string, setup: number | null = 20) => {
    const res = await p.as("member").post(path, shotInput(scene, description, setup));
    expect(res.status).toBe(201);
    return res.body as ShotDto;
  };
  const frameUpload = (projectId: string, shotId: string, bytes: Uint8Array, as = "member", name = "frame.png") =>
    p.request(`/storage/v1/object/shots/${projectId}/${shotId}?name=${encodeURIComponent(name)}`, {
      method: "POST",
      body: new Uint8Array(bytes),
      cookie: cookies[as],
      headers: { "content-type": "application/octet-stream" },
    });

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies, ids } = await signInAll(p, {
      outsider: "tomas.novak@portal.test",
      member: "student@portal.test",
      staff: "staff@portal.test",
      equipment: "equipment@portal.test",
      admin: "admin@portal.test",
      jun: "jun.park@portal.test",
    }));
  }, 120_000);
  afterAll(() => p?.close());

  it("seeds shot lists on two scenes of The Weight of Water with drawn frames, shown on tomorrow's call sheet", async () => {
    const list = await p.as("staff").get("/projects?search=Weight%20of%20Water");
    const projectId = list.body.items[0].id as string;
    const dto = (await p.as("staff").get(`/projects/${projectId}/shots`)).body as ShotsDto;
    const planned = dto.scenes.filter((sc) => sc.shots.length > 0);
    expect(planned.map((sc) => sc.number)).toEqual(["1", "2"]);
    expect(planned[0]!.shots.map((s) => s.number)).toEqual(["1A", "1B", "1C"]);
    expect(planned.flatMap((sc) => sc.shots).filter((s) => s.frame?.drawn)).toHaveLength(4);
    const schedule = (await p.as("staff").get(`/projects/${projectId}/schedule`)).body;
    const sheet = (await p.as("staff").get(`/projects/${projectId}/schedule/days/${schedule.days[1].id}/call-sheet`))
      .body as CallSheetDto;
    expect(sheet.setups).toEqual([
      { sceneNumber: "2", shots: 2, setupMinutes: 90 },
      { sceneNumber: "1", shots: 3, setupMinutes: 80 },
    ]);
  });

  it("numbers a scene's shots 1A, 1B, keeps a typed number, and renumbers the automatic ones when a shot moves", async () => {
    const f = await fixture();
    const empty = (await p.as("member").get(f.path)).body as ShotsDto;
    expect(empty.scenes.map((sc) => [sc.number, sc.shots.length])).toEqual([
      ["1", 0],
      ["2", 0],
      ["3", 0],
    ]);
    expect(empty.canEdit).toBe(true);
    const a = await add(f.path, "1", "Anna at the table");
    const b = await add(f.path, "1", "The door");
    expect([a.number, b.number]).toEqual(["1A", "1B"]);
    expect((await add(f.path, "2", "Boats")).number).toBe("2A");

    const moved = await p.as("member").post(`${f.path}/${b.id}/move`, { direction: "up" });
    expect(moved.status).toBe(200);
    expect(moved.body.number).toBe("1A");
    const after = (await p.as("member").get(f.path)).body as ShotsDto;
    expect(after.scenes[0]!.shots.map((s) => [s.description, s.number])).toEqual([
      ["The door", "1A"],
      ["Anna at the table", "1B"],
    ]);
    // At the top already: the order stays.
    await p.as("member").post(`${f.path}/${b.id}/move`, { direction: "up" });
    expect(((await p.as("member").get(f.path)).body as ShotsDto).scenes[0]!.shots[0]!.id).toBe(b.id);

    const typed = await p.as("member").patch(`${f.path}/${a.id}`, { number: "1X", done: true, setupMinutes: 45 });
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({ number: "1X", numberIsCustom: true, done: true, setupMinutes: 45 });
    const clash = await p.as("member").patch(`${f.path}/${a.id}`, { number: "1a" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe("Shot 1A is already in scene 1. Choose another number.");
    const back = await p.as("member").patch(`${f.path}/${a.id}`, { number: "" });
    expect(back.body).toMatchObject({ number: "1B", numberIsCustom: false });

    const gone = await p.as("member").delete(`${f.path}/${b.id}`);
    expect(gone.status).toBe(200);
    const left = (await p.as("member").get(f.path)).body as ShotsDto;
    expect(left.scenes[0]!.shots.map((s) => s.number)).toEqual(["1A"]);
  });

  it("refuses a scene the script lacks and typed numbers it cannot keep, with a message", async () => {
    const f = await fixture();
    const noScene = await p.as("member").post(f.path, shotInput("9", "Nowhere"));
    expect(noScene.status).toBe(400);
    expect(noScene.body.error.message).toBe("The screenplay has no scene 9. Choose a scene from the list.");
    const negative = await p.as("member").post(f.path, shotInput("1", "x", -5));
    expect(negative.status).toBe(400);
    expect(negative.body.error.message).toMatch(/The setup time cannot be negative/);
    const lens = await p.as("member").post(f.path, { ...shotInput("1", "x"), lens: 12.5 });
    expect(lens.status).toBe(400);
    expect(lens.body.error.message).toMatch(/whole number of millimetres/);
  });

  it("lets everyone signed in read, and only the crew, staff and admins change the shot list", async () => {
    const withShot = async () => {
      const f = await fixture();
      const shot = await add(f.path, "1", "Anna");
      return { ...f, shotId: shot.id };
    };
    const rows: MatrixRow<Awaited<ReturnType<typeof withShot>>>[] = [
      ["read", "GET", (f) => f.path, undefined, [401, 200, 200, 200, 200, 200]],
      ["add", "POST", (f) => f.path, shotInput("1", "More"), [401, 403, 201, 201, 403, 201]],
      ["edit", "PATCH", (f) => `${f.path}/${f.shotId}`, { done: true }, [401, 403, 200, 200, 403, 200]],
      ["move", "POST", (f) => `${f.path}/${f.shotId}/move`, { direction: "down" }, [401, 403, 200, 200, 403, 200]],
      ["delete", "DELETE", (f) => `${f.path}/${f.shotId}`, undefined, [401, 403, 200, 200, 403, 200]],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, withShot, row);
    const f = await withShot();
    const refused = await p.as("outsider").post(f.path, shotInput("1", "Mine"));
    expect(refused.body.error.message).toBe(
      "Only the project's crew, staff and admins can change its shot list and storyboard.",
    );
    expect((await frameUpload(f.projectId, f.shotId, sketchPng(16, 9, []), "outsider")).status).toBe(403);
  });

  it("keeps a frame that is a PNG or JPEG by its content, refuses anything else, and serves it to readers", async () => {
    const f = await fixture();
    const shot = await add(f.path, "1", "Anna");
    const png = sketchPng(64, 36, [{ kind: "circle", x: 0.5, y: 0.5, r: 0.3, grey: 30 }]);
    const up = await frameUpload(f.projectId, shot.id, png, "member", "sketch.png");
    expect(up.status).toBe(201);
    const dto = (await up.json()) as ShotDto;
    expect(dto.frame).toMatchObject({ contentType: "image/png", drawn: false });

    const served = await p.as("outsider").get(dto.frame!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.bytes).toEqual(png);

    // A text file named like a picture is refused by what it contains.
    const fake = await frameUpload(f.projectId, shot.id, new TextEncoder().encode("not a picture"), "member", "x.png");
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as { error: { message: string } }).error.message).toBe(
      "A storyboard frame must be a PNG or JPEG picture; the portal checks what the file contains, not its name.",
    );
    const empty = await frameUpload(f.projectId, shot.id, new Uint8Array(0));
    expect(empty.status).toBe(400);
    // The refused uploads left the first frame in place.
    expect((await p.as("member").get(dto.frame!.url)).bytes).toEqual(png);

    expect((await p.as("member").delete(`/storage/v1/object/shots/${f.projectId}/${shot.id}`)).status).toBe(200);
    expect((await p.as("member").get(`/storage/v1/object/shots/${f.projectId}/${shot.id}`)).status).toBe(404);
  });

  it("prints the storyboard and the shot list as PDFs with the shots' fields, and feeds the call sheet's setups", async () => {
    const f = await fixture();
    const a = await add(f.path, "1", "Anna at the table", 25);
    await add(f.path, "1", "The kettle boils", 10);
    await add(f.path, "3", "Rain on the windscreen", 40);
    const frame = await frameUpload(f.projectId, a.id, sketchPng(160, 90, [{ kind: "line", y: 0.5, grey: 0 }]));
    expect(frame.status).toBe(201);

    const board = await p.as("outsider").get(`${f.path}/storyboard.pdf`);
    expect(board.status).toBe(200);
    expect(board.headers.get("content-type")).toBe("application/pdf");
    const boardText = (await pdfText(board.bytes)).join(" ");
    expect(boardText).toContain("Storyboard: Harbour");
    expect(boardText).toContain("Shot 1A · scene 1");
    expect(boardText).toContain("MS · Eye level · Dolly · 35 mm · setup 25 min");
    expect(boardText).toContain("Rain on the windscreen");

    const list = await p.as("member").get(`${f.path}/shot-list.pdf`);
    expect(list.headers.get("content-type")).toBe("application/pdf");
    const listText = (await pdfText(list.bytes)).join(" ");
    expect(listText).toContain("Scene 1. INT. KITCHEN - DAY");
    expect(listText).toContain("The kettle boils");
    expect(listText).toContain("Scene setup time");

    const sheet = (await p.as("member").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`))
      .body as CallSheetDto;
    // Scene 3 is not on the day; scene 2 has no shots yet.
    expect(sheet.setups).toEqual([{ sceneNumber: "1", shots: 2, setupMinutes: 35 }]);
    const sheetPdf = await p.as("member").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet.pdf`);
    const sheetText = (await pdfText(sheetPdf.bytes)).join(" ");
    expect(sheetText).toContain("Setups");
    expect(sheetText).toContain("35 min");
  });
});
