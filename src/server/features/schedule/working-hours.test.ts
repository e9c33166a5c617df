import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DayCheck } from "../../../common/day-checks.ts";
import { SIGNING_TOKEN_HEADER } from "../../../common/documents.ts";
import type { CallSheetDto, ScheduleDto } from "../../../common/schedule.ts";
import type { SchoolSettingsDto } from "../../../common/school.ts";
import { documents, jobs } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, signInAll } from "../../test/matrix.ts";

const YEAR = "2032/33";
const SCRIPT = ["INT. KITCHEN - DAY", "", "ANNA", "Hello?", "", "EXT. HARBOUR - DAY", "", "BEN", "Over here.", ""].join(
  "\n",
);

const messages = (checks: DayCheck[], source: DayCheck["source"]) =>
  checks.filter((c) => c.source === source).map((c) => c.message);

describe.each(DB_KINDS)("safe working days and minors on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  /** A project led by Lena Fischer with Jun Park on its crew, its two scenes scheduled on two days. */
  const fixture = async () => {
    const project = await p.as("member").post("/projects", {
      title: `Hours ${Math.random().toString(36).slice(2, 8)}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    const projectId = project.body.id as string;
    await p.as("member").post(`/projects/${projectId}/members`, { userId: ids.jun, roles: ["sound"] });
    await p.as("member").post("/screenplays", { title: "Hours", projectId, body: SCRIPT });
    const base = `/projects/${projectId}/schedule`;
    await p.as("member").post(`${base}/days`, { date: "2032-05-01", generalCall: "07:00" });
    const made = (await p.as("member").post(`${base}/days`, { date: "2032-05-02", generalCall: "07:00" }))
      .body as ScheduleDto;
    const [d1, d2] = made.days as [ScheduleDto["days"][0], ScheduleDto["days"][0]];
    const board = await p.as("member").put(`${base}/board`, {
      version: 1,
      days: [
        { id: d1.id, scenes: ["1"] },
        { id: d2.id, scenes: ["2"] },
      ],
    });
    expect(board.status).toBe(200);
    return { projectId, base, d1: d1.id, d2: d2.id };
  };

  const edit = async (base: string, dayId: string, changes: Record<string, unknown>) => {
    const s = (await p.as("member").get(base)).body as ScheduleDto;
    const version = s.days.find((d) => d.id === dayId)!.version;
    const res = await p.as("member").patch(`${base}/days/${dayId}`, { version, ...changes });
    expect(res.status).toBe(200);
    return res.body as ScheduleDto;
  };
  const checksOf = (s: ScheduleDto, dayId: string) => s.days.find((d) => d.id === dayId)!.checks;

  const setSchool = async (change: (s: SchoolSettingsDto["settings"]) => SchoolSettingsDto["settings"]) => {
    const now = (await p.as("admin").get("/school-settings")).body as SchoolSettingsDto;
    const res = await p.as("admin").put("/school-settings", { version: now.version, settings: change(now.settings) });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies, ids } = await signInAll(p, {
      member: "student@portal.test",
      staff: "staff@portal.test",
      admin: "admin@portal.test",
      jun: "jun.park@portal.test",
    }));
  }, 120_000);
  afterAll(() => p?.close());

  it("warns of each person's long day, short turnaround and late meal, with the hours", async () => {
    const f = await fixture();
    await edit(f.base, f.d1, { wrap: "20:00", crewWraps: { [ids.jun!]: "19:00" }, castWraps: { ANNA: "18:00" } });
    const s = await edit(f.base, f.d2, { generalCall: "05:00", wrap: "12:00", meal: "13:30" });
    // Jun wraps at 19:00, twelve hours after call: not over; ANNA's actor is not cast, so her character is named.
    expect(messages(checksOf(s, f.d1), "hours")).toEqual(["Lena Fischer: 13 h from call to wrap"]);
    expect(messages(checksOf(s, f.d2), "hours")).toEqual([
      "Lena Fischer: 9 h turnaround after day 1",
      "Jun Park, Lena Fischer, BEN: meal 8 h 30 min after call",
    ]);
    expect(checksOf(s, f.d1).every((c) => c.level === "warning")).toBe(true);

    // A wrap after midnight is the next morning: 16:00 to 02:00 is ten hours, and day 2's 05:00 call three hours later.
    const night = await edit(f.base, f.d1, { generalCall: "16:00", wrap: "02:00", crewWraps: {}, castWraps: {} });
    expect(messages(checksOf(night, f.d1), "hours")).toEqual([]);
    expect(messages(checksOf(night, f.d2), "hours")[0]).toBe("Jun Park, Lena Fischer: 3 h turnaround after day 1");

    // The call sheet shows the same checks and each person's wrap.
    const sheet = (await p.as("member").get(`${f.base}/days/${f.d1}/call-sheet`)).body as CallSheetDto;
    expect(sheet.crew.map((c) => c.wrap)).toEqual(["02:00", "02:00"]);
    expect(sheet.day.checks).toEqual(checksOf(night, f.d1));
  });

  it("blocks sending the call sheet when the school says so", async () => {
    const f = await fixture();
    await edit(f.base, f.d1, { wrap: "21:00" });
    await setSchool((s) => ({ ...s, workingDays: { block: true } }));
    try {
      const s = (await p.as("member").get(f.base)).body as ScheduleDto;
      expect(checksOf(s, f.d1)).toContainEqual({
        source: "hours",
        level: "blocking",
        message: "Jun Park, Lena Fischer, ANNA: 14 h from call to wrap",
      });
      const sent = await p.as("member").post(`${f.base}/days/${f.d1}/call-sheet/send`);
      expect(sent.status).toBe(409);
      expect(sent.body.error.message).toContain("Jun Park, Lena Fischer, ANNA: 14 h from call to wrap");
    } finally {
      await setSchool((s) => ({ ...s, workingDays: { block: false } }));
    }
    const after = await p.as("member").post(`${f.base}/days/${f.d1}/call-sheet/send`);
    expect(after.status).toBe(200);
  });

  it("checks a minor's day: hours by age band, the latest hour, chaperone, permit and the guardian's consent", async () => {
    const f = await fixture();
    // ANNA works day 1 (1 May 2032); born 1 June 2024 she is 7 then, in the 6–8 band (8 hours).
    const cast = await p.as("member").put(`${f.base}/cast`, {
      character: "ANNA",
      actorName: "Mia Keller",
      dateOfBirth: "2024-06-01",
      guardianName: "Eva Keller",
      guardianEmail: "eva.keller@example.com",
    });
    expect(cast.status).toBe(200);
    const anna = (cast.body as ScheduleDto).cast.find((c) => c.character === "ANNA")!;
    expect(anna.minor).toMatchObject({ isMinor: true, consent: "sent", permit: null, guardianName: "Eva Keller" });
    // The consent was made from the template, naming the minor, and sent to the guardian to sign.
    const [doc] = await p.services.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, f.projectId), eq(documents.template, "minor_consent")));
    expect(doc).toMatchObject({ releaseFor: "Mia Keller", title: "Minor guardian consent — Eva Keller" });
    const mails = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = 'eva.keller@example.com'`));
    expect(mails).toHaveLength(1);
    // Saving the cast member again sends nothing new.
    await p.as("member").put(`${f.base}/cast`, { character: "ANNA", actorName: "Mia Keller", phone: "123" });
    expect(
      await p.services.db
        .select()
        .from(documents)
        .where(and(eq(documents.projectId, f.projectId), eq(documents.template, "minor_consent"))),
    ).toHaveLength(1);

    let s = await edit(f.base, f.d1, { wrap: "16:00" });
    expect(messages(checksOf(s, f.d1), "minor")).toEqual([
      "Mia Keller (age 7): 9 h on set, over the 8 h allowed at 6–8",
      "Mia Keller (age 7): no chaperone or studio teacher named",
      "Mia Keller (age 7): no work permit",
      "Mia Keller (age 7): guardian's consent not signed",
    ]);
    // Day 2 has no scene of hers: nothing there.
    expect(messages(checksOf(s, f.d2), "minor")).toEqual([]);

    // A chaperone named; her own later call and wrap take her past the latest hour.
    s = await edit(f.base, f.d1, {
      chaperones: { ANNA: "Petra Hofer" },
      castCalls: { ANNA: "15:00" },
      castWraps: { ANNA: "23:00" },
    });
    expect(messages(checksOf(s, f.d1), "minor").slice(0, 1)).toEqual([
      "Mia Keller (age 7): works until 23:00, after the latest hour for minors (22:00)",
    ]);
    s = await edit(f.base, f.d1, { castCalls: { ANNA: "09:00" }, castWraps: { ANNA: "15:00" } });
    expect(messages(checksOf(s, f.d1), "minor")).toEqual([
      "Mia Keller (age 7): no work permit",
      "Mia Keller (age 7): guardian's consent not signed",
    ]);

    // A permit filed under Permits, expired before the day, then renewed.
    const up = await p
      .as("member")
      .post(`/storage/v1/object/documents/${f.projectId}?name=permit.csv&category=permits`, undefined, {
        body: new TextEncoder().encode("permit,1\n"),
      });
    expect(up.status).toBeLessThan(300);
    const permitId = (up.body.id ?? up.body.document?.id) as string;
    await p.as("member").put(`${f.base}/cast`, {
      character: "ANNA",
      actorName: "Mia Keller",
      permitDocumentId: permitId,
      permitExpiresOn: "2032-04-30",
    });
    s = (await p.as("member").get(f.base)).body as ScheduleDto;
    expect(messages(checksOf(s, f.d1), "minor")[0]).toMatch(/^Mia Keller \(age 7\): work permit expired on 30 Apr/);
    const renewed = await p
      .as("member")
      .put(`${f.base}/cast`, { character: "ANNA", actorName: "Mia Keller", permitExpiresOn: "2032-06-30" });
    expect((renewed.body as ScheduleDto).cast.find((c) => c.character === "ANNA")!.minor!.permit).toMatchObject({
      documentId: permitId,
      expiresOn: "2032-06-30",
    });
    expect(messages(checksOf(renewed.body as ScheduleDto, f.d1), "minor")).toEqual([
      "Mia Keller (age 7): guardian's consent not signed",
    ]);

    // The guardian signs through the link e-mailed to her: the stripboard's cast and day read the consent signed.
    const [mail] = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = 'eva.keller@example.com'`));
    const link = (mail!.payload as { text: string }).text.match(
      /\/signature\/([0-9a-f-]{36})\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/,
    )!;
    const signed = await p.anonymous.post(
      `/rest/v1/signing/${link[1]}/${link[2]}/sign`,
      { kind: "typed", consent: true, text: "Eva Keller" },
      { headers: { [SIGNING_TOKEN_HEADER]: link[3]! } },
    );
    expect(signed.body).toEqual({ completed: true });
    s = (await p.as("member").get(f.base)).body as ScheduleDto;
    expect(s.cast.find((c) => c.character === "ANNA")!.minor).toMatchObject({
      consent: "signed",
      permit: { documentId: permitId, expiresOn: "2032-06-30" },
    });
    expect(messages(checksOf(s, f.d1), "minor")).toEqual([]);

    // Older, a longer day is allowed: at 15 (9–15 band) nine hours pass, ten do not.
    s = (
      await p
        .as("member")
        .put(`${f.base}/cast`, { character: "ANNA", actorName: "Mia Keller", dateOfBirth: "2017-01-01" })
    ).body as ScheduleDto;
    s = await edit(f.base, f.d1, { castWraps: { ANNA: "18:00" } });
    expect(messages(checksOf(s, f.d1), "minor")).not.toContainEqual(expect.stringContaining("on set"));
    s = await edit(f.base, f.d1, { castWraps: { ANNA: "19:00" } });
    expect(messages(checksOf(s, f.d1), "minor")[0]).toBe(
      "Mia Keller (age 15): 10 h on set, over the 9 h allowed at 9–15",
    );
    // The school's bands decide.
    await setSchool((x) => ({ ...x, minorRules: { ...x.minorRules, bands: [{ upToAge: 17, maxHours: 12 }] } }));
    try {
      s = (await p.as("member").get(f.base)).body as ScheduleDto;
      expect(messages(checksOf(s, f.d1), "minor")).not.toContainEqual(expect.stringContaining("on set"));
    } finally {
      await setSchool((x) => ({ ...x, minorRules: { ...x.minorRules, bands: [...DEFAULT_BANDS] } }));
    }
    // An adult is no longer checked.
    s = (
      await p
        .as("member")
        .put(`${f.base}/cast`, { character: "ANNA", actorName: "Mia Keller", dateOfBirth: "2000-01-01" })
    ).body as ScheduleDto;
    expect(messages(checksOf(s, f.d1), "minor")).toEqual([]);
  });

  it("answers bad times and minors' details with a message", async () => {
    const f = await fixture();
    await expectClientErrors(p, cookies.member!, [
      ["PATCH", `${f.base}/days/${f.d1}`, { version: 1, wrap: "25:00" }],
      ["PATCH", `${f.base}/days/${f.d1}`, { version: 1, castWraps: { ANNA: "late" } }],
      ["PATCH", `${f.base}/days/${f.d1}`, { version: 1, chaperones: { ANNA: "x".repeat(200) } }],
      ["PUT", `${f.base}/cast`, { character: "ANNA", actorName: "Mia", dateOfBirth: "1.6.2024" }],
      ["PUT", `${f.base}/cast`, { character: "ANNA", actorName: "Mia", guardianEmail: "eva at example" }],
      ["PUT", `${f.base}/cast`, { character: "ANNA", actorName: "Mia", permitDocumentId: f.d1 }],
      ["PUT", `${f.base}/cast`, { character: "ANNA", actorName: "", minor: true }],
      ["PUT", "/school-settings", { version: 0, settings: { minorRules: { bands: [], latestEnd: "22:00" } } }],
    ]);
  });
});

const DEFAULT_BANDS = [
  { upToAge: 5, maxHours: 6 },
  { upToAge: 8, maxHours: 8 },
  { upToAge: 15, maxHours: 9 },
  { upToAge: 17, maxHours: 10 },
];
