import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { scriptEditor } from "./support/script-editor.ts";
import { button, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("scene numbers", () => {
  it("an inserted scene stays 1A through Unlock and Lock: numbers stay unique, the breakdown opens every scene and the stripboard keeps its strips", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "amara.diallo@portal.test");
    await page.goto("/screenplays");
    await page.getByRole("link", { name: "The Weight of Water", exact: true }).first().click();
    const script = scriptEditor(page);
    await visible(script.box);
    const saved = page.getByRole("status").filter({ hasText: "All changes saved" });

    // Insert a scene after scene 1, as a writer would, with a knife in it (a safety flag).
    const text = await script.read();
    expect(text).toContain("EXT. FERRY TERMINAL - NIGHT #2#");
    await script.fill(
      text.replace(
        "EXT. FERRY TERMINAL - NIGHT #2#",
        "INT. ENGINE ROOM - NIGHT\n\nPaul hides a knife in the toolbox.\n\nEXT. FERRY TERMINAL - NIGHT #2#",
      ),
    );
    await visible(saved);

    await button(page, "Unlock scene numbers").click();
    await toast(page, "Scene numbers unlocked");
    await button(page, "Lock scene numbers").click();
    await toast(page, "Scene numbers locked");
    await visible(button(page, "Unlock scene numbers"));

    const relocked = await script.read();
    expect(relocked).toContain("INT. ENGINE ROOM - NIGHT #1A#");
    const numbers = [...relocked.matchAll(/#([^#\n]+)#\s*$/gm)].map((m) => m[1]);
    expect(numbers).toEqual([...new Set(numbers)]);
    expect(numbers.slice(0, 4)).toEqual(["1", "1A", "2", "3"]);

    // The breakdown opens every scene, the inserted one included, and its safety flag can be confirmed.
    await openProject(page, "The Weight of Water");
    await page.getByRole("tab", { name: "Breakdown" }).click();
    const scenes = page.getByRole("navigation", { name: "Scenes" }).getByRole("button");
    await visible(scenes.first());
    const count = await scenes.count();
    const listed: string[] = [];
    for (let i = 0; i < count; i++) {
      const button = scenes.nth(i);
      const number = (await button.locator("span").first().textContent())!.trim();
      listed.push(number);
      await button.click();
      await visible(
        page.getByRole("heading", { name: new RegExp(`^Scene ${number.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} · `) }),
      );
    }
    expect(listed).toEqual([...new Set(listed)]);
    expect(listed).toContain("1A");
    const flag = page.getByRole("listitem", { name: "Weapons in scene 1A" });
    await flag.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Safety flag confirmed", /Safety plan: weapons \(scene 1A\)/);
    await visible(flag.getByText("Confirmed", { exact: true }));

    // The stripboard keeps every strip on its day; the new scene waits under Unscheduled.
    await page.getByRole("tab", { name: "Schedule" }).click();
    await visible(page.getByRole("list", { name: "Strips of Day 1" }).locator('[data-strip="3"]'));
    const day2 = page.getByRole("list", { name: "Strips of Day 2" });
    await visible(day2.locator('[data-strip="2"]'));
    await visible(day2.locator('[data-strip="1"]'));
    await visible(page.getByRole("list", { name: "Strips of Day 3" }).locator('[data-strip="4"]'));
    await visible(page.getByRole("list", { name: "Strips of Unscheduled" }).locator('[data-strip="1A"]'));
    await expect.poll(() => page.locator('[data-strip="2"]').count(), { timeout: UI_TIMEOUT }).toBe(1);
  });
});
