import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addBusinessDays, isoDay } from "../../src/common/time.ts";
import { usePortal } from "./support/fixtures.ts";
import { button, field, gone, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** The Call sheets tab of a project's schedule: its day picker and the sheet's production contacts. */
async function openCallSheets(page: Page, projectId: string) {
  await page.goto(`/project/${projectId}?tab=schedule`);
  await page.getByRole("tab", { name: "Call sheets" }).click();
  return {
    days: page.getByRole("combobox", { name: "Shoot day" }),
    block: page.getByRole("region", { name: "Production contacts" }),
  };
}
const SHOTS = process.env.SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe("a production's shared contacts", () => {
  it("the producer adds a location contact, picks a contact in Send to Many, and adds the location to a day's call sheet", async () => {
    const lead = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.getByRole("tab", { name: "Contacts" }).click();
    const form = lead.getByRole("form", { name: "Add a contact" });
    await form.getByLabel("Name", { exact: true }).fill("Ines Moretti");
    await form.getByLabel("Kind").selectOption({ label: "Location" });
    await form.getByLabel("Role or company").fill("Lighthouse keeper");
    await form.getByLabel("Phone").fill("+41 79 700 12 34");
    await form.getByLabel("E-mail").fill("ines@lighthouse.example");
    await button(lead, "Add Contact").click();
    await toast(lead, "Contact added");
    await visible(lead.getByRole("list", { name: "Contacts" }).getByText("Ines Moretti"));

    await lead.goto(`/project/${projectId}?tab=documents`);
    await button(lead, "Send to Many").click();
    const dialog = lead.getByRole("dialog", { name: "Send a Release to Many" });
    await dialog.getByLabel("Add from contacts").selectOption({ label: "Clara Wu (Cast, Anna)" });
    await expect.poll(() => dialog.getByLabel(/^People/).inputValue()).toBe("Clara Wu, clara.wu@example.com\n");
    await button(lead, "Check the List").click();
    await visible(
      dialog.getByRole("list", { name: "Lines of the list" }).getByText(/Line 1: Clara Wu .* Ready to send/),
    );
    await dialog.getByRole("button", { name: "Close" }).first().click();

    await lead.goto(`/project/${projectId}?tab=schedule`);
    await lead.getByRole("tab", { name: "Call sheets" }).click();
    await lead.getByRole("combobox", { name: "Shoot day" }).selectOption({ index: 0 });
    const block = lead.getByRole("region", { name: "Production contacts" });
    // The demo chose days: the rental house is on every day, a new contact on none until it is added.
    await visible(block.getByText("Lumen Rentals"));
    expect(await block.getByText("Ines Moretti").count()).toBe(0);
    await lead
      .getByLabel("Add a contact to this day")
      .selectOption({ label: "Ines Moretti (Location, Lighthouse keeper)" });
    await toast(lead, "Call sheets updated");
    await visible(block.getByText("Ines Moretti"));
    await visible(block.getByRole("link", { name: "+41 79 700 12 34" }));
    expect(await block.getByText("Clara Wu").count()).toBe(0);
    await button(lead, "Take Ines Moretti off this day").click();
    await gone(block.getByText("Ines Moretti"));
  });

  it("a producer fills an insurance request from the contacts, then finds that contact on its day's call sheet only", async () => {
    const lead = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.getByRole("tab", { name: "Insurance" }).click();
    const form = lead.getByRole("form", { name: "Ask for a certificate of insurance" });
    await form.getByLabel("For", { exact: true }).selectOption("location");
    await field(lead, "What is insured").fill("The harbour flat, kitchen and stairwell");
    await form
      .getByLabel("From contacts")
      .selectOption({ label: "Marta Keller (Location, Owner, Harbour flat and café)" });
    const marta = form.getByRole("group", { name: /Covered location 1: Marta Keller/ });
    // Filled from the contact, and still editable; the request's empty address takes the place's.
    await expect.poll(() => marta.getByLabel("Phone").inputValue()).toBe("+41 79 412 88 10");
    await expect.poll(() => marta.getByLabel("Address").inputValue()).toBe("Seestrasse 12, Northbridge");
    await expect.poll(() => field(lead, "Address").first().inputValue()).toBe("Seestrasse 12, Northbridge");
    await marta.getByLabel("Name").fill("Marta Keller (Harbour flat)");
    // A typed vendor, saved back to the contacts.
    await button(lead, "Type a location or vendor").click();
    const typed = form.getByRole("group", { name: /Covered vendor 2/ });
    await typed.getByLabel("Name").fill("Seeburg Scaffolds");
    await typed.getByLabel("Address").fill("Werkhof 3, Northbridge");
    await typed.getByLabel("Phone").fill("+41 44 555 66 77");
    await typed.getByLabel("Save to contacts").check();
    await field(lead, "First day").fill(addBusinessDays(isoDay(new Date()), 8));
    await field(lead, "Certificate holder").fill("Marta Keller");
    await field(lead, "Certificate holder's address").fill("Seestrasse 12, Northbridge");
    await shot(lead, "insurance-from-contacts");
    await button(lead, "Send the request").click();
    await toast(lead, "Request sent to the insurance office");
    const card = lead
      .getByRole("list", { name: "Certificate requests" })
      .getByRole("listitem")
      .filter({ hasText: "The harbour flat, kitchen and stairwell" });
    await visible(card.getByText("Marta Keller (Harbour flat)"));
    await visible(card.getByText(/\+41 79 412 88 10/).first());
    await visible(card.getByText("Seeburg Scaffolds"));

    await lead.getByRole("tab", { name: "Contacts" }).click();
    const list = lead.getByRole("list", { name: "Contacts" });
    await visible(list.getByText("Seeburg Scaffolds"));
    await visible(
      list
        .getByRole("listitem")
        .filter({ hasText: "Marta Keller" })
        .getByText(/call sheet of day 1/),
    );
    await shot(lead, "contacts-days");

    const { days, block } = await openCallSheets(lead, projectId);
    await days.selectOption({ index: 0 });
    await visible(block.getByText("Marta Keller"));
    await shot(lead, "call-sheet-day-contacts");
    await days.selectOption({ index: 1 });
    await visible(block.getByText("Lumen Rentals"));
    expect(await block.getByText("Marta Keller").count()).toBe(0);
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, "amara.diallo@portal.test");
    await phone.goto(`/project/${projectId}?tab=insurance`);
    await visible(phone.getByText("Marta Keller (Harbour flat)").first());
    await shot(phone, "insurance-phone");
  });

  it("the producer links contacts to the script's places and characters, and each day's call sheet says why it lists them", async () => {
    const lead = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.getByRole("tab", { name: "Contacts" }).click();
    const list = lead.getByRole("list", { name: "Contacts" });
    const item = (name: string) => list.getByRole("listitem").filter({ hasText: name });
    // The demo's links: the flat's owner to its scene location, the mother's actor to her character.
    await visible(item("Marta Keller").getByText(/linked to scenes at HARBOUR FLAT - KITCHEN/));
    await visible(item("Lucia Ferraro").getByText(/call sheet of day 2 .*linked to MOTHER's days/));

    const form = lead.getByRole("form", { name: "Add a contact" });
    await form.getByLabel("Name", { exact: true }).fill("Ruth Baumann");
    await form.getByLabel("Kind").selectOption({ label: "Location" });
    await form.getByLabel("Role or company").fill("Captain, MS Helvetia");
    await form.getByLabel("Phone").fill("+41 79 555 41 41");
    await button(lead, "Add Contact").click();
    await toast(lead, "Contact added");
    await visible(item("Ruth Baumann").getByText("On no call sheet"));
    await button(lead, "Call sheet days of Ruth Baumann").click();
    const ruth = lead.getByRole("group", { name: "Call sheet days of Ruth Baumann" });
    await ruth.getByLabel("Scene location").selectOption("FERRY WHEELHOUSE");
    await button(lead, "Save Days").click();
    await toast(lead, "Call sheets updated");
    await visible(item("Ruth Baumann").getByText(/call sheet of day 2 .*linked to scenes at FERRY WHEELHOUSE/));

    await button(lead, "Call sheet days of Jonas Brandt").click();
    await lead
      .getByRole("group", { name: "Call sheet days of Jonas Brandt" })
      .getByLabel("Character")
      .selectOption("PAUL");
    await button(lead, "Save Days").click();
    await toast(lead, "Call sheets updated");
    await visible(item("Jonas Brandt").getByText(/call sheet of day 2 .*day 3 .*linked to PAUL's days/));
    await shot(lead, "contacts-linked");

    const { days, block } = await openCallSheets(lead, projectId);
    await days.selectOption({ index: 1 });
    const line = (name: string) => block.getByRole("listitem").filter({ hasText: name });
    await visible(line("Ruth Baumann").getByText("(Scenes at FERRY WHEELHOUSE)"));
    await visible(line("Ruth Baumann").getByRole("link", { name: "+41 79 555 41 41" }));
    await visible(line("Lucia Ferraro").getByText("(MOTHER works today)"));
    await visible(line("Jonas Brandt").getByText("(PAUL works today)"));
    await visible(line("Lumen Rentals").getByText("(Every day)"));
    await shot(lead, "call-sheet-linked-contacts");
    await days.selectOption({ index: 0 });
    await visible(line("Marta Keller").getByText("(Scenes at HARBOUR FLAT - KITCHEN)"));
    expect(await block.getByText("Ruth Baumann").count()).toBe(0);
    expect(await block.getByText("Lucia Ferraro").count()).toBe(0);
  });
});
