import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, field, signIn, toast, visible, openBudget } from "./support/ui.ts";

const e2e = usePortal();

describe("a budget line's history and versions side by side", () => {
  it("a producer changes a line's rate and sees it in the line's history, then compares the submitted version with the budget now", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Inventory");

    await button(student, "Add line").click();
    await student.getByLabel("Line 1 account").focus();
    await student.getByLabel("Line 1 account").selectOption("2100");
    await student.getByLabel("Line 1 description").fill("Director of photography");
    await student.getByLabel("Line 1 quantity").fill("3");
    await student.getByLabel("Line 1 rate").fill("200");
    await student.getByLabel("Line 1 rate").press("Control+s");
    await toast(student, "Budget saved");

    await field(student, "Approver's e-mail").fill("history.producer@example.test");
    await button(student, "Submit budget").click();
    await toast(student, "Budget submitted");

    // The rate goes up and a catering line joins; both are saved as the next version.
    await student.getByLabel("Line 1 rate").fill("250");
    await button(student, "Add line").click();
    await student.getByLabel("Line 2 account").focus();
    await student.getByLabel("Line 2 account").selectOption("2800");
    await student.getByLabel("Line 2 description").fill("Catering");
    await student.getByLabel("Line 2 quantity").fill("3");
    await student.getByLabel("Line 2 rate").fill("100");
    await student.getByLabel("Line 2 rate").press("Control+s");
    await toast(student, "Budget saved");

    // The history opens from the keyboard, newest change first, old → new.
    await student.getByRole("button", { name: "History of line 1" }).focus();
    await student.keyboard.press("Enter");
    const dialog = student.getByRole("dialog", { name: "History of line 1" });
    const changes = dialog.getByRole("list", { name: "Changes of line 1" }).getByRole("listitem");
    await expect.poll(() => changes.count(), { timeout: UI_TIMEOUT }).toBe(2);
    await visible(changes.first().getByText(/^Changed by Lena Fischer/));
    await visible(changes.first().getByText("200.00", { exact: true }));
    await visible(changes.first().getByText("250.00", { exact: true }));
    await visible(changes.nth(1).getByText(/^Added by/));
    await student.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    // Submitted version 1 against the budget saved now: what moved per account and in total, line by line.
    await visible(student.getByRole("heading", { name: "Compare versions" }));
    await expect.poll(() => field(student, "Compare").inputValue()).not.toBe("current");
    const moved = student.getByRole("table", { name: "What moved" });
    // DoP 3 × 50.00 more: +150.00; catering +300.00; 10 % contingency on both: +45.00.
    await visible(moved.getByRole("row", { name: /^2100 .* 600\.00 750\.00 \+150\.00$/ }));
    await visible(moved.getByRole("row", { name: /^2800 .* 0\.00 300\.00 \+300\.00$/ }));
    await visible(moved.getByRole("row", { name: /^Total 660\.00 1,155\.00 \+495\.00$/ }));
    const lines = student.getByRole("table", { name: "Lines that differ" });
    await visible(lines.getByRole("row", { name: /^Changed Director of photography/ }));
    await visible(lines.getByRole("row", { name: /^Added — Catering/ }));

    // The same version on both sides differs in nothing.
    await field(student, "with").selectOption({
      label: (await field(student, "Compare").locator("option:checked").textContent())!,
    });
    await visible(student.getByText(/are the same: no line and no amount differs/));
  });
});
