import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { seriousAxe } from "./support/axe.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, expectPath, field, gone, heading, signIn, toast, visible, openBudget } from "./support/ui.ts";

const e2e = usePortal();

const LINK = /\/budget-approval-redirect\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+)/;

/** The approval link from the newest mail the SMTP peer got for `to`. */
/** The `count`th budget approval mail to `to`; the other mails they are sent (reminders, notices) are not counted. */
async function mailedLink(to: string, count: number): Promise<{ path: string; id: string }> {
  const approvals = () => e2e.smtp.to(to).filter((mail) => LINK.test(mail.text));
  await expect.poll(() => approvals().length, { timeout: UI_TIMEOUT }).toBe(count);
  const m = LINK.exec(approvals().at(-1)!.text);
  expect(m, "the approval e-mail carries the redirect link").toBeTruthy();
  return { path: new URL(m![0], e2e.portal.url).pathname + new URL(m![0], e2e.portal.url).search, id: m![1]! };
}

describe("budgets", () => {
  it("a student builds a budget with the keyboard, submits it, and an outsider approves it from the mailed link; the greenlight item ticks", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Inventory");

    await button(student, "Add line").click();
    // The account select holds all its options once focused, as it is for anyone who tabs or clicks into it.
    await student.getByLabel("Line 1 account").focus();
    await student.getByLabel("Line 1 account").selectOption("2100");
    await student.getByLabel("Line 1 description").fill("Camera package");
    await student.getByLabel("Line 1 quantity").fill("5");
    await student.getByLabel("Line 1 rate").fill("250");
    // Enter on the last line adds the next one, its description focused.
    await student.getByLabel("Line 1 rate").press("Enter");
    await expect
      .poll(() => student.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Line 2 description");
    // Typing an account's number into the focused select picks it, as in any select.
    await student.getByLabel("Line 2 account").focus();
    await student.getByLabel("Line 2 account").pressSequentially("2800");
    await expect.poll(() => student.getByLabel("Line 2 account").inputValue()).toBe("2800");
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
    expect(await seriousAxe(student), "budget tab while editing").toEqual([]);

    const link = await mailedLink("line.producer@example.test", 1);
    const outsider = await e2e.newPage();
    await outsider.goto(link.path);
    await expectPath(outsider, `/budget-approval/${link.id}`, `?token=${link.path.split("token=")[1]}`);
    await visible(outsider.getByRole("heading", { name: "Inventory: version 1" }));
    await visible(outsider.getByText("Note from the team: “Two shoot nights.”"));
    await visible(outsider.getByRole("table", { name: "Lines" }).getByRole("cell", { name: "Catering" }));
    expect(await seriousAxe(outsider), "public approval page").toEqual([]);
    await field(outsider, "Your name").fill("Ruth Ames");
    // Each decision asks first and says what happens; Cancel changes nothing.
    await button(outsider, "Approve").click();
    const ask = outsider.getByRole("dialog", { name: "Approve this budget?" });
    await visible(ask.getByText("The crew is told and the budget becomes the approved version."));
    await ask.getByRole("button", { name: "Cancel" }).click();
    await gone(ask);
    await visible(outsider.getByText("Pending", { exact: true }));
    await button(outsider, "Approve").click();
    await outsider
      .getByRole("dialog", { name: "Approve this budget?" })
      .getByRole("button", { name: "Approve" })
      .click();
    await toast(outsider, "Budget approved");
    // Only a signed-in approver is offered the project.
    expect(await outsider.getByRole("link", { name: "Open the project" }).count()).toBe(0);
    await visible(outsider.getByText(/Fingerprint of this version \(any change makes a new one\)/));
    await visible(outsider.getByRole("link", { name: "Download the decision (PDF)" }));

    // The link was for one decision.
    const again = await e2e.newPage();
    await again.goto(link.path);
    await visible(again.getByRole("heading", { name: "This link has been used" }));
    expect(await again.getByRole("table").count()).toBe(0);

    // The team sees the decision in real time, and the greenlight item is ticked.
    await visible(
      student.getByRole("listitem").filter({ hasText: "Version 1" }).getByText("Approved", { exact: true }),
    );
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
    await toast(
      supervisor,
      "Decision not recorded",
      "Say what should change, or why the budget is rejected, in the comment.",
    );
    await field(supervisor, "Comment").fill("Add the insurance quote before I approve.");
    await button(supervisor, "Request changes").click();
    await supervisor
      .getByRole("dialog", { name: "Request changes?" })
      .getByRole("button", { name: "Request changes" })
      .click();
    await toast(supervisor, "Changes requested");
    await supervisor.getByRole("link", { name: "Open the project" }).click();
    await visible(heading(supervisor, "Small Hours"));

    await visible(
      student.getByRole("listitem").filter({ hasText: "Version 3" }).getByText("Changes requested", { exact: true }),
    );
    await visible(
      student.getByRole("listitem").filter({ hasText: "Version 2" }).getByText("Withdrawn", { exact: true }),
    );

    const stranger = await e2e.newPage();
    await stranger.goto(`/budget-approval/${link.id}?token=not-the-token`);
    await visible(stranger.getByRole("heading", { name: "This link does not work" }));
    expect(await stranger.getByRole("table").count()).toBe(0);
  });

  it("typed lines survive another tab, Home and a reload as the crew's draft, which a colleague sees; Ctrl+S in Contingency saves", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "The Quiet Floor");
    for (let i = 1; i <= 5; i++) {
      await button(student, "Add line").click();
      await student.getByLabel(`Line ${i} account`).focus();
      await student.getByLabel(`Line ${i} account`).selectOption("2100");
      await student.getByLabel(`Line ${i} description`).fill(`Draft line ${i}`);
      await student.getByLabel(`Line ${i} rate`).fill(`${i}0`);
    }
    const status = student.getByText(/^All changes saved/);
    await visible(status);
    const lines = async (page: Page) => {
      for (let i = 1; i <= 5; i++)
        await expect
          .poll(() => page.getByLabel(`Line ${i} description`).inputValue(), { timeout: UI_TIMEOUT })
          .toBe(`Draft line ${i}`);
    };

    await student.getByRole("tab", { name: "Greenlight" }).click();
    await student.getByRole("tab", { name: "Budget" }).click();
    await lines(student);
    await visible(student.getByText(/^All changes saved/));

    await student.getByRole("link", { name: "Home" }).first().click();
    await openBudget(student, "The Quiet Floor");
    await lines(student);

    await student.reload();
    await visible(student.getByRole("heading", { name: "Budget", exact: true }));
    await lines(student);
    await visible(student.getByText(/^All changes saved · draft, not saved as a budget version/));

    // Another crew member sees the draft, marked as such, and who edited it last.
    const colleague = await e2e.newPage();
    await signIn(colleague, "sofia.marchetti@portal.test");
    await openBudget(colleague, "The Quiet Floor");
    await lines(colleague);
    await visible(
      colleague.getByText(
        /Draft: the lines marked Draft are not saved as a budget version yet\. Last edited by Lena Fischer/,
      ),
    );
    await expect
      .poll(() => colleague.getByRole("table", { name: "Budget lines" }).getByText("Draft", { exact: true }).count())
      .toBe(5);

    // Ctrl+S in the contingency field saves the budget.
    const contingency = student.getByLabel("Contingency");
    await contingency.fill("5");
    await contingency.press("Control+s");
    await toast(student, "Budget saved", "5 lines, 157.50 EUR in total.");
    await visible(student.getByText(/budget version 1/));
  });

  it("a budget approved by the bypass names the staff member who set it, never the student who submitted", async () => {
    const staff = await e2e.newPage();
    await signIn(staff, "staff@portal.test");
    await openBudget(staff, "Understudy");
    await field(staff, "Why").fill("Funded entirely by the festival grant.");
    await button(staff, "Bypass approval for this project").click();
    await toast(staff, "Approval setting changed");

    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Understudy");
    await button(student, "Add line").click();
    await student.getByLabel("Line 1 account").focus();
    await student.getByLabel("Line 1 account").selectOption("2300");
    await student.getByLabel("Line 1 description").fill("Lights");
    await student.getByLabel("Line 1 rate").fill("100");
    await student.getByLabel("Line 1 rate").press("Control+s");
    await toast(student, "Budget saved");
    await button(student, "Submit budget").click();
    await toast(student, "Budget approved");
    const item = student.getByRole("listitem").filter({ hasText: "Version 1" });
    await visible(item.getByText(/approved .* by Daniel Reyes/));
    expect(await item.getByText(/approved [^·]* by Lena Fischer/).count()).toBe(0);
    await item.getByRole("link", { name: "Version 1" }).click();
    await visible(
      student.getByRole("heading", { name: /Approved without review by the approval bypass by Daniel Reyes/ }),
    );
  });

  it("staff record an expense with its receipt, open, replace and delete it, a bad file is refused, and the charts show the variance", async () => {
    const staff = await e2e.newPage();
    await signIn(staff, "staff@portal.test");
    await openBudget(staff, "Nightjar");
    // The demo's van hire is over budget: highlighted in the sheet's line, the tables and the chart.
    await visible(
      staff
        .getByRole("table", { name: "Variance by line (lines with spending)" })
        .getByRole("row", { name: /Van hire\s*\(over budget\)\s*337\.50\s*412\.50\s*-75\.00/ }),
    );
    await visible(
      staff.getByRole("img", {
        name: /Budget against actuals by account.*2700 Transport: budget 337.50, spent 412.50, over by 75.00/,
      }),
    );
    await visible(
      staff.getByRole("img", {
        name: /Budget against actuals by category.*Below the line: budget 5,103.00, spent 1,982.50/,
      }),
    );
    await visible(
      staff.getByRole("link", { name: "northfield-invoice-1043.pdf: open the receipt of Camera rental invoice" }),
    );
    expect(await seriousAxe(staff), "budget tab with actuals and charts").toEqual([]);

    await staff.getByLabel("Budget line", { exact: true }).selectOption({ label: "2200 Lighting truck" });
    await field(staff, "What was bought").fill("Lighting truck, day 1");
    await field(staff, "Amount (EUR)").fill("120");
    await field(staff, "Receipt").setInputFiles({
      name: "truck.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await button(staff, "Record expense").click();
    await toast(staff, "Expense recorded");
    const open = staff.getByRole("link", { name: "truck.pdf: open the receipt of Lighting truck, day 1" });
    await visible(open);
    const res = await staff.request.get((await open.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    expect((await res.body()).toString()).toContain("%PDF-1.4");

    // A file that only pretends to be an image is refused with what is accepted.
    await staff
      .getByLabel("Replace receipt of Lighting truck, day 1")
      .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some text") });
    await toast(staff, "Receipt not kept", /PDF, JPEG, PNG or HEIC file/);
    await visible(open);

    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3d1a0a40000000049454e44ae426082",
      "hex",
    );
    await staff
      .getByLabel("Replace receipt of Lighting truck, day 1")
      .setInputFiles({ name: "truck-receipt.png", mimeType: "image/png", buffer: png });
    await toast(staff, "Receipt replaced", "truck-receipt.png is kept with “Lighting truck, day 1”.");
    await visible(staff.getByRole("link", { name: "truck-receipt.png: open the receipt of Lighting truck, day 1" }));

    await button(staff, "Delete receipt of Lighting truck, day 1").click();
    await staff
      .getByRole("dialog", { name: "Delete This Receipt?" })
      .getByRole("button", { name: "Delete receipt" })
      .click();
    await toast(staff, "Receipt deleted");
    await visible(staff.getByLabel("Attach receipt of Lighting truck, day 1"));

    await button(staff, "Delete expense Lighting truck, day 1").click();
    await staff
      .getByRole("dialog", { name: "Delete This Expense?" })
      .getByRole("button", { name: "Delete expense" })
      .click();
    await toast(staff, "Expense deleted");
    await gone(staff.getByRole("list", { name: "Expenses" }).getByText("Lighting truck, day 1", { exact: true }));
  });

  it("a long budget keeps only the lines near the view in the document; the keyboard, a save problem and a new line reach the others", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    const created = await student.request.post("/rest/v1/projects", {
      data: { title: "Long Budget Film", type: "fiction", academicYear: "2031/32", myRoles: ["producer"] },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const lines = Array.from({ length: 400 }, (_, i) => ({
      id: randomUUID(),
      accountCode: "2100",
      description: `Kit item ${i + 1}`,
      quantity: 100,
      units: "days",
      rate: 1_000,
      notes: "",
    }));
    expect(
      (
        await student.request.put(`/rest/v1/budgets/${id}`, { data: { version: 0, contingencyBps: 1000, lines } })
      ).status(),
    ).toBe(200);
    await student.goto(`/project/${id}?tab=budget`);
    await visible(student.getByLabel("Line 1 description"));
    await visible(student.getByText("400 lines: the ones near the view are drawn as you scroll"));
    const drawn = () => student.locator("tr[data-index]").count();
    expect(await drawn()).toBeLessThan(100);
    expect(await student.getByLabel("Line 400 description").count()).toBe(0);

    // Down the sheet by keyboard: each next line is drawn before the focus reaches it, and the first ones leave.
    await student.getByLabel("Line 1 description").focus();
    for (let i = 0; i < 80; i++) await student.keyboard.press("ArrowDown");
    await expect
      .poll(() => student.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Line 81 description");
    await expect.poll(() => student.getByLabel("Line 1 description").count()).toBe(0);
    expect(await drawn()).toBeLessThan(100);

    // A problem on a line far from the view is drawn and focused when saving.
    await student.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await student.getByLabel("Line 400 rate").fill("twelve");
    // The focused line stays drawn while it is out of view; once the focus is elsewhere, it leaves.
    await student.evaluate(() => window.scrollTo(0, 0));
    await visible(student.getByLabel("Line 1 description"));
    expect(await student.getByLabel("Line 400 rate").count()).toBe(1);
    await student.getByLabel("Line 1 description").focus();
    await gone(student.getByLabel("Line 400 rate"));
    await student.getByLabel("Line 1 description").press("Control+s");
    await toast(student, "Budget not saved", "Line 400 rate: “twelve” is not a number. Type it like 1,234.50.");
    await expect
      .poll(() => student.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Line 400 rate");
    await student.getByLabel("Line 400 rate").fill("12");
    await student.getByLabel("Line 400 rate").press("Enter");
    await expect
      .poll(() => student.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Line 401 description");
    // A new line has no account until one is picked.
    await student.getByLabel("Line 401 account").focus();
    await student.getByLabel("Line 401 account").selectOption("2300");
    await student.getByLabel("Line 401 description").fill("Spare batteries");
    await student.getByLabel("Line 401 rate").fill("5");
    expect(await seriousAxe(student), "a long budget, scrolled to its end").toEqual([]);

    // For the browser's find, every line can be drawn at once.
    await button(student, "Show all 401 lines").click();
    await visible(student.getByText("All 401 lines are drawn"));
    expect(await drawn()).toBe(401);
    await student.getByLabel("Line 1 description").press("Control+s");
    await toast(student, "Budget saved", "401 lines, 4,407.70 EUR in total.");
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
