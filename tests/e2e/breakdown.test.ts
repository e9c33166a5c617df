import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, field, gone, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("breakdown", () => {
  it("tags an element by selecting its words in a scene, and a confirmed safety flag puts a plan on the greenlight checklist; the editor's preview marks the tagged words", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "student@portal.test");
    await page.goto("/projects");
    await page.getByRole("link", { name: "Small Hours" }).first().click();
    await page.getByRole("tab", { name: "Breakdown" }).click();
    await visible(page.getByRole("heading", { name: "Scene 1 · INT. OFFICE TOWER - 14TH FLOOR - NIGHT" }));

    // Select "keyboard" in the scene's text as a person would with the mouse.
    const text = page.getByRole("document", { name: "Text of scene 1" });
    await text.evaluate((el) => {
      const node = [...el.childNodes].find((n) => n.textContent?.includes("keyboard"))!;
      const at = node.textContent!.indexOf("keyboard");
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + "keyboard".length);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      el.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
    });
    await visible(page.locator("input[value='keyboard']"));
    await field(page, "Category").selectOption({ label: "Props" });
    await button(page, "Tag").click();
    await toast(page, "Tagged as props", "keyboard");
    await visible(page.getByRole("button", { name: "Remove keyboard (props)" }));
    const props = page.getByRole("table", { name: "Props" });
    await visible(props.getByRole("row", { name: "keyboard 1" }));
    // The scene's text marks the word in the props' colour, as a breakdown sheet does.
    const mark = text.locator("mark", { hasText: "keyboard" }).first();
    await visible(mark);
    expect(await mark.getAttribute("title")).toBe("Props");
    expect(await mark.getAttribute("class")).toContain("bg-violet-100");

    // The cast is offered from the scene's speaking characters.
    await button(page, "Add KOFI to cast").click();
    await toast(page, "Tagged as cast", "KOFI");
    await visible(page.getByRole("table", { name: "Cast" }).getByRole("row", { name: "KOFI 1" }));
    await visible(text.locator("mark[title='Cast']", { hasText: /^KOFI$/ }).first());

    const flag = page.getByRole("listitem", { name: "Vehicles in scene 3" });
    await flag.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Safety flag confirmed", /Safety plan: vehicles \(scene 3\)/);
    await visible(flag.getByText("Confirmed", { exact: true }));
    const dismissed = page.getByRole("listitem", { name: "Heights in scene 1" });
    await dismissed.getByRole("button", { name: "Dismiss" }).click();
    await visible(dismissed.getByText("Dismissed", { exact: true }));

    await page.getByRole("tab", { name: "Greenlight" }).click();
    const item = page.getByRole("listitem").filter({ hasText: "Safety plan: vehicles (scene 3)" });
    await visible(item.getByText("Not done yet. Ticked by staff or an admin."));

    // The editor's page preview marks the tagged words too, with a switch that is remembered.
    await page.getByRole("tab", { name: "Breakdown" }).click();
    await page.getByText("Breaking down").getByRole("link", { name: "Small Hours" }).click();
    const page1 = page.getByRole("region", { name: "Page 1", exact: true });
    const previewMark = page1.locator("mark[title='Props']", { hasText: "keyboard" }).first();
    await visible(previewMark);
    expect(await previewMark.getAttribute("class")).toContain("bg-violet-100");
    await visible(page.getByRole("list", { name: "Breakdown colours" }).getByText("Props", { exact: true }));
    const colours = page.getByRole("switch", { name: "Show breakdown colours" });
    await colours.click();
    await gone(page1.locator("mark").first());
    await page.reload();
    await visible(page1);
    expect(await colours.getAttribute("aria-checked")).toBe("false");
    expect(await page1.locator("mark").count()).toBe(0);
    await colours.click();
    await visible(previewMark);
  });
});
