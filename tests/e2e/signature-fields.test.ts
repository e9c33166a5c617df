import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxe } from "./support/axe.ts";
import { usePortal } from "./support/fixtures.ts";
import { signingLinkFrom } from "./support/signing.ts";
import { button, field, signIn, toast, visible } from "./support/ui.ts";
import { pdfText } from "../../src/server/test/pdf-text.ts";

const e2e = usePortal();
const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) =>
  void (SHOTS && (await page.screenshot({ path: `${SHOTS}/${name}.png` })));

async function newProject(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/rest/v1/projects", {
    data: { title, type: "fiction", academicYear: "2031/32", myRoles: ["producer"] },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("placed signature fields", () => {
  it("places a signature and a date by dragging, and the signer walks the fields on a phone and signs", async () => {
    const student = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(student, "student@portal.test");
    const projectId = await newProject(student, "Pier Stories");
    await student.goto(`/project/${projectId}?tab=documents`);
    await button(student, "From a Template").click();
    const make = student.getByRole("dialog", { name: "Make a Document From a Template" });
    await field(student, "Owner of the location").fill("Ida Sørensen");
    await field(student, "Address of the location").fill("Pier 4");
    await make.getByRole("button", { name: "Make PDF" }).click();
    await toast(student, "Document made");
    const card = student
      .getByRole("listitem")
      .filter({ has: student.getByRole("heading", { name: "Location release — Ida Sørensen" }) });
    await card.getByRole("button", { name: "Send for Signature" }).click();
    const send = student.getByRole("dialog", { name: /^Send “Location release — Ida Sørensen” for Signature$/ });
    await field(student, "Name of person 1").fill("Ida Sørensen");
    await field(student, "E-mail of person 1").fill("ida.fields@outside.test");

    await send.getByRole("button", { name: "Place Fields" }).click();
    const drop = send.getByTestId("field-drop-1");
    await visible(drop);
    const box = (await drop.boundingBox())!;
    await send
      .getByRole("button", { name: /^Signature field: drag/ })
      .dragTo(drop, { targetPosition: { x: box.width * 0.1, y: box.height * 0.8 } });
    const signatureField = send.getByRole("button", { name: "Signature field for Ida Sørensen on page 1" });
    await visible(signatureField);
    await send
      .getByRole("button", { name: /^Date field: drag/ })
      .dragTo(drop, { targetPosition: { x: box.width * 0.6, y: box.height * 0.8 } });
    const dateField = send.getByRole("button", { name: "Date field for Ida Sørensen on page 1" });
    await visible(dateField);
    // The keyboard moves the selected field.
    const before = (await dateField.boundingBox())!;
    await dateField.focus();
    await student.keyboard.press("Shift+ArrowLeft");
    await expect.poll(async () => (await dateField.boundingBox())!.x).toBeLessThan(before.x);
    expect(await seriousAxe(student), "placing fields").toEqual([]);
    await shot(student, "fields-placing-desktop");
    await send.getByRole("button", { name: "Back to the People" }).click();
    await visible(send.getByRole("button", { name: "Place Fields (2 placed)" }));
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await toast(student, "Sent for signature");

    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await phone.goto(await signingLinkFrom(e2e.smtp, "ida.fields@outside.test"));
    const walker = phone.getByRole("region", { name: "Fields to fill in" });
    await visible(walker.getByText("Signature · 1 of 2"));
    await visible(phone.getByRole("button", { name: "Sign here: Signature (required), field 1 of 2" }));
    await phone.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
    await phone.getByRole("radio", { name: "Type" }).click();
    await phone.getByLabel("Type your full name").fill("I. Sørensen");
    // The typed signature shows in its field on the page.
    await visible(phone.getByRole("button", { name: "I. Sørensen: Signature (required), field 1 of 2" }));
    await walker.getByRole("button", { name: "Next Field" }).click();
    await visible(walker.getByText("Date · 2 of 2"));
    await expect.poll(() => phone.getByLabel("Date (required), field 2 of 2").inputValue()).not.toBe("");
    expect(await seriousAxe(phone), "signing with fields").toEqual([]);
    await shot(phone, "fields-signing-phone");
    await phone.getByRole("button", { name: "Sign", exact: true }).click();
    await visible(phone.getByRole("heading", { name: "Thank you, it is signed" }));

    await visible(card.getByText("Signed and sealed"));
    const url = await card.getByRole("link", { name: /^Download/ }).getAttribute("href");
    const sealed = await student.request.get(url!);
    expect(sealed.status()).toBe(200);
    const text = await pdfText(new Uint8Array(await sealed.body()));
    // Signed in place on the release's first page, then the certificate: no signature page between.
    expect(text[0]).toContain("I. Sørensen");
    // The release prints the day it was made as 2026-11-27; the date field, the day it was signed as the school writes dates.
    expect(text[0]).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(text.at(-1)).toContain("Audit certificate");
    expect(text.join(" ")).not.toMatch(/\bSignatures\b/);
  });
});
