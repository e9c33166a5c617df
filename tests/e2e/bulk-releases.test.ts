import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { verifyPdfSignature } from "../../src/server/test/verify-pdf-signature.ts";
import { seriousAxe } from "./support/axe.ts";
import { usePortal } from "./support/fixtures.ts";
import { signingLinkFrom } from "./support/signing.ts";
import { button, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("a release sent to many people", () => {
  it("the producer pastes two people, fixes a bad line, sends; one signs and the sealed PDF's signature verifies", async () => {
    const lead = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.goto(`/project/${projectId}?tab=documents`);
    await button(lead, "Send to Many").click();
    const dialog = lead.getByRole("dialog", { name: "Send a Release to Many" });
    await dialog.getByLabel("Release", { exact: true }).selectOption({ label: "Talent release" });
    await dialog.getByLabel(/^Role or character/).fill("Harbour crowd");
    const people = dialog.getByLabel(/^People/);
    await people.fill("Nora Lind, nora.lind@example.org\nPiet Maas; piet.maas@example\nNora L, NORA.LIND@example.org");
    await button(lead, "Check the List").click();
    const lines = dialog.getByRole("list", { name: "Lines of the list" });
    await visible(lines.getByText(/Line 2: .*is not an e-mail address/));
    await visible(lines.getByText(/Line 3: .*Already on line 1/));
    expect(await seriousAxe(lead), "send to many dialog").toEqual([]);

    await people.fill("Nora Lind, nora.lind@example.org\nPiet Maas; piet.maas@example.org");
    await button(lead, "Check the List").click();
    await button(lead, "Send to 2 People").click();
    await toast(lead, "Releases sent");
    await visible(lines.getByText(/Line 2: Piet Maas .* Sent/));
    await dialog.getByRole("button", { name: "Close" }).first().click();

    const card = lead
      .getByRole("listitem")
      .filter({ has: lead.getByRole("heading", { name: "Talent release — Nora Lind" }) });
    await visible(card.getByText("Waiting for signatures"));
    await visible(lead.getByRole("heading", { name: "Talent release — Piet Maas" }));

    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await phone.goto(await signingLinkFrom(e2e.smtp, "nora.lind@example.org"));
    await visible(phone.getByRole("heading", { name: "Sign “Talent release — Nora Lind”" }));
    await phone.getByRole("radio", { name: "Type" }).click();
    await phone.getByLabel(/^Type your full name/).fill("Nora Lind");
    await phone.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
    await phone.getByRole("button", { name: "Sign", exact: true }).click();
    await visible(phone.getByRole("heading", { name: "Thank you, it is signed" }));

    await visible(card.getByText("Signed and sealed"));
    const sealedUrl = await card.getByRole("link", { name: /^Download/ }).getAttribute("href");
    const bytes = await (await lead.request.get(sealedUrl!)).body();
    expect((await PDFDocument.load(bytes)).getSubject()).toMatch(/^Sealed by The Portal/);
    expect(verifyPdfSignature(bytes)).toMatchObject({ verified: true, coversWholeFile: true });
    expect(e2e.smtp.to("piet.maas@example.org")).toHaveLength(1);
  });
});
