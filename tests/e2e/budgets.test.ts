import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, expectPath, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

const LINK = /\/budget-approval-redirect\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+)/;

async function openBudget(page: Page, title: string) {
  await page.goto(`/projects?search=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await visible(heading(page, title));
  await page.getByRole("tab", { name: "Budget" }).click();
  await visible(page.getByRole("heading", { name: "Budget", exact: true }));
}

/** The approval link from the newest mail the SMTP peer got for `to`. */
async function mailedLink(to: string, count: number): Promise<{ path: string; id: string }> {
  await expect.poll(() => e2e.smtp.to(to).length, { timeout: UI_TIMEOUT }).toBe(count);
  const m = LINK.exec(e2e.smtp.to(to).at(-1)!.text);
  expect(m, "the approval e-mail carries the redirect link").toBeTruthy();
  return { path: new URL(m![0], e2e.portal.url).pathname + new URL(m![0], e2e.portal.url).search, id: m![1]! };
}

describe("budgets", () => {
  it("a student builds a budget with the keyboard, submits it, and an outsider approves it from the mailed link; the greenlight item ticks", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Inventory");

    await button(student, "Add line").click();
    await student.getByLabel("Line 1 account").selectOption("2100");
    await student.getByLabel("Line 1 description").fill("Camera package");
    await student.getByLabel("Line 1 quantity").fill("5");
    await student.getByLabel("Line 1 rate").fill("250");
    // Enter on the last line adds the next one, its description focused.
    await student.getByLabel("Line 1 rate").press("Enter");
    await expect.poll(() => student.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Line 2 description");
    await student.getByLabel("Line 2 account").selectOption("2800");
    await student.getByLabel("Line 2 description").fill("Catering");
    await student.getByLabel("Line 2 quantity").fill("30");
    await student.getByLabel("Line 2 rate").fill("12.50");
    await button(student, "Duplicate line 2").click();
    await visible(student.getByLabel("Line 3 description"));
    await button(student, "Delete line 3").click();
    const deleted = await toast(student, "Line 3 deleted");
    await deleted.getByRole("button", { name: "Undo" }).click();
    await visible(student.getByLabel("Line 3 description"));
    await button(student, "Delete line 3").click();
    await expect.poll(() => student.getByLabel("Line 3 description").count()).toBe(0);

    await student.getByLabel("Line 1 description").press("Control+s");
    await toast(student, "Budget saved", "2 lines, 1,787.50 EUR in total.");
    const topSheet = student.getByRole("table", { name: "Top sheet" });
    await visible(topSheet.getByRole("row", { name: /Total 1,787.50/ }));

    await field(student, "Approver's e-mail").fill("line.producer@example.test");
    await field(student, "Note to the approver").fill("Two shoot nights.");
    await button(student, "Submit budget").click();
    await toast(student, "Budget submitted");
    await visible(student.getByRole("listitem").filter({ hasText: "Version 1" }).getByText("Pending", { exact: true }));

    const link = await mailedLink("line.producer@example.test", 1);
    const outsider = await e2e.newPage();
    await outsider.goto(link.path);
    await expectPath(outsider, `/budget-approval/${link.id}`, `?token=${link.path.split("token=")[1]}`);
    await visible(outsider.getByRole("heading", { name: "Inventory: version 1" }));
    await visible(outsider.getByText("Note from the team: “Two shoot nights.”"));
    await visible(outsider.getByRole("table", { name: "Lines" }).getByRole("cell", { name: "Catering" }));
    await field(outsider, "Your name").fill("Ruth Ames");
    await button(outsider, "Approve").click();
    await toast(outsider, "Decision recorded: approve");
    await visible(outsider.getByRole("link", { name: "Download the decision (PDF)" }));

    // The link was for one decision.
    const again = await e2e.newPage();
    await again.goto(link.path);
    await visible(again.getByRole("heading", { name: "This link has been used" }));
    expect(await again.getByRole("table").count()).toBe(0);

    // The team sees the decision in real time, and the greenlight item is ticked.
    await visible(student.getByRole("listitem").filter({ hasText: "Version 1" }).getByText("Approved", { exact: true }));
    await student.getByRole("tab", { name: "Greenlight" }).click();
    await visible(student.getByText("Budget approved: done"));
  });

  it("a signed-in supervisor who opens the mailed link decides in the app, and a tampered link shows no data", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    // Small Hours already has a version waiting; submitting again withdraws it and mails the supervisor.
    await openBudget(student, "Small Hours");
    await button(student, "Submit budget").click();
    await toast(student, "Budget submitted");
    const link = await mailedLink("staff@portal.test", 1);

    const supervisor = await e2e.newPage();
    await signIn(supervisor, "staff@portal.test");
    await supervisor.goto(link.path);
    await expectPath(supervisor, `/budget-approval/${link.id}`);
    await visible(supervisor.getByRole("heading", { name: "Small Hours: version 3" }));
    await visible(supervisor.getByText(/No earlier version of this budget was approved/));
    await expect.poll(() => field(supervisor, "Your name").inputValue()).toBe("Daniel Reyes");
    await button(supervisor, "Request changes").click();
    await toast(supervisor, "Decision not recorded", "Say what should change, or why the budget is rejected, in the comment.");
    await field(supervisor, "Comment").fill("Add the insurance quote before I approve.");
    await button(supervisor, "Request changes").click();
    await toast(supervisor, "Decision recorded: request changes");

    await visible(student.getByRole("listitem").filter({ hasText: "Version 3" }).getByText("Changes requested", { exact: true }));
    await visible(student.getByRole("listitem").filter({ hasText: "Version 2" }).getByText("Withdrawn", { exact: true }));

    const stranger = await e2e.newPage();
    await stranger.goto(`/budget-approval/${link.id}?token=not-the-token`);
    await visible(stranger.getByRole("heading", { name: "This link does not work" }));
    expect(await stranger.getByRole("table").count()).toBe(0);
  });

  it("an admin renames an account of the school's chart in Settings, and the guide explains budgets", async () => {
    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/settings");
    const name = admin.getByLabel("Account 14 name");
    await expect.poll(() => name.inputValue()).toBe("Equipment rental");
    await name.fill("Kit hire");
    await button(admin, "Save chart of accounts").click();
    await toast(admin, "Chart of accounts saved", "18 accounts.");
    await button(admin, "Remove account 2100 Camera").click();
    await button(admin, "Save chart of accounts").click();
    await toast(admin, "Chart of accounts not saved", /2100 Camera is used by \d+ budget lines/);

    await admin.goto("/guide/budgets");
    await visible(admin.getByRole("heading", { name: "Budgets and Their Approval" }));
    await visible(admin.getByRole("heading", { name: "Submitting and approval" }));
  });
});
