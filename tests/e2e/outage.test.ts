import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../../src/server/test/harness.ts";
import { startDbProxy, type DbProxy } from "../../src/server/test/db-proxy.ts";
import { usePortal, UI_TIMEOUT } from "./support/fixtures.ts";
import { button, field, gone, heading, signIn, toast, visible } from "./support/ui.ts";

// A real outage needs PostgreSQL in a process of its own, reached through a relay the test stops; the
// embedded database lives inside the portal's process and cannot go away while it runs.
describe.runIf(!!process.env.TEST_DATABASE_URL)("a database outage in the browser", () => {
  let proxy: DbProxy;
  let drop: () => Promise<void>;
  // Filled before the portal starts (hooks run in the order they are registered).
  const env: Record<string, string> = {};
  beforeAll(async () => {
    const db = await createThrowawayDatabase();
    drop = db.drop;
    proxy = await startDbProxy(db.url);
    env.DATABASE_URL = proxy.url;
  });
  const e2e = usePortal({ env });
  afterAll(async () => {
    await proxy?.close();
    await drop?.();
  });

  it("says the portal is briefly unavailable, keeps what was typed, and saves once the database is back", async () => {
    const page = await e2e.newPage({ colorScheme: "light" });
    await signIn(page, "student@portal.test");
    await page.goto("/settings");
    await visible(heading(page, "Settings"));
    await field(page, "Phone").fill("+44 20 7946 0958");

    await proxy.stop();
    await button(page, "Save Profile").click();
    const notice = page.getByTestId("unavailable-notice");
    await visible(notice);
    expect(await notice.textContent()).toMatch(/^The portal is briefly unavailable/);
    await toast(page, "Profile not saved", /briefly unavailable/);
    expect(await field(page, "Phone").inputValue()).toBe("+44 20 7946 0958");

    await proxy.start();
    // the notice checks readiness by itself and goes once the portal can serve
    await gone(notice, UI_TIMEOUT * 2);
    await button(page, "Save Profile").click();
    await toast(page, "Profile Saved");
    await page.reload();
    await visible(heading(page, "Settings"));
    expect(await field(page, "Phone").inputValue()).toBe("+44 20 7946 0958");

    // A read while the database is away waits and asks again, instead of failing to an error screen.
    await proxy.stop();
    await page.getByRole("link", { name: "Projects", exact: true }).first().click();
    await visible(notice);
    await proxy.start();
    await visible(heading(page, "Projects"), UI_TIMEOUT * 2);
    await gone(notice, UI_TIMEOUT * 2);
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
  });
});
