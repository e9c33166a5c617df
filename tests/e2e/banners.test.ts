import { expect, describe, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { openProject, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("stripboard banners, sorting and estimates", () => {
  it("the lead adds a meal break and moves it with the keyboard, sorts the unscheduled strips by location, and re-estimates a scene", async () => {
    const lead = await e2e.newPage();
    await signIn(lead, "amara.diallo@portal.test");
    await openProject(lead, "The Weight of Water");
    await lead.getByRole("tab", { name: "Schedule" }).click();
    const day1 = () => lead.getByRole("list", { name: "Strips of Day 1" });
    await visible(day1().locator('[data-strip="3"]'));

    // A 45-minute meal break lands at the end of day 1, after scene 3.
    await lead.getByRole("button", { name: "Add a banner to Day 1" }).click();
    const dialog = lead.getByRole("dialog");
    await dialog.getByLabel("Kind").selectOption("meal");
    await dialog.getByLabel(/^Length/).fill("45");
    await dialog.getByRole("button", { name: "Add banner" }).click();
    const meal = day1().getByRole("listitem", { name: "Banner: Meal break · 45 min." });
    await visible(meal);
    const order = () =>
      day1()
        .locator("[data-strip]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("aria-roledescription")));
    expect(await order()).toEqual(["strip", "banner"]);

    // Space picks it up, ArrowUp carries it before scene 3, Space drops it.
    await meal.focus();
    await lead.keyboard.press("Space");
    await lead.keyboard.press("ArrowUp");
    await lead.keyboard.press("Space");
    await visible(lead.getByRole("status").filter({ hasText: "Dropped Meal break · 45 min in Day 1, at the start." }));
    await expect.poll(order, { timeout: UI_TIMEOUT }).toEqual(["banner", "strip"]);
    await lead.reload();
    await visible(day1().getByRole("listitem", { name: "Banner: Meal break · 45 min." }));
    expect(await order()).toEqual(["banner", "strip"]);

    // Scenes 3 (the harbour flat) and 4 (the ferry deck) go back to the unscheduled strips.
    for (const [day, scene] of [
      ["Day 1", "3"],
      ["Day 3", "4"],
    ] as const) {
      const strip = lead.getByRole("list", { name: `Strips of ${day}` }).locator(`[data-strip="${scene}"]`);
      await strip.focus();
      await lead.keyboard.press("Space");
      for (let i = 0; i < Number(day.at(-1)); i++) await lead.keyboard.press("ArrowLeft");
      await lead.keyboard.press("Space");
      await visible(lead.getByRole("list", { name: "Strips of Unscheduled" }).locator(`[data-strip="${scene}"]`));
      // Saved before the next move (a move made on an unsaved board is refused as someone else's change).
      await expect.poll(() => lead.locator('[aria-busy="true"]').count(), { timeout: UI_TIMEOUT }).toBe(0);
    }
    const bank = () =>
      lead
        .getByRole("list", { name: "Strips of Unscheduled" })
        .locator("[data-strip]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-strip")));
    await expect.poll(bank, { timeout: UI_TIMEOUT }).toEqual(["3", "4"]);
    await lead.getByLabel("Sort unscheduled by").selectOption("location");
    expect(await bank()).toEqual(["4", "3"]);
    const groups = await lead
      .getByRole("list", { name: "Strips of Unscheduled" })
      .locator('li[role="presentation"]')
      .allTextContents();
    expect(groups[0]).toBe("FERRY DECK (1)");
    expect(groups[1]).toMatch(/^HARBOUR FLAT/);
    await lead.reload();
    await expect.poll(bank, { timeout: UI_TIMEOUT }).toEqual(["4", "3"]);
    expect(await lead.getByLabel("Sort unscheduled by").inputValue()).toBe("location");

    // Day 2: scene 2 from its pages, scene 1 estimated at 75 min, a 30-minute meal and a 20-minute move.
    const day2 = lead.locator("section", { has: lead.getByRole("list", { name: "Strips of Day 2" }) });
    const before = await day2.locator("[data-estimate]").textContent();
    await day2.getByRole("button", { name: /^Estimated time of scene 2: .* from its pages\. Edit$/ }).click();
    await lead
      .getByRole("dialog")
      .getByLabel(/^Estimated time/)
      .fill("2:00");
    await lead.getByRole("dialog").getByRole("button", { name: "Save estimate" }).click();
    await visible(day2.getByRole("button", { name: "Estimated time of scene 2: 2 h. Edit" }));
    await expect
      .poll(() => day2.locator("[data-estimate]").textContent(), { timeout: UI_TIMEOUT })
      .toMatch(/^Est\. 4 h 5 min/);
    expect(before).not.toMatch(/^Est\. 4 h 5 min/);
  });
});
