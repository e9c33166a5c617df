import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, expectPath, gone, heading, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();
const NOBODY = "00000000-0000-4000-8000-000000000000";

const prompt = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

async function projectTab(page: Page, project: string, tab: string) {
  await page.goto(`/projects?search=${encodeURIComponent(project)}`);
  await page.getByRole("link", { name: project, exact: true }).first().click();
  await visible(heading(page, project));
  await page.getByRole("tab", { name: tab }).click();
}

/** A dialog as a person meets it: who opens it, how, and the field they type in. */
interface TypedDialog {
  name: string;
  user: string;
  open(page: Page): Promise<void>;
  dialog: string | RegExp;
  field(dialog: Locator): Locator;
  /** How the question names the work. */
  what: RegExp;
}

const DIALOGS: TypedDialog[] = [
  {
    name: "a shoot day being added",
    user: "amara.diallo@portal.test",
    open: async (page) => {
      await projectTab(page, "The Weight of Water", "Schedule");
      await button(page, "Add shoot day").click();
    },
    dialog: "Add a shoot day",
    field: (d) => d.getByLabel("Location", { exact: true }),
    what: /the shoot day you were adding/,
  },
  {
    name: "a new project",
    user: "student@portal.test",
    open: async (page) => {
      await page.goto("/projects");
      await button(page, "New Project").click();
    },
    dialog: "New Project",
    field: (d) => d.getByLabel(/^Title\s*\*?$/),
    what: /the project you were creating/,
  },
  {
    name: "a document made from a template",
    user: "student@portal.test",
    open: async (page) => {
      await projectTab(page, "Small Hours", "Documents");
      await button(page, "From a Template").click();
    },
    dialog: "Make a Document From a Template",
    field: (d) => d.getByLabel(/^Owner of the location\s*\*?$/),
    what: /the document you were making from a template/,
  },
  {
    name: "an equipment item being added",
    user: "admin@portal.test",
    open: async (page) => {
      await page.goto("/equipment-admin?tab=inventory");
      await button(page, "New item").click();
    },
    dialog: "New item",
    field: (d) => d.getByLabel(/^Name\s*\*?$/),
    what: /the item you were adding/,
  },
];

describe("a dialog with typed work asks before closing", () => {
  for (const d of DIALOGS) {
    it(`${d.name}: Escape and Close ask Leave or Stay; Stay keeps the text, Leave discards it; untouched, it closes at once`, async () => {
      const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
      await signIn(page, d.user);
      await d.open(page);
      const dialog = page.getByRole("dialog", { name: d.dialog });
      await visible(dialog);

      // Nothing typed: Escape closes without a question.
      await d.field(dialog).click();
      await page.keyboard.press("Escape");
      await gone(dialog);
      expect(await prompt(page).count()).toBe(0);

      await d.open(page);
      await d.field(dialog).click();
      await d.field(dialog).fill("Harbour office, pier 4");
      await page.keyboard.press("Escape");
      await visible(prompt(page));
      expect(await prompt(page).textContent()).toMatch(d.what);
      await prompt(page).getByRole("button", { name: "Stay" }).click();
      await gone(prompt(page));
      await visible(dialog);
      expect(await d.field(dialog).inputValue()).toBe("Harbour office, pier 4");

      // The close button asks the same; Leave closes and the text is gone the next time.
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await visible(prompt(page));
      await prompt(page).getByRole("button", { name: "Leave" }).click();
      await gone(prompt(page));
      await gone(dialog);
      await d.open(page);
      await visible(dialog);
      expect(await d.field(dialog).inputValue()).toBe("");
    });
  }
});

