import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../src/server/test/pdf-text.ts";
import { seriousAxe } from "./support/axe.ts";
import { usePortal } from "./support/fixtures.ts";
import { drawSignature } from "./support/signing.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("taking gear back at the desk", () => {
  it("the office takes two items of a reservation back, one damaged, under one signature, keeps the receipt, and sees the model's timeline", async () => {
    const office = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 1280, height: 900 } });
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin?tab=desk");
    await visible(heading(office, "Equipment Administration"));

    // The Weight of Water has eight items out; two come back today.
    const row = office
      .getByRole("list", { name: "Out now" })
      .getByRole("listitem")
      .filter({ hasText: "The Weight of Water" });
    await row.getByRole("button", { name: /^In: NFS-LNS-001/ }).click();
    await field(office, "Asset tag to check in").fill("nfs-lns-003");
    await button(office, "Add to the return list").click();
    const list = office.getByRole("list", { name: "To check in" });
    await visible(list.getByRole("listitem", { name: "NFS-LNS-001" }));
    await visible(list.getByRole("listitem", { name: "NFS-LNS-003" }));
    await field(office, "Condition of NFS-LNS-003").selectOption({ label: "Damaged" });
    await field(office, "Notes on NFS-LNS-003").fill("Iris ring sticks at T4");
    await field(office, "Notes on NFS-LNS-001").fill("Lens cap missing");
    await expect
      .poll(() => office.getByRole("checkbox", { name: "NFS-LNS-003 damaged: send to maintenance" }).isChecked())
      .toBe(true);

    // Without a signature nothing comes back.
    await button(office, "Check in").click();
    await visible(office.getByRole("alert").filter({ hasText: "Returned without a signature" }));
    await drawSignature(office.getByLabel(/^Signature of the person returning/));
    await button(office, "Check in").click();
    await visible(
      office
        .getByRole("status")
        .filter({ hasText: "NFS-LNS-001, NFS-LNS-003 checked in for “The Weight of Water”. 6 more items" }),
    );
    expect(await seriousAxe(office)).toEqual([]);

    const link = office.getByRole("link", { name: "Return receipt (PDF)" }).first();
    const [download] = await Promise.all([office.waitForEvent("download"), link.click()]);
    const text = (await pdfText(new Uint8Array(readFileSync((await download.path())!)))).join(" ");
    expect(text).toContain("Equipment return receipt");
    expect(text).toMatch(/NFS-LNS-001 Zeiss CP\.3 25mm T2\.1 Good Lens cap missing/);
    expect(text).toMatch(
      /NFS-LNS-003 Zeiss CP\.3 35mm T2\.1 Damaged Iris ring sticks at T4 Damaged: sent to maintenance\./,
    );
    expect(text).toContain("Still out (6)");
    expect(text).toContain("NFS-CAM-001");
    expect(text).toContain("Received by Priya Natarajan");
    expect(text).toContain("Signature of the person returning");

    // The model's timeline: one row per unit, the returned booking on the first, Nightjar's approved one on the second.
    await office.getByRole("tab", { name: "By model" }).click();
    await field(office, "Search the models").fill("CP.3 25");
    await office.getByRole("button", { name: /^Zeiss CP\.3 25mm/ }).click();
    await visible(office.getByRole("heading", { name: "Timeline of Zeiss CP.3 25mm", level: 2 }));
    const units = office.getByRole("list", { name: "Units of Zeiss CP.3 25mm" });
    // The bar, not its words: returned minutes after midnight, it is a sliver of today too narrow for its label
    // (which its title and the screen reader's text still give).
    await visible(
      units
        .getByRole("list", { name: "Bookings of NFS-LNS-001" })
        .getByRole("listitem")
        .filter({ hasText: "Returned · The Weight of Water" }),
    );
    await visible(units.getByRole("list", { name: "Bookings of NFS-LNS-002" }).getByText("Approved · Nightjar"));
    expect(await seriousAxe(office)).toEqual([]);
    if (process.env.SHOTS) await office.screenshot({ path: `${process.env.SHOTS}/timeline-1280.png`, fullPage: true });

    // A week on, Nightjar's booking has ended: the next week shows nothing of it.
    await button(office, "Next week").click();
    await button(office, "Next week").click();
    await expect
      .poll(() => units.getByRole("list", { name: "Bookings of NFS-LNS-002" }).getByText("Approved · Nightjar").count())
      .toBe(0);

    // On a phone only the timeline scrolls sideways.
    await office.setViewportSize({ width: 390, height: 844 });
    await button(office, "Previous week").click();
    await button(office, "Previous week").click();
    const region = office.getByRole("region", { name: /^Timeline of Zeiss CP\.3 25mm, / });
    await visible(region);
    const widths = await office.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    if (process.env.SHOTS) await office.screenshot({ path: `${process.env.SHOTS}/timeline-390.png`, fullPage: true });
  });

  it("the demo's returned reservation keeps both signed receipts: what went out, and what came back in what condition", async () => {
    const office = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 1280, height: 900 } });
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin?tab=requests");
    await field(office, "Show").selectOption({ label: "Returned" });
    const redLine = office
      .getByRole("list", { name: "Reservations" })
      .getByRole("listitem")
      .filter({ hasText: "Red Line" });
    const read = async (name: string) => {
      const [download] = await Promise.all([
        office.waitForEvent("download"),
        redLine.getByRole("link", { name }).click(),
      ]);
      return (await pdfText(new Uint8Array(readFileSync((await download.path())!)))).join(" ");
    };

    const back = await read("Return receipt (PDF)");
    expect(back).toContain("Equipment return receipt");
    expect(back).toContain("Returned by Elliot Brooks");
    expect(back).toContain("Received by Priya Natarajan");
    expect(back).toMatch(
      /NFS-LNS-020 .* Damaged Front element scratched; the focus ring is stiff\. Damaged: sent to maintenance\./,
    );
    expect(back).toMatch(/NFS-SUP-002 .* Fair One leg lock slips; tightened at the desk\./);
    expect(back).toContain("Nothing: every item handed out is back.");
    expect(back).toContain("Signature of the person returning");

    const out = await read("Check-out receipt (PDF)");
    expect(out).toContain("Equipment check-out receipt");
    expect(out).toContain("Items (3)");
    expect(out).toContain("Borrower's signature");
    expect(await seriousAxe(office)).toEqual([]);
  });

  it("the office sets a model's day rate once, in the view by model, for every unit", async () => {
    const office = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 1280, height: 900 } });
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin?tab=models");
    await field(office, "Search the models").fill("CP.3 50");
    await office.getByRole("button", { name: /^Zeiss CP\.3 50mm/ }).click();
    const rate = field(office, "Rental day rate of Zeiss CP.3 50mm (EUR)");
    await rate.fill("180,50");
    await button(office, "Save the model's day rate").click();
    await toast(office, "Day rate saved");
    await visible(office.getByText("for the 2 units of Zeiss CP.3 50mm"));
    await office.reload();
    await field(office, "Search the models").fill("CP.3 50");
    await office.getByRole("button", { name: /^Zeiss CP\.3 50mm/ }).click();
    await expect
      .poll(() => field(office, "Rental day rate of Zeiss CP.3 50mm (EUR)").inputValue())
      .toMatch(/^180[.,]50$/);
    expect(await seriousAxe(office)).toEqual([]);
  });
});
