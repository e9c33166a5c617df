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
});
