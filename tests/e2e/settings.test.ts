import { AxeBuilder } from "@axe-core/playwright";
import path from "node:path";
import { writeFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { usePortal, UI_TIMEOUT } from "./support/fixtures.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** A real 16×16 PNG, so the server's check of the bytes accepts it. */
function pngFile(): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const t = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(t));
    return Buffer.concat([len, t, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 16 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(48, 0x80)])),
  );
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "avatar-")), "face.png");
  writeFileSync(file, png);
  return file;
}

describe("/settings", () => {
  it("keeps a student's profile extras, picture, e-mail choices and theme", async () => {
    const page = await e2e.newPage({ colorScheme: "light" });
    await signIn(page, "amara.diallo@portal.test");
    await page.goto("/settings");
    await visible(heading(page, "Settings"));

    await field(page, "Phone").fill("call me maybe");
    await button(page, "Save Profile").click();
    await toast(page, "Profile not saved", /phone number/);
    expect(await field(page, "Phone").inputValue()).toBe("call me maybe");
    await field(page, "Phone").fill("+44 20 7946 0958");
    await field(page, "Programme").fill("BA Documentary");
    await page.getByLabel("Year of study").selectOption("3");
    await button(page, "Save Profile").click();
    await toast(page, "Profile Saved");

    await page.locator("input[type=file]").setInputFiles(pngFile());
    await visible(page.getByAltText("Preview of your new picture"));
    await button(page, "Save Picture").click();
    await toast(page, "Picture Saved");
    await visible(page.getByAltText("Picture of Amara Diallo"));

    await page.getByRole("checkbox", { name: "Equipment" }).uncheck();
    await visible(page.getByText("Saved: no more e-mails about equipment."));

    await page.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);

    await page.reload();
    await visible(heading(page, "Settings"));
    await expect.poll(() => field(page, "Phone").inputValue(), { timeout: UI_TIMEOUT }).toBe("+44 20 7946 0958");
    expect(await page.getByLabel("Year of study").inputValue()).toBe("3");
    expect(await page.getByRole("checkbox", { name: "Equipment" }).isChecked()).toBe(false);
    expect(await page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);

    // Another device has nothing in its storage: the theme follows from the profile.
    const phone = await e2e.newPage({ colorScheme: "light", viewport: { width: 390, height: 844 } });
    await signIn(phone, "amara.diallo@portal.test");
    await expect
      .poll(() => phone.evaluate(() => document.documentElement.classList.contains("dark")), { timeout: UI_TIMEOUT })
      .toBe(true);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
  });

  it("lets an admin edit the school, and tells the later of two admins who saved first", async () => {
    const first = await e2e.newPage();
    const second = await e2e.newPage();
    for (const page of [first, second]) {
      await signIn(page, "admin@portal.test");
      await page.goto("/settings");
      await expect
        .poll(() => field(page, "School name").inputValue(), { timeout: UI_TIMEOUT })
        .toBe("Northbridge Film School");
    }

    await field(first, "New checklist item").fill("Health and safety briefing");
    await button(first, "Add Item").click();
    await button(first, "Move “Health and safety briefing” up").click();
    await button(first, "Remove “Insurance”").click();
    await first.getByRole("dialog").getByRole("button", { name: "Remove Item" }).click();
    await first.getByRole("switch", { name: "Budget approval bypass" }).click();
    await button(first, "Save School Settings").click();
    await toast(first, "School Settings Saved");

    await field(second, "Approval link lifetime (days)").fill("30");
    await button(second, "Save School Settings").click();
    await visible(second.getByRole("alert").filter({ hasText: "Someone else changed these settings" }));
    expect(await field(second, "Approval link lifetime (days)").inputValue()).toBe("30");
    await button(second, "Load Their Settings").click();
    expect(await second.getByRole("switch", { name: "Budget approval bypass" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await visible(field(second, "Item 6"));
    expect(await field(second, "Item 6").inputValue()).toBe("Health and safety briefing");

    const axe = await new AxeBuilder({ page: second }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
  });

  it("shows no school section to a student", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    await page.goto("/settings");
    await visible(page.getByRole("heading", { name: "Appearance" }));
    expect(await page.getByRole("heading", { name: "School" }).count()).toBe(0);
  });
});
