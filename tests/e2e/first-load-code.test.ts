import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { usePortal } from "./support/fixtures.ts";
import { heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** The scripts the page fetches from now on, each as its path and code once it has arrived. */
function scriptsOf(page: Page): Promise<Map<string, string>>[] {
  const loaded: Promise<Map<string, string>>[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js")) return;
    loaded.push(
      response
        .text()
        .then((code) => new Map([[url.pathname, code]]))
        .catch(() => new Map()),
    );
  });
  return loaded;
}

/**
 * Pages that draw without checking a form: their first load brings no zod (issue 16, a phone's first load). zod and
 * the API's schemas are a quarter of a page's code and evaluated as they load; they come with the form that checks.
 */
describe("the first load of a page without a form", () => {
  it.each([
    ["/projects", "Projects", "student@portal.test"],
    ["/production-overview", "Production Overview", "staff@portal.test"],
    ["/equipment", "Equipment", "student@portal.test"],
  ])("%s brings no zod until a form opens", async (path, title, email) => {
    const page = await e2e.newPage();
    await signIn(page, email);
    const loaded = scriptsOf(page);
    await page.goto(path, { waitUntil: "networkidle" });
    await visible(heading(page, title));
    const scripts = new Map((await Promise.all(loaded)).flatMap((m) => [...m]));
    expect(scripts.size).toBeGreaterThan(0);
    // zod names its classes in its code ("ZodObject"), minified or not.
    expect([...scripts].filter(([, code]) => code.includes("ZodObject")).map(([path]) => path)).toEqual([]);

    if (path === "/projects") {
      // New Project brings the form and its checks.
      await page.getByRole("button", { name: "New Project" }).click();
      await visible(page.getByRole("dialog", { name: "New Project" }));
      await page.waitForLoadState("networkidle");
      const later = new Map((await Promise.all(loaded)).flatMap((m) => [...m]));
      expect([...later.values()].some((code) => code.includes("ZodObject"))).toBe(true);
    }
  });

  it("New Project without signal says so and keeps the page; with signal again it opens", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    await page.goto("/projects", { waitUntil: "networkidle" });
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "New Project" }).click();
    await toast(
      page,
      "New Project could not be opened",
      "Its form did not load. Check your connection, then try again.",
    );
    await visible(heading(page, "Projects"));
    await page.context().setOffline(false);
    await page.getByRole("button", { name: "New Project" }).click();
    await visible(page.getByRole("dialog", { name: "New Project" }));
  });
});
