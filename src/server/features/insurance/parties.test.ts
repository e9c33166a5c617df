import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSURANCE_TOKEN_HEADER, type InsuranceListDto, type InsuranceRequestDto } from "../../../common/insurance.ts";
import type { ProductionContactsDto } from "../../../common/production-contacts.ts";
import type { SchoolSettings } from "../../../common/school.ts";
import { addBusinessDays, isoDay } from "../../../common/time.ts";
import { and, eq, sql } from "drizzle-orm";
import { jobs } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { signInAll } from "../../test/matrix.ts";

const OFFICE_EMAIL = "insurance@school.test";
const OWNER = {
  name: "Marta Keller",
  kind: "location",
  role: "Owner, Harbour Café",
  phone: "+41 79 123 45 67",
  email: "marta@harbour.example",
  address: "Quai 4, Seeburg",
};

describe.each(DB_KINDS)("an insurance request's locations and vendors from the contacts, on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let projectId = "";
  let ownerId = "";

  const request = (parties: unknown[]) => ({
    subject: "location",
    description: "The harbour café",
    address: OWNER.address,
    startsOn: addBusinessDays(isoDay(new Date()), 10),
    endsOn: addBusinessDays(isoDay(new Date()), 11),
    holderName: "Seeburg Harbour Trust",
    holderAddress: "Quay 2, Seeburg",
    parties,
  });
  const contacts = async () =>
    ((await p.as("member").get(`/projects/${projectId}/contacts`)).body as ProductionContactsDto).contacts;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids } = await signInAll(p));
    const now = (await p.as("admin").get("/school-settings")).body as { settings: SchoolSettings; version: number };
    const set = await p.as("admin").put("/school-settings", {
      version: now.version,
      settings: { ...now.settings, insuranceOfficeUserId: ids.equipment!, insuranceOfficeEmail: OFFICE_EMAIL },
    });
    expect(set.status, set.text).toBe(200);
    const made = await p.as("member").post("/projects", {
      title: "Harbour Lights",
      type: "fiction",
      academicYear: "2032/33",
      supervisorId: ids.staff,
    });
    projectId = made.body.id as string;
    const list = (await p.as("member").post(`/projects/${projectId}/contacts`, OWNER)).body as ProductionContactsDto;
    ownerId = list.contacts[0]!.id;
  }, 120_000);
  afterAll(() => p?.close());

  it("picking a contact fills the party from it; what the person edited wins", async () => {
    const res = await p.as("member").post(
      `/projects/${projectId}/insurance`,
      request([
        { kind: "location", contactId: ownerId },
        { kind: "location", contactId: ownerId, name: "Harbour Café (terrace)", phone: "" },
      ]),
    );
    expect(res.status, res.text).toBe(201);
    const made = res.body as InsuranceRequestDto;
    expect(made.parties).toEqual([
      {
        kind: "location",
        contactId: ownerId,
        name: OWNER.name,
        address: OWNER.address,
        phone: OWNER.phone,
        email: OWNER.email,
      },
      {
        kind: "location",
        contactId: ownerId,
        name: "Harbour Café (terrace)",
        address: OWNER.address,
        phone: "",
        email: OWNER.email,
      },
    ]);
    // The request keeps its own copy: a later change of the contact leaves the request as it was sent.
    await p.as("member").put(`/projects/${projectId}/contacts/${ownerId}`, { ...OWNER, phone: "+41 79 000 00 00" });
    const list = (await p.as("member").get(`/projects/${projectId}/insurance`)).body as InsuranceListDto;
    expect(list.items.find((r) => r.id === made.id)!.parties[0]!.phone).toBe(OWNER.phone);
    await p.as("member").put(`/projects/${projectId}/contacts/${ownerId}`, OWNER);
  });

  it("saves a typed vendor to the production's contacts when asked, and only then", async () => {
    const before = (await contacts()).length;
    const res = await p.as("member").post(
      `/projects/${projectId}/insurance`,
      request([
        {
          kind: "vendor",
          name: "Lumen Rentals",
          address: "Werkstrasse 9, Zürich",
          phone: "+41 44 310 22 00",
          email: "Desk@Lumen.example",
          save: true,
        },
        { kind: "vendor", name: "Grip & Co", address: "Hafen 3" },
      ]),
    );
    expect(res.status, res.text).toBe(201);
    const after = await contacts();
    expect(after).toHaveLength(before + 1);
    const lumen = after.find((c) => c.name === "Lumen Rentals")!;
    expect(lumen).toMatchObject({
      kind: "vendor",
      address: "Werkstrasse 9, Zürich",
      phone: "+41 44 310 22 00",
      email: "desk@lumen.example",
    });
    const parties = (res.body as InsuranceRequestDto).parties;
    expect(parties[0]!.contactId).toBe(lumen.id);
    expect(parties[1]!.contactId).toBeNull();
    // Staff may ask for a certificate but not add to the crew's contacts.
    const staff = await p
      .as("staff")
      .post(`/projects/${projectId}/insurance`, request([{ kind: "vendor", name: "Other", save: true }]));
    expect(staff.status).toBe(403);
    expect(staff.body.error.message).toContain("Save to contacts");
  });

  it("refuses a contact of another production, a party without a name and a bad e-mail, with a message", async () => {
    const other = await p
      .as("member")
      .post("/projects", { title: "Other", type: "fiction", academicYear: "2032/33", supervisorId: ids.staff });
    const foreign = (
      (await p.as("member").post(`/projects/${other.body.id}/contacts`, { name: "Elsewhere", kind: "location" }))
        .body as ProductionContactsDto
    ).contacts[0]!.id;
    for (const parties of [
      [{ kind: "location", contactId: foreign }],
      [{ kind: "location", name: " " }],
      [{ kind: "vendor", name: "X", email: "not an address" }],
      [{ kind: "caterer", name: "X" }],
    ]) {
      const res = await p.as("member").post(`/projects/${projectId}/insurance`, request(parties));
      expect(res.status, JSON.stringify(parties)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
  });

  it("the office sees the parties' names and addresses, but phone and e-mail only if it may see contacts", async () => {
    const made = (
      await p.as("member").post(`/projects/${projectId}/insurance`, request([{ kind: "location", contactId: ownerId }]))
    ).body as InsuranceRequestDto;
    // The office's account here is the equipment manager: not on the crew, not staff.
    const office = (await p.as("equipment").get(`/projects/${projectId}/insurance`)).body as InsuranceListDto;
    const seen = office.items.find((r) => r.id === made.id)!;
    expect(seen.contactsVisible).toBe(false);
    expect(seen.parties).toEqual([{ kind: "location", contactId: ownerId, name: OWNER.name, address: OWNER.address }]);
    const waiting = (await p.as("equipment").get("/insurance")).body as InsuranceRequestDto[];
    expect(JSON.stringify(waiting)).not.toContain(OWNER.phone);
    expect(JSON.stringify(waiting)).toContain(OWNER.address);
    for (const who of ["staff", "admin"]) {
      const list = (await p.as(who).get(`/projects/${projectId}/insurance`)).body as InsuranceListDto;
      expect(list.items.find((r) => r.id === made.id)!.parties[0]!.phone, who).toBe(OWNER.phone);
    }
    expect((await p.as("outsider").get(`/projects/${projectId}/insurance`)).status).toBe(403);
    // The e-mail and the link without an account name the place, never the owner's numbers.
    const mail = (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${OFFICE_EMAIL}`))
    )
      .map((j) => j.payload as { text: string })
      .find((m) => m.text.includes(`/insurance-answer/${made.id}`))!;
    expect(mail.text).toContain(`Location: ${OWNER.name}, ${OWNER.address}`);
    expect(mail.text).not.toContain(OWNER.phone);
    const token = new RegExp(`/insurance-answer/${made.id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
    const link = await p.anonymous.get(`/insurance-link/${made.id}`, { headers: { [INSURANCE_TOKEN_HEADER]: token } });
    expect(link.status).toBe(200);
    expect(link.body.parties).toEqual([
      { kind: "location", contactId: ownerId, name: OWNER.name, address: OWNER.address },
    ]);
  });
});
