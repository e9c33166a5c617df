import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DailyReportDto, TodayDto } from "../../../common/daily-reports.ts";
import type { BoardDto } from "../../../common/overview-api.ts";
import type { ScheduleDto } from "../../../common/schedule.ts";
import type { ShotDto, ShotsDto } from "../../../common/shots.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import { jobs, notifications } from "../../db/schema/index.ts";
import { projectWithShootDay } from "../../test/fixtures.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll, type Expected, type MatrixRow } from "../../test/matrix.ts";
import { pdfText } from "../../test/pdf-text.ts";

const MISSING = "00000000-0000-4000-8000-000000000000";
const SCRIPT = [
  "INT. KITCHEN - DAY",
  "",
  "Anna waits.",
  "",
  "ANNA",
  "Hello?",
  "",
  "EXT. HARBOUR - DAY",
  "",
  "Boats.",
  "",
  // Scene 2 runs over half a page, so it can be shot in part.
  ...Array.from({ length: 14 }, (_, i) => [
    `The ferry ${i + 1} turns in the wind and its horn sounds twice.`,
    "",
  ]).flat(),
].join("\n");

describe.each(DB_KINDS)("daily reports on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  /** A project produced by the member (its creator), Jun on sound, the staff member supervising, a shoot day today with both scenes. */
  const fixture = async () => {
    const f = await projectWithShootDay(p, ids, {
      prefix: "Quay",
      script: SCRIPT,
      day: {
        date: isoDay(new Date()),
        location: "Quay",
        address: "Quai du Lac 1",
        hospital: "Lake Hospital, +41 21 000 00 00",
        generalCall: "07:00",
      },
      scenes: ["1", "2"],
    });
    return { ...f, path: `/projects/${f.projectId}/daily-reports/${f.dayId}` };
  };

  const filled = (r: DailyReportDto) => ({
    ...r.fields,
    actualCall: "07:10",
    firstShot: "08:05",
    wrap: "18:40",
    meals: [{ start: "12:30", end: "13:00" }],
    scenes: r.fields.scenes.map((sc, i) => ({ ...sc, status: i === 0 ? "shot" : "part" })),
    setups: 14,
    takes: 37,
    delays: "Rain from 10:00 to 10:40.",
    injury: "",
    takeNotes: [{ scene: "1", take: "3", mark: "circled", notes: "Best performance" }],
    cameraRolls: [{ roll: "A004", scene: "1", take: "3", notes: "Lens 35mm" }],
    soundRolls: [{ roll: "S002", scene: "1", take: "3", notes: "Plane at the end" }],
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

  it("seeds a signed report on The Weight of Water and a shoot day today on Paper Moon Factory", async () => {
    const list = await p.as("staff").get("/projects?search=Weight%20of%20Water");
    const projectId = list.body.items[0].id as string;
    const s = (await p.as("staff").get(`/projects/${projectId}/schedule`)).body as ScheduleDto;
    const r = (await p.as("staff").get(`/projects/${projectId}/daily-reports/${s.days[0]!.id}`)).body as DailyReportDto;
    expect(r).toMatchObject({ signedByName: "Sofia Marchetti", canEdit: false });
    expect(r.fields.takeNotes).toHaveLength(3);
    const today = (await p.as("member").get("/today")).body as TodayDto;
    expect(today.days.find((d) => d.projectTitle === "Paper Moon Factory")).toMatchObject({
      kind: "today",
      location: "Old paper mill",
    });
  });

  it("starts a report from the call sheet and saves it with a version; a stale save is refused and keeps the first", async () => {
    const f = await fixture();
    const blank = (await p.as("jun").get(f.path)).body as DailyReportDto;
    expect(blank.version).toBe(0);
    expect(blank.fields.scenes).toEqual([
      { number: "1", status: "not_shot", shotEighths: null },
      { number: "2", status: "not_shot", shotEighths: null },
    ]);
    expect(blank.canSign).toBe(false);
    const saved = await p.as("jun").put(f.path, { version: 0, fields: filled(blank) });
    expect(saved.status).toBe(200);
    const r = saved.body as DailyReportDto;
    expect(r.version).toBe(1);
    expect(r.shotEighths).toBe(blank.planned[0]!.eighths);
    expect(r.plannedEighths).toBe(blank.planned[0]!.eighths + blank.planned[1]!.eighths);
    expect(r.updatedByName).toBe("Jun Park");

    // The producer's phone still holds version 0: its save is refused with who changed the report.
    const stale = await p.as("member").put(f.path, { version: 0, fields: { ...blank.fields, notes: "mine" } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^Someone else changed this report since you opened it: Jun Park/);
    expect(stale.body.error.details).toMatchObject({ version: 1, updatedByName: "Jun Park" });
    const now = (await p.as("member").get(f.path)).body as DailyReportDto;
    expect(now.fields.delays).toBe("Rain from 10:00 to 10:40.");
    expect(now.fields.notes).toBe("");
  });

  it("is signed by the producer, stored with the call sheets, sent to the supervisor and read-only until reopened", async () => {
    const f = await fixture();
    const blank = (await p.as("member").get(f.path)).body as DailyReportDto;
    expect(blank.canSign).toBe(true);
    const early = await p.as("member").put(f.path, { version: 0, fields: { ...blank.fields, notes: "x" } });
    expect((await p.as("member").post(`${f.path}/sign`, { version: 1 })).body.error.message).toMatch(
      /actual call and the wrap/,
    );
    const saved = (await p.as("member").put(f.path, { version: early.body.version, fields: filled(blank) }))
      .body as DailyReportDto;
    expect((await p.as("jun").post(`${f.path}/sign`, { version: saved.version })).status).toBe(403);
    const signed = await p.as("member").post(`${f.path}/sign`, { version: saved.version });
    expect(signed.status).toBe(200);
    const r = signed.body as DailyReportDto;
    expect(r.signedByName).toBe("Lena Fischer");
    expect(r.canEdit).toBe(false);
    expect(r.documentId).toBeTruthy();

    const docs = (await p.as("member").get(`/projects/${f.projectId}/documents`)).body;
    const doc = (docs.items ?? docs).find((d: { id: string }) => d.id === r.documentId);
    expect(doc).toMatchObject({ category: "call_sheets" });

    const notes = await p.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.staff!), eq(notifications.kind, "daily_reports")));
    expect(notes.some((n) => n.title.includes(f.title))).toBe(true);
    const mails = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = 'staff@portal.test'`));
    expect(mails.some((m) => (m.payload as { subject: string }).subject.includes(f.title))).toBe(true);

    const locked = await p.as("jun").put(f.path, { version: r.version, fields: filled(blank) });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toMatch(/signed this report/);
    expect((await p.as("jun").post(`${f.path}/reopen`)).status).toBe(403);
    const reopened = (await p.as("member").post(`${f.path}/reopen`)).body as DailyReportDto;
    expect(reopened.signedAt).toBeNull();
    expect(reopened.canEdit).toBe(true);
    expect((await p.as("jun").put(f.path, { version: reopened.version, fields: filled(blank) })).status).toBe(200);
  });

  it("prints the report, the script supervisor's notes and the camera and sound reports", async () => {
    const f = await fixture();
    const blank = (await p.as("member").get(f.path)).body as DailyReportDto;
    await p.as("member").put(f.path, { version: 0, fields: filled(blank) });
    const text = async (file: string) => {
      const res = await p.request(`/rest/v1${f.path}/${file}`, { cookie: cookies.member });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).join(" ");
    };
    const report = await text("report.pdf");
    expect(report).toContain("Daily production report");
    expect(report).toContain("Rain from 10:00 to 10:40.");
    expect(report).toMatch(/Part shot/);
    expect(await text("script-notes.pdf")).toMatch(/Circled.*Best performance/);
    expect(await text("camera-report.pdf")).toMatch(/A004.*Lens 35mm/);
    expect(await text("sound-report.pdf")).toMatch(/S002.*Plane at the end/);
  });

  it("ticks off the day's shots from the shot list, marking them done there, and prints what was taken", async () => {
    const f = await fixture();
    const shot = async (sceneNumber: string, description: string) => {
      const res = await p.as("member").post(`/projects/${f.projectId}/shots`, {
        sceneNumber,
        size: "LS",
        angle: "eye_level",
        movement: "static",
        lens: null,
        description,
        setupMinutes: 20,
      });
      expect(res.status).toBe(201);
      return res.body as ShotDto;
    };
    const wide = await shot("1", "Anna at the window");
    const close = await shot("1", "Her hand on the cup");
    const boats = await shot("2", "Boats at dawn");
    const blank = (await p.as("jun").get(f.path)).body as DailyReportDto;
    expect(blank.plannedShots.map((x) => [x.sceneNumber, x.number, x.description])).toEqual([
      ["1", "1A", "Anna at the window"],
      ["1", "1B", "Her hand on the cup"],
      ["2", "2A", "Boats at dawn"],
    ]);
    const done = async () =>
      ((await p.as("member").get(`/projects/${f.projectId}/shots`)).body as ShotsDto).scenes
        .flatMap((sc) => sc.shots)
        .filter((x) => x.done)
        .map((x) => x.number);

    // A shot of another project, or one deleted since, is not kept on the report.
    const saved = await p.as("jun").put(f.path, {
      version: 0,
      fields: { ...blank.fields, shotsDone: [wide.id, boats.id, MISSING] },
    });
    expect(saved.status).toBe(200);
    expect((saved.body as DailyReportDto).fields.shotsDone).toEqual([wide.id, boats.id]);
    expect(await done()).toEqual(["1A", "2A"]);

    const unticked = await p.as("jun").put(f.path, {
      version: 1,
      fields: { ...blank.fields, shotsDone: [wide.id, close.id] },
    });
    expect(unticked.status).toBe(200);
    expect(await done()).toEqual(["1A", "1B"]);

    // Done on the shot list without being ticked here: taken on another day.
    await p.as("member").patch(`/projects/${f.projectId}/shots/${boats.id}`, { done: true });
    const report = (await p.as("jun").get(f.path)).body as DailyReportDto;
    expect(report.plannedShots.map((x) => x.doneElsewhere)).toEqual([false, false, true]);
    const res = await p.request(`/rest/v1${f.path}/report.pdf`, { cookie: cookies.jun });
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).join(" ");
    expect(text).toMatch(/2 of 3 on the shot list/);
    expect(text).toMatch(/Shots taken.*1A.*Anna at the window.*1B.*Her hand on the cup/);
    expect(text).not.toContain("Boats at dawn");

    const bad = await p.as("jun").put(f.path, { version: 2, fields: { ...blank.fields, shotsDone: ["1A"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/Choose the shots from the day's shot list/);
  });

  it("shows Today on the crew's phone, and pages shot against planned on the overview", async () => {
    const f = await fixture();
    const today = (await p.as("jun").get("/today")).body as TodayDto;
    const day = today.days.find((d) => d.projectId === f.projectId)!;
    expect(day).toMatchObject({ kind: "today", location: "Quay", generalCall: "07:00", myCall: "07:00" });
    expect(day.hospital).toContain("Lake Hospital");
    expect(day.mapUrl).toContain("openstreetmap.org");
    expect(day.scenes.map((s) => s.number)).toEqual(["1", "2"]);
    expect(day.contacts).toEqual([expect.objectContaining({ role: "Producer", name: "Lena Fischer" })]);
    expect(day.report?.version).toBe(0);
    // Staff are on no crew: their Today lists none of this project's days.
    const staffToday = (await p.as("staff").get("/today")).body as TodayDto;
    expect(staffToday.days.some((d) => d.projectId === f.projectId)).toBe(false);

    const overview = async () =>
      ((await p.as("staff").get(`/overview/board?search=${f.title}`)).body as BoardDto).columns
        .flatMap((c) => c.items)
        .find((c) => c.id === f.projectId)!;
    expect((await overview()).shot).toBeNull();
    const blank = (await p.as("member").get(f.path)).body as DailyReportDto;
    await p.as("member").put(f.path, { version: 0, fields: filled(blank) });
    // The overview's kept answer is told the sums moved.
    expect((await overview()).shot).toEqual({
      shotEighths: blank.planned[0]!.eighths,
      plannedEighths: blank.planned[0]!.eighths + blank.planned[1]!.eighths,
      reports: 1,
    });

    // A day past with its report unsigned stays on Today until the producer signs it.
    const past = await p
      .as("member")
      .post(`/projects/${f.projectId}/schedule/days`, { date: addDays(isoDay(new Date()), -2) });
    expect(past.status).toBe(201);
    const again = (await p.as("jun").get("/today")).body as TodayDto;
    expect(again.days.filter((d) => d.projectId === f.projectId).map((d) => d.kind)).toEqual(["today", "report"]);
  });

  it("counts a scene shot in part at the pages typed, lists the project's reports, and refuses more pages than the scene has", async () => {
    const f = await fixture();
    const blank = (await p.as("jun").get(f.path)).body as DailyReportDto;
    const [one, two] = blank.planned;
    expect(two!.eighths).toBeGreaterThan(3);
    const part = (shotEighths: number | null) => ({
      ...blank.fields,
      scenes: [
        { number: "1", status: "shot" },
        { number: "2", status: "part", shotEighths },
      ],
    });
    const saved = await p.as("jun").put(f.path, { version: 0, fields: part(3) });
    expect(saved.status).toBe(200);
    const r = saved.body as DailyReportDto;
    expect(r.shotEighths).toBe(one!.eighths + 3);
    expect(r.fields.scenes[1]).toEqual({ number: "2", status: "part", shotEighths: 3 });
    const list = await p.as("jun").get(`/projects/${f.projectId}/daily-reports`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { dayId: f.dayId, version: 1, signedAt: null, shotEighths: one!.eighths + 3, plannedEighths: r.plannedEighths },
    ]);
    const card = ((await p.as("staff").get(`/overview/board?search=${f.title}`)).body as BoardDto).columns
      .flatMap((c) => c.items)
      .find((c) => c.id === f.projectId)!;
    expect(card.shot).toMatchObject({ shotEighths: one!.eighths + 3 });

    const tooMuch = await p.as("jun").put(f.path, { version: 1, fields: part(two!.eighths + 1) });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toMatch(/^Scene 2 is .* long on the call sheet, so at most/);
    expect(((await p.as("jun").get(f.path)).body as DailyReportDto).version).toBe(1);

    // Part shot with no pages typed yet counts none, as before.
    const unknown = (await p.as("jun").put(f.path, { version: 1, fields: part(null) })).body as DailyReportDto;
    expect(unknown.shotEighths).toBe(one!.eighths);
    const res = await p.request(`/rest/v1${f.path}/report.pdf`, { cookie: cookies.jun });
    expect((await pdfText(new Uint8Array(await res.arrayBuffer()))).join(" ")).toMatch(/Part shot/);
    await p.as("jun").put(f.path, { version: 2, fields: part(3) });
    const again = await p.request(`/rest/v1${f.path}/report.pdf`, { cookie: cookies.jun });
    expect((await pdfText(new Uint8Array(await again.arrayBuffer()))).join(" ")).toContain("Part shot, 3/8");
  });

  it("answers each caller as the project's rules say", async () => {
    const CREW: Expected = [401, 403, 200, 200, 403, 200];
    const rows: MatrixRow<Awaited<ReturnType<typeof fixture>>>[] = [
      ["read", "GET", (f) => f.path, undefined, CREW],
      ["list", "GET", (f) => `/projects/${f.projectId}/daily-reports`, undefined, CREW],
      ["save", "PUT", (f) => f.path, { version: 0, fields: { notes: "x" } }, CREW],
      ["pdf", "GET", (f) => `${f.path}/report.pdf`, undefined, CREW],
      // Only the producer signs: staff and admins are not the producer, and nothing is written yet for the producer.
      ["sign", "POST", (f) => `${f.path}/sign`, { version: 1 }, [401, 403, 409, 403, 403, 403]],
      ["reopen", "POST", (f) => `${f.path}/reopen`, undefined, [401, 403, 409, 403, 403, 403]],
      ["today", "GET", () => "/today", undefined, [401, 200, 200, 200, 200, 200]],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, fixture, row);
  }, 300_000);

  it("answers bad input with a message, never a 500", async () => {
    const f = await fixture();
    await expectClientErrors(p, cookies.member!, [
      ["GET", `/projects/${f.projectId}/daily-reports/${MISSING}`],
      ["GET", `/projects/${f.projectId}/daily-reports/not-a-uuid`],
      ["GET", `${f.path}/nothing.pdf`],
      ["PUT", f.path, { fields: {} }],
      ["PUT", f.path, { version: 0, fields: { wrap: "7pm" } }],
      ["PUT", f.path, { version: 0, fields: { setups: -1 } }],
      ["PUT", f.path, { version: 0, fields: { takes: 2.5 } }],
      ["PUT", f.path, { version: 0, fields: { takeNotes: [{ mark: "great" }] } }],
      ["PUT", f.path, { version: 0, fields: { scenes: [{ number: "" }] } }],
      ["PUT", f.path, { version: 0, fields: { scenes: [{ number: "2", status: "part", shotEighths: -1 }] } }],
      ["PUT", f.path, { version: 0, fields: { scenes: [{ number: "2", status: "part", shotEighths: 1.5 }] } }],
      ["PUT", f.path, { version: 0, fields: { scenes: [{ number: "2", status: "part", shotEighths: "3/8" }] } }],
      ["PUT", f.path, { version: 0, fields: { meals: Array(5).fill({}) } }],
      ["PUT", f.path, { version: 3, fields: {} }],
      ["POST", `${f.path}/sign`, {}],
    ]);
  });
});
