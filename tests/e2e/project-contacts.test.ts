import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("a production's shared contacts", () => {
  it("the producer adds a location contact, picks a contact in Send to Many, and finds the location on the call sheet", async () => {
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
    await visible(block.getByText("Ines Moretti"));
    await visible(block.getByRole("link", { name: "+41 79 700 12 34" }));
    await visible(block.getByText("Lumen Rentals"));
    expect(await block.getByText("Clara Wu").count()).toBe(0);
  });
});
