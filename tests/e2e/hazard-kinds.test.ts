import { describe, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("hazard kinds", () => {
  it("an admin edits a hazard's lead time in the settings, and a hazard flagged by hand is due by it", async () => {
    const admin = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, "admin@portal.test");
    await admin.goto("/settings");
    const stunts = admin.getByRole("group", { name: "Stunts" });
    const signOff = stunts.getByRole("listitem", { name: "Stunts: Stunt coordinator's sign-off" });
    const lead = signOff.getByLabel(/^Lead time/);
    await visible(lead);
    // A lead time written as a decimal is refused with a reason, and nothing is saved.
    await lead.fill("1,5");
    await button(admin, "Save hazard kinds").click();
    await toast(admin, "Hazard kinds not saved", /whole number of days/);
    await lead.fill("20");
    await button(admin, "Save hazard kinds").click();
    await toast(admin, "Hazard kinds saved");

    // Small Hours shoots scene 1 in 18 days; the crew flags its fight by hand, and the sign-off is due 20 days before.
    const student = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(student, "student@portal.test");
    await openProject(student, "Small Hours");
    await student.getByRole("tab", { name: "Breakdown" }).click();
    const form = student.getByRole("form", { name: "Flag a hazard by hand" });
    await visible(form);
    await form.getByLabel("Scene").selectOption("1");
    await form.getByLabel("Hazard").selectOption({ label: "Stunts" });
    await form.getByRole("button", { name: "Flag by hand" }).click();
    await toast(student, "Hazard flagged", /Safety plan: stunts \(scene 1\)/);
    await visible(student.getByRole("listitem", { name: "Stunts in scene 1" }).getByText(/Flagged by hand/));

    await student.getByRole("tab", { name: "Safety" }).click();
    const req = student.getByRole("listitem", { name: "Stunt coordinator's sign-off, scene 1" });
    await visible(req.getByText(/^Due .+ — late \(20 days before /));
    await visible(req.getByText("Waiting for a document"));
  });
});
