import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import {
  readScannedCode,
  type BookingConflictDetails,
  type ItemDetailDto,
  type ReservationDto,
} from "../../../common/equipment.ts";
import { jobs, maintenanceLog, reservationItems, reservations, strikes } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { updateSchoolSettings, getSchoolSettingsDto } from "../school/service.ts";
import { scanEquipmentDue } from "./overdue.ts";
import { concerns } from "../../lib/cache.ts";
import type { DomainEvent } from "../../lib/events.ts";
import { keys } from "../../../common/query-keys.ts";
import type { EquipmentRules } from "../../../common/school.ts";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
let tagSeq = 0;

describe("a scanned QR code", () => {
  it("names an item by its label's page address on any host, or by a bare asset tag", () => {
    const id = "0b6f4c1e-3a2d-4f5e-9a8b-7c6d5e4f3a2b";
    expect(readScannedCode(`https://portal.school.test/equipment/items/${id}`)).toEqual({ itemId: id });
    expect(readScannedCode(`http://localhost:3000/equipment/items/${id.toUpperCase()}/?from=label`)).toEqual({
      itemId: id,
    });
    expect(readScannedCode(" nfs-cam-001 ")).toEqual({ assetTag: "NFS-CAM-001" });
    expect(readScannedCode("https://example.com/equipment/items/not-an-id")).toBeNull();
    expect(readScannedCode("WIFI:S:school;T:WPA;P:secret;;")).toBeNull();
  });
});

