import { describe, expect, it } from "vitest";
import { addDays, isoDay } from "../../src/common/time.ts";
import { usePortal } from "./support/fixtures.ts";
import { button, heading, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("a course's greenlight deadlines", () => {
  it("a teacher sets a deadline on the course page, and the project's greenlight shows its date", async () => {
    const teacher = await e2e.newPage();
    await signIn(teacher, "staff@portal.test");
    await teacher.getByRole("link", { name: "Courses", exact: true }).click();
    await visible(heading(teacher, "Courses"));
    await button(teacher, "FILM-201 — Fiction Workshop II").click();
    await visible(teacher.getByRole("heading", { name: "Greenlight Checklist and Deadlines" }));
    // The demo course keeps its own list, the school's with a locked script first.
    const list = teacher.getByRole("list", { name: "Course checklist" });
    await visible(list.getByRole("textbox", { name: "Item 1" }));
    expect(await list.getByRole("textbox", { name: "Item 1" }).inputValue()).toBe("Script locked");

    await teacher.getByLabel("Deadline of “Crew complete”").fill("2");
    await teacher.getByLabel("Deadline unit of “Crew complete”").selectOption("weeks");
    await button(teacher, "Save Checklist").click();
    await toast(teacher, "Checklist saved");

    // The project's first shoot day is 18 days from today (the demo's schedule): crew complete is due in 4 days.
    const student = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(student, "student@portal.test");
    await openProject(student, "Small Hours");
    await student.getByRole("tab", { name: "Greenlight" }).click();
    await visible(
      student.getByTestId("greenlight-deadlines").getByText(/This is the checklist of the course FILM-201/),
    );
    const crew = student.getByRole("listitem").filter({ hasText: "Crew complete" });
    const due = crew.locator("time");
    await visible(due);
    expect(await due.getAttribute("datetime")).toBe(addDays(isoDay(new Date()), 4));
    await visible(crew.getByText(/2 weeks before the first shoot day/));
    // Budget approved is due 3 weeks before: three days ago, and not done.
    await visible(student.getByRole("listitem").filter({ hasText: "Budget approved" }).getByText("Overdue"));
  });
});
