import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import iconv from "iconv-lite";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { seriousAxe } from "./support/axe.ts";
import { usePortal, UI_TIMEOUT } from "./support/fixtures.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** A `datetime-local` value `hours` from now; the browser runs in UTC (see newPage below). */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);
const utcPage = () => e2e.newPage({ timezoneId: "UTC", viewport: { width: 1280, height: 900 } });

/**
 * One grey-scale frame holding the QR code of `text`, as a YUV4MPEG2 file: what Chromium's fake camera
 * (--use-file-for-fake-video-capture) plays in a loop. Written by hand, so the test needs no ffmpeg.
 */
function qrVideo(text: string, file: string) {
  const [width, height] = [640, 480];
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const scale = Math.floor((height - 40) / (n + 8));
  const left = Math.floor((width - n * scale) / 2);
  const top = Math.floor((height - n * scale) / 2);
  const luma = new Uint8Array(width * height).fill(235);
  for (let y = 0; y < n * scale; y++) {
    for (let x = 0; x < n * scale; x++) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, Buffer.from("FRAME\n"), luma, chroma, chroma]));
}

describe("equipment", () => {
  it("the catalogue counts each category, says which certification gear needs before Add, and counts the request", async () => {
    const student = await utcPage();
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    await visible(heading(student, "Equipment"));
    await field(student, "From").fill(inHours(26));
    await field(student, "Until").fill(inHours(50));
    const category = field(student, "Category");
    await expect
      .poll(() => category.locator("option").allTextContents(), { timeout: UI_TIMEOUT })
      .toContain("Cameras (21)");
    expect((await category.locator("option").allTextContents()).filter((o) => o.endsWith("(0)"))).toEqual([]);

    // The student holds no cinema camera certification: the RED says so and cannot be added.
    await field(student, "Search").fill("NFS-CAM-003");
    const red = student
      .getByRole("list", { name: "Catalogue" })
      .getByRole("listitem")
      .filter({ hasText: "NFS-CAM-003" });
    await visible(red.getByText("Needs certification: Cinema camera"));
    expect(await red.getByRole("button", { name: /^Add / }).isDisabled()).toBe(true);
    const fiction = student
      .getByRole("listitem")
      .filter({ has: student.getByText("Fiction package A", { exact: true }) });
    await visible(fiction.getByText("Needs certification: Cinema camera"));
    expect(await fiction.getByRole("button", { name: "Add Fiction package A" }).isDisabled()).toBe(true);

    await field(student, "Search").fill("NFS-LNS-02");
    for (const tag of ["NFS-LNS-021", "NFS-LNS-022"]) {
      await student
        .getByRole("list", { name: "Catalogue" })
        .getByRole("listitem")
        .filter({ hasText: tag })
        .getByRole("button", { name: /^Add / })
        .click();
    }
    await visible(student.getByRole("button", { name: "Request 2 reservations" }));
    await student.getByRole("button", { name: "Add Interview sound kit" }).click();
    await visible(student.getByRole("button", { name: "Request 3 reservations" }));
  });

  it("reserve → approve → check out by typed tag → check in with damage sends the item to maintenance", async () => {
    const student = await utcPage();
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    await visible(heading(student, "Equipment"));
    // The booking's production (first): an open request window of the student's course has a Production field too.
    await field(student, "Production").first().selectOption({ label: "Small Hours" });
    await field(student, "From").fill(inHours(26));
    await field(student, "Until").fill(inHours(50));
    await field(student, "Search").fill("NFS-LNS-021");
    const add = student.getByRole("button", { name: "Add Samyang Xeen 50mm T1.5 NFS-LNS-021" });
    await add.click();
    await student.getByRole("button", { name: "Request 1 reservation" }).click();
    await toast(student, "Reservation requested");
    const mine = student.getByRole("listitem").filter({ hasText: "NFS-LNS-021" }).filter({ hasText: "Requested" });
    await visible(mine);
    expect(await seriousAxe(student)).toEqual([]);

    const office = await utcPage();
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin");
    await visible(heading(office, "Equipment Administration"));
    const request = office
      .getByRole("list", { name: "Reservations" })
      .getByRole("listitem")
      .filter({ hasText: "NFS-LNS-021" });
    await request.getByRole("button", { name: /^Approve the reservation of Lena Fischer/ }).click();
    await toast(office, "Reservation approved");
    // The student's list follows without a reload.
    await visible(student.getByRole("listitem").filter({ hasText: "NFS-LNS-021" }).filter({ hasText: "Approved" }));

    await office.getByRole("tab", { name: "Desk" }).click();
    await field(office, "Asset tag to check out").fill("nfs-lns-021");
    await office.getByRole("checkbox", { name: "Borrower not present" }).check();
    await button(office, "Check out").click();
    await visible(
      office
        .getByRole("status")
        .filter({ hasText: "Samyang Xeen 50mm T1.5 (NFS-LNS-021) checked out for “Small Hours”" }),
    );

    await field(office, "Asset tag to check in").fill("NFS-LNS-021");
    await button(office, "Add to the return list").click();
    await field(office, "Condition of NFS-LNS-021").selectOption({ label: "Damaged" });
    await field(office, "Notes on NFS-LNS-021").fill("Front element cracked");
    await office.getByRole("checkbox", { name: "Returned without a signature" }).check();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await field(office, "Condition photos of NFS-LNS-021").setInputFiles({
      name: "cracked.png",
      mimeType: "image/png",
      buffer: png,
    });
    await button(office, "Check in").click();
    await visible(office.getByText(/1 photo kept\./));
    await visible(office.getByRole("status").filter({ hasText: "(NFS-LNS-021) checked in for “Small Hours”" }));
    expect(await seriousAxe(office)).toEqual([]);

    await office.getByRole("tab", { name: "Inventory" }).click();
    await field(office, "Search the inventory").fill("NFS-LNS-021");
    await office.getByRole("link", { name: "Samyang Xeen 50mm T1.5" }).click();
    await visible(heading(office, "Samyang Xeen 50mm T1.5"));
    await visible(office.locator("dl").getByText("In maintenance", { exact: true }));
    await visible(office.getByText("Returned damaged from “Small Hours”: Front element cracked", { exact: true }));
  });

  it("mails the borrower of the overdue reservation, read from the SMTP peer", async () => {
    // The demo seed holds one reservation of "Salt and Iron" due back yesterday; the worker's scan finds it.
    const overdue = () =>
      e2e.smtp
        .to("amara.diallo@portal.test")
        .filter((m) => m.subject.startsWith("Overdue: equipment for “Salt and Iron”"));
    await expect.poll(() => overdue().length, { timeout: UI_TIMEOUT }).toBe(1);
    expect(overdue()[0]!.text).toContain("is not checked in yet");
    expect(overdue()[0]!.text).toContain("NFS-CAM-013");
  });

  it("shows a double booking with the item, when, and a free alternative to swap in", async () => {
    const student = await utcPage();
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    await field(student, "Production").first().selectOption({ label: "Small Hours" });
    const [from, until] = [inHours(30), inHours(40)];
    await field(student, "From").fill(from);
    await field(student, "Until").fill(until);
    await field(student, "Search").fill("NFS-LNS-006");
    await student.getByRole("button", { name: "Add Zeiss CP.3 50mm T2.1 NFS-LNS-006" }).click();

    // Someone at another desk books the same lens for an overlapping time first.
    const admin = await e2e.newContext();
    const origin = { origin: e2e.portal.url };
    expect(
      (
        await admin.request.post("/auth/v1/sign-in/email", {
          data: { email: "admin@portal.test", password: "portal-demo" },
          headers: origin,
        })
      ).ok(),
    ).toBe(true);
    const lens = (await (await admin.request.get("/rest/v1/equipment/items?search=NFS-LNS-006")).json()).items[0];
    const project = (await (await admin.request.get("/rest/v1/projects?search=Nightjar")).json()).items[0];
    const taken = await admin.request.post("/rest/v1/equipment/reservations", {
      data: { projectId: project.id, startsAt: `${inHours(32)}:00Z`, endsAt: `${inHours(36)}:00Z`, itemIds: [lens.id] },
      headers: origin,
    });
    expect(taken.status()).toBe(201);

    await student.getByRole("button", { name: "Request 1 reservation" }).click();
    const alert = student
      .getByRole("alert")
      .filter({ hasText: "Already booked: Zeiss CP.3 50mm T2.1 (NFS-LNS-006) is booked" });
    await visible(alert);
    // The form shows the conflict beside its alternatives; no toast repeats it over them on a phone.
    expect(await student.getByText("Reservation not made").count()).toBe(0);
    await alert
      .getByRole("button", { name: /^Use .* instead$/ })
      .first()
      .click();
    await student.getByRole("button", { name: "Request 1 reservation" }).click();
    await toast(student, "Reservation requested");
  });

  it("reads a QR label with the phone camera at the desk: the label's item page address becomes the tag", async () => {
    const office = await utcPage();
    await signIn(office, "equipment@portal.test");
    const camera = (await (await office.request.get("/rest/v1/equipment/items?search=NFS-CAM-001")).json()).items[0];
    // The label prints the item page's full address; the desk must turn it into the asset tag.
    const dir = mkdtempSync(path.join(os.tmpdir(), "portal-qr-"));
    const video = path.join(dir, "label.y4m");
    qrVideo(`${e2e.portal.url}/equipment/items/${camera.id}`, video);
    const browser = await launchBrowser([
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const context = await browser.newContext({
        baseURL: e2e.portal.url,
        timezoneId: "UTC",
        viewport: { width: 1280, height: 900 },
      });
      context.setDefaultTimeout(UI_TIMEOUT);
      await context.grantPermissions(["camera"], { origin: e2e.portal.url });
      const page = await context.newPage();
      const decoder: string[] = [];
      page.on("request", (r) => /jsqr/i.test(r.url()) && decoder.push(r.url()));
      await signIn(page, "equipment@portal.test");
      await page.goto("/equipment-admin");
      await page.getByRole("tab", { name: "Desk" }).click();
      await visible(button(page, "Scan to check in"));
      expect(decoder).toEqual([]);
      await button(page, "Scan to check in").click();
      // A scanned label goes straight onto the return list, as each item does that comes back.
      await visible(page.getByRole("list", { name: "To check in" }).getByText("NFS-CAM-001", { exact: true }));
      expect(await field(page, "Asset tag to check in").inputValue()).toBe("");
      // Linux Chromium has no BarcodeDetector, so the decoding library was fetched, and only now.
      expect(await page.evaluate(() => "BarcodeDetector" in window)).toBe(false);
      expect(decoder.length).toBeGreaterThan(0);
      await visible(button(page, "Scan to check in"));
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("uploads an item's photo in the inventory, shows it in the catalogue, and refuses a file that is not a picture", async () => {
    const office = await utcPage();
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin");
    await office.getByRole("tab", { name: "Inventory" }).click();
    await field(office, "Search the inventory").fill("NFS-LNS-001");
    await office.getByRole("row").filter({ hasText: "NFS-LNS-001" }).getByRole("link").click();
    await visible(office.locator("dl").getByText("NFS-LNS-001", { exact: true }));
    await office.getByRole("button", { name: "Edit" }).click();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await office
      .locator('input[type="file"][accept^="image"]')
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 a PDF in disguise") });
    await toast(office, "Photo not saved");
    await visible(office.getByText(/this file is a PDF/));
    await office
      .locator('input[type="file"][accept^="image"]')
      .setInputFiles({ name: "lens.png", mimeType: "image/png", buffer: png });
    await toast(office, "Photo saved");
    await visible(button(office, "Replace photo"));

    const student = await utcPage();
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    await field(student, "Search").fill("NFS-LNS-001");
    const thumb = student.getByRole("list", { name: "Catalogue" }).getByRole("img", { name: /^Photo of / });
    await visible(thumb);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  it("imports a spreadsheet's `;`-separated Windows-1252 CSV through the dialog, its text shown as saved", async () => {
    const office = await utcPage();
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin?tab=inventory");
    await button(office, "Import CSV").click();
    const dialog = office.getByRole("dialog", { name: "Import items from CSV" });
    // As Excel saves "CSV" where the comma is the decimal separator: `;` between fields, è and € as single bytes.
    const text = "asset_tag;name;category;value;notes\r\nE2E-ENC-1;Projecteur Fresnel;Lumière;1234,50;caution 5 €\r\n";
    await dialog
      .getByLabel(/^CSV file\s*\*?$/)
      .setInputFiles({ name: "inventaire.csv", mimeType: "text/csv", buffer: iconv.encode(text, "windows-1252") });
    await expect
      .poll(() => dialog.getByLabel(/^Or paste the CSV/).inputValue(), { timeout: UI_TIMEOUT })
      .toContain("E2E-ENC-1;Projecteur Fresnel;Lumière;1234,50;caution 5 €");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await toast(office, "Import done", /1 added, 0 updated, 0 rows with problems/);
    const item = (await (await office.request.get("/rest/v1/equipment/items?search=E2E-ENC-1")).json()).items[0];
    expect(item).toMatchObject({ assetTag: "E2E-ENC-1", name: "Projecteur Fresnel" });
  });

  it("shows a production's reservations in the equipment place of its project page", async () => {
    const student = await utcPage();
    await signIn(student, "student@portal.test");
    const project = (await (await student.request.get("/rest/v1/projects?search=The%20Weight%20of%20Water")).json())
      .items[0];
    await student.goto(`/project/${project.id}`);
    const place = student.getByRole("region", { name: "Equipment", exact: true });
    // The seed's "Fiction package A" is out with this production.
    await visible(place.getByText("Checked out", { exact: true }));
    await visible(place.getByText("NFS-CAM-001", { exact: true }));
  });
});
