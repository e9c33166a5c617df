import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minutesFromEighths } from "../../../common/banners.ts";
import type { ScheduleDto } from "../../../common/schedule.ts";
import { projectWithShootDay } from "../../test/fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { signInAll } from "../../test/matrix.ts";

const MISSING = "00000000-0000-4000-8000-000000000000";
const SCRIPT = [
  "INT. KITCHEN - DAY",
  "",
  "Anna waits by the window, then sits, then waits again, for a long time.",
  "",
  "ANNA",
  "Hello?",
  "",
  "EXT. HARBOUR - DAY",
  "",
  "Boats.",
  "",
  "BEN",
  "Over here.",
  "",
  "INT. CAR - NIGHT",
  "",
  "ANNA",
  "Drive.",
  "",
].join("\n");

/** A lane as one list of names: scene numbers, and banners by their kind. */
const laneOf = (s: ScheduleDto, day = 0) => {
  const d = s.days[day]!;
  const out: string[] = d.strips.map((x) => x.number);
  for (const b of [...d.banners].sort((a, c) => a.at - c.at)) out.splice(b.at, 0, b.kind);
  return out;
};

describe.each(DB_KINDS)("banners and estimates on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids } = await signInAll(p, {
      outsider: "tomas.novak@portal.test",
      member: "student@portal.test",
      staff: "staff@portal.test",
      admin: "admin@portal.test",
      jun: "jun.park@portal.test",
    }));
  }, 120_000);
  afterAll(() => p?.close());

  const fixture = () =>
    projectWithShootDay(p, ids, {
      prefix: "Banners",
      script: SCRIPT,
      day: { date: "2032-05-01", location: "Harbour", generalCall: "08:00" },
      scenes: ["1", "2"],
    });

  it("seeds a meal break, a company move and an edited estimate on The Weight of Water", async () => {
    const list = await p.as("staff").get("/projects?search=Weight%20of%20Water");
    const s = (await p.as("staff").get(`/projects/${list.body.items[0].id}/schedule`)).body as ScheduleDto;
    expect(laneOf(s, 1)).toEqual(["2", "meal", "move", "1"]);
    expect(s.days[1]!.strips.find((x) => x.number === "1")).toMatchObject({ minutes: 75, estimated: true });
  });

  it("adds banners at the end of a day, moves them with the strips, and keeps them through a strips-only save", async () => {
    const f = await fixture();
    const base = `/projects/${f.projectId}/schedule`;
    const meal = await p.as("member").post(`${base}/banners`, { dayId: f.dayId, kind: "meal", minutes: 45 });
    expect(meal.status).toBe(201);
    let s = meal.body as ScheduleDto;
    expect(laneOf(s)).toEqual(["1", "2", "meal"]);
    const move = await p
      .as("jun")
      .post(`${base}/banners`, { dayId: f.dayId, kind: "move", from: "Kitchen", to: "Harbour", minutes: 30 });
    s = move.body as ScheduleDto;
    expect(laneOf(s)).toEqual(["1", "2", "meal", "move"]);
    const [mealId, moveId] = s.days[0]!.banners.map((b) => b.id);
    // The move between the scenes, the meal first: one order for strips and banners.
    const saved = await p.as("member").put(`${base}/board`, {
      version: s.version,
      days: [
        {
          id: f.dayId,
          scenes: ["1", "2"],
          banners: [
            { id: mealId, at: 0 },
            { id: moveId, at: 2 },
          ],
        },
      ],
    });
    expect(saved.status).toBe(200);
    s = saved.body as ScheduleDto;
    expect(laneOf(s)).toEqual(["meal", "1", "move", "2"]);
    // A save that names no banners (an older board) moves the strips and leaves the banners at their index.
    s = (
      await p
        .as("member")
        .put(`${base}/board`, { version: s.version, days: [{ id: f.dayId, scenes: ["2", "1", "3"] }] })
    ).body as ScheduleDto;
    expect(laneOf(s)).toEqual(["meal", "2", "move", "1", "3"]);
    expect((await p.as("outsider").get(base)).body.days[0].banners).toHaveLength(2);
    // Edited, then removed.
    const edited = await p.as("member").put(`${base}/banners/${moveId}`, {
      kind: "move",
      from: "Kitchen",
      to: "Ferry",
      minutes: 20,
    });
    expect(edited.status).toBe(200);
    expect((edited.body as ScheduleDto).days[0]!.banners.find((b) => b.id === moveId)).toMatchObject({
      to: "Ferry",
      minutes: 20,
    });
    const gone = await p.as("member").delete(`${base}/banners/${mealId}`);
    expect(gone.status).toBe(200);
    expect(laneOf(gone.body as ScheduleDto)).toEqual(["2", "move", "1", "3"]);
  });

  it("refuses banners without their facts, on other projects' days, listed twice, and from those off the crew", async () => {
    const f = await fixture();
    const other = await fixture();
    const base = `/projects/${f.projectId}/schedule`;
    const bad = async (json: object, status = 400) =>
      expect((await p.as("member").post(`${base}/banners`, json)).status).toBe(status);
    await bad({ dayId: f.dayId, kind: "note", text: "" });
    await bad({ dayId: f.dayId, kind: "meal", minutes: 0 });
    await bad({ dayId: f.dayId, kind: "move", from: "A" });
    await bad({ dayId: f.dayId, kind: "meal", minutes: 30.5 });
    await bad({ dayId: f.dayId, kind: "party", text: "x" });
    await bad({ dayId: other.dayId, kind: "note", text: "Elsewhere" }, 404);
    expect(
      (await p.as("outsider").post(`${base}/banners`, { dayId: f.dayId, kind: "note", text: "Mine" })).status,
    ).toBe(403);
    const made = (await p.as("member").post(`${base}/banners`, { dayId: f.dayId, kind: "note", text: "Rain cover" }))
      .body as ScheduleDto;
    const id = made.days[0]!.banners[0]!.id;
    const twice = await p.as("member").put(`${base}/board`, {
      version: made.version,
      days: [
        {
          id: f.dayId,
          scenes: [],
          banners: [
            { id, at: 0 },
            { id, at: 1 },
          ],
        },
      ],
    });
    expect(twice.status).toBe(400);
    const foreign = await p.as("member").put(`/projects/${other.projectId}/schedule/board`, {
      version: other.schedule.version,
      days: [{ id: other.dayId, scenes: [], banners: [{ id, at: 0 }] }],
    });
    expect(foreign.status).toBe(400);
    expect((await p.as("member").put(`${base}/banners/${MISSING}`, { kind: "note", text: "x" })).status).toBe(404);
    expect((await p.as("member").delete(`${base}/banners/not-an-id`)).status).toBe(404);
    expect((await p.as("outsider").delete(`${base}/banners/${id}`)).status).toBe(403);
  });

  it("times scenes from their pages or the producer's estimate, and warns of a day longer than call to wrap", async () => {
    const f = await fixture();
    const base = `/projects/${f.projectId}/schedule`;
    const day0 = f.schedule.days[0]!;
    const [one, two] = day0.strips;
    expect(one!.minutes).toBe(minutesFromEighths(one!.eighths));
    expect(one!.estimated).toBe(false);
    expect(day0.totals).toMatchObject({ scenes: 2, eighths: one!.eighths + two!.eighths, length: null, over: false });
    let s = (await p.as("member").put(`${base}/estimates`, { scene: "1", minutes: 150 })).body as ScheduleDto;
    expect(s.days[0]!.strips[0]).toMatchObject({ minutes: 150, estimated: true });
    expect(s.days[0]!.totals.minutes).toBe(150 + two!.minutes);
    expect(s.days[0]!.checks.filter((c) => c.source === "length")).toEqual([]);
    const wrap = await p.as("member").patch(`${base}/days/${f.dayId}`, { version: s.days[0]!.version, wrap: "10:00" });
    s = wrap.body as ScheduleDto;
    expect(s.days[0]!.totals).toMatchObject({ length: 120, over: true });
    expect(s.days[0]!.checks).toContainEqual({
      source: "length",
      level: "warning",
      message: expect.stringMatching(/^Estimated 2 h \d+ min of shooting, but call to wrap is 2 h\.$/),
    });
    // The one-liner prints the estimate and the banners where they stand.
    await p.as("member").post(`${base}/banners`, { dayId: f.dayId, kind: "meal", minutes: 30 });
    const text = (await pdfText((await p.as("outsider").get(`${base}/one-liner.pdf`)).bytes!)).join(" ");
    expect(text).toMatch(
      /1 INT KITCHEN DAY \S+ 2 h 30 min 1 .* Meal break · 30 min 30 min End of day 1 2 scenes · call to wrap 2 h/,
    );
    // Cleared: timed from its pages again.
    s = (await p.as("member").put(`${base}/estimates`, { scene: "1", minutes: null })).body as ScheduleDto;
    expect(s.days[0]!.strips[0]).toMatchObject({ minutes: one!.minutes, estimated: false });
    expect((await p.as("member").put(`${base}/estimates`, { scene: "1", minutes: 0 })).status).toBe(400);
    expect((await p.as("outsider").put(`${base}/estimates`, { scene: "1", minutes: 5 })).status).toBe(403);
  });
});
