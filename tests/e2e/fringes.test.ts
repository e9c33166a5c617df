import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, field, signIn, toast, visible, openBudget } from "./support/ui.ts";

const e2e = usePortal();

describe("budget fringes and globals", () => {
  it("a producer adds payroll tax and SHOOT_DAYS, applies the tax to a crew line, and the top sheet's Fringes row keeps its figure through a reload", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Inventory");

    await button(student, "Add global").click();
    await student.getByLabel("Global 1 name").fill("SHOOT_DAYS");
    await student.getByLabel("Global 1 value").fill("3");
    await button(student, "Add fringe").click();
    await student.getByLabel("Fringe 1 name").fill("Payroll tax");
    // Typed with a comma, read by the one number parser as twelve and a half.
    await student.getByLabel("Fringe 1 percentage").fill("12,5");

    await button(student, "Add line").click();
    await student.getByLabel("Line 1 account").focus();
    await student.getByLabel("Line 1 account").selectOption("2100");
    await student.getByLabel("Line 1 description").fill("Director of photography");
    await student.getByLabel("Line 1 quantity").fill("shoot_days");
    await student.getByLabel("Line 1 rate").fill("200");
    // Leaving the quantity writes the global's name as defined, and shows the value it stands for.
    await expect.poll(() => student.getByLabel("Line 1 quantity").inputValue()).toBe("SHOOT_DAYS");
    await visible(student.getByText("= 3", { exact: true }));

    await student.getByRole("button", { name: /^Fringes \(0\) on line 1$/ }).click();
    await student.getByRole("checkbox", { name: /^Payroll tax \(12.5 %\)/ }).check();

    // 3 days × 200.00 = 600.00; 12.5 % of it is 75.00.
    const fringesRow = (page: Page) =>
      page.getByRole("table", { name: /^Top sheet/ }).getByRole("row", { name: /^Fringes 75\.00$/ });
    await visible(fringesRow(student));
    await visible(student.getByText(/^All changes saved/));

    // The draft keeps the fringe, the global and the line through a reload.
    await student.reload();
    await visible(student.getByRole("heading", { name: "Budget", exact: true }));
    await visible(fringesRow(student));
    await expect
      .poll(() => student.getByLabel("Line 1 quantity").inputValue(), { timeout: UI_TIMEOUT })
      .toBe("SHOOT_DAYS");

    await student.getByLabel("Line 1 description").press("Control+s");
    // 600.00 + 75.00, and 10 % contingency on both: 742.50.
    await toast(student, "Budget saved", "1 lines, 742.50 EUR in total.");

    // Changing the global changes the line, its fringe and the row.
    await student.getByLabel("Global 1 value").fill("4");
    await visible(student.getByRole("table", { name: /^Top sheet/ }).getByRole("row", { name: /^Fringes 100\.00$/ }));
    await student.getByLabel("Global 1 value").fill("3");
    await visible(fringesRow(student));

    await student.reload();
    await visible(student.getByRole("heading", { name: "Budget", exact: true }));
    await visible(fringesRow(student));
    expect(await student.getByLabel("Fringe 1 name").inputValue()).toBe("Payroll tax");
    expect(await student.getByLabel("Fringe 1 percentage").inputValue()).toBe("12.5");

    // The approver's page, opened from the mailed link, shows the same Fringes row and the line's fringe.
    await student.getByLabel("Line 1 description").press("Control+s");
    await toast(student, "Budget saved", "1 lines, 742.50 EUR in total.");
    await field(student, "Approver's e-mail").fill("fringe.producer@example.test");
    await button(student, "Submit budget").click();
    await toast(student, "Budget submitted");
    await expect.poll(() => e2e.smtp.to("fringe.producer@example.test").length, { timeout: UI_TIMEOUT }).toBe(1);
    const link = /\/budget-approval-redirect\/[0-9a-f-]+\?token=[A-Za-z0-9_-]+/.exec(
      e2e.smtp.to("fringe.producer@example.test")[0]!.text,
    );
    const approver = await e2e.newPage();
    await approver.goto(link![0]);
    await visible(approver.getByRole("heading", { name: "Inventory: version 1" }));
    await visible(fringesRow(approver));
    await visible(approver.getByRole("table", { name: "Lines" }).getByRole("cell", { name: "75.00" }));
  });
});
