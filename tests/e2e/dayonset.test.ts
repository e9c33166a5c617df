import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { signIn, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("the day on set", () => {
  it("Today keeps working offline: reloaded without signal it shows the saved call sheet, and a report typed offline is saved when the signal returns", async () => {
    const context = await e2e.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, "student@portal.test");
    await page.goto("/today");
    await visible(page.getByRole("heading", { name: "Paper Moon Factory" }));
    await visible(page.getByText("Old paper mill").first());
    await visible(page.getByText("Shooting today").first());
    // The worker is installed and in charge of the page before the signal goes.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    });

    await context.setOffline(true);
    await page.reload();
    await visible(page.getByText(/Offline: showing the call sheet as of/));
    await visible(page.getByRole("heading", { name: "Paper Moon Factory" }));
    await visible(page.getByText("Cantonal Hospital", { exact: false }).first());

    // Typed without signal: kept on the phone, and said so.
    const report = page.getByRole("region", { name: "Daily production report" }).first();
    await report.getByLabel("Delays").fill("Generator failed at 10:15; 25 minutes lost.");
    await visible(report.getByText("Offline: kept on this phone, sent when the signal returns"));

    await context.setOffline(false);
    await visible(report.getByText("All changes saved"));
    // On the server: a fresh read of Today has it.
    await expect
      .poll(
        async () =>
          page.evaluate(async () => {
            const t = await (await fetch("/rest/v1/today")).json();
            return t.days.find((d: { projectTitle: string }) => d.projectTitle === "Paper Moon Factory")?.report?.fields
              ?.delays;
          }),
        { timeout: UI_TIMEOUT },
      )
      .toBe("Generator failed at 10:15; 25 minutes lost.");
  });
});
