import type { Dialog, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { expectPath, field, gone, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** One editor as a person meets it: where it is, a field to type in, a way away from it, and what saving shows. */
interface Editor {
  user: string;
  /** Opens the editor from anywhere, by the app's own links where a way back is needed. */
  open(page: Page): Promise<void>;
  field(page: Page): Locator;
  text: string;
  /** How the leave prompt names the work. */
  what: RegExp;
  /** An in-app navigation away: the menu, another tab of the page, or the browser's Back. */
  leave(page: Page): Promise<void>;
  /** Waits until the navigation away has happened. */
  left(page: Page): Promise<void>;
  /** Other fields the form needs before it can be saved. */
  complete?(page: Page): Promise<void>;
  /** Waits until Ctrl+S has saved. */
  saved(page: Page): Promise<void>;
}

const prompt = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });
const home = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }).click();
const back = (page: Page) => page.evaluate(() => history.back());

/** Type, try to leave (Stay keeps it), reload (the browser asks), leave for real (it is gone), type again and Ctrl+S (saved, and leaving no longer asks). */
async function drive(ed: Editor) {
  const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
  await signIn(page, ed.user);
  await ed.open(page);
  const input = ed.field(page);
  const before = await input.inputValue();
  expect(before).not.toBe(ed.text);
  await input.click();
  await input.fill(ed.text);
  const at = page.url();

  await ed.leave(page);
  await visible(prompt(page));
  expect(await prompt(page).textContent()).toMatch(ed.what);
  await prompt(page).getByRole("button", { name: "Stay" }).click();
  await gone(prompt(page));
  expect(page.url()).toBe(at);
  expect(await input.inputValue()).toBe(ed.text);

  const asked = new Promise<Dialog>((resolve) => page.once("dialog", resolve));
  void page.reload().catch(() => {});
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  expect(await input.inputValue()).toBe(ed.text);

  await ed.leave(page);
  await visible(prompt(page));
  await prompt(page).getByRole("button", { name: "Leave" }).click();
  await ed.left(page);
  await ed.open(page);
  expect(await ed.field(page).inputValue()).toBe(before);

  await ed.field(page).click();
  await ed.field(page).fill(ed.text);
  await ed.complete?.(page);
  await ed.field(page).press("Control+s");
  await ed.saved(page);
  await ed.leave(page);
  await ed.left(page);
  expect(await prompt(page).isVisible()).toBe(false);
}

async function projectTab(page: Page, project: string, tab: string) {
  await page.goto(`/projects?search=${encodeURIComponent(project)}`);
  await page.getByRole("link", { name: project, exact: true }).first().click();
  await visible(heading(page, project));
  await page.getByRole("tab", { name: tab }).click();
}

const onOverview = (page: Page) => visible(page.getByRole("heading", { level: 2, name: "Overview" })).then(() => {});
const inDialog = (page: Page, name: string | RegExp, label: string) =>
  page.getByRole("dialog", { name }).getByLabel(label, { exact: true });

