import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  doodCodes,
  stripColour,
  type CallSheetConfirmationDto,
  type CallSheetDto,
  type ScheduleDto,
} from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import { callSheetRecipients, jobs } from "../../db/schema/index.ts";
import { projectWithShootDay } from "../../test/fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll, type Expected, type MatrixRow } from "../../test/matrix.ts";

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
  "BEN",
  "Over here.",
  "",
  "INT. CAR - NIGHT",
  "",
  "ANNA",
  "Drive.",
  "",
  "BEN",
  "Where?",
  "",
  "EXT. ROOF - NIGHT",
  "",
  "Wind.",
  "",
].join("\n");

describe("schedule rules", () => {
  it("colours strips the usual way", () => {
    expect(stripColour("INT", false)).toBe("white");
    expect(stripColour("EXT", false)).toBe("yellow");
    expect(stripColour("INT", true)).toBe("blue");
    expect(stripColour("EXT", true)).toBe("green");
    expect(stripColour("INT/EXT", false)).toBe("white");
  });

  it("writes page totals in eighths", () => {
    expect(formatPages(28)).toBe("3 4/8 pages");
    expect(formatPages(4)).toBe("4/8 page");
    expect(formatPages(8)).toBe("1 page");
    expect(formatPages(0)).toBe("0 pages");
  });

  it("codes a Day Out of Days: start, work, hold, finish, drop and pick-up", () => {
    const dates = ["2032-05-01", "2032-05-02", "2032-05-03", "2032-05-04", "2032-05-20", "2032-05-21"];
    expect(doodCodes(dates, [true, false, true, true, false, false])).toEqual({
      codes: ["SW", "H", "W", "WF", "", ""],
      work: 3,
      hold: 1,
      drop: 0,
      total: 4,
    });
    expect(doodCodes(dates, [false, true, false, false, false, false]).codes).toEqual(["", "SWF", "", "", "", ""]);
    // Sixteen days off between the 4th and the 21st: dropped, then picked up on the last day.
    expect(doodCodes(dates, [true, false, false, true, false, true])).toEqual({
      codes: ["SW", "H", "H", "W", "D", "PWF"],
      work: 3,
      hold: 2,
      drop: 1,
      total: 5,
    });
    expect(doodCodes([...dates, "2032-05-22"], [true, false, false, true, false, true, true]).codes).toEqual([
      "SW",
      "H",
      "H",
      "W",
      "D",
      "PW",
      "WF",
    ]);
    expect(doodCodes(dates, [false, false, false, false, false, false]).total).toBe(0);
  });
});

