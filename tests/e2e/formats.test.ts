import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

const TWELVE = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;
const TWENTY_FOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

async function openCallSheet(page: Page) {
  await openProject(page, "The Weight of Water");
  await page.getByRole("tab", { name: "Schedule" }).click();
  await page.getByRole("tab", { name: "Call sheets" }).click();
  await page.getByRole("combobox", { name: "Shoot day" }).selectOption({ index: 0 });
  const sheet = page.getByRole("article", { name: "Call sheet, day 1" });
  await visible(sheet);
  return sheet;
}

/** Every time a person sees on the call sheet: the crew call, and each person's call as the field shows it. */
async function shownTimes(page: Page) {
  const sheet = page.getByRole("article", { name: "Call sheet, day 1" });
  const crewCall = (await sheet
    .locator("dt", { hasText: "Crew call" })
    .locator("xpath=following-sibling::dd[1]")
    .textContent())!.trim();
  const calls = sheet.getByRole("textbox", { name: /^Call of / });
  await visible(calls.first());
  const values = await Promise.all((await calls.all()).map((c) => c.inputValue()));
  return { crewCall, values, text: (await sheet.textContent()) ?? "" };
}

describe("dates and times follow the school's settings", () => {
  it("a call sheet shows every time on one clock, and switches to 12-hour when the admin says so", async () => {
    const lead = await e2e.newPage();
    await signIn(lead, "amara.diallo@portal.test");
    await openCallSheet(lead);

    // The schedule's summary reads as whole sentences, never "yet.; 7 scenes".
    const summary = (await lead
      .locator("p", { hasText: /shoot days?\b/ })
      .first()
      .textContent())!.trim();
    expect(summary).not.toMatch(/[.;]\s*[;.]|;/);
    expect(summary).toMatch(
      /^(No shoot days yet\.|\d+ shoot days?, .+ scheduled\.)( \d+ (scene is|scenes are) unscheduled\.)?$/,
    );

    // The demo school keeps the 24-hour clock: no AM/PM anywhere.
    const before = await shownTimes(lead);
    expect(before.crewCall).toMatch(TWENTY_FOUR);
    expect(before.values.length).toBeGreaterThan(0);
    for (const v of before.values) expect(v).toMatch(TWENTY_FOUR);
    expect(before.text).not.toMatch(/\b(AM|PM)\b/);

    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/settings");
    await admin.getByRole("combobox", { name: "Clock" }).selectOption("12h");
    await button(admin, "Save School Settings").click();
    await toast(admin, "School Settings Saved");

    await lead.reload();
    await openCallSheet(lead);
    await expect.poll(async () => (await shownTimes(lead)).crewCall, { timeout: UI_TIMEOUT }).toMatch(TWELVE);
    const after = await shownTimes(lead);
    for (const v of after.values) expect(v).toMatch(TWELVE);
    // no 24-hour time left anywhere on the sheet
    expect(after.text).not.toMatch(/\b([01]\d|2[0-3]):[0-5]\d\b(?! ?[AP]M)/);

    // A call typed on either clock is shown on the school's as the field is left, and kept.
    const first = lead.getByRole("textbox", { name: /^Call of / }).first();
    await first.fill("18:30");
    await first.blur();
    await expect.poll(() => first.inputValue(), { timeout: UI_TIMEOUT }).toBe("6:30 PM");
    await first.fill("half past six");
    await first.blur();
    await visible(lead.getByText("Type a time of day, such as 16:00 or 4:00 PM."));
    expect(await first.inputValue()).toBe("half past six");
    await first.fill("6:30 pm");
    await first.blur();
    await button(lead, "Save calls, wraps and chaperones").click();
    await lead.reload();
    await openCallSheet(lead);
    await expect
      .poll(
        () =>
          lead
            .getByRole("textbox", { name: /^Call of / })
            .first()
            .inputValue(),
        { timeout: UI_TIMEOUT },
      )
      .toBe("6:30 PM");
  });
});
