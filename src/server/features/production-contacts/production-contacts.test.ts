import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductionContactsDto } from "../../../common/production-contacts.ts";
import type { CallSheetDto, ScheduleDto } from "../../../common/schedule.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { projectWithShootDay } from "../../test/fixtures.ts";
import { signInAll } from "../../test/matrix.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { jobs } from "../../db/schema/index.ts";

const SCRIPT = "INT. KITCHEN - DAY\n\nAnna waits.\n\nANNA\nHello?\n";
const OWNER = {
  name: "Marta Keller",
  kind: "location",
  role: "Owner, Harbour Café",
  phone: "+41 79 123 45 67",
  email: "Marta@Harbour.example",
  notes: "Keys from the bar",
};
const TWO_PLACES =
  "INT. KITCHEN - DAY\n\nAnna waits.\n\nANNA\nHello?\n\nEXT. QUARRY - NIGHT\n\nBen digs.\n\nBEN\nNothing.\n";
const ACTOR = { name: "Lena Vogt", kind: "cast", role: "Anna", phone: "+41 78 222 33 44", email: "lena@example.org" };

describe.each(DB_KINDS)("a production's shared contacts, on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let projectId = "";
  let dayId = "";
  const path = () => `/projects/${projectId}/contacts`;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids } = await signInAll(p, {
      outsider: "tomas.novak@portal.test",
      member: "student@portal.test",
      staff: "staff@portal.test",
      equipment: "equipment@portal.test",
      admin: "admin@portal.test",
      jun: "jun.park@portal.test",
    }));
    const f = await projectWithShootDay(p, ids, {
      prefix: "Contacts",
      script: SCRIPT,
      day: { date: "2032-05-01", location: "Harbour", generalCall: "07:00" },
    });
    projectId = f.projectId;
    dayId = f.dayId;
  }, 400_000);
  afterAll(() => p?.close());

  it("the crew adds, changes and removes contacts; the e-mail is kept in lower case", async () => {
    const added = await p.as("member").post(path(), OWNER);
    expect(added.status).toBe(201);
    const list = added.body as ProductionContactsDto;
    expect(list.canEdit).toBe(true);
    expect(list.contacts).toMatchObject([{ ...OWNER, email: "marta@harbour.example" }]);
    const second = (await p.as("jun").post(path(), ACTOR)).body as ProductionContactsDto;
    expect(second.contacts.map((c) => c.name)).toEqual(["Lena Vogt", "Marta Keller"]);
    const lena = second.contacts[0]!;
    const changed = await p.as("member").put(`${path()}/${lena.id}`, { ...ACTOR, role: "Anna (lead)" });
    expect(changed.status).toBe(200);
    expect((changed.body as ProductionContactsDto).contacts[0]!.role).toBe("Anna (lead)");
    const vendor = await p.as("member").post(path(), { name: "Lumen Rentals", kind: "vendor", phone: "044 000 11 22" });
    const vendorId = (vendor.body as ProductionContactsDto).contacts.find((c) => c.name === "Lumen Rentals")!.id;
    expect((await p.as("member").delete(`${path()}/${vendorId}`)).status).toBe(200);
    expect((await p.as("member").delete(`${path()}/${vendorId}`)).status).toBe(404);
    expect(((await p.as("member").get(path())).body as ProductionContactsDto).contacts).toHaveLength(2);
  });

  it("refuses bad input with a message, never a 500", async () => {
    for (const bad of [
      { ...OWNER, name: " " },
      { ...OWNER, kind: "caterer" },
      { ...OWNER, email: "not an address" },
      { ...OWNER, phone: "1".repeat(61) },
    ]) {
      const res = await p.as("member").post(path(), bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await p.as("member").put(`${path()}/not-a-uuid`, OWNER)).status).toBe(404);
  });

  it("only the crew, staff and admins read the list; only the crew change it", async () => {
    for (const who of ["staff", "admin"]) {
      const res = await p.as(who).get(path());
      expect(res.status, who).toBe(200);
      expect((res.body as ProductionContactsDto).canEdit, who).toBe(false);
      expect((res.body as ProductionContactsDto).contacts[0]!.phone).toBe(ACTOR.phone);
      expect((await p.as(who).post(path(), OWNER)).status, who).toBe(403);
    }
    for (const who of ["outsider", "equipment"]) {
      const res = await p.as(who).get(path());
      expect(res.status, who).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(OWNER.phone);
      expect((await p.as(who).post(path(), OWNER)).status, who).toBe(403);
    }
    expect((await p.as().get(path())).status).toBe(401);
  });

  it("the call sheet lists the locations and vendors, with phone and e-mail for the crew, staff and admins only", async () => {
    const sheet = `/projects/${projectId}/schedule/days/${dayId}/call-sheet`;
    for (const who of ["member", "staff", "admin"]) {
      const cs = (await p.as(who).get(sheet)).body as CallSheetDto;
      expect(cs.productionContacts, who).toEqual([
        {
          name: "Marta Keller",
          kind: "location",
          role: OWNER.role,
          phone: OWNER.phone,
          email: "marta@harbour.example",
          why: "",
        },
      ]);
    }
    const pdf = async (who: string) => {
      const res = await p.as(who).get(`${sheet}.pdf`);
      expect(res.status).toBe(200);
      return (await pdfText(res.bytes!)).join(" ");
    };
    expect(await pdf("member")).toContain(OWNER.phone);
    for (const who of ["outsider", "equipment"]) {
      const res = await p.as(who).get(sheet);
      expect(res.status, who).toBe(200);
      const cs = res.body as CallSheetDto;
      expect(cs.productionContacts, who).toEqual([
        { name: "Marta Keller", kind: "location", role: OWNER.role, why: "" },
      ]);
      expect(JSON.stringify(cs)).not.toContain(OWNER.phone);
      expect(JSON.stringify(cs)).not.toContain("harbour.example");
      const text = await pdf(who);
      expect(text).toContain("Marta Keller");
      expect(text).not.toContain(OWNER.phone);
      expect(text).not.toContain("harbour.example");
    }
    // Cast contacts are not the day's call list.
    expect(JSON.stringify((await p.as("member").get(sheet)).body)).not.toContain(ACTOR.phone);
  });

  it("attaching contacts to days changes each day's call sheet; a production without a choice lists all", async () => {
    const sheet = (day: string, who = "member") =>
      p
        .as(who)
        .get(`/projects/${projectId}/schedule/days/${day}/call-sheet`)
        .then((r) => (r.body as CallSheetDto).productionContacts.map((c) => c.name));
    const second = await p
      .as("member")
      .post(`/projects/${projectId}/schedule/days`, { date: "2032-05-02", location: "Quarry", generalCall: "08:00" });
    expect(second.status, second.text).toBe(201);
    const schedule = (await p.as("member").get(`/projects/${projectId}/schedule`)).body as { days: { id: string }[] };
    const otherDay = schedule.days.find((d) => d.id !== dayId)!.id;
    const add = async (c: object) => ((await p.as("member").post(path(), c)).body as ProductionContactsDto).contacts;
    await add({ name: "Quarry Works", kind: "location", role: "Site office", phone: "+41 31 555 00 00" });
    const all = await add({ name: "Van Hire Seeburg", kind: "vendor", phone: "+41 31 777 00 00" });
    const id = (name: string) => all.find((c) => c.name === name)!.id;
    // Nobody chose days yet: every location and vendor on every day, as before.
    expect(await sheet(dayId)).toEqual(["Marta Keller", "Quarry Works", "Van Hire Seeburg"]);
    expect(await sheet(otherDay)).toEqual(["Marta Keller", "Quarry Works", "Van Hire Seeburg"]);

    const days = (contact: string, body: object, who = "member") =>
      p.as(who).put(`${path()}/${id(contact)}/days`, body);
    const set = await days("Marta Keller", { dayIds: [dayId] });
    expect(set.status, set.text).toBe(200);
    expect((set.body as ProductionContactsDto).contacts.find((c) => c.name === "Marta Keller")).toMatchObject({
      dayIds: [dayId],
      everyDay: false,
    });
    expect((await days("Quarry Works", { dayIds: [otherDay] })).status).toBe(200);
    expect((await days("Van Hire Seeburg", { everyDay: true })).status).toBe(200);
    expect(await sheet(dayId)).toEqual(["Marta Keller", "Van Hire Seeburg"]);
    expect(await sheet(otherDay)).toEqual(["Quarry Works", "Van Hire Seeburg"]);
    // A cast contact chosen for a day is on that day's sheet too; outsiders see the names without numbers.
    expect((await days("Lena Vogt", { dayIds: [dayId, otherDay] })).status).toBe(200);
    expect(await sheet(dayId)).toEqual(["Lena Vogt", "Marta Keller", "Van Hire Seeburg"]);
    const outside = (await p.as("outsider").get(`/projects/${projectId}/schedule/days/${dayId}/call-sheet`))
      .body as CallSheetDto;
    expect(outside.productionContacts.map((c) => c.name)).toEqual(["Lena Vogt", "Marta Keller", "Van Hire Seeburg"]);
    expect(JSON.stringify(outside)).not.toContain(ACTOR.phone);
    const pdf = (
      await pdfText(
        (await p.as("member").get(`/projects/${projectId}/schedule/days/${otherDay}/call-sheet.pdf`)).bytes!,
      )
    ).join(" ");
    expect(pdf).toContain("Quarry Works");
    expect(pdf).not.toContain("Marta Keller");

    // Only the crew choose, only days of this schedule.
    expect((await days("Marta Keller", { dayIds: [] }, "staff")).status).toBe(403);
    const foreign = await days("Marta Keller", { dayIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toContain("schedule");
    expect((await days("Marta Keller", { dayIds: ["x"] })).status).toBe(400);

    // Taking every choice back returns to the production's full list.
    for (const name of ["Marta Keller", "Quarry Works", "Van Hire Seeburg", "Lena Vogt"])
      expect((await days(name, { dayIds: [], everyDay: false })).status).toBe(200);
    expect(await sheet(otherDay)).toEqual(["Marta Keller", "Quarry Works", "Van Hire Seeburg"]);
  });

  it("a location contact linked to a scene location and a cast contact to a character follow the schedule", async () => {
    const f = await projectWithShootDay(p, ids, {
      prefix: "Linked contacts",
      script: TWO_PLACES,
      day: { date: "2032-06-01", location: "Flat", generalCall: "07:00" },
      scenes: ["1"],
    });
    const base = `/projects/${f.projectId}`;
    const made = await p.as("member").post(`${base}/schedule/days`, { date: "2032-06-02", location: "Quarry" });
    expect(made.status, made.text).toBe(201);
    const quarryDay = (made.body as ScheduleDto).days.find((d) => d.id !== f.dayId)!.id;
    const board = async (flat: string[], quarry: string[]) => {
      const now = (await p.as("member").get(`${base}/schedule`)).body as ScheduleDto;
      const res = await p.as("member").put(`${base}/schedule/board`, {
        version: now.version,
        days: [
          { id: f.dayId, scenes: flat },
          { id: quarryDay, scenes: quarry },
        ],
      });
      expect(res.status, res.text).toBe(200);
    };
    await board(["1"], ["2"]);
    const add = async (c: object) =>
      ((await p.as("member").post(`${base}/contacts`, c)).body as ProductionContactsDto).contacts;
    await add({ name: "Kitchen Owner", kind: "location", phone: "+41 31 100 00 01" });
    await add({ name: "Ben's Actor", kind: "cast", role: "Ben", phone: "+41 31 100 00 02" });
    const all = await add({ name: "Unlinked Location", kind: "location", phone: "+41 31 100 00 03" });
    const id = (name: string) => all.find((c) => c.name === name)!.id;
    const link = (name: string, body: object, who = "member") =>
      p.as(who).put(`${base}/contacts/${id(name)}/days`, body);
    const sheet = async (dayId: string, who = "member") =>
      ((await p.as(who).get(`${base}/schedule/days/${dayId}/call-sheet`)).body as CallSheetDto).productionContacts;

    // Linked as the script names them (typed in any case); no day ticked.
    const linked = await link("Kitchen Owner", { sceneLocation: " kitchen " });
    expect(linked.status, linked.text).toBe(200);
    expect((linked.body as ProductionContactsDto).contacts.find((c) => c.name === "Kitchen Owner")).toMatchObject({
      sceneLocation: "KITCHEN",
      character: "",
      dayIds: [],
      everyDay: false,
    });
    expect((await link("Ben's Actor", { character: "Ben" })).status).toBe(200);
    expect(await sheet(f.dayId)).toEqual([
      expect.objectContaining({ name: "Kitchen Owner", phone: "+41 31 100 00 01", why: "Scenes at KITCHEN" }),
    ]);
    expect(await sheet(quarryDay)).toEqual([
      expect.objectContaining({ name: "Ben's Actor", phone: "+41 31 100 00 02", why: "BEN works today" }),
    ]);
    // Outsiders read who and why, not the numbers.
    expect(await sheet(quarryDay, "outsider")).toEqual([
      { name: "Ben's Actor", kind: "cast", role: "Ben", why: "BEN works today" },
    ]);

    // The schedule moves, the contacts move with it: the kitchen scene now shot on the quarry day.
    await board([], ["2", "1"]);
    expect((await sheet(f.dayId)).map((c) => c.name)).toEqual([]);
    expect((await sheet(quarryDay)).map((c) => [c.name, c.why])).toEqual([
      ["Ben's Actor", "BEN works today"],
      ["Kitchen Owner", "Scenes at KITCHEN"],
    ]);
    const pdf = (await pdfText((await p.as("member").get(`${base}/schedule/days/${quarryDay}/call-sheet.pdf`)).bytes!))
      .join(" ")
      .replace(/\s+/g, " ");
    expect(pdf).toContain("Scenes at KITCHEN");
    expect(pdf).toContain("+41 31 100 00 02");

    // Ticking days keeps the link (the call sheet's picker sends days only); a tick says so first.
    expect((await link("Kitchen Owner", { dayIds: [f.dayId] })).status).toBe(200);
    expect((await sheet(f.dayId)).map((c) => [c.name, c.why])).toEqual([["Kitchen Owner", "Chosen for this day"]]);
    expect((await sheet(quarryDay)).map((c) => c.name)).toContain("Kitchen Owner");

    // The e-mailed sheet follows the same rule: numbers for the crew, names for an actor outside it.
    expect(
      (
        await p
          .as("member")
          .put(`${base}/schedule/cast`, { character: "BEN", actorName: "Bo Actor", email: "bo@example.org" })
      ).status,
    ).toBe(200);
    const sent = await p.as("member").post(`${base}/schedule/days/${quarryDay}/call-sheet/send`);
    expect(sent.status, sent.text).toBe(200);
    const mails = await p.services.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'subject' like ${`Call sheet: ${f.title}%`}`))
      .orderBy(asc(jobs.createdAt));
    const mailTo = (to: string) =>
      (mails.find((m) => (m.payload as { to: string }).to === to)!.payload as { text: string }).text;
    expect(mailTo("bo@example.org")).toContain("Ben's Actor");
    expect(mailTo("bo@example.org")).toContain("BEN works today");
    expect(mailTo("bo@example.org")).not.toContain("+41 31 100 00 02");
    expect(mailTo("jun.park@portal.test")).toContain("+41 31 100 00 02");

    // A link fits its kind; a contact that changes kind drops it.
    const wrong = await link("Kitchen Owner", { character: "ANNA" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Only a cast contact can be linked to a character.");
    const wrongPlace = await link("Ben's Actor", { sceneLocation: "QUARRY" });
    expect(wrongPlace.status).toBe(400);
    expect(wrongPlace.body.error.message).toBe("Only a location contact can be linked to a scene location.");
    expect((await link("Ben's Actor", { sceneLocation: "x".repeat(201) })).status).toBe(400);
    expect((await link("Kitchen Owner", { sceneLocation: "QUARRY" }, "staff")).status).toBe(403);
    const moved = await p
      .as("member")
      .put(`${base}/contacts/${id("Ben's Actor")}`, { name: "Ben's Actor", kind: "crew", role: "Runner" });
    expect((moved.body as ProductionContactsDto).contacts.find((c) => c.name === "Ben's Actor")!.character).toBe("");
    expect((await sheet(quarryDay)).map((c) => c.name)).toEqual(["Kitchen Owner"]);
  });
});