describe.each(DB_KINDS)("schedule on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  /** A project led by the member, with Jun on its crew, a screenplay and one shoot day. */
  const fixture = () =>
    projectWithShootDay(p, ids, {
      prefix: "Harbour",
      script: SCRIPT,
      day: { date: "2032-05-01", location: "Harbour", address: "Quay 4", generalCall: "07:00" },
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

  it("seeds a schedule on The Weight of Water with a sent call sheet and confirmations", async () => {
    const list = await p.as("staff").get("/projects?search=Weight%20of%20Water");
    const projectId = list.body.items[0].id as string;
    const s = (await p.as("staff").get(`/projects/${projectId}/schedule`)).body as ScheduleDto;
    expect(s.days.map((d) => d.strips.map((x) => x.number))).toEqual([["3"], ["2", "1"], ["4"]]);
    expect(s.bank).toEqual([]);
    expect(s.dood.rows.length).toBeGreaterThan(0);
    const sheet = (await p.as("staff").get(`/projects/${projectId}/schedule/days/${s.days[1]!.id}/call-sheet`))
      .body as CallSheetDto;
    // The four of the crew, and the two actors with an e-mail address whose characters work that day.
    expect(sheet.recipients.map((r) => r.name).sort()).toEqual([
      "Amara Diallo",
      "Hanna Brunner",
      "Jun Park",
      "Marc Aebischer",
      "Noor Haddad",
      "Sofia Marchetti",
    ]);
    expect(
      sheet.recipients
        .filter((r) => r.confirmedAt)
        .map((r) => r.name)
        .sort(),
    ).toEqual(["Amara Diallo", "Jun Park"]);
  });

  it("turns the screenplay's scenes into strips in the bank, and moves them into days with page totals", async () => {
    const f = await fixture();
    expect(f.schedule.bank.map((s) => [s.number, s.colour, s.cast])).toEqual([
      ["1", "white", ["ANNA"]],
      ["2", "yellow", ["BEN"]],
      ["3", "blue", ["ANNA", "BEN"]],
      ["4", "green", []],
    ]);
    const saved = await p
      .as("member")
      .put(`/projects/${f.projectId}/schedule/board`, { version: 1, days: [{ id: f.dayId, scenes: ["3", "1"] }] });
    expect(saved.status).toBe(200);
    const s = saved.body as ScheduleDto;
    expect(s.version).toBe(2);
    expect(s.days[0]!.strips.map((x) => x.number)).toEqual(["3", "1"]);
    expect(s.days[0]!.eighths).toBe(s.days[0]!.strips[0]!.eighths + s.days[0]!.strips[1]!.eighths);
    expect(s.bank.map((x) => x.number)).toEqual(["2", "4"]);
    expect(s.dood.rows.find((r) => r.name === "ANNA")).toMatchObject({ codes: ["SWF"], work: 1 });
  });

  it("tells the later of two saves, and keeps the first", async () => {
    const f = await fixture();
    const first = await p
      .as("member")
      .put(`/projects/${f.projectId}/schedule/board`, { version: 1, days: [{ id: f.dayId, scenes: ["1"] }] });
    expect(first.status).toBe(200);
    const second = await p
      .as("jun")
      .put(`/projects/${f.projectId}/schedule/board`, { version: 1, days: [{ id: f.dayId, scenes: ["2"] }] });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/changed the stripboard after you opened it/);
    expect(
      (await p.as("jun").get(`/projects/${f.projectId}/schedule`)).body.days[0].strips.map(
        (x: { number: string }) => x.number,
      ),
    ).toEqual(["1"]);
    // A shoot day's edit is checked the same way.
    const v = f.schedule.days[0]!.version;
    expect(
      (
        await p
          .as("member")
          .patch(`/projects/${f.projectId}/schedule/days/${f.dayId}`, { version: v, notes: "Bring coats" })
      ).status,
    ).toBe(200);
    const stale = await p
      .as("jun")
      .patch(`/projects/${f.projectId}/schedule/days/${f.dayId}`, { version: v, notes: "Mine" });
    expect(stale.status).toBe(409);
  });

  it("keeps strips on their scene through script edits once numbers are locked", async () => {
    const f = await fixture();
    let sp = (await p.as("member").get(`/screenplays/${f.screenplayId}`)).body;
    sp = (await p.as("member").post(`/screenplays/${f.screenplayId}/lock-scenes`, { version: sp.version })).body;
    await p
      .as("member")
      .put(`/projects/${f.projectId}/schedule/board`, { version: 1, days: [{ id: f.dayId, scenes: ["3", "4"] }] });
    // A scene inserted at the top becomes A1 and scene 4 is cut: 3 stays 3, 4 is kept in its day as omitted.
    const edited = `INT. HALL - DAY\n\nNew opening.\n\n${sp.body}`.replace(/EXT\. ROOF - NIGHT #4#\n\nWind\.\n/, "");
    expect(
      (await p.as("member").patch(`/screenplays/${f.screenplayId}`, { version: sp.version, body: edited })).status,
    ).toBe(200);
    const s = (await p.as("member").get(`/projects/${f.projectId}/schedule`)).body as ScheduleDto;
    expect(s.days[0]!.strips.map((x) => [x.number, x.heading, x.omitted])).toEqual([
      ["3", "INT. CAR - NIGHT", false],
      ["4", "EXT. ROOF - NIGHT", true],
    ]);
    expect(s.bank.map((x) => x.number)).toEqual(["A1", "1", "2"]);
    // A1's number is not written in yet (another scene added at the top would take it): no strip is keyed to it before a lock.
    const early = await p.as("member").put(`/projects/${f.projectId}/schedule/board`, {
      version: s.version,
      days: [{ id: f.dayId, scenes: ["4", "3", "A1"] }],
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(
      /^Scene A1 was added after the scene numbers were locked\. Lock them again/,
    );
    // Unlock and lock again: every strip stays on its scene, 4 stays omitted, A1 is written in and can be scheduled.
    sp = (await p.as("member").get(`/screenplays/${f.screenplayId}`)).body;
    sp = (await p.as("member").post(`/screenplays/${f.screenplayId}/unlock-scenes`, { version: sp.version })).body;
    expect((await p.as("member").get(`/projects/${f.projectId}/schedule`)).body.screenplays[0].locked).toBe(false);
    sp = (await p.as("member").post(`/screenplays/${f.screenplayId}/lock-scenes`, { version: sp.version })).body;
    expect(sp.lockedScenes).toEqual(["A1", "1", "2", "3", "4"]);
    const relocked = (await p.as("member").get(`/projects/${f.projectId}/schedule`)).body as ScheduleDto;
    expect(relocked.days[0]!.strips.map((x) => [x.number, x.omitted])).toEqual([
      ["3", false],
      ["4", true],
    ]);
    expect(relocked.bank.map((x) => x.number)).toEqual(["A1", "1", "2"]);
    // The omitted strip may stay where it is but cannot be added anew.
    expect(
      (
        await p.as("member").put(`/projects/${f.projectId}/schedule/board`, {
          version: s.version,
          days: [{ id: f.dayId, scenes: ["4", "3", "A1"] }],
        })
      ).status,
    ).toBe(200);
    const bad = await p.as("member").put(`/projects/${f.projectId}/schedule/board`, {
      version: s.version + 1,
      days: [{ id: f.dayId, scenes: ["9"] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("There is no scene 9 in the screenplay.");
  });

  it("shows a screenplay's change on its project's stripboard at once, and on both boards when it moves", async () => {
    const f = await fixture();
    const other = await fixture();
    // Both boards read (and kept) before the changes.
    expect((await p.as("jun").get(`/projects/${f.projectId}/schedule`)).body.bank).toHaveLength(4);
    expect((await p.as("jun").get(`/projects/${other.projectId}/schedule`)).body.screenplays).toHaveLength(1);
    let sp = (await p.as("member").get(`/screenplays/${f.screenplayId}`)).body;
    sp = (
      await p.as("member").patch(`/screenplays/${f.screenplayId}`, {
        version: sp.version,
        body: `${sp.body}\n\nEXT. PIER - DAY\n\nGulls.\n`,
      })
    ).body;
    expect((await p.as("jun").get(`/projects/${f.projectId}/schedule`)).body.bank).toHaveLength(5);
    await p.as("member").patch(`/screenplays/${f.screenplayId}`, { version: sp.version, projectId: other.projectId });
    expect((await p.as("jun").get(`/projects/${f.projectId}/schedule`)).body.screenplays).toHaveLength(0);
    expect((await p.as("jun").get(`/projects/${other.projectId}/schedule`)).body.screenplays).toHaveLength(2);
  });

  it("sends the call sheet to every crew member with a personal link, and records confirmations", async () => {
    const f = await fixture();
    await p
      .as("member")
      .put(`/projects/${f.projectId}/schedule/board`, { version: 1, days: [{ id: f.dayId, scenes: ["1", "3"] }] });
    await p.as("member").patch(`/projects/${f.projectId}/schedule/days/${f.dayId}`, {
      version: 1,
      castCalls: { ANNA: "06:30" },
      crewCalls: { [ids.jun!]: "06:00" },
      hospital: "St Mary's, 2 km",
    });
    const sheet = (await p.as("outsider").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`))
      .body as CallSheetDto;
    expect(sheet.cast).toEqual([
      { name: "ANNA", castId: 1, role: "Not cast yet", call: "06:30", wrap: "" },
      { name: "BEN", castId: 2, role: "Not cast yet", call: "07:00", wrap: "" },
    ]);
    // Anna's actor gave an e-mail address, Ben's did not.
    const cast = await p.as("member").put(`/projects/${f.projectId}/schedule/cast`, {
      character: "ANNA",
      actorName: "Clara Wu",
      email: " Clara.Wu@Example.com ",
      phone: "+41 79 000 00 00",
    });
    expect(cast.status).toBe(200);
    await p.as("member").put(`/projects/${f.projectId}/schedule/cast`, { character: "BEN", actorName: "Tom Reed" });
    expect((cast.body as ScheduleDto).cast[0]).toEqual({
      character: "ANNA",
      actorName: "Clara Wu",
      email: "clara.wu@example.com",
      phone: "+41 79 000 00 00",
      inScript: true,
    });
    const withActors = (await p.as("outsider").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`))
      .body as CallSheetDto;
    expect(withActors.cast.map((c) => c.role)).toEqual(["Clara Wu", "Tom Reed"]);
    expect(sheet.crew.find((c) => c.userId === ids.jun)).toMatchObject({ role: "Sound", call: "06:00" });
    expect(sheet.canEdit).toBe(false);

    const sent = await p.as("member").post(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet/send`);
    expect(sent.status).toBe(200);
    expect((sent.body as CallSheetDto).recipients.map((r) => [r.email, r.confirmedAt])).toEqual(
      expect.arrayContaining([
        ["jun.park@portal.test", null],
        ["student@portal.test", null],
        ["clara.wu@example.com", null],
      ]),
    );
    expect((sent.body as CallSheetDto).recipients).toHaveLength(3);
    const [actorMail] = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = 'clara.wu@example.com'`));
    const actorText = (actorMail!.payload as { text: string }).text;
    expect(actorText).toContain("Your call: 06:30");
    const actorUrl = new URL(/Confirm the call sheet: (\S+)/.exec(actorText)![1]!);
    const actorView = await p.anonymous.get(
      `${actorUrl.pathname.replace("/call-sheet-confirm/", "/call-sheet-confirmation/")}${actorUrl.search}`,
    );
    expect(actorView.body).toMatchObject({ name: "Clara Wu", personalCall: "06:30" });
    // The actor's own scenes are marked; the crew's view marks none.
    expect((actorView.body as CallSheetConfirmationDto).scenes.some((sc) => sc.yours)).toBe(true);
    expect(
      (
        await p.anonymous.post(`/call-sheet-confirmation/${actorUrl.pathname.split("/").at(-1)}`, {
          token: actorUrl.searchParams.get("token"),
        })
      ).status,
    ).toBe(200);
    const mails = await p.services.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.type, "email.send"),
          sql`${jobs.payload}->>'to' = 'jun.park@portal.test'`,
          sql`${jobs.payload}->>'subject' like ${`Call sheet: ${f.title},%`}`,
        ),
      );
    expect(mails).toHaveLength(1);
    const text = (mails[0]!.payload as { text: string }).text;
    expect(text).toContain("Your call: 06:00");
    const url = new URL(/Confirm the call sheet: (\S+)/.exec(text)![1]!);
    const recipientId = url.pathname.split("/").at(-1)!;
    const token = url.searchParams.get("token")!;
    // Only the hash is stored.
    const [stored] = await p.services.db
      .select()
      .from(callSheetRecipients)
      .where(eq(callSheetRecipients.id, recipientId));
    expect(stored!.tokenHash).not.toContain(token);

    const opened = await p.anonymous.get(`/call-sheet-confirmation/${recipientId}?token=${encodeURIComponent(token)}`);
    expect(opened.body).toMatchObject({
      name: "Jun Park",
      personalCall: "06:00",
      confirmedAt: null,
      scenes: [{ number: "1" }, { number: "3" }],
    });
    expect((await p.anonymous.get(`/call-sheet-confirmation/${recipientId}?token=${"x".repeat(43)}`)).status).toBe(404);
    const confirmed = await p.anonymous.post(`/call-sheet-confirmation/${recipientId}`, { token });
    expect(confirmed.body.confirmedAt).toBeTruthy();

    // The signed-in recipient confirms on the page; someone not sent it cannot.
    expect(
      (await p.as("member").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`)).body.canConfirm,
    ).toBe(true);
    expect(
      (await p.as("member").post(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet/confirm`)).status,
    ).toBe(200);
    expect(
      (await p.as("outsider").post(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet/confirm`)).status,
    ).toBe(403);
    const after = (await p.as("staff").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`))
      .body as CallSheetDto;
    expect(after.recipients.every((r) => r.confirmedAt)).toBe(true);

    const pdf = await p.as("outsider").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet.pdf`);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.bytes!.slice(0, 5))).toBe("%PDF-");
    expect((await pdfText(pdf.bytes!)).join(" ")).toMatch(
      /ID Character Actor Call Wrap 1 ANNA Clara Wu .* 2 BEN Tom Reed/,
    );
    // In the producer's order of the cast IDs, Ben first.
    await p.as("member").put(`/projects/${f.projectId}/schedule/cast-order`, { order: ["BEN"] });
    const reordered = (await p.as("outsider").get(`/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`))
      .body as CallSheetDto;
    expect(reordered.cast.map((c) => [c.castId, c.name])).toEqual([
      [1, "BEN"],
      [2, "ANNA"],
    ]);
  });

  it("prints breakdown sheets, a page a scene, and the one-liner by shoot day, with cast IDs and no contacts", async () => {
    const f = await fixture();
    const base = `/projects/${f.projectId}/schedule`;
    await p.as("member").put(`${base}/board`, { version: 1, days: [{ id: f.dayId, scenes: ["3", "1"] }] });
    const sp = (await p.as("member").get(`/screenplays/${f.screenplayId}`)).body as { version: number };
    const locked = await p.as("member").post(`/screenplays/${f.screenplayId}/lock-scenes`, { version: sp.version });
    expect(locked.status).toBe(200);
    for (const [sceneNumber, category, name] of [
      ["3", "props", "Road map"],
      ["3", "vehicles", "Old Volvo"],
      ["4", "sfx", "Wind machine"],
    ])
      expect(
        (
          await p
            .as("member")
            .post(`/screenplays/${f.screenplayId}/breakdown/elements`, { sceneNumber, category, name })
        ).status,
      ).toBe(201);

    const sheets = await p.as("outsider").get(`${base}/breakdown-sheets.pdf`);
    expect(sheets.status).toBe(200);
    expect(sheets.headers.get("content-type")).toBe("application/pdf");
    const pages = await pdfText(sheets.bytes!);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toMatch(/Breakdown sheet 1 of 4 Scene 1 .*INT .*KITCHEN .*DAY/);
    expect(pages[0]).toContain("Anna waits.");
    expect(pages[2]).toMatch(/Scene 3 .*INT .*CAR .*NIGHT/);
    expect(pages[2]).toMatch(/CAST 1\. ANNA 2\. BEN/);
    expect(pages[2]).toMatch(/PROPS Road map/);
    expect(pages[2]).toMatch(/VEHICLES Old Volvo/);
    expect(pages[3]).toMatch(/SPECIAL EFFECTS Wind machine/);
    expect(pages.join(" ")).not.toContain("Quay 4");

    const oneLiner = await p.as("outsider").get(`${base}/one-liner.pdf`);
    expect(oneLiner.status).toBe(200);
    expect(oneLiner.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(oneLiner.bytes!)).join(" ");
    expect(text).toMatch(
      /Day 1 · .*2032 · Harbour Scene I\/E Set D\/N Pages Est\. Cast 3 INT CAR NIGHT \S+ \d+ (?:h|min)(?: \d+ min)? 1, 2 1 INT KITCHEN DAY \S+ \d+ (?:h|min)(?: \d+ min)? 1/,
    );
    expect(text).toMatch(/End of day 1 \S+/);
    expect(text).toContain("Cast IDs 1 ANNA 2 BEN");
    expect(text).not.toContain("Quay 4");

    expect((await p.as("outsider").get(`/projects/${MISSING}/schedule/one-liner.pdf`)).status).toBe(404);
    expect((await p.as("outsider").get(`/projects/${MISSING}/schedule/breakdown-sheets.pdf`)).status).toBe(404);
    expect((await p.anonymous.get(`${base}/one-liner.pdf`)).status).toBe(401);
  });

  it("keeps a cast list of the script's speaking characters, shown on the Day Out of Days", async () => {
    const f = await fixture();
    expect(f.schedule.cast.map((c) => [c.character, c.actorName, c.inScript])).toEqual([
      ["ANNA", "", true],
      ["BEN", "", true],
    ]);
    await p
      .as("member")
      .put(`/projects/${f.projectId}/schedule/board`, { version: 1, days: [{ id: f.dayId, scenes: ["1"] }] });
    const cast = (
      await p.as("member").put(`/projects/${f.projectId}/schedule/cast`, { character: "ANNA", actorName: "Clara Wu" })
    ).body as ScheduleDto;
    expect(cast.dood.rows).toEqual([expect.objectContaining({ name: "ANNA", actor: "Clara Wu", codes: ["SWF"] })]);
    // Recasting replaces the actor; a character cut from the script stays listed while it is cast.
    await p.as("member").put(`/projects/${f.projectId}/schedule/cast`, { character: "ANNA", actorName: "Ida Berg" });
    await p.as("member").put(`/projects/${f.projectId}/schedule/cast`, { character: "GHOST", actorName: "Noa Lind" });
    const both = (await p.as("outsider").get(`/projects/${f.projectId}/schedule`)).body as ScheduleDto;
    expect(both.cast.map((c) => [c.character, c.actorName, c.inScript])).toEqual([
      ["ANNA", "Ida Berg", true],
      ["BEN", "", true],
      ["GHOST", "Noa Lind", false],
    ]);
    // An empty actor name takes the actor off the list.
    const uncast = (
      await p.as("member").put(`/projects/${f.projectId}/schedule/cast`, { character: "GHOST", actorName: "" })
    ).body as ScheduleDto;
    expect(uncast.cast.map((c) => c.character)).toEqual(["ANNA", "BEN"]);
  });

  it("numbers the cast by first appearance, or in the producer's order, on the cast list and the Day Out of Days", async () => {
    const f = await fixture();
    expect(f.schedule).toMatchObject({ castIds: { ANNA: 1, BEN: 2 }, castOrder: null });
    const path = `/projects/${f.projectId}/schedule/cast-order`;
    const ordered = (await p.as("member").put(path, { order: ["BEN"] })).body as ScheduleDto;
    expect(ordered).toMatchObject({ castIds: { BEN: 1, ANNA: 2 }, castOrder: ["BEN"] });
    expect(ordered.cast.map((c) => c.character)).toEqual(["BEN", "ANNA"]);
    const refused = await p.as("member").put(path, { order: ["BEN", "NOBODY"] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("NOBODY does not speak in the screenplay, so has no cast ID.");
    expect((await p.as("member").put(path, { order: ["BEN", "BEN"] })).body.error.message).toBe(
      "Name each character once.",
    );
    expect((await p.as("outsider").put(path, { order: null })).status).toBe(403);
    const back = (await p.as("member").put(path, { order: null })).body as ScheduleDto;
    expect(back).toMatchObject({ castIds: { ANNA: 1, BEN: 2 }, castOrder: null });
  });

  it("shows shoot days on the overview timeline and in the iCal feed", async () => {
    const f = await fixture();
    const timeline = await p.as("member").get("/overview/timeline?from=2032-04-28&weeks=2");
    expect(timeline.body.items.find((i: { id: string }) => i.id === f.projectId)).toMatchObject({
      shootStart: "2032-05-01",
      shootEnd: "2032-05-01",
      shootDays: ["2032-05-01"],
    });
    const made = await p.as("jun").post("/overview/ical-token");
    const feed = await (await p.request(new URL(made.body.url).pathname)).text();
    expect(feed).toContain(`UID:shoot-day-${f.dayId}@`);
    expect(feed).toContain("DTSTART;VALUE=DATE:20320501");
    expect(feed).toContain("Harbour\\, Quay 4");
  });

  it("answers each caller as the project's rules say", async () => {
    const READ: Expected = [401, 200, 200, 200, 200, 200];
    const PLAN: Expected = [401, 403, 200, 200, 403, 200];
    const rows: MatrixRow<Awaited<ReturnType<typeof fixture>>>[] = [
      ["read", "GET", (f) => `/projects/${f.projectId}/schedule`, undefined, READ],
      [
        "save board",
        "PUT",
        (f) => `/projects/${f.projectId}/schedule/board`,
        (f) => ({ version: 1, days: [{ id: f.dayId, scenes: ["1"] }] }),
        PLAN,
      ],
      [
        "add day",
        "POST",
        (f) => `/projects/${f.projectId}/schedule/days`,
        { date: "2032-05-02" },
        [401, 403, 201, 201, 403, 201],
      ],
      [
        "edit day",
        "PATCH",
        (f) => `/projects/${f.projectId}/schedule/days/${f.dayId}`,
        { version: 1, notes: "x" },
        PLAN,
      ],
      ["delete day", "DELETE", (f) => `/projects/${f.projectId}/schedule/days/${f.dayId}`, undefined, PLAN],
      ["call sheet", "GET", (f) => `/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet`, undefined, READ],
      ["breakdown sheets", "GET", (f) => `/projects/${f.projectId}/schedule/breakdown-sheets.pdf`, undefined, READ],
      ["one-liner", "GET", (f) => `/projects/${f.projectId}/schedule/one-liner.pdf`, undefined, READ],
      ["send", "POST", (f) => `/projects/${f.projectId}/schedule/days/${f.dayId}/call-sheet/send`, undefined, PLAN],
      [
        "cast",
        "PUT",
        (f) => `/projects/${f.projectId}/schedule/cast`,
        { character: "ANNA", actorName: "Clara Wu" },
        PLAN,
      ],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, fixture, row);
  }, 300_000);

  it("answers bad input with a message, never a 500", async () => {
    const f = await fixture();
    const base = `/projects/${f.projectId}/schedule`;
    await expectClientErrors(p, cookies.member!, [
      ["GET", `/projects/${MISSING}/schedule`],
      ["GET", `/projects/not-a-uuid/schedule`],
      ["POST", `${base}/days`, { date: "31.12.2032" }],
      ["POST", `${base}/days`, { date: "2032-05-02", generalCall: "25:00" }],
      ["POST", `${base}/days`, { date: "2032-05-02", location: "x".repeat(400) }],
      ["PATCH", `${base}/days/${f.dayId}`, { notes: "no version" }],
      ["PATCH", `${base}/days/${MISSING}`, { version: 1 }],
      ["PATCH", `${base}/days/${f.dayId}`, { version: 1, crewCalls: { someone: "7am" } }],
      ["PUT", `${base}/board`, { version: 1, days: [{ id: MISSING, scenes: ["1"] }] }],
      ["PUT", `${base}/board`, { version: 1, days: [{ id: f.dayId, scenes: ["1", "1"] }] }],
      ["PUT", `${base}/board`, { version: 1, days: "all" }],
      ["PUT", `${base}/board`, { version: 1, screenplayId: MISSING, days: [] }],
      ["GET", `${base}/days/${MISSING}/call-sheet`],
      ["PUT", `${base}/cast`, { character: "ANNA", actorName: "Clara Wu", email: "clara at example" }],
      ["PUT", `${base}/cast`, { character: "", actorName: "Clara Wu" }],
      ["PUT", `${base}/cast`, { character: "ANNA", actorName: "", email: "clara@example.com" }],
      ["PUT", `${base}/cast`, { character: "ANNA", actorName: "x".repeat(200) }],
      ["POST", `/call-sheet-confirmation/${MISSING}`, { token: "nope" }],
      ["POST", `/call-sheet-confirmation/${MISSING}`, {}],
    ]);
  });
});
