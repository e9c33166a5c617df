import { describe, expect, it } from "vitest";
import { seriousAxe } from "./support/axe.ts";
import { usePortal } from "./support/fixtures.ts";
import { button, field, heading, openProject, signIn, toast, visible } from "./support/ui.ts";

describe("self-service release links", () => {
  const e2e = usePortal();

  it("the producer makes a QR link, a person scans it on a phone, types their name and signs their own release", async () => {
    const lead = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.goto(`/project/${projectId}?tab=documents`);
    await button(lead, "Self-Service Links").click();
    const dialog = lead.getByRole("dialog", { name: "Self-Service Release Links" });
    // The demo's link, with the copy signed through it.
    await visible(dialog.getByText("Harbour crowd casting"));
    await visible(dialog.getByText(/Talent release · 1 signed/));
    await dialog.getByLabel("Release", { exact: true }).selectOption({ label: "Talent release" });
    await dialog.getByLabel(/^Label/).fill("Casting 12 May");
    await dialog.getByLabel("Open for").selectOption({ label: "3 days" });
    await dialog.getByRole("button", { name: "Make link and QR code" }).click();
    await toast(lead, "Link made");
    const qr = dialog.getByRole("img", { name: "QR code of the release link Casting 12 May" });
    await visible(qr);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    const url = (await dialog.getByText(/\/release\/[A-Za-z0-9_-]{43}$/).textContent())!.trim();
    expect(await seriousAxe(lead), "release links dialog").toEqual([]);

    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await phone.goto(new URL(url).pathname);
    await visible(heading(phone, "Sign your talent release"));
    expect(await seriousAxe(phone), "release link page").toEqual([]);
    await field(phone, "Your full name").fill("Mira Kovač");
    await field(phone, "Your e-mail").fill("mira");
    await button(phone, "Continue to sign").click();
    await visible(phone.getByRole("alert").filter({ hasText: "Please enter a valid email address" }));
    await field(phone, "Your e-mail").fill("mira.novak@example.org");
    await field(phone, "Role or character").fill("Harbour crowd");
    await button(phone, "Continue to sign").click();

    await visible(phone.getByRole("heading", { name: "Sign “Talent release — Mira Kovač”" }));
    await visible(phone.getByRole("img", { name: /Talent release — Mira Kovač, page 1 of \d/ }));
    await phone.getByRole("radio", { name: "Type" }).click();
    await field(phone, "Type your full name").fill("Mira Kovač");
    await phone.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
    await phone.getByRole("button", { name: "Sign", exact: true }).click();
    await visible(phone.getByRole("heading", { name: "Thank you, it is signed" }));

    // The sealed copy is on the project's documents, and the link counts it.
    await lead.reload();
    await visible(lead.getByRole("heading", { name: "Talent release — Mira Kovač" }));
    await button(lead, "Self-Service Links").click();
    const item = lead.getByRole("listitem").filter({ hasText: "Casting 12 May" });
    await visible(item.getByText(/Talent release · 1 signed/));
    await item.getByRole("button", { name: "Close the link Casting 12 May" }).click();
    await lead.getByRole("button", { name: "Close link" }).click();
    await toast(lead, "Link closed");

    await phone.goto(new URL(url).pathname);
    await visible(heading(phone, "This release link is closed"));
  });
});
