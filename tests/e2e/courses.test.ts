import { describe, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** A Moodle participants export, as a teacher downloads it: one student new to the course, one without an account. */
const MOODLE = [
  "First name,Surname,ID number,Email address,Roles,Groups",
  "Lena,Fischer,S-0001,student@portal.test,Student,A",
  "Noor,Haddad,S-0007,noor.haddad@portal.test,Student,A",
  "Iris,Vollmer,S-0011,iris.vollmer@elsewhere.test,Student,B",
  "Broken,Row,S-0012,not-an-address,Student,B",
].join("\n");

describe("courses", () => {
  it("an admin creates a course, previews a Moodle class list, and applies it", async () => {
    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.getByRole("link", { name: "Courses", exact: true }).click();
    await visible(heading(admin, "Courses"));

    await button(admin, "New Course").click();
    const dialog = admin.getByRole("dialog", { name: "New Course" });
    await dialog.getByLabel(/^Code/).fill("FILM-399");
    await dialog.getByLabel(/^Term/).fill("2027 Spring");
    await dialog.getByLabel(/^Course title/).fill("Thesis Film");
    await dialog.getByRole("checkbox", { name: "Daniel Reyes", exact: true }).check();
    await dialog.getByRole("checkbox", { name: "Fiction", exact: true }).check();
    await button(admin, "Create Course").click();
    await toast(admin, "Course created");
    await visible(admin.getByRole("heading", { name: "FILM-399 — Thesis Film" }));

    await button(admin, "Edit Course").click();
    const edit = admin.getByRole("dialog", { name: "Edit Course" });
    await edit.getByLabel(/^Course title/).fill("Thesis Film I");
    await button(admin, "Save Course").click();
    await toast(admin, "Course saved");
    await visible(admin.getByRole("heading", { name: "FILM-399 — Thesis Film I" }));

    await field(admin, "Class list (CSV)").setInputFiles({
      name: "participants.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(MOODLE),
    });
    await button(admin, "Preview Import").click();
    const preview = admin.getByRole("region", { name: "Roster preview" });
    await visible(preview.getByText(/Read as a Moodle participants export: 2 to add, 1 to invite, 0 to drop/));
    await visible(preview.getByRole("list", { name: "Added" }).getByText("Lena Fischer (student@portal.test)"));
    await visible(preview.getByRole("list", { name: "Invited (no account yet)" }).getByText(/iris\.vollmer/));
    await visible(preview.getByRole("list", { name: "Rows with problems" }).getByText(/^Row 5: /));

    await button(admin, "Apply Import").click();
    await toast(admin, "Roster imported", "2 added, 1 invited, 0 dropped, 0 unchanged");
    const students = admin.getByRole("list", { name: "Students" });
    await visible(students.getByText("Noor Haddad", { exact: true }));
    await visible(students.getByText("Iris Vollmer", { exact: true }));
    await visible(admin.getByRole("heading", { name: "Students (3)" }));
  });
});
