import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { UI_TIMEOUT } from "./fixtures.ts";

export const DEMO_PASSWORD = "portal-demo";

export async function visible(locator: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

export async function gone(locator: Locator, timeout = UI_TIMEOUT): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout });
}

export const heading = (page: Page, name: string | RegExp) =>
  page.getByRole("heading", { level: 1, name, exact: typeof name === "string" });

export const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A form field by its label. Playwright reads a <label>'s whole text, including the aria-hidden "*" that
 * marks a required field, so the marker is allowed after the exact label.
 */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

/** Waits for a sonner toast with this title (and description, when given) and returns it. */
export async function toast(page: Page, title: string | RegExp, description?: string | RegExp): Promise<Locator> {
  let item = page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ has: page.getByText(title, { exact: typeof title === "string" }) });
  if (description !== undefined)
    item = item.filter({ has: page.getByText(description, { exact: typeof description === "string" }) });
  return visible(item.last());
}

export async function expectPath(page: Page, pathname: string, search = "") {
  await expect
    .poll(
      () => {
        const u = new URL(page.url());
        return u.pathname + u.search;
      },
      { timeout: UI_TIMEOUT },
    )
    .toBe(pathname + search);
}

export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** Fills the sign-in form that is on screen (on /auth or in place of a protected page) and waits for the welcome toast. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await visible(heading(page, "Sign In"));
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await button(page, "Sign In").click();
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/auth");
  await fillSignIn(page, email, password);
  await toast(page, "Welcome to The Portal!");
}

export async function signOut(page: Page) {
  const signOutButton = button(page, "Sign Out");
  if (!(await signOutButton.isVisible())) await button(page, "Menu").click();
  await signOutButton.click();
  await toast(page, "Signed out");
  await visible(heading(page, "Sign In"));
}

let counter = 0;
/** An address nobody has used yet in this run. */
export function uniqueEmail(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.test`;
}

/** Opens a project as a person finds it: searched for in the projects list, then its link. Answers its id. */
export async function openProject(page: Page, name: string): Promise<string> {
  await page.goto(`/projects?search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).first().click();
  await visible(heading(page, name));
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** Opens a project's Budget tab from the projects list, as a person finds it. */
export async function openBudget(page: Page, title: string) {
  await page.goto(`/projects?search=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await visible(heading(page, title));
  await page.getByRole("tab", { name: "Budget" }).click();
  await visible(page.getByRole("heading", { name: "Budget", exact: true }));
}
