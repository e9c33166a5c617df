import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { gone, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

async function permitPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 400]).drawText("Armourer's licence", { x: 20, y: 360, size: 12 });
  return Buffer.from(await doc.save());
}

describe("hazards", () => {
  it("a hazard requirement appears with its date and blocks the day until its approver approves it", async () => {
    // Small Hours shoots its knife scene in 18 days; the armourer's licence (21 business days before) is missing.
    const student = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(student, "student@portal.test");
    const projectId = await openProject(student, "Small Hours");
    await student.getByRole("tab", { name: "Safety" }).click();
    const licence = student.getByRole("listitem", { name: "Armourer's licence, scene 1" });
    await visible(licence.getByText(/^Due .+ — late \(21 business days before/));
    await visible(licence.getByText("Waiting for a document"));
    await visible(
      student.getByRole("listitem", { name: "Weapons plan, scene 1" }).getByText("Approved", { exact: true }).first(),
    );

    // The stripboard and the call sheet say the day is blocked, and why.
    await student.getByRole("tab", { name: "Schedule" }).click();
    const blocked = student.getByText(/^blocked: armourer's licence due /).first();
    await visible(blocked);

    // The producer uploads the licence straight onto the requirement.
    await student.getByRole("tab", { name: "Safety" }).click();
    await licence.getByLabel("Upload a document for Armourer's licence").setInputFiles({
      name: "Armourer licence.pdf",
      mimeType: "application/pdf",
      buffer: await permitPdf(),
    });
    await toast(student, "Document attached");
    await visible(licence.getByText("Waiting for a decision"));

    // The supervisor decides it in the portal.
    const staff = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(staff, "staff@portal.test");
    // The production overview marks the project's blocked day, and why.
    await staff.goto("/production-overview");
    const card = staff.getByRole("article", { name: "Small Hours" });
    await visible(card.getByText(/1 shoot day from .*blocked: armourer's licence due /));
    await staff.goto(`/project/${projectId}?tab=safety`);
    const form = staff.getByRole("form", { name: "Decide Armourer's licence" });
    await visible(form);
    await form.getByLabel("Your decision").selectOption("approved");
    await form.getByLabel("Comment").fill("Licence seen; valid until next year.");
    await form.getByRole("button", { name: "Record decision" }).click();
    await toast(staff, "Approved: Armourer's licence");
    const approved = staff.getByRole("listitem", { name: "Armourer's licence, scene 1" });
    await visible(approved.getByText("Approved", { exact: true }).first());
    await approved.getByText(/^History/).click();
    await visible(approved.getByText(/Licence seen; valid until next year/));

    // The block is gone from the student's stripboard.
    await student.getByRole("tab", { name: "Schedule" }).click();
    await student.reload();
    await visible(student.getByRole("tab", { name: "Schedule", selected: true }));
    await expect.poll(() => student.getByText(/^blocked: /).count(), { timeout: UI_TIMEOUT }).toBe(0);
    await gone(student.getByText(/^blocked: armourer's licence/));
  });
});
