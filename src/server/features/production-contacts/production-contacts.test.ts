import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductionContactsDto } from "../../../common/production-contacts.ts";
import type { CallSheetDto } from "../../../common/schedule.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { projectWithShootDay } from "../../test/fixtures.ts";
import { signInAll } from "../../test/matrix.ts";
import { pdfText } from "../../test/pdf-text.ts";

const SCRIPT = "INT. KITCHEN - DAY\n\nAnna waits.\n\nANNA\nHello?\n";
const OWNER = {
  name: "Marta Keller",
  kind: "location",
  role: "Owner, Harbour Café",
  phone: "+41 79 123 45 67",
  email: "Marta@Harbour.example",
  notes: "Keys from the bar",
};
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
      expect(cs.productionContacts, who).toEqual([{ name: "Marta Keller", kind: "location", role: OWNER.role }]);
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
});
