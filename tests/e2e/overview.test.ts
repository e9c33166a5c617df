import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { usePortal } from "./support/fixtures.ts";
import { gone, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** Made through the API the pages use, far from the seed's years, so the board can be filtered down to it. */
async function createProject(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/rest/v1/projects", {
    data: { title, type: "fiction", academicYear: "2035/36", course: "Board Test" },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

const column = (page: Page, phase: "Development" | "Production") =>
  page.getByRole("region", { name: new RegExp(`^${phase}`) });
const card = (page: Page, phase: "Development" | "Production", title: string) =>
  column(page, phase).getByRole("article", { name: title });

async function openBoard(page: Page, title: string) {
  await page.goto(`/production-overview?search=${encodeURIComponent(title)}`);
  await visible(heading(page, "Production Overview"));
}

describe("the production overview board", () => {
  it("refuses a student's move into production for the greenlight, and lets staff drag it past the checklist with a written reason", async () => {
    const title = "Harbour Lights at Dusk";
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    const id = await createProject(student, title);
    await openBoard(student, title);
    await visible(card(student, "Development", title));

    await student.getByLabel(`Move ${title} to…`).selectOption("production");
    const dialog = student.getByRole("dialog", { name: `Move ${title} to Production` });
    await dialog.getByLabel("Why does the phase change?").fill("Our shoot is booked for next week");
    await dialog.getByRole("button", { name: "Move", exact: true }).click();
    await toast(student, "Phase not changed", /^The greenlight checklist is not complete: Supervisor sign-off/);
    const refusal = dialog.getByRole("alert");
    await visible(refusal.getByText("Supervisor sign-off", { exact: true }));
    await visible(refusal.getByText("Complete it on the project page, or ask the supervisor."));
    // Only staff may override: a student is given no field for it.
    expect(await dialog.getByLabel(/^Override reason/).count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await gone(dialog);
    await visible(card(student, "Development", title));

    const staff = await e2e.newPage();
    await signIn(staff, "staff@portal.test");
    await openBoard(staff, title);
    await card(staff, "Development", title).dragTo(column(staff, "Production"));
    const staffDialog = staff.getByRole("dialog", { name: `Move ${title} to Production` });
    await staffDialog.getByLabel("Why does the phase change?").fill("The harbour is only free this week");
    await staffDialog.getByRole("button", { name: "Move", exact: true }).click();
    await toast(staff, "Phase not changed");
    const override = staffDialog.getByLabel(/^Override reason/);
    await override.fill("Insurance confirmed by phone; the signed form follows Monday.");
    await staffDialog.getByRole("button", { name: "Move past the checklist" }).click();
    await toast(staff, "Phase changed", `${title} is now in Production.`);
    await gone(staffDialog);
    await visible(card(staff, "Production", title));

    const detail = await (await staff.request.get(`/rest/v1/projects/${id}`)).json();
    expect(detail.phaseHistory[0]).toMatchObject({
      from: "development",
      to: "production",
      reason: "The harbour is only free this week",
      overrideReason: "Insurance confirmed by phone; the signed form follows Monday.",
      changedByName: "Daniel Reyes",
    });
    // The student's open board follows the change without a reload.
    await visible(card(student, "Production", title));
  });

  it("on a phone, puts the board in the place of its loading skeleton without moving what is on screen", async () => {
    const page = await e2e.newPage({ viewport: { width: 412, height: 823 } });
    await signIn(page, "staff@portal.test");
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.shift += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The board answers late, so the skeleton is surely on screen first (as on a slow phone).
    await page.route("**/rest/v1/overview/board**", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto("/production-overview");
    await visible(page.getByRole("status", { name: "Loading the board" }));
    await visible(column(page, "Development").getByRole("article").first());
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.1);
  });

  it("on a phone, folds the filters behind a Filters button that counts the active ones", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, "student@portal.test");
    for (const [path, firstResult] of [
      [
        "/projects?type=fiction&phase=production",
        page.getByRole("list", { name: "Projects" }).getByRole("listitem").first(),
      ],
      [
        "/production-overview?type=fiction&phase=production",
        page
          .getByRole("region", { name: /^Production/ })
          .getByRole("article")
          .first(),
      ],
    ] as const) {
      await page.goto(path);
      await visible(firstResult);
      const toggle = page.getByRole("button", { name: /^Filters/ });
      expect(await toggle.innerText()).toMatch(/^Filters\s*2/);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByLabel("Type", { exact: true }).isVisible()).toBe(false);
      // The first result starts on the first screen, not below a screenful of filters.
      const box = await firstResult.boundingBox();
      expect(box!.y).toBeLessThan(844);
      await toggle.click();
      await visible(page.getByLabel("Type", { exact: true }));
      expect(await page.getByLabel("Type", { exact: true }).inputValue()).toBe("fiction");
      await page.getByLabel("Phase", { exact: true }).selectOption("");
      await visible(page.getByRole("button", { name: /^Filters\s*1/ }));
    }
  });
});