describe("leaving a form with unsaved input", () => {
  it("breakdown: an element typed but not tagged", async () => {
    await drive({
      user: "student@portal.test",
      open: async (page) => {
        await projectTab(page, "Small Hours", "Breakdown");
        await visible(page.getByRole("heading", { name: /^Scene 1 · / }));
      },
      field: (page) => field(page, "Element"),
      text: "Revolver",
      what: /Revolver/,
      leave: (page) => page.getByRole("tab", { name: "Overview" }).click(),
      left: onOverview,
      saved: async (page) => void (await toast(page, "Tagged as props", "Revolver")),
    });
  });

  it("project details: an edited logline", async () => {
    await drive({
      user: "student@portal.test",
      open: async (page) => {
        await projectTab(page, "Small Hours", "Overview");
        await page.getByRole("button", { name: "Edit Details" }).click();
      },
      field: (page) => field(page, "Logline"),
      text: "A night cleaner finds the one office where the lights never go out.",
      what: /project details/,
      leave: (page) => page.getByRole("tab", { name: "Crew" }).click(),
      left: (page) => expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("crew"),
      saved: async (page) => void (await toast(page, "Project saved")),
    });
  });

  it("schedule: a shoot day being added", async () => {
    const dialog = "Add a shoot day";
    await drive({
      user: "amara.diallo@portal.test",
      open: async (page) => {
        await projectTab(page, "The Weight of Water", "Schedule");
        await page.getByRole("button", { name: "Add shoot day" }).click();
      },
      field: (page) => inDialog(page, dialog, "Location"),
      text: "Old ferry terminal",
      what: /shoot day/,
      leave: back,
      left: (page) => expectPath(page, "/projects", `?search=${encodeURIComponent("The Weight of Water")}`),
      complete: (page) => inDialog(page, dialog, "Date").fill("2027-03-01"),
      saved: (page) => gone(page.getByRole("dialog", { name: dialog })),
    });
  });

  it("call sheet: a person's call changed but not saved", async () => {
    let patched: Promise<unknown> = Promise.resolve();
    await drive({
      user: "amara.diallo@portal.test",
      open: async (page) => {
        await projectTab(page, "The Weight of Water", "Schedule");
        await page.getByRole("tab", { name: "Call sheets" }).click();
        await visible(page.getByRole("heading", { name: /day 1 of \d+/ }));
      },
      field: (page) => page.getByLabel("Call of Jun Park", { exact: true }),
      text: "06:30",
      what: /calls you changed for day 1/,
      leave: (page) => page.getByRole("tab", { name: "Overview" }).click(),
      left: onOverview,
      complete: async (page) => {
        patched = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/days/") && r.ok());
      },
      saved: async () => void (await patched),
    });
  });

  it("settings: a changed phone number in the profile", async () => {
    await drive({
      user: "amara.diallo@portal.test",
      open: async (page) => {
        await page.goto("/settings");
        await visible(heading(page, "Settings"));
      },
      field: (page) => field(page, "Phone"),
      text: "+44 20 7946 0000",
      what: /profile/,
      leave: home,
      left: (page) => expectPath(page, "/"),
      saved: async (page) => void (await toast(page, "Profile Saved")),
    });
  });

  it("settings: the admin's school settings", async () => {
    await drive({
      user: "admin@portal.test",
      open: async (page) => {
        await page.goto("/settings");
        await visible(field(page, "School name"));
      },
      field: (page) => field(page, "School name"),
      text: "Northbridge School of Film",
      what: /school settings/,
      leave: home,
      left: (page) => expectPath(page, "/"),
      saved: async (page) => void (await toast(page, "School Settings Saved")),
    });
  });

  it("documents: a release being made from a template", async () => {
    const dialog = "Make a Document From a Template";
    await drive({
      user: "student@portal.test",
      open: async (page) => {
        await projectTab(page, "Small Hours", "Documents");
        await page.getByRole("button", { name: "From a Template" }).click();
      },
      field: (page) => inDialog(page, dialog, "Owner of the location"),
      text: "Ida Sørensen",
      what: /template/,
      leave: back,
      left: (page) => expectPath(page, "/projects", `?search=${encodeURIComponent("Small Hours")}`),
      complete: (page) => inDialog(page, dialog, "Address of the location").fill("Pier 4, Old harbour"),
      saved: async (page) => void (await toast(page, "Document made")),
    });
  });

  it("signature request: signers typed but not sent", async () => {
    const dialog = /^Send “Location release — Nils Berg” for Signature$/;
    await drive({
      user: "student@portal.test",
      open: async (page) => {
        await projectTab(page, "Small Hours", "Documents");
        const card = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: "Location release — Nils Berg" }) });
        await visible(page.getByRole("button", { name: "From a Template" }));
        if ((await card.count()) === 0) {
          await page.getByRole("button", { name: "From a Template" }).click();
          await inDialog(page, "Make a Document From a Template", "Owner of the location").fill("Nils Berg");
          await inDialog(page, "Make a Document From a Template", "Address of the location").fill("Harbour Road 2");
          await page.getByRole("button", { name: "Make PDF" }).click();
          await toast(page, "Document made");
        }
        await card.getByRole("button", { name: "Send for Signature" }).click();
      },
      field: (page) => inDialog(page, dialog, "Name of person 1"),
      text: "Nils Berg",
      what: /signature request for “Location release — Nils Berg”/,
      leave: back,
      left: (page) => expectPath(page, "/projects", `?search=${encodeURIComponent("Small Hours")}`),
      complete: (page) => inDialog(page, dialog, "E-mail of person 1").fill("nils@outside.test"),
      saved: async (page) => void (await toast(page, "Sent for signature")),
    });
  });

  it("equipment: an item's fields being edited", async () => {
    await drive({
      user: "equipment@portal.test",
      open: async (page) => {
        await page.goto("/equipment-admin?tab=inventory");
        await field(page, "Search the inventory").fill("NFS-LNS-001");
        await page.getByRole("row").filter({ hasText: "NFS-LNS-001" }).getByRole("link").click();
        await page.getByRole("button", { name: "Edit", exact: true }).click();
      },
      field: (page) => inDialog(page, /^Edit /, "Storage location"),
      text: "Cage B, shelf 3",
      what: /your changes to/,
      leave: back,
      left: (page) => expectPath(page, "/equipment-admin", "?tab=inventory"),
      saved: async (page) => void (await toast(page, "Item saved")),
    });
  });
});
