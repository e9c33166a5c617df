import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HospitalDto, LocationDto, LocationLibraryDto } from "../../../common/locations.ts";
import type { CallSheetDto, ScheduleDto } from "../../../common/schedule.ts";
import { jobs } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll, type MatrixRow } from "../../test/matrix.ts";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

describe.each(DB_KINDS)("location library on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  const hospital = async () => {
    const res = await p.as("staff").post("/hospitals", {
      name: `St Clare ${Math.random().toString(36).slice(2, 6)}`,
      address: "Clinic Street 3",
      phone: "+41 31 000 11 22",
      emergencyPhone: "144",
    });
    expect(res.status, res.text).toBe(201);
    return res.body as HospitalDto;
  };
  const fixture = async () => {
    const h = await hospital();
    const res = await p.as("staff").post("/locations", {
      name: `Old boathouse ${Math.random().toString(36).slice(2, 6)}`,
      address: "Lake Path 9, Seeburg",
      contactName: "Rita Ammann",
      contactPhone: "+41 79 555 01 01",
      parking: "Gravel lot behind the shed",
      hospitalId: h.id,
    });
    expect(res.status, res.text).toBe(201);
    return { hospitalId: h.id, locationId: (res.body as LocationDto).id };
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies, ids } = await signInAll(p));
  }, 120_000);
  afterAll(() => p?.close());

  it("is kept by staff and read by students, photos included", async () => {
    const { locationId, hospitalId } = await fixture();
    const lib = (await p.as("member").get("/locations")).body as LocationLibraryDto;
    const entry = lib.locations.find((l) => l.id === locationId)!;
    expect(entry).toMatchObject({ contactName: "Rita Ammann", canEdit: false, hospital: { id: hospitalId } });
    expect(lib.canManage).toBe(false);
    expect(lib.hospitals.some((h) => h.id === hospitalId)).toBe(true);
    // Searched by name or address.
    const found = (await p.as("member").get(`/locations?search=${encodeURIComponent("Lake Path")}`))
      .body as LocationLibraryDto;
    expect(found.locations.map((l) => l.id)).toContain(locationId);

    const edited = await p.as("staff").patch(`/locations/${locationId}`, { notes: "Keys at the kiosk." });
    expect(edited.body).toMatchObject({ notes: "Keys at the kiosk.", canEdit: true });
    expect((await p.as("member").patch(`/locations/${locationId}`, { notes: "mine" })).status).toBe(403);

    const up = await p.as("staff").send("POST", `/storage/v1/object/locations/${locationId}?name=front.png`, {
      body: PNG,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(up.status, up.text).toBe(201);
    const photo = (up.body as LocationDto).photos[0]!;
    const read = await p.as("member").get(photo.url);
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("image/png");
    // A PDF is not a photo, whatever its name says.
    const pdf = await p.as("staff").send("POST", `/storage/v1/object/locations/${locationId}?name=x.png`, {
      body: new TextEncoder().encode("%PDF-1.7\n%%EOF\n"),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(pdf.status).toBe(415);

    expect((await p.as("staff").delete(`/locations/${locationId}`)).status).toBe(200);
    expect((await p.as("member").get(`/locations/${locationId}`)).status).toBe(404);
    expect((await p.as("member").get(photo.url)).status).toBe(404);
  });

  it("lets a production add a place for later productions, and correct it", async () => {
    const project = await p
      .as("member")
      .post("/projects", { title: "Boathouse", type: "fiction", academicYear: "2032/33", supervisorId: ids.staff });
    const added = await p
      .as("member")
      .post("/locations", { name: "Corner bakery", address: "Main Street 2", projectId: project.body.id });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ projectTitle: "Boathouse", canEdit: true });
    expect((await p.as("member").patch(`/locations/${added.body.id}`, { parking: "None" })).status).toBe(200);
    // Another student may reuse it, not change it; nor add a place in a project not theirs.
    expect((await p.as("outsider").patch(`/locations/${added.body.id}`, { parking: "Lots" })).status).toBe(403);
    const notTheirs = await p.as("outsider").post("/locations", { name: "Elsewhere", projectId: project.body.id });
    expect(notTheirs.status).toBe(403);
  });

  it("gives a shoot day picked from the library its hospital and contact, on the call sheet and in its e-mail", async () => {
    const { locationId } = await fixture();
    const lib = (await p.as("member").get("/locations")).body as LocationLibraryDto;
    const place = lib.locations.find((l) => l.id === locationId)!;
    const project = await p
      .as("member")
      .post("/projects", { title: "Boathouse day", type: "fiction", academicYear: "2032/33", supervisorId: ids.staff });
    const projectId = project.body.id as string;
    const made = await p
      .as("member")
      .post(`/projects/${projectId}/schedule/days`, { date: "2032-06-01", locationId, generalCall: "07:00" });
    expect(made.status, made.text).toBe(201);
    const day = (made.body as ScheduleDto).days[0]!;
    expect(day).toMatchObject({ locationId, location: place.name, address: "Lake Path 9, Seeburg" });
    expect(day.hospital).toContain(place.hospital!.name);

    const sheet = (await p.as("member").get(`/projects/${projectId}/schedule/days/${day.id}/call-sheet`))
      .body as CallSheetDto;
    expect(sheet.site).toMatchObject({
      contactName: "Rita Ammann",
      contactPhone: "+41 79 555 01 01",
      hospital: { name: place.hospital!.name, phone: "+41 31 000 11 22", emergencyPhone: "144" },
    });
    const pdf = await p.as("member").get(`/projects/${projectId}/schedule/days/${day.id}/call-sheet.pdf`);
    expect(pdf.status).toBe(200);

    const sent = await p.as("member").post(`/projects/${projectId}/schedule/days/${day.id}/call-sheet/send`);
    expect(sent.status, sent.text).toBe(200);
    const [mail] = (
      await p.services.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.type, "email.send"),
            sql`${jobs.payload}->>'to' = 'student@portal.test'`,
            sql`${jobs.payload}->>'subject' like '%Boathouse day%'`,
          ),
        )
    ).map((j) => j.payload as { text: string });
    expect(mail?.text).toContain(
      `Nearest hospital: ${place.hospital!.name}, Clinic Street 3, phone +41 31 000 11 22, emergency 144`,
    );
    expect(mail?.text).toContain("Location contact: Rita Ammann, +41 79 555 01 01");
    // The e-mailed confirmation link, opened without an account, reads the same library entry.
    const link = /\/call-sheet-confirm\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link, "the call sheet mail carries its confirmation link").toBeTruthy();
    const confirmation = await p.anonymous.get(`/call-sheet-confirmation/${link![1]}?token=${link![2]}`);
    expect(confirmation.status, confirmation.text).toBe(200);
    expect(confirmation.body.site).toMatchObject({
      contactName: "Rita Ammann",
      contactPhone: "+41 79 555 01 01",
      hospital: { name: place.hospital!.name, address: "Clinic Street 3", emergencyPhone: "144" },
    });
    // A corrected phone number in the library reaches the link already sent.
    expect((await p.as("staff").patch(`/locations/${locationId}`, { contactPhone: "+41 79 555 02 02" })).status).toBe(
      200,
    );
    const again = await p.anonymous.get(`/call-sheet-confirmation/${link![1]}?token=${link![2]}`);
    expect(again.body.site.contactPhone).toBe("+41 79 555 02 02");
    // A wrong token opens nothing of it.
    const wrong = await p.anonymous.get(`/call-sheet-confirmation/${link![1]}?token=${"x".repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.site).toBeUndefined();

    // A day without a library location keeps the typed hospital.
    const typed = await p
      .as("member")
      .post(`/projects/${projectId}/schedule/days`, { date: "2032-06-02", hospital: "Lakeside Hospital" });
    const other = (typed.body as ScheduleDto).days.find((d) => d.date === "2032-06-02")!;
    const sheet2 = (await p.as("member").get(`/projects/${projectId}/schedule/days/${other.id}/call-sheet`))
      .body as CallSheetDto;
    expect(sheet2.site).toBeNull();
    expect(sheet2.day.hospital).toBe("Lakeside Hospital");
    // An id that names no library location is refused with a message.
    const bad = await p.as("member").post(`/projects/${projectId}/schedule/days`, {
      date: "2032-06-03",
      locationId: "00000000-0000-4000-8000-000000000000",
    });
    expect(bad.status).toBe(400);
  });

  it("answers each caller as the rules say (authorization matrix)", async () => {
    const rows: MatrixRow<{ hospitalId: string; locationId: string }>[] = [
      ["read the library", "GET", () => "/locations", undefined, [401, 200, 200, 200, 200, 200]],
      ["add a location", "POST", () => "/locations", { name: "A courtyard" }, [401, 201, 201, 201, 201, 201]],
      [
        "change a location",
        "PATCH",
        (f) => `/locations/${f.locationId}`,
        { notes: "x" },
        [401, 403, 403, 200, 403, 200],
      ],
      ["remove a location", "DELETE", (f) => `/locations/${f.locationId}`, undefined, [401, 403, 403, 200, 403, 200]],
      ["add a hospital", "POST", () => "/hospitals", { name: "General" }, [401, 403, 403, 201, 403, 201]],
      [
        "change a hospital",
        "PUT",
        (f) => `/hospitals/${f.hospitalId}`,
        { name: "General" },
        [401, 403, 403, 200, 403, 200],
      ],
      ["remove a hospital", "DELETE", (f) => `/hospitals/${f.hospitalId}`, undefined, [401, 403, 403, 200, 403, 200]],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, fixture, row);
  });

  it("answers bad input with a message, never a 500", async () => {
    const { locationId } = await fixture();
    await expectClientErrors(p, cookies.staff!, [
      ["POST", "/locations", {}],
      ["POST", "/locations", { name: "X" }],
      ["POST", "/locations", { name: "Yard", hospitalId: "00000000-0000-4000-8000-000000000000" }],
      ["PATCH", `/locations/${locationId}`, { hospitalId: "nope" }],
      ["PATCH", "/locations/nope", { name: "Yard" }],
      ["POST", "/hospitals", { name: "" }],
      ["DELETE", "/hospitals/00000000-0000-4000-8000-000000000000"],
    ]);
  });
});
