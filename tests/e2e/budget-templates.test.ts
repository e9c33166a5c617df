import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, heading, openBudget, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("a course's budget template", () => {
  it("a teacher adds a line to Fiction Workshop II's template, a producer starts an empty budget from it with its fringes, then adds the schedule's lines", async () => {
    const staff = await e2e.newPage();
    await signIn(staff, "staff@portal.test");
    await staff.getByRole("link", { name: "Courses", exact: true }).click();
    await visible(heading(staff, "Courses"));
    await staff
      .getByRole("button", { name: /FILM-201/ })
      .first()
      .click();
    const template = staff.getByRole("form", { name: "Budget template" });
    await visible(template);
    // The seeded template, then one line more: the gaffer's day rate, typed in the school's format.
    await visible(template.getByRole("textbox", { name: /description/ }).first());
    const before = await template.getByRole("textbox", { name: /description/ }).count();
    await template.getByRole("button", { name: "Add template line" }).click();
    const n = before + 1;
    await template.getByLabel(`Line ${n} account`).selectOption("2200");
    await template.getByLabel(`Line ${n} description`).fill("Gaffer day rate");
    await template.getByLabel(`Line ${n} rate`).fill("160.50");
    await template.getByRole("button", { name: "Save budget template" }).click();
    await toast(staff, "Budget template saved");

    // Lena produces Inventory, of the same course, whose budget has no lines yet.
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Inventory");
    await button(student, "Start from the course template").click();
    await toast(student, /lines added/);
    await expect.poll(() => student.getByLabel(/^Line \d+ description$/).count(), { timeout: UI_TIMEOUT }).toBe(n);
    await expect.poll(() => student.getByLabel(`Line ${n} description`).inputValue()).toBe("Gaffer day rate");
    await expect.poll(() => student.getByLabel(`Line ${n} rate`).inputValue()).toBe("160.50");
    await expect.poll(() => button(student, "Start from the course template").count()).toBe(0);
    // The template's payroll taxes and holiday pay came with the lines, on five SHOOT_DAYS: the top sheet shows them.
    await visible(student.getByRole("table", { name: /^Top sheet/ }).getByRole("row", { name: /^Fringes 474\.71$/ }));
    await expect.poll(() => student.getByLabel("Line 1 quantity").inputValue()).toBe("SHOOT_DAYS");

    // Then the schedule's crew and cast, after the template's lines, which stay as they are.
    await button(student, "Add from the schedule").click();
    await toast(student, /lines? added/);
    await expect
      .poll(() => student.getByLabel(/^Line \d+ description$/).count(), { timeout: UI_TIMEOUT })
      .toBeGreaterThan(n);
    await expect.poll(() => student.getByLabel(`Line ${n} description`).inputValue()).toBe("Gaffer day rate");
    // Asked again, every line is already on the sheet: nothing is added twice.
    await button(student, "Add from the schedule").click();
    await toast(student, "No lines added");
    await button(student, "Save budget").click();
    await toast(student, "Budget saved");
  });
});
