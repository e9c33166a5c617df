import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxe } from "./support/axe.ts";
import { usePortal, UI_TIMEOUT } from "./support/fixtures.ts";
import { DEMO_PASSWORD, expectPath, isFocused, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications, / });
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const unreadOf = async (page: Page) => {
  const label = (await bell(page).getAttribute("aria-label")) ?? "";
  return label.endsWith("none unread") ? 0 : Number(/(\d+) unread/.exec(label)?.[1]);
};

/** Staff add the student to a crew they are not on, through the API, as someone at another desk would. */
async function staffAddsToCrew(student: Page): Promise<{ id: string; title: string }> {
  const me = await (await student.request.get("/rest/v1/profile")).json();
  const list = await (await student.request.get("/rest/v1/projects?limit=100")).json();
  const project = list.items.find((p: { isMember: boolean }) => !p.isMember) as { id: string; title: string };
  const staff = await e2e.newContext();
  const origin = { origin: e2e.portal.url };
  expect(
    (
      await staff.request.post("/auth/v1/sign-in/email", {
        data: { email: "staff@portal.test", password: DEMO_PASSWORD },
        headers: origin,
      })
    ).ok(),
  ).toBe(true);
  const added = await staff.request.post(`/rest/v1/projects/${project.id}/members`, {
    data: { userId: me.id, roles: ["editor"] },
    headers: origin,
  });
  expect(added.status()).toBe(201);
  return project;
}

describe("notifications", () => {
  it("shows a crew addition on the bell and the home page without a reload, and opens it from the bell", async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, "amara.diallo@portal.test");
    await page.goto("/");
    await visible(page.getByRole("heading", { name: "My Projects" }));
    await visible(page.getByRole("heading", { name: "Next Milestones and Shoots" }));
    await visible(page.getByRole("heading", { name: "Unread Notifications" }));
    await visible(bell(page));
    const before = await unreadOf(page);

    const project = await staffAddsToCrew(page);
    await expect.poll(() => unreadOf(page), { timeout: UI_TIMEOUT }).toBe(before + 1);
    const title = `You are on the crew of “${project.title}”`;
    await visible(page.locator("#home-unread").locator("xpath=ancestor::section").getByText(title));

    await bell(page).click();
    await visible(panel(page));
    expect(await isFocused(panel(page).getByRole("heading", { name: "Notifications" }))).toBe(true);
    expect(await seriousAxe(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await isFocused(bell(page))).toBe(true);

    await bell(page).click();
    await panel(page)
      .getByRole("link", { name: new RegExp(title) })
      .click();
    await expectPath(page, `/project/${project.id}`);
    await expect.poll(() => unreadOf(page), { timeout: UI_TIMEOUT }).toBe(before);
    expect(await panel(page).count()).toBe(0);
  });

  it("marks everything read and opens as a full-width sheet on a phone", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, "noor.haddad@portal.test");
    await staffAddsToCrew(page);
    await page.goto("/");
    await expect.poll(() => unreadOf(page), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    await bell(page).click();
    await visible(panel(page));
    const box = await panel(page).boundingBox();
    expect(box?.width).toBe(390);
    expect(await seriousAxe(page)).toEqual([]);
    await panel(page).getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => unreadOf(page), { timeout: UI_TIMEOUT }).toBe(0);
    await visible(panel(page).getByText("All read"));
  });

  it("tells someone on no crew where their productions are", async () => {
    const page = await e2e.newPage();
    // The equipment office is on no crew and supervises nothing.
    await signIn(page, "equipment@portal.test");
    await page.goto("/");
    await visible(page.getByText("You are not on a project yet"));
    await visible(page.getByRole("link", { name: "Production Overview" }).last());
    expect(await seriousAxe(page)).toEqual([]);
  });
});