describe("in-page tabs and the call sheet's day", () => {
  async function callSheet(page: Page) {
    await projectTab(page, "The Weight of Water", "Schedule");
    await page.getByRole("tab", { name: "Call sheets" }).click();
    await visible(page.getByRole("article", { name: "Call sheet, day 1" }));
    return page.getByLabel("Call of Jun Park", { exact: true });
  }

  it("switching the schedule's view with unsaved calls asks; Stay keeps them, Leave switches", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "amara.diallo@portal.test");
    const call = await callSheet(page);
    const before = await call.inputValue();
    await call.fill("05:45");

    await page.getByRole("tab", { name: "Stripboard" }).click();
    await visible(prompt(page));
    expect(await prompt(page).textContent()).toMatch(/the calls you changed for day 1/);
    await prompt(page).getByRole("button", { name: "Stay" }).click();
    await gone(prompt(page));
    expect(await page.getByRole("tab", { name: "Call sheets" }).getAttribute("aria-selected")).toBe("true");
    expect(await call.inputValue()).toBe("05:45");

    // The keyboard's way between tabs asks as well.
    await page.getByRole("tab", { name: "Call sheets" }).focus();
    await page.keyboard.press("ArrowLeft");
    await visible(prompt(page));
    await prompt(page).getByRole("button", { name: "Leave" }).click();
    await expect
      .poll(() => page.getByRole("tab", { name: "Day Out of Days" }).getAttribute("aria-selected"), {
        timeout: UI_TIMEOUT,
      })
      .toBe("true");

    // Nothing unsaved: tabs switch without a question, and the calls are as saved.
    await page.getByRole("tab", { name: "Call sheets" }).click();
    await visible(page.getByRole("article", { name: "Call sheet, day 1" }));
    expect(await prompt(page).count()).toBe(0);
    await expect.poll(() => call.inputValue(), { timeout: UI_TIMEOUT }).toBe(before);
  });

  it("picking another shoot day with unsaved calls asks; Stay keeps the day and the calls, Leave opens the other day", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "amara.diallo@portal.test");
    const call = await callSheet(page);
    const picker = page.getByRole("combobox", { name: "Shoot day" });
    const day1 = await picker.inputValue();
    await call.fill("05:45");

    await picker.selectOption({ index: 1 });
    await visible(prompt(page));
    expect(await prompt(page).textContent()).toMatch(/the calls you changed for day 1/);
    await prompt(page).getByRole("button", { name: "Stay" }).click();
    await gone(prompt(page));
    expect(await picker.inputValue()).toBe(day1);
    await visible(page.getByRole("article", { name: "Call sheet, day 1" }));
    expect(await call.inputValue()).toBe("05:45");

    await picker.selectOption({ index: 1 });
    await visible(prompt(page));
    await prompt(page).getByRole("button", { name: "Leave" }).click();
    await visible(page.getByRole("article", { name: "Call sheet, day 2" }));
    expect(await picker.inputValue()).not.toBe(day1);
  });
});

