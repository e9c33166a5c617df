import { describe, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, heading, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

const DEFAULT_ITEMS = [
  "Picture lock approved",
  "Final film file",
  "Production stills",
  "Poster",
  "Music cue sheet",
  "Credits list",
  "Every release signed",
  "Every permit signed",
];

describe("the teacher's sign-off of a delivery", () => {
  it("is refused with the missing items while some are open, then closes the production and shows who and when", async () => {
    const teacher = await e2e.newPage();
    await signIn(teacher, "staff@portal.test");
    await openProject(teacher, "Red Line");
    await teacher.getByRole("tab", { name: "Delivery" }).click();
    await visible(teacher.getByRole("heading", { name: "Delivery checklist", level: 2 }));
    await button(teacher, "Sign Off Delivery").click();
    const refused = await toast(teacher, "Not signed off", /cannot be signed off while items are open/);
    await visible(refused.getByText(/Final film file \(No delivery document with “final” in its title yet\)/));
    await visible(refused.getByText(/Festival copy delivered/));

    // The course's teacher decides what the course delivers: for this course, the festival copy alone.
    await teacher.getByRole("link", { name: "Courses", exact: true }).click();
    await visible(heading(teacher, "Courses"));
    await button(teacher, "FILM-201 — Fiction Workshop II").click();
    await visible(teacher.getByRole("heading", { name: "Delivery Checklist" }));
    for (const label of DEFAULT_ITEMS)
      await teacher.getByRole("button", { name: new RegExp(`^Remove “${label}`) }).click();
    await button(teacher, "Save Delivery Checklist").click();
    await toast(teacher, "Delivery checklist saved");

    await openProject(teacher, "Red Line");
    await teacher.getByRole("tab", { name: "Delivery" }).click();
    const items = teacher.getByRole("list", { name: "Delivery items" });
    // The box shows the server's answer, so it turns checked once the tick is saved.
    await items.getByRole("checkbox", { name: "Festival copy delivered" }).click();
    await visible(
      teacher.getByText("Every item is done. Signing off moves the production to Completed, on the record."),
    );
    await teacher.getByLabel("Note (optional)").fill("Cleared for the end-of-term screening");
    await button(teacher, "Sign Off Delivery").click();
    await toast(teacher, "Delivery signed off", "The production is completed.");
    await visible(
      teacher.getByText(
        /^Delivery signed off by Daniel Reyes on .+: Cleared for the end-of-term screening The production is completed\.$/,
      ),
    );
    // Signed off, the hand ticks are frozen, and the production is completed on its record.
    await visible(items.getByText(/Ticked by Daniel Reyes/));
    await teacher.getByRole("tab", { name: "Activity" }).click();
    await visible(teacher.getByText(/Daniel Reyes signed off the delivery/));
    await visible(teacher.getByText(/Completed/).first());
  });
});