describe.each(DB_KINDS)("equipment on %s", (kind) => {
  let p: TestPortal;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let projectId: string;
  let cameras: string;
  let certId: string;
  const makeItem = async (over: Record<string, unknown> = {}): Promise<ItemDetailDto> => {
    const res = await p.as("equipment").post("/equipment/items", {
      categoryId: cameras,
      name: "Sony FX6 body",
      brand: "Sony",
      model: "FX6",
      assetTag: `T${kind[0]}-CAM-${++tagSeq}`,
      valueMinor: 650_000,
      ...over,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const reserve = (itemIds: string[], opts: { from?: number; to?: number; as?: string; kitIds?: string[] } = {}) =>
    p.as(opts.as ?? "member").post("/equipment/reservations", {
      projectId,
      startsAt: at(opts.from ?? 30),
      endsAt: at(opts.to ?? 54),
      itemIds,
      kitIds: opts.kitIds ?? [],
    });
  const setRules = async (rules: Partial<EquipmentRules>) => {
    const current = await getSchoolSettingsDto(p.services.db);
    await updateSchoolSettings(p.services, {
      actor: { id: null, name: "test" },
      version: current.version,
      settings: { ...current.settings, equipmentRules: { ...current.settings.equipmentRules, ...rules } },
    });
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    const who = {
      admin: "admin@portal.test",
      staff: "staff@portal.test",
      equipment: "equipment@portal.test",
      member: "student@portal.test",
      outsider: "tomas.novak@portal.test",
    };
    const signedIn = await p.signInAll(who);
    Object.assign(cookies, signedIn.cookies);
    Object.assign(ids, signedIn.ids);
    const project = await p.request("/rest/v1/projects", {
      method: "POST",
      cookie: cookies.member,
      json: { title: "Gear Test Short", type: "fiction", academicYear: "2031/32", myRoles: ["director"] },
    });
    projectId = ((await project.json()) as { id: string }).id;
    cameras = (await p.as("equipment").post("/equipment/categories", { name: `Test cameras ${kind}` })).body.id;
    certId = (await p.as("equipment").post("/equipment/certifications", { name: `Steadicam ${kind}` })).body.id;
  }, 120_000);
  afterAll(() => p?.close());

  describe("the demo seed", () => {
    it("holds 150+ items, kits, and reservations in every state with one overdue", async () => {
      const items = await p.as("equipment").get("/equipment/items?limit=1");
      expect(items.body.total).toBeGreaterThanOrEqual(150);
      const kits = await p.as("member").get("/equipment/kits");
      expect(kits.body.length).toBeGreaterThanOrEqual(4);
      const all = await p.as("equipment").get("/equipment/reservations?limit=100");
      const states = new Set(all.body.items.map((r: ReservationDto) => r.state));
      expect([...states].sort()).toEqual(["approved", "cancelled", "checked_out", "rejected", "requested", "returned"]);
      expect(all.body.items.filter((r: ReservationDto) => r.overdue)).toHaveLength(1);
    });
  });

  describe("who may do what", () => {
    it("keeps the inventory and the desk to the equipment office and admins", async () => {
      const item = await makeItem();
      const officeOnly: [string, string, unknown][] = [
        ["POST", "/categories", { name: "Grip" }],
        ["POST", "/certifications", { name: "HMI lighting" }],
        ["POST", "/items", { categoryId: cameras, name: "Tripod", assetTag: "NFS-NOPE-1" }],
        ["PATCH", `/items/${item.id}`, { notes: "checked" }],
        ["POST", `/items/${item.id}/maintenance`, { kind: "note", note: "Sensor cleaned" }],
        ["GET", "/items", undefined],
        ["GET", "/items/export.csv", undefined],
        ["POST", "/items/import", { csv: "asset_tag,name,category\n" }],
        ["GET", "/strikes", undefined],
        ["GET", "/summary", undefined],
        ["POST", "/desk/checkout", { assetTag: item.assetTag, borrowerNotPresent: true }],
        ["POST", `/certifications/${certId}/holders`, { userId: ids.member }],
      ];
      for (const [method, path, json] of officeOnly) {
        for (const role of ["member", "staff"]) {
          const res = await p.as(role).send(method, `/equipment${path}`, { json: json });
          expect(res.status, `${role} ${method} ${path}`).toBe(403);
        }
      }
      for (const role of ["equipment", "admin"]) {
        expect((await p.as(role).get("/equipment/items")).status).toBe(200);
        expect((await p.as(role).get("/equipment/summary")).status).toBe(200);
      }
      const anonymous = await p.request(
        "/rest/v1/equipment/availability?from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z",
      );
      expect(anonymous.status).toBe(401);
      for (const role of ["member", "staff", "outsider"]) {
        expect(
          (
            await p
              .as(role)
              .get(`/equipment/availability?from=${encodeURIComponent(at(30))}&to=${encodeURIComponent(at(40))}`)
          ).status,
        ).toBe(200);
        expect((await p.as(role).get(`/equipment/items/${item.id}`)).status).toBe(200);
      }
    });

    it("lets only the project's crew, staff and the office book for a project, and only the office decide", async () => {
      const item = await makeItem();
      const outsider = await reserve([item.id], { as: "outsider" });
      expect(outsider.status).toBe(403);
      expect(outsider.body.error.message).toContain("Only the crew of “Gear Test Short”");
      const mine = await reserve([item.id]);
      expect(mine.status).toBe(201);
      expect((await p.as("member").post(`/equipment/reservations/${mine.body.id}/approve`)).status).toBe(403);
      expect((await p.as("outsider").post(`/equipment/reservations/${mine.body.id}/cancel`)).status).toBe(403);
      expect((await p.as("admin").post(`/equipment/reservations/${mine.body.id}/approve`)).status).toBe(200);
    });
  });

  describe("inventory", () => {
    it("refuses bad input with a message, never a 500", async () => {
      const item = await makeItem();
      const dup = await p
        .as("equipment")
        .post("/equipment/items", { categoryId: cameras, name: "Other", assetTag: item.assetTag });
      expect(dup.status).toBe(409);
      expect(dup.body.error.message).toBe(`Another item already carries the asset tag ${item.assetTag}.`);
      const badTag = await p
        .as("equipment")
        .post("/equipment/items", { categoryId: cameras, name: "Other", assetTag: "no spaces allowed" });
      expect(badTag.status).toBe(400);
      expect(badTag.body.error.message).toContain("An asset tag is 2 to 32 letters");
      const badCat = await p.as("equipment").post("/equipment/items", {
        categoryId: "00000000-0000-4000-8000-000000000000",
        name: "Other",
        assetTag: "NFS-X-1",
      });
      expect(badCat.status).toBe(400);
      expect(badCat.body.error.message).toBe("There is no such category: choose one from the list.");
      expect((await p.as("member").get("/equipment/items/not-an-id")).status).toBe(404);
      const cat = await p.as("equipment").delete(`/equipment/categories/${cameras}`);
      expect(cat.status).toBe(409);
    });

    it("warns about affected reservations before maintenance, and logs it", async () => {
      const item = await makeItem();
      const booked = await reserve([item.id]);
      expect(booked.status).toBe(201);
      const first = await p
        .as("equipment")
        .post(`/equipment/items/${item.id}/status`, { status: "maintenance", note: "Fan noise" });
      expect(first.status).toBe(409);
      expect(first.body.error.details.affected).toEqual([
        expect.objectContaining({ reservationId: booked.body.id, projectTitle: "Gear Test Short" }),
      ]);
      const confirmed = await p
        .as("equipment")
        .post(`/equipment/items/${item.id}/status`, { status: "maintenance", note: "Fan noise", confirm: true });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.status).toBe("maintenance");
      expect(confirmed.body.maintenance[0]).toMatchObject({
        kind: "to_maintenance",
        note: "Fan noise",
        byName: "Priya Natarajan",
      });
      const blocked = await reserve([item.id], { from: 100, to: 120 });
      expect(blocked.status).toBe(409);
      expect(blocked.body.error.message).toContain("is in maintenance");
    });

    it("imports CSV with a per-row report of bad rows, and exports what it holds", async () => {
      const csv = [
        "asset_tag,name,category,brand,model,serial_number,value,condition,status,location,certification,notes",
        `T${kind[0]!.toUpperCase()}-IMP-1,Aputure 600d,Imported lights ${kind},Aputure,600d Pro,AP600-1,1890.00,good,available,Shelf L2,,`,
        `T${kind[0]!.toUpperCase()}-IMP-2,"Sennheiser MKH 416, short",Imported sound ${kind},Sennheiser,MKH 416,,999.5,new,,Shelf S1,,"with ""blimp"""`,
        "bad tag!,X,Imported lights,,,,12.345,shiny,lost,,Unknown cert,",
        `T${kind[0]!.toUpperCase()}-IMP-1,Duplicate,Imported lights ${kind},,,,,,,,,`,
      ].join("\n");
      const res = await p.as("equipment").post("/equipment/items/import", { csv });
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(2);
      expect(res.body.rows).toHaveLength(4);
      const bad = res.body.rows.find((r: { line: number }) => r.line === 4);
      expect(bad.ok).toBe(false);
      expect(bad.problems).toEqual([
        "the asset tag must be 2 to 32 letters, digits and dashes",
        "the name must be 2 to 120 characters",
        "the value: “12.345” could mean 12345 or 12.345. Type 12345 or 12.345, whichever you mean.",
        "the condition must be one of new, good, fair, worn, damaged",
        "the status must be one of available, checked_out, maintenance, retired",
        "there is no certification called “Unknown cert”; create it first",
      ]);
      expect(res.body.rows.find((r: { line: number }) => r.line === 5).problems).toEqual([
        "this asset tag appears on an earlier line too",
      ]);
      const again = await p
        .as("equipment")
        .post("/equipment/items/import", { csv: csv.split("\n").slice(0, 2).join("\n") });
      expect(again.body).toMatchObject({ created: 0, updated: 1 });
      const noHeader = await p.as("equipment").post("/equipment/items/import", { csv: "a,b\n1,2" });
      expect(noHeader.status).toBe(400);
      expect(noHeader.body.error.message).toContain("missing: asset_tag, name, category");
      const exported = await p.as("equipment").get("/equipment/items/export.csv");
      expect(exported.status).toBe(200);
      expect(exported.body).toContain(
        `T${kind[0]!.toUpperCase()}-IMP-2,"Sennheiser MKH 416, short",Imported sound ${kind},Sennheiser,MKH 416,,999.50,new,available,Shelf S1,,"with ""blimp"""`,
      );
    });

    it("takes its own export back with no loss, checked-out items included, and writes the byte-order mark Excel needs", async () => {
      const download = async () => {
        const res = await p.request("/rest/v1/equipment/items/export.csv", { cookie: cookies.equipment });
        expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        return Buffer.from(await res.arrayBuffer());
      };
      const before = await download();
      expect([...before.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = before.toString("utf8");
      expect(text).toContain(",checked_out,");
      const res = await p.as("equipment").post("/equipment/items/import", { csv: text });
      expect(res.status).toBe(200);
      expect(res.body.rows.filter((r: { ok: boolean }) => !r.ok)).toEqual([]);
      expect(res.body.created).toBe(0);
      expect((await download()).equals(before)).toBe(true);

      const fresh = await p.as("equipment").post("/equipment/items/import", {
        csv: `asset_tag,name,category,status\nT${kind[0]!.toUpperCase()}-OUT-1,Borrowed light,Imported lights ${kind},checked_out`,
      });
      expect(fresh.body.rows[0].problems).toEqual([
        "a new item cannot start checked out: import it as available and check it out at the desk",
      ]);
    });

    it("imports a spreadsheet's file as saved: `;`-separated Windows-1252, and UTF-16 with its mark", async () => {
      const tag = (n: number) => `T${kind[0]!.toUpperCase()}-ENC-${n}`;
      const upload = (bytes: Uint8Array) =>
        p.request("/rest/v1/equipment/items/import", {
          method: "POST",
          cookie: cookies.equipment,
          headers: { "content-type": "text/csv" },
          body: bytes as Uint8Array<ArrayBuffer>,
        });
      const european = [
        "asset_tag;name;category;value;notes",
        `${tag(1)};Projecteur Fresnel, 650 W;Lumière ${kind};1234,50;„fragile“ – 5 € de caution`,
        `${tag(2)};"Pied; grand";Lumière ${kind};12,5;`,
      ].join("\r\n");
      const res1252 = await upload(iconv.encode(european, "windows-1252"));
      expect(res1252.status).toBe(200);
      expect(((await res1252.json()) as { created: number }).created).toBe(2);
      const utf16 = `asset_tag,name,category\r\n${tag(3)},Mikrofon Größe M,Ton ${kind}\r\n`;
      const res16 = await upload(iconv.encode(utf16, "utf-16le", { addBOM: true }));
      expect(res16.status).toBe(200);
      expect(((await res16.json()) as { created: number }).created).toBe(1);
      const exported = (await p.as("equipment").get("/equipment/items/export.csv")).body as string;
      expect(exported).toContain(
        `${tag(1)},"Projecteur Fresnel, 650 W",Lumière ${kind},,,,1234.50,good,available,,,„fragile“ – 5 € de caution,,\r\n`,
      );
      expect(exported).toContain(`${tag(2)},"Pied; grand",Lumière ${kind},,,,12.50,`);
      expect(exported).toContain(`${tag(3)},Mikrofon Größe M,Ton ${kind},`);
    });

    it("reads the value column by the portal's one number rule: never guesses a separator, and its own export imports back", async () => {
      const tag = (n: number) => `T${kind[0]!.toUpperCase()}-NUM-${n}`;
      const csv = [
        "asset_tag,name,category,value",
        `${tag(1)},Arri SkyPanel,Numbers ${kind},"1.234,50"`,
        `${tag(2)},Arri SkyPanel,Numbers ${kind},1 250.5`,
        `${tag(3)},Arri SkyPanel,Numbers ${kind},1.250`,
        `${tag(4)},Arri SkyPanel,Numbers ${kind},"1,250"`,
        `${tag(5)},Arri SkyPanel,Numbers ${kind},"12,50"`,
      ].join("\n");
      const res = await p.as("equipment").post("/equipment/items/import", { csv });
      expect(res.status).toBe(200);
      const problems = Object.fromEntries(
        res.body.rows.map((r: { assetTag: string; problems: string[] }) => [r.assetTag, r.problems]),
      );
      expect(problems[tag(1)]).toEqual([]);
      expect(problems[tag(2)]).toEqual([]);
      expect(problems[tag(3)]).toEqual([
        "the value: “1.250” could mean 1250 or 1.25. Type 1250 or 1.25, whichever you mean.",
      ]);
      expect(problems[tag(4)]).toEqual([
        "the value: “1,250” could mean 1250 or 1.25. Type 1250 or 1.25, whichever you mean.",
      ]);
      expect(problems[tag(5)]).toEqual([]);
      const exported = (await p.as("equipment").get("/equipment/items/export.csv")).body as string;
      const valueOf = (t: string) =>
        exported
          .split("\n")
          .find((l) => l.startsWith(`${t},`))
          ?.split(",")[6];
      expect([valueOf(tag(1)), valueOf(tag(2)), valueOf(tag(5))]).toEqual(["1234.50", "1250.50", "12.50"]);
      const back = await p.as("equipment").post("/equipment/items/import", { csv: exported });
      expect(
        back.body.rows
          .filter((r: { ok: boolean }) => !r.ok)
          .filter((r: { assetTag: string }) => r.assetTag.includes("-NUM-")),
      ).toEqual([]);
      expect(
        ((await p.as("equipment").get("/equipment/items/export.csv")).body as string)
          .split("\n")
          .find((l) => l.startsWith(`${tag(1)},`)),
      ).toBe(exported.split("\n").find((l) => l.startsWith(`${tag(1)},`)));
    });

    it("prints a PDF sheet of QR labels", async () => {
      const item = await makeItem();
      const res = await p.request(`/rest/v1/equipment/items/labels.pdf?ids=${item.id}`, { cookie: cookies.equipment });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const [page] = await pdfText(bytes);
      expect(page).toContain(item.assetTag);
      expect(page).toContain(item.name);
    });
  });

  describe("the school's rules", () => {
    it("names the rule a reservation breaks", async () => {
      const item = await makeItem();
      const early = await reserve([item.id], { from: 2, to: 10 });
      expect(early.status).toBe(400);
      expect(early.body.error.message).toBe(
        "Minimum lead time: reservations must start at least 24 hours from now, so the office can prepare the gear.",
      );
      const long = await reserve([item.id], { from: 30, to: 30 + 15 * 24 });
      expect(long.status).toBe(400);
      expect(long.body.error.message).toBe("Longest booking: a reservation may last at most 14 days.");
      const backwards = await reserve([item.id], { from: 40, to: 30 });
      expect(backwards.status).toBe(400);
      expect(backwards.body.error.message).toContain("The reservation must end after it starts.");

      const steadicam = await makeItem({ name: "Steadicam Zephyr", certificationId: certId });
      const uncertified = await reserve([steadicam.id]);
      expect(uncertified.status).toBe(403);
      expect(uncertified.body.error.message).toContain(
        `Certification needed: Steadicam Zephyr (${steadicam.assetTag}) needs “Steadicam ${kind}”`,
      );
      expect(
        (await p.as("equipment").post(`/equipment/certifications/${certId}/holders`, { userId: ids.member })).status,
      ).toBe(200);
      expect((await reserve([steadicam.id])).status).toBe(201);

      await setRules({ greenlightGate: "reserve" });
      const notGreenlit = await reserve([item.id], { from: 200, to: 210 });
      expect(notGreenlit.status).toBe(400);
      expect(notGreenlit.body.error.message).toBe(
        "Greenlight required: the school lets only productions with a complete greenlight checklist book equipment.",
      );
      await setRules({ greenlightGate: "off" });
    });
  });

  describe("reservations", () => {
    it("refuses a double booking with which item, when, and free alternatives", async () => {
      const [a, b] = [await makeItem({ name: "ARRI Alexa Mini" }), await makeItem({ name: "ARRI Alexa Mini" })];
      expect((await reserve([a.id], { from: 30, to: 54 })).status).toBe(201);
      const clash = await reserve([a.id], { from: 50, to: 60 });
      expect(clash.status).toBe(409);
      const details = clash.body.error.details as BookingConflictDetails;
      expect(details.conflicts).toEqual([expect.objectContaining({ itemId: a.id, assetTag: a.assetTag })]);
      expect(details.alternatives.map((x) => x.itemId)).toContain(b.id);
      expect(clash.body.error.message).toMatch(
        new RegExp(
          `^Already booked: ARRI Alexa Mini \\(${a.assetTag}\\) is booked .* UTC\\. Free instead: .*${b.assetTag}`,
        ),
      );
      // Back to back is not an overlap: the ranges are half-open.
      expect((await reserve([a.id], { from: 54, to: 60 })).status).toBe(201);
    });

    it("moves through requested → approved / rejected with a reason / cancelled, freeing the item", async () => {
      const item = await makeItem();
      const first = await reserve([item.id]);
      const rejectShort = await p
        .as("equipment")
        .post(`/equipment/reservations/${first.body.id}/reject`, { reason: "no" });
      expect(rejectShort.status).toBe(400);
      const rejected = await p.as("equipment").post(`/equipment/reservations/${first.body.id}/reject`, {
        reason: "The camera goes to the festival that week.",
      });
      expect(rejected.body).toMatchObject({
        state: "rejected",
        rejectReason: "The camera goes to the festival that week.",
        decidedByName: "Priya Natarajan",
      });
      const mail = await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'subject' like 'Equipment request refused%'`));
      expect(mail.length).toBeGreaterThan(0);
      const second = await reserve([item.id]);
      expect(second.status).toBe(201);
      const approved = await p.as("equipment").post(`/equipment/reservations/${second.body.id}/approve`);
      expect(approved.body.state).toBe("approved");
      expect((await p.as("equipment").post(`/equipment/reservations/${second.body.id}/approve`)).status).toBe(409);
      const cancelled = await p.as("member").post(`/equipment/reservations/${second.body.id}/cancel`);
      expect(cancelled.body.state).toBe("cancelled");
      expect((await reserve([item.id])).status).toBe(201);
    });

    it("books a kit as one, and shows availability for a range", async () => {
      const [body, lens, battery] = [
        await makeItem({ name: "Kit body" }),
        await makeItem({ name: "Kit lens" }),
        await makeItem({ name: "Kit battery" }),
      ];
      const kit = await p
        .as("equipment")
        .post("/equipment/kits", { name: `Doc kit ${kind}`, itemIds: [body.id, lens.id, battery.id] });
      expect(kit.status).toBe(201);
      const kitId = kit.body.find((k: { name: string }) => k.name === `Doc kit ${kind}`).id;
      const booked = await reserve([], { kitIds: [kitId], from: 300, to: 320 });
      expect(booked.status).toBe(201);
      expect((booked.body as ReservationDto).items.map((i) => i.kitName)).toEqual([
        `Doc kit ${kind}`,
        `Doc kit ${kind}`,
        `Doc kit ${kind}`,
      ]);
      const q = `from=${encodeURIComponent(at(310))}&to=${encodeURIComponent(at(315))}&search=${encodeURIComponent("Kit body")}`;
      const avail = await p.as("member").get(`/equipment/availability?${q}`);
      expect(avail.body.items).toEqual([expect.objectContaining({ id: body.id, free: false })]);
      const later = await p
        .as("member")
        .get(
          `/equipment/availability?from=${encodeURIComponent(at(330))}&to=${encodeURIComponent(at(340))}&search=${encodeURIComponent("Kit body")}`,
        );
      expect(later.body.items).toEqual([expect.objectContaining({ id: body.id, free: true })]);
      const kits = await p
        .as("member")
        .get(`/equipment/kits?from=${encodeURIComponent(at(310))}&to=${encodeURIComponent(at(315))}`);
      expect(kits.body.find((k: { id: string }) => k.id === kitId).free).toBe(false);
    });

    it("answers from memory what a booking leaves as it was, and shows what a grant or a booking changes at once", async () => {
      const crane = (await p.as("equipment").post("/equipment/certifications", { name: `Crane ${kind}` })).body.id;
      const item = await makeItem({ name: `Kept ${kind}`, certificationId: crane });
      const range = `from=${encodeURIComponent(at(400))}&to=${encodeURIComponent(at(420))}`;
      const catalogue = async () =>
        (await p.as("member").get(`/equipment/availability?${range}&search=${encodeURIComponent(`Kept ${kind}`)}`)).body
          .items;
      const mine = async () => (await p.as("member").get("/equipment/reservations?mine=true&limit=50")).body.total;
      expect(await catalogue()).toEqual([expect.objectContaining({ id: item.id, free: true, certified: false })]);
      for (const path of ["/equipment/categories", "/equipment/me", `/equipment/kits?${range}`])
        expect((await p.as("member").get(path)).status).toBe(200);

      expect(
        (await p.as("equipment").post(`/equipment/certifications/${crane}/holders`, { userId: ids.member })).status,
      ).toBe(200);
      expect(await catalogue()).toEqual([expect.objectContaining({ id: item.id, certified: true })]);
      expect((await p.as("member").get("/equipment/me")).body.certifications).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: crane })]),
      );

      const before = await mine();
      const published: DomainEvent[] = [];
      const unsubscribe = p.services.events.subscribe((e) => published.push(e));
      try {
        expect((await reserve([item.id], { from: 405, to: 410 })).status).toBe(201);
      } finally {
        unsubscribe();
      }
      const booking = published.find((e) => e.type === "equipment.changed")!;
      // The inventory, the categories and a person's status are not what a booking changes: their kept answers stay.
      expect(concerns(booking, { deps: [keys.equipmentPart("categories"), keys.equipmentPart("items")] })).toBe(false);
      expect(concerns(booking, { deps: [keys.equipmentPart("me")] })).toBe(false);
      // What it does change is answered anew at once, not after the answers' time is up.
      expect(await catalogue()).toEqual([expect.objectContaining({ id: item.id, free: false })]);
      expect(await mine()).toBe(before + 1);
    });
  });

  describe("the desk", () => {
    it("shows bookings in a calendar per item and for the whole inventory, and a project's reservations", async () => {
      const [one, two] = [await makeItem({ name: "Calendar camera" }), await makeItem({ name: "Calendar lens" })];
      const first = await reserve([one.id], { from: 400, to: 410 });
      const second = await reserve([two.id], { from: 405, to: 415 });
      expect([first.status, second.status]).toEqual([201, 201]);
      const window = `from=${encodeURIComponent(at(395))}&to=${encodeURIComponent(at(420))}`;
      const perItem = await p.as("member").get(`/equipment/items/${one.id}/calendar?${window}`);
      expect(perItem.body.map((e: { reservationId: string }) => e.reservationId)).toEqual([first.body.id]);
      const whole = await p.as("member").get(`/equipment/calendar?${window}`);
      const mine = whole.body.filter((e: { itemId: string }) => e.itemId === one.id || e.itemId === two.id);
      expect(mine.map((e: { assetTag: string; state: string }) => [e.assetTag, e.state])).toEqual([
        [one.assetTag, "requested"],
        [two.assetTag, "requested"],
      ]);
      const outside = await p
        .as("member")
        .get(`/equipment/calendar?from=${encodeURIComponent(at(500))}&to=${encodeURIComponent(at(510))}`);
      expect(outside.body.some((e: { itemId: string }) => e.itemId === one.id)).toBe(false);
      // The project's page lists its reservations to anyone signed in, as projects are open to everyone.
      const forProject = await p.as("outsider").get(`/equipment/reservations?projectId=${projectId}&limit=100`);
      expect(forProject.status).toBe(200);
      expect(forProject.body.items.map((r: ReservationDto) => r.id)).toEqual(
        expect.arrayContaining([first.body.id, second.body.id]),
      );
    });

    it("checks out by tag, takes partial returns, and sends damage to maintenance", async () => {
      const [cam, lens] = [await makeItem({ name: "Desk camera" }), await makeItem({ name: "Desk lens" })];
      const r = await reserve([cam.id, lens.id], { from: 25, to: 49 });
      expect(r.status).toBe(201);
      const early = await p
        .as("equipment")
        .post("/equipment/desk/checkout", { assetTag: cam.assetTag, borrowerNotPresent: true });
      expect(early.status).toBe(409);
      expect(early.body.error.message).toContain("has no approved reservation to collect now");
      await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`);
      const out = await p
        .as("equipment")
        .post("/equipment/desk/checkout", { assetTag: cam.assetTag.toLowerCase(), borrowerNotPresent: true });
      expect(out.status).toBe(200);
      expect(out.body.reservation.state).toBe("checked_out");
      expect(out.body.message).toContain("1 more item of this reservation still to hand out");
      expect(
        (
          await p
            .as("equipment")
            .post("/equipment/desk/checkout", { assetTag: lens.assetTag, borrowerNotPresent: true })
        ).status,
      ).toBe(200);
      expect(
        (
          await p
            .as("equipment")
            .post("/equipment/desk/checkout", { assetTag: "NFS-NOTHING-99", borrowerNotPresent: true })
        ).status,
      ).toBe(404);

      const back = await p
        .as("equipment")
        .post("/equipment/desk/checkin", { assetTag: lens.assetTag, condition: "good", borrowerNotPresent: true });
      expect(back.body.reservation.state).toBe("checked_out");
      expect(back.body.message).toContain("1 more item of this reservation still out");
      const damaged = await p.as("equipment").post("/equipment/desk/checkin", {
        assetTag: cam.assetTag,
        condition: "damaged",
        notes: "Cracked LCD",
        damaged: true,
        borrowerNotPresent: true,
      });
      expect(damaged.status).toBe(200);
      expect(damaged.body.reservation.state).toBe("returned");
      expect(damaged.body.item.status).toBe("maintenance");
      const log = await p.services.db.select().from(maintenanceLog).where(eq(maintenanceLog.itemId, cam.id));
      expect(log.map((l) => l.kind)).toEqual(["damage"]);
      expect(log[0]!.note).toContain("Cracked LCD");
      expect(
        (
          await p
            .as("equipment")
            .post("/equipment/desk/checkin", { assetTag: cam.assetTag, condition: "good", borrowerNotPresent: true })
        ).status,
      ).toBe(409);
    });

    it("keeps an item's photo and condition photos in the equipment bucket, checking type, size and who may see them", async () => {
      // A 1×1 PNG: the bytes decide the type, not the name.
      const png = Uint8Array.from(
        Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
          "base64",
        ),
      );
      const send = (path: string, bytes: Uint8Array, as: string, name = "photo.png") =>
        p.request(`/storage/v1/object/equipment/${path}?name=${name}`, {
          method: "POST",
          body: bytes as Uint8Array<ArrayBuffer>,
          headers: { "content-type": "image/png" },
          cookie: cookies[as],
        });
      const item = await makeItem({ name: "Photo camera" });
      expect((await send(`items/${item.id}`, png, "member")).status).toBe(403);
      const pdf = await send(
        `items/${item.id}`,
        new TextEncoder().encode("%PDF-1.7 not a picture"),
        "equipment",
        "photo.png",
      );
      expect(pdf.status).toBe(415);
      expect(((await pdf.json()) as { error: { message: string } }).error.message).toContain("this file is a PDF");
      const huge = await send(
        `items/${item.id}`,
        new Uint8Array(p.services.config.UPLOAD_MAX_MB * 1024 * 1024 + 1),
        "equipment",
      );
      expect(huge.status).toBe(413);

      const first = (await (await send(`items/${item.id}`, png, "equipment")).json()) as ItemDetailDto;
      expect(first.photoUrl).toMatch(/^\/storage\/v1\/object\/equipment\/items\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
      const seen = await p.request(first.photoUrl, { cookie: cookies.member });
      expect(seen.status).toBe(200);
      expect(seen.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await seen.arrayBuffer())).toEqual(png);
      expect((await p.request(first.photoUrl)).status).toBe(401);
      const catalogue = await p
        .as("member")
        .get(
          `/equipment/availability?from=${encodeURIComponent(at(30))}&to=${encodeURIComponent(at(54))}&search=${item.assetTag}`,
        );
      expect(catalogue.body.items[0].photoUrl).toBe(first.photoUrl);

      const replaced = (await (await send(`items/${item.id}`, png, "equipment")).json()) as ItemDetailDto;
      expect(replaced.photoUrl).not.toBe(first.photoUrl);
      expect((await p.request(first.photoUrl, { cookie: cookies.member })).status).toBe(404);
      const removed = await p.request(`/storage/v1/object/equipment/items/${item.id}`, {
        method: "DELETE",
        cookie: cookies.equipment,
      });
      expect(((await removed.json()) as ItemDetailDto).photoUrl).toBe("");
      expect((await p.request(replaced.photoUrl, { cookie: cookies.member })).status).toBe(404);

      // Condition photos follow a check-in, read by the office and the borrower but not by an outsider.
      expect((await send(`returns/${item.assetTag}`, png, "equipment")).status).toBe(409);
      const r = await reserve([item.id], { from: 25, to: 49 });
      await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`);
      await p.as("equipment").post("/equipment/desk/checkout", { assetTag: item.assetTag, borrowerNotPresent: true });
      await p.as("equipment").post("/equipment/desk/checkin", {
        assetTag: item.assetTag,
        condition: "fair",
        notes: "Scuffed grip",
        borrowerNotPresent: true,
      });
      const added = await send(`returns/${item.assetTag}`, png, "equipment");
      expect(added.status).toBe(201);
      const [photo] = ((await added.json()) as { photos: string[] }).photos;
      const reservation = (await p.as("member").get(`/equipment/reservations/${r.body.id}`)).body as ReservationDto;
      expect(reservation.items[0]!.returnPhotos).toEqual([photo]);
      expect((await p.request(photo!, { cookie: cookies.member })).status).toBe(200);
      expect((await p.request(photo!, { cookie: cookies.outsider })).status).toBe(404);
      expect((await send(`returns/${item.assetTag}`, png, "member")).status).toBe(403);
    });

    it("counts a late return as a strike and blocks booking at the school's limit until the office clears it", async () => {
      await setRules({ strikeLimit: 1 });
      const item = await makeItem();
      const r = await reserve([item.id], { from: 25, to: 49 });
      await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`);
      await p.as("equipment").post("/equipment/desk/checkout", { assetTag: item.assetTag, borrowerNotPresent: true });
      const past = new Date(Date.now() - 2 * HOUR);
      await p.services.db
        .update(reservations)
        .set({ startsAt: new Date(Date.now() - 30 * HOUR), endsAt: past })
        .where(eq(reservations.id, r.body.id));
      await p.services.db
        .update(reservationItems)
        .set({ startsAt: new Date(Date.now() - 30 * HOUR), endsAt: past })
        .where(eq(reservationItems.reservationId, r.body.id));
      expect((await p.as("member").get(`/equipment/reservations/${r.body.id}`)).body.overdue).toBe(true);
      await p
        .as("equipment")
        .post("/equipment/desk/checkin", { assetTag: item.assetTag, condition: "good", borrowerNotPresent: true });
      const open = await p.services.db.select().from(strikes).where(eq(strikes.userId, ids.member!));
      expect(open).toHaveLength(1);
      const blocked = await reserve([item.id], { from: 400, to: 410 });
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.message).toContain(
        "Strike limit: you have 1 late returns on record and the school's limit is 1.",
      );
      expect((await p.as("member").get("/equipment/me")).body).toMatchObject({
        strikes: 1,
        strikeLimit: 1,
        blocked: true,
      });
      expect((await p.as("equipment").post("/equipment/strikes/clear", { userId: ids.member })).status).toBe(200);
      expect((await reserve([item.id], { from: 400, to: 410 })).status).toBe(201);
      await setRules({ strikeLimit: 3 });
    });
  });

  describe("overdue", () => {
    it("reminds before the due time and when late, once each, and counts the strike", async () => {
      const item = await makeItem({ name: "Overdue Zoom H6" });
      const r = await reserve([item.id], { from: 25, to: 49 });
      await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`);
      await p.as("equipment").post("/equipment/desk/checkout", { assetTag: item.assetTag, borrowerNotPresent: true });
      const dueAt = new Date(Date.now() + 6 * HOUR);
      await p.services.db
        .update(reservations)
        .set({ startsAt: new Date(Date.now() - HOUR), endsAt: dueAt })
        .where(eq(reservations.id, r.body.id));
      const mailsTo = async (subject: string) =>
        (
          await p.services.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'subject' like ${subject}`))
        ).length;

      expect((await scanEquipmentDue(p.services)).dueSoon).toBeGreaterThanOrEqual(1);
      expect(await mailsTo("Equipment for “Gear Test Short” is due back%")).toBe(1);
      await scanEquipmentDue(p.services);
      expect(await mailsTo("Equipment for “Gear Test Short” is due back%")).toBe(1);

      const late = await scanEquipmentDue(p.services, { now: new Date(dueAt.getTime() + HOUR) });
      expect(late.late).toBeGreaterThanOrEqual(1);
      expect(await mailsTo("Overdue: equipment for “Gear Test Short”%")).toBe(1);
      await scanEquipmentDue(p.services, { now: new Date(dueAt.getTime() + 2 * HOUR) });
      expect(await mailsTo("Overdue: equipment for “Gear Test Short”%")).toBe(1);
      const struck = await p.services.db.select().from(strikes).where(eq(strikes.reservationId, r.body.id));
      expect(struck).toHaveLength(1);
      await p.as("equipment").post("/equipment/strikes/clear", { userId: ids.member });
    });

    it("shows out now, overdue and pending on the admin dashboard, and reservations in the iCal feed", async () => {
      const item = await makeItem({ name: "Dashboard lens" });
      const r = await reserve([item.id], { from: 25, to: 49 });
      await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`);
      await p.as("equipment").post("/equipment/desk/checkout", { assetTag: item.assetTag, borrowerNotPresent: true });
      await p.services.db
        .update(reservations)
        .set({ startsAt: new Date(Date.now() - 5 * HOUR), endsAt: new Date(Date.now() - HOUR) })
        .where(eq(reservations.id, r.body.id));
      const pending = await reserve([await makeItem().then((i) => i.id)]);
      expect(pending.status).toBe(201);
      const dash = await p.request("/rest/v1/admin/dashboard", { cookie: cookies.admin });
      const equipment = ((await dash.json()) as { equipment: { outNow: number; overdue: number; pending: number } })
        .equipment;
      expect(equipment.outNow).toBeGreaterThanOrEqual(1);
      expect(equipment.overdue).toBeGreaterThanOrEqual(1);
      expect(equipment.pending).toBeGreaterThanOrEqual(1);

      const token = await p.request("/rest/v1/overview/ical-token", { method: "POST", cookie: cookies.member });
      const url = new URL(((await token.json()) as { url: string }).url);
      const feed = await (await p.request(url.pathname)).text();
      expect(feed).toContain(`UID:equipment-${pending.body.id}@`);
      expect(feed).toContain("SUMMARY:Equipment (requested): Gear Test Short");
      await p
        .as("equipment")
        .post("/equipment/desk/checkin", { assetTag: item.assetTag, condition: "good", borrowerNotPresent: true });
      await p.as("equipment").post("/equipment/strikes/clear", { userId: ids.member });
    });
  });

  describe.runIf(kind === "postgres")("under contention", () => {
    it("gives exactly one of 20 simultaneous reservations of one item and time, and 19 clear conflicts", async () => {
      const item = await makeItem({ name: "Contended Alexa" });
      const results = await Promise.all(Array.from({ length: 20 }, () => reserve([item.id], { from: 500, to: 520 })));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const r of results.filter((x) => x.status === 409)) {
        expect(r.body.error.message).toContain(`Contended Alexa (${item.assetTag}) is booked`);
      }
    });
  });
});
