import { writeFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addBusinessDays, isoDay } from "../../src/common/time.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, field, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();
const OFFICE = "insurance@portal.test";
const LINK = /https?:\/\/\S+\/insurance-answer\/[0-9a-f-]+\?token=[A-Za-z0-9_-]+/;

describe("insurance certificates", () => {
  it("a student asks for a certificate, the office answers through its link without signing in, and the student finds it in the documents", async () => {
    const student = await e2e.newPage();
    await signIn(student, "amara.diallo@portal.test");
    await openProject(student, "The Weight of Water");
    await student.getByRole("tab", { name: "Insurance" }).click();
    // The demo's answered request is there already, its certificate filed.
    await visible(student.getByRole("link", { name: "Open the certificate" }).first());

    const form = student.getByRole("form", { name: "Ask for a certificate of insurance" });
    await form.getByLabel("For", { exact: true }).selectOption("location");
    await field(student, "What is insured").fill("The lighthouse keeper's cottage");
    await field(student, "Address").fill("Lighthouse Road 1, Northbridge");
    const start = addBusinessDays(isoDay(new Date()), 8);
    await field(student, "First day").fill(start);
    await field(student, "Certificate holder").fill("Northbridge Harbour Trust");
    await field(student, "Certificate holder's address").fill("Quay 2, Northbridge");
    await button(student, "Send the request").click();
    await toast(student, "Request sent to the insurance office");
    const card = student
      .getByRole("list", { name: "Certificate requests" })
      .getByRole("listitem")
      .filter({ hasText: "The lighthouse keeper's cottage" });
    await visible(card.getByText("With the insurance office"));

    // The office's e-mail carries its link; it opens in a browser with no account.
    let link = "";
    await expect
      .poll(
        () => {
          const mail = e2e.smtp.to(OFFICE).find((m) => m.text.includes("lighthouse keeper"));
          link = mail?.text.match(LINK)?.[0] ?? "";
          return link;
        },
        { timeout: UI_TIMEOUT },
      )
      .not.toBe("");
    const office = await e2e.newPage();
    await office.goto(link);
    await visible(office.getByRole("heading", { name: "Certificate of insurance" }));
    await visible(office.getByText("Northbridge Harbour Trust, Quay 2, Northbridge"));
    const dir = mkdtempSync(path.join(os.tmpdir(), "insurance-"));
    const pdf = path.join(dir, "certificate-lighthouse.pdf");
    writeFileSync(pdf, "%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    await office.getByLabel("Upload the certificate (PDF or picture)").setInputFiles(pdf);
    await visible(office.getByText("Thank you: the certificate is with the production, in its documents."));
    // The same link again: answered, refused.
    await office.goto(link);
    await visible(office.getByRole("heading", { name: "This link does not work" }));
    await visible(office.getByText(/already answered/));

    // The student's tab follows, and the certificate is in the documents under Insurance.
    await visible(card.getByText("Certificate issued"));
    await student.getByRole("tab", { name: "Documents" }).click();
    await visible(student.getByText("Certificate of insurance: The lighthouse keeper's cottage").first());

    // The demo's camera rental still waits for the office, so the greenlight's Insurance item is not ticked yet.
    await student.getByRole("tab", { name: "Greenlight" }).click();
    const item = student
      .getByRole("region", { name: "Greenlight checklist" })
      .getByRole("listitem")
      .filter({ hasText: /^Insurance/ });
    await visible(item.getByText("1 request with the insurance office"));
    await visible(item.getByText("Not done yet."));
    // The crew hires its gear elsewhere and withdraws that request: every certificate asked for is issued.
    await student.getByRole("tab", { name: "Insurance" }).click();
    await student
      .getByRole("list", { name: "Certificate requests" })
      .getByRole("listitem")
      .filter({ hasText: "Camera and lighting package" })
      .getByRole("button", { name: "Withdraw the request" })
      .click();
    await student.getByRole("tab", { name: "Greenlight" }).click();
    await visible(item.getByText("2 certificates issued."));
    await visible(item.getByText("Insurance: done"));
  });
});