describe("a detail page whose id names nothing says what was not found", () => {
  it("documents, their versions, budget versions, and the links people are sent", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, "student@portal.test");
    const created = await page.request.post("/rest/v1/projects", {
      data: {
        title: "Ferry at Dawn",
        type: "fiction",
        academicYear: "2031/32",
        myRoles: ["producer"],
        shootStart: "2031-10-01",
        shootEnd: "2031-10-02",
        locations: ["Ferry pier"],
      },
    });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;
    const made = await page.request.post(`/rest/v1/projects/${projectId}/documents/templates`, {
      data: {
        template: "location_release",
        party: "Ida Sørensen",
        detail: "Pier 4, Old harbour",
        releaseFor: "Ferry pier",
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const documentId = ((await made.json()) as { id: string }).id;
    const documents = `/project/${projectId}`;

    // [address, heading, text, way back, where it leads (path, search)]
    const cases: [string, string, string | RegExp, string | null, string, string][] = [
      [
        `/view-document?project=${projectId}&document=${NOBODY}`,
        "Document not found",
        "There is no document with this id on this project.",
        "Back to the project's documents",
        documents,
        "?tab=documents",
      ],
      [
        `/view-document?project=${NOBODY}&document=${NOBODY}`,
        "Document not found",
        "There is no project with this id.",
        "Back to the project's documents",
        `/project/${NOBODY}`,
        "?tab=documents",
      ],
      [
        "/view-document",
        "Document not found",
        "The address does not name a document.",
        "Back to Projects",
        "/projects",
        "",
      ],
      [
        `/view-document?project=${projectId}&document=${documentId}&version=${NOBODY}`,
        "Document version not found",
        "“Location release — Ida Sørensen” has no version with this id.",
        "Open the latest version",
        "/view-document",
        `?project=${projectId}&document=${documentId}`,
      ],
      [
        `/budget-approval/${NOBODY}`,
        "Budget version not found",
        "There is no budget proposal with this id.",
        "Back to Projects",
        "/projects",
        "",
      ],
      // Already right before: kept in the table so every detail page is checked alike.
      [
        `/equipment/items/${NOBODY}`,
        "Equipment item not found",
        "There is no item with this id.",
        "Back to Equipment",
        "/equipment",
        "",
      ],
      [
        `/screenplays/${NOBODY}`,
        "Screenplay not found",
        "There is no screenplay with this id.",
        "Back to Screenplays",
        "/screenplays",
        "",
      ],
      [
        `/project/${NOBODY}?tab=budget`,
        "Project not found",
        "There is no project with this id.",
        "Back to Projects",
        "/projects",
        "",
      ],
    ];
    for (const [path, h1, text, back, backPath, backSearch] of cases) {
      await page.goto(path);
      await visible(heading(page, h1));
      await visible(page.getByText(text));
      expect(await heading(page, "Something went wrong").count(), path).toBe(0);
      expect(await page.getByRole("status", { name: /Loading/ }).count(), path).toBe(0);
      if (back) {
        await page.getByRole("link", { name: back, exact: true }).click();
        await expectPath(page, backPath, backSearch);
      }
    }

    // The links sent to people outside the portal say the link is bad, in their own words, never a skeleton.
    const outside = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const links: [string, string][] = [
      [`/signature/${NOBODY}/${NOBODY}?token=nope`, "This link does not work"],
      [`/call-sheet-confirm/${NOBODY}?token=nope`, "This link does not work"],
      [`/budget-approval/${NOBODY}?token=nope`, "This link does not work"],
    ];
    for (const [path, title] of links) {
      await outside.goto(path);
      await visible(outside.getByRole("heading", { name: title }));
    }
  });
});

describe("amounts and dates in e-mails follow the school's settings", () => {
  it("the approval e-mail and the approval page write 1.234,50 and the 12-hour, month-first school's dates", async () => {
    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    const current = (await (await admin.request.get("/rest/v1/school-settings")).json()) as {
      version: number;
      settings: Record<string, unknown>;
    };
    const saved = await admin.request.put("/rest/v1/school-settings", {
      data: {
        version: current.version,
        settings: {
          ...current.settings,
          numberFormat: { decimal: ",", grouping: "." },
          clock: "12h",
          dateOrder: "mdy",
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    const created = await student.request.post("/rest/v1/projects", {
      data: {
        title: "Salt Road",
        type: "fiction",
        academicYear: "2031/32",
        myRoles: ["producer"],
        shootStart: "2031-10-01",
        shootEnd: "2031-10-02",
        locations: ["Salt road"],
      },
    });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;
    // 5 days at 1,234.50: 6,172.50, with 10 % contingency 6,789.75.
    const budget = await student.request.put(`/rest/v1/budgets/${projectId}`, {
      data: {
        version: 0,
        contingencyBps: 1000,
        lines: [
          {
            id: "6f1c2d3e-4a5b-4c6d-8e7f-001122334455",
            accountCode: "2100",
            description: "Camera package",
            quantity: 500,
            units: "days",
            rate: 123450,
            notes: "",
          },
        ],
      },
    });
    expect(budget.status(), await budget.text()).toBe(200);
    const version = ((await budget.json()) as { version: number }).version;
    const submitted = await student.request.post(`/rest/v1/budgets/${projectId}/proposals`, {
      data: { version, approverEmail: "salt.approver@example.test", message: "" },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);

    await expect.poll(() => e2e.smtp.to("salt.approver@example.test").length, { timeout: UI_TIMEOUT }).toBe(1);
    const mail = e2e.smtp.to("salt.approver@example.test")[0]!.text;
    expect(mail).toContain("6.789,75 EUR in total");
    expect(mail).not.toContain("6,789.75");
    // Month first, as the school writes dates: "expires in 14 days, on Tuesday, December 8, 2026."
    expect(mail).toMatch(/expires in \d+ days, on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}\./);

    const link = /https?:\/\/\S+\/budget-approval-redirect\/[0-9a-f-]+\?token=[A-Za-z0-9_-]+/.exec(mail)![0];
    const outsider = await e2e.newPage();
    await outsider.goto(new URL(link).pathname + new URL(link).search);
    await visible(outsider.getByRole("heading", { name: "Salt Road: version 1" }));
    await visible(outsider.getByText("6.789,75 EUR", { exact: true }));
    await visible(outsider.getByRole("table", { name: "Lines" }).getByRole("cell", { name: "1.234,50" }));
    await visible(outsider.getByText(/Submitted by .+, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/));

    // The CSV stays machine-readable whatever the school shows.
    const csv = await (await student.request.get(`/rest/v1/budgets/${projectId}/export.csv?part=detail`)).text();
    expect(csv).toContain("1234.50");
  });
});
