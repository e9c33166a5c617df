import type { Locator, Page } from "playwright-core";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { seriousAxe } from "./support/axe.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { drawSignature, signingLinkFrom } from "./support/signing.ts";
import { button, heading, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();
const SHOTS = process.env.SCREENSHOT_DIR;

const inside = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function newProject(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/rest/v1/projects", {
    data: {
      title,
      type: "fiction",
      academicYear: "2031/32",
      myRoles: ["producer"],
      shootStart: "2031-10-01",
      shootEnd: "2031-10-02",
      locations: ["Old harbour"],
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("documents and signatures", () => {
  it("makes a release, sends it, the owner signs on a phone, and the sealed PDF becomes the newest version", async () => {
    const student = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(student, "student@portal.test");
    const projectId = await newProject(student, "Harbour Lights");
    await student.goto(`/project/${projectId}?tab=documents`);
    await visible(student.getByRole("heading", { name: "Documents", exact: true }));

    await button(student, "From a Template").click();
    const make = student.getByRole("dialog", { name: "Make a Document From a Template" });
    await inside(make, "Owner of the location").fill("Ida Sørensen");
    await inside(make, "Address of the location").fill("Pier 4, Old harbour");
    await button(student, "Make PDF").click();
    await toast(student, "Document made");
    const card = student
      .getByRole("listitem")
      .filter({ has: student.getByRole("heading", { name: "Location release — Ida Sørensen" }) });
    await visible(card);

    await card.getByRole("button", { name: "Send for Signature" }).click();
    const send = student.getByRole("dialog", { name: /^Send “Location release — Ida Sørensen” for Signature$/ });
    await inside(send, "Name of person 1").fill("Ida Sørensen");
    await inside(send, "E-mail of person 1").fill("ida@outside.test");
    await inside(send, "Message").fill("Thank you for letting us film on your pier!");
    await shot(student, "documents-send-desktop");
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await toast(student, "Sent for signature");
    await visible(card.getByText("Waiting for signatures"));
    await shot(student, "documents-tab-desktop");
    expect(await seriousAxe(student), "documents tab").toEqual([]);

    const link = await signingLinkFrom(e2e.smtp, "ida@outside.test");
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await phone.goto(link);
    await visible(phone.getByRole("heading", { name: "Sign “Location release — Ida Sørensen”" }));
    await visible(phone.getByText("Thank you for letting us film on your pier!"));
    await visible(phone.getByRole("img", { name: /Location release — Ida Sørensen, page 1 of \d/ }));
    await shot(phone, "signing-phone");
    expect(await seriousAxe(phone), "signing page").toEqual([]);

    await phone.getByRole("button", { name: "Sign", exact: true }).click();
    await toast(phone, "Not signed", "Tick the box to agree to sign electronically.");
    await phone.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
    await phone.getByRole("button", { name: "Sign", exact: true }).click();
    await toast(phone, "Not signed", "Draw your signature in the box.");
    await drawSignature(phone.getByLabel(/^Draw your signature/));
    await phone.getByRole("button", { name: "Sign", exact: true }).click();
    await visible(phone.getByRole("heading", { name: "Thank you, it is signed" }));
    await shot(phone, "signing-done-phone");

    // The same link again: used, and no document.
    await phone.goto(link);
    await visible(phone.getByRole("heading", { name: "You have already answered" }));
    expect(await phone.locator("canvas").count()).toBe(0);

    await visible(card.getByText("Signed by everyone"));
    await visible(card.getByText("Signed and sealed"));
    await visible(card.getByText(/^Version 2 · .*\(signed\)\.pdf/));

    // The sealed copy reached the signer through the SMTP peer, as a PDF of the original page, the signatures and the certificate.
    await expect
      .poll(() => e2e.smtp.to("ida@outside.test").some((m) => m.subject.startsWith("Signed by everyone")), {
        timeout: UI_TIMEOUT,
      })
      .toBe(true);
    const sealedUrl = await card.getByRole("link", { name: /^Download/ }).getAttribute("href");
    const sealed = await student.request.get(sealedUrl!);
    const pdf = await PDFDocument.load(await sealed.body());
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(pdf.getSubject()).toMatch(/^Sealed by The Portal/);

    await card.getByRole("link", { name: /^Preview/ }).click();
    await visible(heading(student, "Location release — Ida Sørensen"));
    await visible(
      student.getByRole("img", { name: new RegExp(`page ${pdf.getPageCount()} of ${pdf.getPageCount()}`) }),
    );
    await button(student, "Zoom in").click();
    await visible(student.getByText("125%"));
    await shot(student, "view-document-desktop");
    expect(await seriousAxe(student), "document preview").toEqual([]);
  });

  it("a signed talent release alone does not tick the releases item, which names what is still missing", async () => {
    const lead = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.goto(`/project/${projectId}?tab=documents`);
    await button(lead, "From a Template").click();
    const make = lead.getByRole("dialog", { name: "Make a Document From a Template" });
    await inside(make, "Template").selectOption({ label: "Talent release" });
    await inside(make, "Performer").fill("Hanna Brunner");
    await inside(make, "Role or character").fill("INES");
    await button(lead, "Make PDF").click();
    await toast(lead, "Document made");
    const card = lead
      .getByRole("listitem")
      .filter({ has: lead.getByRole("heading", { name: "Talent release — Hanna Brunner" }) });
    await card.getByRole("button", { name: "Send for Signature" }).click();
    const send = lead.getByRole("dialog", { name: /^Send “Talent release — Hanna Brunner” for Signature$/ });
    await inside(send, "Name of person 1").fill("Hanna Brunner");
    await inside(send, "E-mail of person 1").fill("hanna.brunner@example.com");
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await toast(lead, "Sent for signature");

    const actor = await e2e.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await actor.goto(await signingLinkFrom(e2e.smtp, "hanna.brunner@example.com"));
    await visible(actor.getByRole("img", { name: /Talent release — Hanna Brunner, page 1 of \d/ }));
    await actor.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
    await drawSignature(actor.getByLabel(/^Draw your signature/));
    await actor.getByRole("button", { name: "Sign", exact: true }).click();
    await visible(actor.getByRole("heading", { name: "Thank you, it is signed" }));
    await visible(card.getByText("Signed by everyone"));

    await lead.goto(`/project/${projectId}?tab=greenlight`);
    const item = lead.getByRole("listitem").filter({ hasText: "Location and talent releases signed" });
    await visible(
      item.getByText(/Missing: location release for .*HARBOUR FLAT.*; talent release for .*Marc Aebischer/),
    );
    await visible(item.getByText("Not done yet.", { exact: false }));
    expect(await item.textContent()).not.toContain("Hanna Brunner");
  });

  it("uploads through the tab, refuses a disguised file, previews an image, deletes and restores, and shows a QR code for signing on set", async () => {
    const student = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(student, "student@portal.test");
    const projectId = await newProject(student, "Kiln Notes");
    await student.goto(`/project/${projectId}?tab=documents`);
    await visible(student.getByRole("heading", { name: "Documents", exact: true }));

    const uploadFile = async (name: string, mimeType: string, buffer: Buffer, category: string) => {
      await button(student, "Upload").click();
      const dialog = student.getByRole("dialog", { name: "Upload a Document" });
      await inside(dialog, "File").setInputFiles({ name, mimeType, buffer });
      await dialog.getByLabel("Category").selectOption(category);
      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    };
    // A program renamed to .pdf: refused by what it contains, with the server's words.
    await uploadFile(
      "release.pdf",
      "application/pdf",
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
      "release_forms",
    );
    await toast(student, "Not uploaded", /checks what the file contains, not its name/);
    await button(student, "Cancel").click();

    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    );
    await uploadFile("location-photo.png", "image/png", png, "permits");
    await toast(student, "Document uploaded");
    const card = student
      .getByRole("listitem")
      .filter({ has: student.getByRole("heading", { name: "location-photo" }) });
    await visible(card.getByText("Permits"));
    await shot(student, "documents-tab-phone");

    await card.getByRole("link", { name: /^Preview/ }).click();
    await visible(heading(student, "location-photo"));
    await visible(student.getByRole("img", { name: "location-photo" }));
    await shot(student, "view-image-phone");
    await student.goBack();

    await card.getByRole("button", { name: "Delete", exact: true }).click();
    await student.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await toast(student, "Document deleted");
    await student.getByRole("checkbox", { name: "Show deleted" }).check();
    await card.getByRole("button", { name: "Restore", exact: true }).click();
    await toast(student, "Document restored");
    await student.getByRole("checkbox", { name: "Show deleted" }).uncheck();
    await visible(card);

    // A release sent for signature, then signed in person: the QR code carries a link of its own.
    await button(student, "From a Template").click();
    const make = student.getByRole("dialog", { name: "Make a Document From a Template" });
    await make.getByLabel("Template").selectOption("talent_release");
    await inside(make, "Performer").fill("Noah Berg");
    await button(student, "Make PDF").click();
    await toast(student, "Document made");
    const release = student
      .getByRole("listitem")
      .filter({ has: student.getByRole("heading", { name: "Talent release — Noah Berg" }) });
    await release.getByRole("button", { name: "Send for Signature" }).click();
    const send = student.getByRole("dialog", { name: /for Signature$/ });
    await inside(send, "Name of person 1").fill("Noah Berg");
    await inside(send, "E-mail of person 1").fill("noah@outside.test");
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await toast(student, "Sent for signature");
    await release.getByRole("button", { name: /^Sign in Person/ }).click();
    const qr = student.getByRole("dialog", { name: "Sign in person: Noah Berg" });
    await visible(qr.getByRole("img", { name: /QR code of the signing link/ }));
    const inPerson = await qr.getByText(/\/signature\//).textContent();
    await shot(student, "qr-phone");
    const onSet = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await onSet.goto(inPerson!.trim());
    await visible(onSet.getByRole("heading", { name: "Sign “Talent release — Noah Berg”" }));

    // Staff see it waiting on the admin dashboard.
    const staff = await e2e.newPage();
    await signIn(staff, "staff@portal.test");
    await staff.goto("/admin");
    await visible(staff.getByRole("link", { name: "Signature: Talent release — Noah Berg (Kiln Notes)" }));
  });

  it("answers a wrong link with a clear page and no document", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto("/signature/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001?token=nope");
    await visible(heading(page, "Document Signature"));
    await visible(page.getByRole("heading", { name: "This link does not work" }));
    await shot(page, "signing-bad-link-phone");
  });
});
