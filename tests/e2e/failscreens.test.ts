import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, expectPath, gone, heading, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const OVERVIEW_CHUNK = /\/assets\/ProductionOverviewPage-[^/]+\.js$/;
const CODE_FAILED = "The code of this page could not be loaded. Check your connection, then try again.";

/** Full loads of the document (the first one, then each reload). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on("load", () => loads++);
  return () => loads;
}

async function openOverviewFromNav(page: Page) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Production Overview", exact: true })
    .click();
}

describe("a page whose code cannot be fetched", () => {
  it("after a deploy, the stale tab reloads once and gets the new code", async () => {
    const page = await e2e.newPage();
    await signIn(page, "admin@portal.test");
    // The old build's file is gone once: the first request fails, the reloaded page's request finds it.
    let refused = 0;
    await page.route(OVERVIEW_CHUNK, (route) =>
      refused++ === 0 ? route.fulfill({ status: 404, body: "gone" }) : route.continue(),
    );
    const loads = countLoads(page);
    await openOverviewFromNav(page);
    await visible(heading(page, "Production Overview"));
    expect(loads()).toBe(1);
    expect(refused).toBeGreaterThanOrEqual(2);
  });

  it("when reloading does not help, the route's error screen says so instead of a white page, and no reload loop", async () => {
    const page = await e2e.newPage();
    await signIn(page, "admin@portal.test");
    await page.route(OVERVIEW_CHUNK, (route) => route.fulfill({ status: 404, body: "gone" }));
    const loads = countLoads(page);
    await openOverviewFromNav(page);
    await visible(heading(page, "Something went wrong"));
    await visible(page.getByText(CODE_FAILED, { exact: true }));
    await visible(button(page, "Go Home"));
    await expectPath(page, "/production-overview");
    // The shell stays: the person can still go elsewhere.
    await visible(page.getByRole("navigation", { name: "Main" }));
    await shot(page, "code-load-failed-desktop");
    expect(loads()).toBe(1);

    // The connection is back: Try Again fetches the page's code afresh.
    await page.unroute(OVERVIEW_CHUNK);
    await button(page, "Try Again").click();
    await visible(heading(page, "Production Overview"));
    await gone(heading(page, "Something went wrong"));
  });

  it("a missing file under /assets is a 404, never the app's page", async () => {
    for (const path of ["/assets/nope.js", "/assets/ProductionOverviewPage-old.js", "/assets/deep/nope.css"]) {
      const res = await fetch(new URL(path, e2e.portal.url));
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type") ?? "", path).not.toContain("text/html");
      expect(await res.text(), path).not.toMatch(/<html|<!doctype/i);
    }
  });
});

describe("a detail page whose id names nothing", () => {
  it("says what was not found and leads back, instead of the error screen", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, "student@portal.test");
    const cases: [path: string, h1: string, message: string, back: string, backPath: string][] = [
      [
        "/equipment/items/00000000-0000-4000-8000-000000000000",
        "Equipment item not found",
        "There is no item with this id.",
        "Back to Equipment",
        "/equipment",
      ],
      [
        "/equipment/items/NFS-CAM-999",
        "Equipment item not found",
        "There is no item with this id.",
        "Back to Equipment",
        "/equipment",
      ],
      [
        "/screenplays/00000000-0000-4000-8000-000000000000",
        "Screenplay not found",
        "There is no screenplay with this id.",
        "Back to Screenplays",
        "/screenplays",
      ],
      [
        "/project/00000000-0000-4000-8000-000000000000",
        "Project not found",
        "There is no project with this id.",
        "Back to Projects",
        "/projects",
      ],
    ];
    for (const [path, h1, message, back, backPath] of cases) {
      await page.goto(path);
      await visible(heading(page, h1));
      await visible(page.getByText(message));
      expect(await heading(page, "Something went wrong").count(), path).toBe(0);
      if (path.includes("NFS")) await shot(page, "not-found-item-phone");
      await page.getByRole("link", { name: back, exact: true }).click();
      await expectPath(page, backPath);
    }
  });
});

describe("the production overview's board", () => {
  for (const width of [1280, 390]) {
    it(`scrolls inside itself at ${width} px: the page is never wider than the window, and the last column can be reached`, async () => {
      const page = await e2e.newPage({ viewport: { width, height: 900 } });
      await signIn(page, "admin@portal.test");
      await page.goto("/production-overview");
      const board = page.getByRole("region", { name: "Board columns, scrolls sideways" });
      await visible(board.locator("section").last());
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `overview-${width}`);

      // The keyboard scrolls the board: focus it, and the arrow keys move it sideways.
      await board.focus();
      const before = await board.evaluate((el) => el.scrollLeft);
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => board.evaluate((el) => el.scrollLeft), { timeout: UI_TIMEOUT }).toBeGreaterThan(before);

      // The last column can be scrolled fully into view.
      const lastColumn = board.locator("section").last();
      await lastColumn.scrollIntoViewIfNeeded();
      const box = (await lastColumn.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    });
  }
});

describe("signing on a phone", () => {
  it("opens the document fitted to the screen's width, with the page and zoom controls on one row", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    const created = await student.request.post("/rest/v1/projects", {
      data: {
        title: "Pier at Night",
        type: "fiction",
        academicYear: "2031/32",
        myRoles: ["producer"],
        shootStart: "2031-10-01",
        shootEnd: "2031-10-02",
        locations: ["Old harbour"],
      },
    });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;
    await student.goto(`/project/${projectId}?tab=documents`);
    await button(student, "From a Template").click();
    const make = student.getByRole("dialog", { name: "Make a Document From a Template" });
    await make.getByLabel(/^Owner of the location\s*\*?$/).fill("Ida Sørensen");
    await make.getByLabel(/^Address of the location\s*\*?$/).fill("Pier 4, Old harbour");
    await button(student, "Make PDF").click();
    await toast(student, "Document made");
    const card = student
      .getByRole("listitem")
      .filter({ has: student.getByRole("heading", { name: "Location release — Ida Sørensen" }) });
    await card.getByRole("button", { name: "Send for Signature" }).click();
    const send = student.getByRole("dialog", { name: /^Send “Location release — Ida Sørensen” for Signature$/ });
    await send.getByLabel(/^Name of person 1\s*\*?$/).fill("Ida Sørensen");
    await send.getByLabel(/^E-mail of person 1\s*\*?$/).fill("ida.pier@outside.test");
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await toast(student, "Sent for signature");

    let link = "";
    await expect
      .poll(
        () =>
          (link =
            e2e.smtp
              .to("ida.pier@outside.test")
              .at(-1)
              ?.text.match(/https?:\/\/\S+\/signature\/\S+\?token=[A-Za-z0-9_-]+/)?.[0] ?? ""),
        { timeout: UI_TIMEOUT },
      )
      .not.toBe("");

    const phone = await e2e.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await phone.goto(link);
    const firstPage = phone.getByRole("img", { name: /Location release — Ida Sørensen, page 1 of \d/ });
    await visible(firstPage);
    // Fitted to the width: the page takes the screen's width (a few pixels of frame aside), neither a
    // smaller page inside margins nor wider than the screen.
    await expect
      .poll(async () => (await firstPage.boundingBox())?.width ?? 0, { timeout: UI_TIMEOUT })
      .toBeGreaterThanOrEqual(390 * 0.95);
    const box = (await firstPage.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await visible(phone.getByText("100%", { exact: true }));

    // Every control of the toolbar sits on one row.
    const toolbar = phone.getByRole("toolbar", { name: "Document pages" });
    const tops = await toolbar.evaluate((bar) =>
      [...bar.querySelectorAll("button, input")].map((el) =>
        Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2),
      ),
    );
    expect(tops.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(phone, "signing-390");

    // Zooming in widens the page past the screen, to be scrolled inside its frame.
    await phone.getByRole("button", { name: "Zoom in" }).click();
    await visible(phone.getByText("125%", { exact: true }));
    await expect
      .poll(async () => (await firstPage.boundingBox())?.width ?? 0, { timeout: UI_TIMEOUT })
      .toBeGreaterThan(box.width * 1.2);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

describe("the stripboard", () => {
  it("keeps the order of scenes 1–4 moved one by one into a day with the keyboard", async () => {
    const lead = await e2e.newPage();
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    // Every scene back to the unscheduled strips, as before scheduling starts.
    const schedule = (await (await lead.request.get(`/rest/v1/projects/${projectId}/schedule`)).json()) as {
      version: number;
      days: { id: string }[];
    };
    const cleared = await lead.request.put(`/rest/v1/projects/${projectId}/schedule/board`, {
      data: { version: schedule.version, days: schedule.days.map((d) => ({ id: d.id, scenes: [] })) },
    });
    expect(cleared.status()).toBe(200);
    await lead.reload();
    await lead.getByRole("tab", { name: "Schedule" }).click();

    const bank = lead.getByRole("list", { name: "Strips of Unscheduled" });
    const day1 = lead.getByRole("list", { name: "Strips of Day 1" });
    await visible(bank.locator('[data-strip="1"]'));
    for (const n of ["1", "2", "3", "4"]) {
      await bank.locator(`[data-strip="${n}"]`).focus();
      await lead.keyboard.press("Space");
      await lead.keyboard.press("ArrowRight");
      await lead.keyboard.press("Space");
      await visible(
        lead
          .getByRole("status")
          .filter({ hasText: new RegExp(`^Dropped scene ${n}, .* in Day 1, position ${n} of ${n}\\.$`) }),
      );
      await visible(day1.locator(`[data-strip="${n}"]`));
      await expect.poll(() => lead.locator("[aria-busy=true]").count(), { timeout: UI_TIMEOUT }).toBe(0);
    }
    const order = () =>
      day1.locator("[data-strip]").evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.strip));
    expect(await order()).toEqual(["1", "2", "3", "4"]);
    await lead.reload();
    await visible(lead.getByRole("list", { name: "Strips of Day 1" }).locator('[data-strip="4"]'));
    expect(await order()).toEqual(["1", "2", "3", "4"]);
  });
});
