import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

async function openBudget(page: Page, title: string): Promise<string> {
  await page.goto(`/projects?search=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await visible(heading(page, title));
  await page.getByRole("tab", { name: "Budget" }).click();
  await visible(page.getByRole("heading", { name: "Budget", exact: true }));
  return /\/project\/([0-9a-f-]{36})/.exec(page.url())![1]!;
}

/** What the server holds, as the approver would receive it. */
const saved = (page: Page, projectId: string) =>
  page.evaluate(async (id) => {
    const b = await (await fetch(`/rest/v1/budgets/${id}`)).json();
    return {
      rates: b.lines.map((l: { rate: number }) => l.rate),
      total: b.totals.total as number,
      version: b.version as number,
    };
  }, projectId);

const linesNow = (page: Page) =>
  page.getByRole("table", { name: "Budget lines" }).locator("tbody tr[data-index]").count();

/** Adds a catering line of 30 days with no rate yet; its number. */
async function addCateringLine(page: Page): Promise<number> {
  const n = (await linesNow(page)) + 1;
  await button(page, "Add line").click();
  await page.getByLabel(`Line ${n} account`).focus();
  await page.getByLabel(`Line ${n} account`).selectOption("2800");
  await page.getByLabel(`Line ${n} description`).fill("Catering");
  await page.getByLabel(`Line ${n} quantity`).fill("30");
  return n;
}

describe("numbers people type", () => {
  it("a rate typed 12,50 is read as 12.50 and shown so; an ambiguous 1,250 is refused beside the field and never saved", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    const projectId = await openBudget(student, "Inventory");

    expect(await addCateringLine(student)).toBe(1);
    const rate = student.getByLabel("Line 1 rate");
    await rate.fill("12,50");
    await rate.press("Tab");
    // Leaving the field writes what was read, in the school's format.
    await expect.poll(() => rate.inputValue()).toBe("12.50");
    const line = student.getByRole("row").filter({ has: student.getByLabel("Line 1 description") });
    await visible(line.getByRole("cell", { name: "375.00", exact: true }));
    await visible(student.getByRole("table", { name: /^Top sheet/ }).getByRole("row", { name: /Total 412\.50/ }));
    await student.getByLabel("Line 1 description").press("Control+s");
    await toast(student, "Budget saved", /412\.50 EUR in total/);
    expect(await saved(student, projectId)).toMatchObject({ rates: [1250], total: 41250 });

    // 1,250 could be a thousand and a quarter or one and a quarter: refused, with the reason beside the field.
    await rate.fill("1,250");
    await rate.press("Tab");
    const problem = student.getByText("“1,250” could mean 1250 or 1.25. Type 1250 or 1.25, whichever you mean.");
    await visible(problem);
    await expect.poll(() => rate.getAttribute("aria-invalid")).toBe("true");
    const describedBy = await rate.getAttribute("aria-describedby");
    expect(describedBy && (await problem.getAttribute("id"))).toBe(describedBy);
    expect(await rate.inputValue(), "the typed text is kept as typed").toBe("1,250");
    // The amount shows a dash (the line's Fringes cell after it shows one too: it is not a labour line).
    await visible(line.getByRole("cell", { name: "—", exact: true }).first());
    await student.getByLabel("Line 1 description").press("Control+s");
    await toast(student, "Budget not saved", /Line 1 rate: “1,250” could mean 1250 or 1\.25/);
    expect(await saved(student, projectId)).toMatchObject({ rates: [1250], total: 41250, version: 1 });

    await rate.fill("1250");
    await rate.press("Tab");
    await expect.poll(() => rate.inputValue()).toBe("1250.00");
    await student.getByLabel("Line 1 description").press("Control+s");
    await toast(student, "Budget saved", /41,250\.00 EUR in total/);
    expect(await saved(student, projectId)).toMatchObject({ rates: [125000], total: 4125000 });
  });

  it("a new line has no account until the person picks one", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Inventory");
    const first = (await linesNow(student)) + 1;

    await button(student, "Add line").click();
    await student.getByLabel(`Line ${first} account`).focus();
    await student.getByLabel(`Line ${first} account`).selectOption("2100");
    await student.getByLabel(`Line ${first} description`).fill("Camera package");
    await student.getByLabel(`Line ${first} rate`).fill("250");
    // Enter on the last line adds one: it does not take the camera account from the line above.
    await student.getByLabel(`Line ${first} rate`).press("Enter");
    const next = student.getByLabel(`Line ${first + 1} account`);
    await expect.poll(() => next.inputValue()).toBe("");
    await button(student, "Add line").click();
    await expect.poll(() => student.getByLabel(`Line ${first + 2} account`).inputValue()).toBe("");
    await button(student, `Delete line ${first + 2}`).click();

    await student.getByLabel(`Line ${first + 1} description`).fill("Catering");
    await student.getByLabel(`Line ${first + 1} rate`).fill("12.50");
    await student.getByLabel(`Line ${first + 1} description`).press("Control+s");
    await toast(student, "Budget not saved", `Line ${first + 1} needs an account: choose one.`);
    await expect
      .poll(() => student.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Line ${first + 1} account`);

    await next.selectOption("2800");
    await student.getByLabel(`Line ${first + 1} description`).press("Control+s");
    await toast(student, "Budget saved");
    await expect.poll(() => next.inputValue()).toBe("2800");
    await expect.poll(() => student.getByLabel(`Line ${first} account`).inputValue()).toBe("2100");
  });

  it("an equipment item's value is typed in the school's currency: 1.234,50 is read, 1,250 is refused beside the field", async () => {
    const office = await e2e.newPage();
    await signIn(office, "equipment@portal.test");
    const item = (await (await office.request.get("/rest/v1/equipment/items?search=NFS-MON-001")).json()).items[0];
    await office.goto(`/equipment/items/${item.id}`);
    await button(office, "Edit").click();
    const value = field(office, "Value (EUR)");
    await value.fill("1,250");
    await value.press("Tab");
    await visible(
      office.getByRole("dialog").getByText("“1,250” could mean 1250 or 1.25. Type 1250 or 1.25, whichever you mean."),
    );
    await button(office, "Save item").click();
    await toast(office, "Item not saved", /The value: “1,250” could mean/);
    await value.fill("1.234,50");
    await value.press("Tab");
    await expect.poll(() => value.inputValue()).toBe("1234.50");
    await button(office, "Save item").click();
    await toast(office, "Item saved");
    await visible(office.getByText("1,234.50 EUR", { exact: true }));
    const saved = (await (await office.request.get(`/rest/v1/equipment/items/${item.id}`)).json()).valueMinor;
    expect(saved).toBe(123450);
  });

  it("follows the school's number format: an admin picks the comma, and the sheet writes 12,50", async () => {
    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/settings");
    await expect
      .poll(() => field(admin, "School name").inputValue(), { timeout: UI_TIMEOUT })
      .toBe("Northbridge Film School");
    await field(admin, "Decimal separator").selectOption(",");
    await field(admin, "Thousands separator").selectOption(".");
    await visible(admin.getByText("How amounts and quantities are written everywhere: 1.234.567,89."));
    await button(admin, "Save School Settings").click();
    await toast(admin, "School Settings Saved");

    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    await openBudget(student, "Inventory");
    const n = await addCateringLine(student);
    await student.getByLabel(`Line ${n} rate`).fill("12.50");
    await student.getByLabel(`Line ${n} rate`).press("Tab");
    await expect.poll(() => student.getByLabel(`Line ${n} rate`).inputValue()).toBe("12,50");
    const line = student.getByRole("row").filter({ has: student.getByLabel(`Line ${n} description`) });
    await visible(line.getByRole("cell", { name: "375,00", exact: true }));
  });
});
