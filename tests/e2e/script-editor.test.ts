import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { scriptEditor } from "./support/script-editor.ts";
import { button, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("script editor", () => {
  it("types a scene with Tab and Enter as in Final Draft, completes a character, and stores plain Fountain", async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, "student@portal.test");
    await page.goto("/screenplays");
    await visible(heading(page, "Screenplays"));
    await button(page, "New Screenplay").click();
    const dialog = page.getByRole("dialog", { name: "New Screenplay" });
    await dialog.getByLabel(/^Title/).fill("Harbour Song");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await toast(page, "Screenplay created");

    const script = scriptEditor(page);
    const element = page.locator("#fountain-text-element");
    await script.box.click();
    await script.box.pressSequentially("INT. HARBOUR - NIGHT");
    await visible(element.getByText("Scene heading"));
    await script.box.press("Enter");
    await visible(element.getByText("Action"));
    await script.box.pressSequentially("Gulls circle the pier.");
    await script.box.press("Enter");
    // Tab on an empty line makes a cue, typed in capitals; Enter goes to its speech.
    await script.box.press("Tab");
    await visible(element.getByText("Character"));
    await script.box.pressSequentially("mara");
    await script.box.press("Enter");
    await visible(element.getByText("Dialogue"));
    await script.box.pressSequentially("Is anyone there?");
    // Tab in dialogue opens a parenthetical; Enter steps out of it back into the speech.
    await script.box.press("Tab");
    await visible(element.getByText("Parenthetical"));
    await script.box.pressSequentially("shouting");
    await script.box.press("Enter");
    await script.box.pressSequentially("Hello!");
    await script.box.press("Enter");
    // The next cue completes from the script's characters.
    await script.box.press("Tab");
    await script.box.pressSequentially("m");
    await visible(page.getByRole("option", { name: "MARA" }));
    await script.box.press("Enter");
    await script.box.press("Enter");
    await script.box.pressSequentially("Nobody.");
    await visible(page.getByRole("status").getByText("All changes saved"));

    const stored =
      "INT. HARBOUR - NIGHT\n\nGulls circle the pier.\n\nMARA\nIs anyone there?\n(shouting)\nHello!\n\nMARA\nNobody.";
    await page.reload();
    await expect.poll(() => script.read(), { timeout: UI_TIMEOUT }).toBe(stored);
    const pageOne = page.getByRole("tabpanel").getByRole("region", { name: "Page 1" });
    await visible(pageOne.getByText("(shouting)", { exact: true }));
    // The editor is named for screen readers, and its element is announced politely.
    expect(await element.getAttribute("aria-live")).toBe("polite");
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/script-editor.png` });

    // On a phone the editor still types and completes.
    await page.setViewportSize({ width: 390, height: 844 });
    await script.putCursorAt("Nobody.");
    await script.box.press("End");
    await script.box.press("Enter");
    await script.box.press("Tab");
    await script.box.pressSequentially("ma");
    await visible(page.getByRole("option", { name: "MARA" }));
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/script-editor-phone.png` });
  });
});
