import { readFileSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { parseFountain } from "../../src/common/screenplay/fountain.ts";
import { layoutScript } from "../../src/common/screenplay/layout.ts";
import { seriousAxe } from "./support/axe.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { scriptEditor } from "./support/script-editor.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** Set SCREENSHOTS=/some/dir to keep pictures of the pages for a look. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: false });
}

const SCENE = `Title: Night Ferry
Credit: Written by
Author: Lena Fischer

INT. FERRY DECK - NIGHT

Rain sweeps the empty deck. MARA (20s) grips the rail.

MARA
(shouting)
Is anyone there?

TOMAS ^
Over here!

CUT TO:
`;

async function newScreenplay(page: Page, title: string) {
  await page.goto("/screenplays");
  await visible(heading(page, "Screenplays"));
  await button(page, "New Screenplay").click();
  const dialog = page.getByRole("dialog", { name: "New Screenplay" });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await toast(page, "Screenplay created");
  await visible(scriptEditor(page).box);
  return page.url();
}

describe("screenplays", () => {
  it("write a scene, see it formatted, save a revision, compare it and read the reports", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "student@portal.test");
    await newScreenplay(page, "Night Ferry");

    await scriptEditor(page).fill(SCENE);
    const preview = page.getByRole("tabpanel");
    await visible(preview.getByRole("region", { name: "Title page" }).getByText("NIGHT FERRY"));
    const pageOne = preview.getByRole("region", { name: "Page 1" });
    await visible(pageOne.getByText("INT. FERRY DECK - NIGHT"));
    // Industry positions in characters of Courier 12 pt (a page is 85 of them wide, whatever the zoom):
    // dual dialogue puts the second cue 32 characters right of the first.
    const char = (await pageOne.boundingBox())!.width / 85;
    const left = async (text: string) => (await pageOne.getByText(text, { exact: true }).boundingBox())!.x;
    const margin = await left("INT. FERRY DECK - NIGHT");
    expect(Math.round((margin - (await pageOne.boundingBox())!.x) / char)).toBe(15);
    expect(Math.round(((await left("(shouting)")) - margin) / char)).toBe(3);
    expect(Math.round(((await left("TOMAS")) - (await left("MARA"))) / char)).toBe(32);
    expect(Math.round(((await left("CUT TO:")) - margin) / char)).toBe(60 - "CUT TO:".length);
    await visible(page.getByRole("status").getByText("All changes saved"));
    await shot(page, "editor-desktop");

    await page.getByRole("tab", { name: /^Revisions/ }).click();
    await field(page, "Revision name").fill("First draft");
    await button(page, "Save revision").click();
    await toast(page, "Revision saved", /white revision/);

    await scriptEditor(page).fill(SCENE.replace("grips the rail", "lets go of the rail"));
    await visible(page.getByRole("status").getByText("All changes saved"));
    const changes = page.getByRole("list", { name: /Changes from 1\. First draft \(white\) to Current draft/ });
    await visible(changes.getByText("Rain sweeps the empty deck. MARA (20s) lets go of the rail."));
    await visible(page.getByText("1 line added, 1 removed."));
    await field(page, "Revision name").fill("Blue pages");
    await button(page, "Save revision").click();
    await toast(page, "Revision saved", /blue revision/);
    await shot(page, "revisions");
    // A revision goes out to Final Draft as that revision, with its changed line marked.
    const [fdx] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Final Draft of revision 2" }).click(),
    ]);
    const xml = readFileSync((await fdx.path())!, "utf8");
    expect(xml).toContain('Name="Blue pages"');
    expect(xml).toContain("lets go of the rail");

    // Writing on after the revision: the preview marks the line changed since it with "*", as the PDF will.
    await page.getByRole("tab", { name: "Preview" }).click();
    const revisedMark = pageOne.getByRole("img", { name: "Changed since the last revision" });
    await visible(pageOne.getByText("Is anyone there?"));
    await expect.poll(() => revisedMark.count(), { timeout: UI_TIMEOUT }).toBe(0);
    await scriptEditor(page).putCursorAt("there?");
    await page.keyboard.type("out ");
    const changedLine = pageOne.getByText("Is anyone out there?", { exact: true });
    await visible(changedLine);
    await expect.poll(() => revisedMark.count(), { timeout: UI_TIMEOUT }).toBe(1);
    const middle = (box: { y: number; height: number } | null) => box!.y + box!.height / 2;
    const markBox = await revisedMark.boundingBox();
    expect(Math.abs(middle(markBox) - middle(await changedLine.boundingBox()))).toBeLessThan(2);
    // In the right margin, and not beside the lines left as they were (the action changed in the revision before).
    expect(Math.round((markBox!.x - (await pageOne.boundingBox())!.x) / char)).toBe(15 + 66);
    for (const same of ["Rain sweeps the empty deck. MARA (20s) lets go of the rail.", "(shouting)", "MARA"])
      expect(
        Math.abs(middle(markBox) - middle(await pageOne.getByText(same, { exact: true }).boundingBox())),
      ).toBeGreaterThan(6);
    await visible(page.getByRole("status").getByText("All changes saved"));
    await shot(page, "revision-marks");

    await page.getByRole("tab", { name: "Reports" }).click();
    const scenes = page.getByRole("table", { name: "Scenes" });
    await visible(scenes.getByRole("row", { name: /1 INT FERRY DECK NIGHT 1 .* MARA, TOMAS/ }));
    await visible(page.getByRole("table", { name: "Characters" }).getByRole("row", { name: /MARA 1 \(1\) 1 1/ }));
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );

    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, "student@portal.test");
    await phone.goto(page.url());
    const phonePage = phone.getByRole("region", { name: "Page 1" });
    await visible(phonePage.getByText("INT. FERRY DECK - NIGHT"));
    // The page shrinks to the phone as a whole: the mark stays on it, beside its line.
    const phoneMark = phonePage.getByRole("img", { name: "Changed since the last revision" });
    await visible(phoneMark);
    const sheet = (await phonePage.boundingBox())!;
    const onPhone = (await phoneMark.boundingBox())!;
    expect(onPhone.x + onPhone.width).toBeLessThanOrEqual(sheet.x + sheet.width);
    expect(onPhone.x + onPhone.width).toBeLessThanOrEqual(390);
    const phoneLine = (await phonePage.getByText("Is anyone out there?", { exact: true }).boundingBox())!;
    expect(Math.abs(onPhone.y + onPhone.height / 2 - (phoneLine.y + phoneLine.height / 2))).toBeLessThan(2);
    await shot(phone, "editor-phone");
  });

  it("shows a second writer the difference instead of overwriting, and their typing survives", async () => {
    const lena = await e2e.newPage();
    await signIn(lena, "student@portal.test");
    const url = await newScreenplay(lena, "Two Hands");
    await scriptEditor(lena).fill("INT. ROOM - DAY\n\nA chair.\n");
    await visible(lena.getByRole("status").getByText("All changes saved"));

    const staffContext = await e2e.newContext();
    // Daniel's tab hears nothing live (a dropped connection), so he keeps typing on the text he opened.
    await staffContext.routeWebSocket(/\/realtime\//, (ws) => ws.close());
    const staff = await staffContext.newPage();
    await signIn(staff, "staff@portal.test");
    await staff.goto(url);
    await visible(scriptEditor(staff).box);
    await expect.poll(() => scriptEditor(staff).read(), { timeout: UI_TIMEOUT }).toContain("A chair.");

    await scriptEditor(lena).fill("INT. ROOM - DAY\n\nA red chair.\n");
    await visible(lena.getByRole("status").getByText("All changes saved"));
    await scriptEditor(staff).fill("INT. ROOM - DAY\n\nA chair by the window.\n");
    const conflict = staff.getByRole("alert").filter({ hasText: "saved this screenplay while you were writing" });
    await visible(conflict);
    await visible(conflict.getByText("A red chair."));
    await visible(conflict.getByText("A chair by the window."));
    await shot(staff, "conflict");
    await conflict.getByRole("button", { name: "Keep my text" }).click();
    await visible(staff.getByRole("status").getByText("All changes saved"));
    // A reload under load takes longer than expect.poll's default second: wait as long as for anything on screen.
    await lena.reload();
    await expect.poll(() => scriptEditor(lena).read(), { timeout: UI_TIMEOUT }).toContain("A chair by the window.");
  });

  it("draws a long script's pages as they come into sight and follows the cursor to its page", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "student@portal.test");
    await newScreenplay(page, "Long Night");
    const scenes = Array.from(
      { length: 160 },
      (_, i) => `INT. ROOM ${i} - DAY\n\nThe lamp flickers in room ${i}.\n\nMARA\nWe stay until ${i}.\n`,
    );
    const text = `Title: Long Night\n\n${scenes.join("\n")}`;
    const layout = layoutScript(parseFountain(text));
    const last = layout.pages.at(-1)!;
    const lastScene = layout.scenes.at(-1)!.heading;
    const sceneOnPage = (n: number) => layout.scenes.find((s) => s.page === n)!.heading;
    await scriptEditor(page).fill(text);
    await visible(page.getByText(`· ${last.number} pages`));
    const preview = page.getByRole("tabpanel");
    const box = preview.getByRole("region", { name: "Script pages" });
    // The pasted text leaves the cursor at its end, and the preview follows it there: the scrollbar is the
    // whole script's, and only the pages in sight are drawn.
    const lastPage = preview.getByRole("region", { name: `Page ${last.number}`, exact: true });
    await visible(lastPage.getByText(lastScene));
    await visible(lastPage.getByText(`${last.number}.`, { exact: true }));
    expect(await preview.getByRole("region", { name: /^Page \d+$/ }).count()).toBeLessThan(6);

    await box.evaluate((el) => el.scrollTo(0, 0));
    await visible(preview.getByRole("region", { name: "Page 1", exact: true }).getByText("INT. ROOM 0 - DAY"));
    expect(await seriousAxe(page)).toEqual([]);

    // From the top, a cursor put into a scene further on brings that scene's page into sight.
    const target = Math.ceil(last.number / 2);
    await scriptEditor(page).putCursorAt(sceneOnPage(target).replace(" - DAY", ""));
    // The writer moves the cursor on by a character, as with the arrow key.
    await page.keyboard.press("ArrowRight");
    const targetPage = preview.getByRole("region", { name: `Page ${target}`, exact: true });
    await visible(targetPage.getByText(sceneOnPage(target)));
    const frame = (await box.boundingBox())!;
    const line = (await targetPage.getByText(sceneOnPage(target)).boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(frame.y);
    expect(line.y + line.height).toBeLessThanOrEqual(frame.y + frame.height);
  });

  it("keeps working and saving when a cue is followed by a sung line, and a script in another alphabet prints as typed", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "student@portal.test");
    await newScreenplay(page, "Birthday");
    const script = scriptEditor(page);
    await script.fill("INT. PARTY - NIGHT\n\n");
    await script.box.press("ControlOrMeta+End");
    // Tab makes a cue (typed in capitals), Enter goes to its speech, Shift+Enter keeps the sung lines together.
    await script.box.press("Tab");
    await script.box.pressSequentially("john");
    await script.box.press("Enter");
    await script.box.pressSequentially("~La la la");
    await script.box.press("Shift+Enter");
    await script.box.pressSequentially("~Happy birthday to you");
    await script.box.press("Enter");
    await script.box.pressSequentially("Анна задувает свечи.");
    await script.box.press("Shift+Enter");
    await script.box.pressSequentially("Она смеётся.");
    await visible(page.getByRole("status").getByText("All changes saved"));
    const pageOne = page.getByRole("tabpanel").getByRole("region", { name: "Page 1" });
    await visible(pageOne.getByText("JOHN", { exact: true }));
    await visible(pageOne.getByText("La la la", { exact: true }));
    // The Russian paragraph stays action in the case it was typed, not a cue in capitals.
    await visible(pageOne.getByText("Анна задувает свечи.", { exact: true }));
    expect(await pageOne.getByText("АННА ЗАДУВАЕТ СВЕЧИ.", { exact: true }).count()).toBe(0);
    await page.reload();
    await expect
      .poll(() => scriptEditor(page).read(), { timeout: UI_TIMEOUT })
      .toContain("JOHN\n~La la la\n~Happy birthday to you");
    await visible(
      page
        .getByRole("tabpanel")
        .getByRole("region", { name: "Page 1" })
        .getByText("Happy birthday to you", { exact: true }),
    );
  });

  it("goes to a scene from the scene navigator and moves a scene by dragging it, and by its arrows on a phone", async () => {
    const page = await e2e.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, "student@portal.test");
    await newScreenplay(page, "Three Stops");
    const script = scriptEditor(page);
    await script.fill(
      "INT. BUS - NIGHT\n\nEmpty seats.\n\nEXT. STATION - DAY\n\nRain.\n\nINT. DEPOT - DAWN\n\nThe last bus parks.\n",
    );
    await visible(page.getByRole("status").getByText("All changes saved"));
    await page.getByRole("tab", { name: "Scenes" }).click();
    const scenes = page.getByRole("list", { name: "Scenes" });
    const rows = scenes.getByRole("listitem");
    await expect.poll(() => rows.allInnerTexts(), { timeout: UI_TIMEOUT }).toHaveLength(3);

    // A click puts the cursor on the scene's heading.
    await scenes.getByRole("button", { name: /EXT\. STATION - DAY/ }).click();
    expect(await script.restOfLine()).toBe("EXT. STATION - DAY");

    // Dragged: the depot first.
    await rows.nth(2).dragTo(rows.nth(0));
    await expect
      .poll(() => script.read(), { timeout: UI_TIMEOUT })
      .toBe(
        "INT. DEPOT - DAWN\n\nThe last bus parks.\n\nINT. BUS - NIGHT\n\nEmpty seats.\n\nEXT. STATION - DAY\n\nRain.\n",
      );
    await visible(page.getByRole("status").getByText("All changes saved"));

    await shot(page, "scene-navigator");
    // On a phone, the arrows move it back, and the order is saved.
    await page.setViewportSize({ width: 390, height: 844 });
    await scenes.scrollIntoViewIfNeeded();
    await shot(page, "scene-navigator-phone");
    await scenes.getByRole("button", { name: "Move scene 1 down" }).click();
    await scenes.getByRole("button", { name: "Move scene 2 down" }).click();
    await visible(page.getByRole("status").getByText("All changes saved"));
    await page.reload();
    await expect
      .poll(() => scriptEditor(page).read(), { timeout: UI_TIMEOUT })
      .toBe(
        "INT. BUS - NIGHT\n\nEmpty seats.\n\nEXT. STATION - DAY\n\nRain.\n\nINT. DEPOT - DAWN\n\nThe last bus parks.\n",
      );
  });

  it("imports a Fountain file and refuses one of another kind with a clear message", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    await page.goto("/screenplays");
    await button(page, "Import").click();
    const dialog = page.getByRole("dialog", { name: "Import a screenplay" });
    await dialog
      .getByLabel(/^File/)
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await visible(dialog.getByText("Import a Fountain (.fountain or .txt) or Final Draft (.fdx) file."));
    await dialog.getByLabel(/^File/).setInputFiles({
      name: "harbour.fountain",
      mimeType: "text/plain",
      buffer: Buffer.from("Title: Harbour Lights\n\nEXT. HARBOUR - DAWN\n\nGulls.\n"),
    });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await toast(page, "Screenplay imported");
    await visible(page.getByRole("region", { name: "Page 1" }).getByText("EXT. HARBOUR - DAWN"));
  });

  it("fills the title page in a form on a phone; the script's first lines follow and are saved", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, "student@portal.test");
    await newScreenplay(page, "Low Tide");
    await scriptEditor(page).fill("INT. PIER - DAWN\n\nGulls.\n");
    await visible(page.getByRole("status").getByText("All changes saved"));

    await page.getByRole("tab", { name: "Title page" }).click();
    const form = page.getByRole("form", { name: "Title page" });
    await form.getByLabel("Title").fill("LOW TIDE");
    await form.getByLabel("Credit").fill("Written by");
    await form.getByLabel("Author").fill("Lena Fischer");
    await form.getByLabel("Contact").fill("Lena Fischer\nlena@portal.test");
    await form.getByRole("button", { name: "Apply to the script" }).click();
    expect(await scriptEditor(page).read()).toBe(
      "Title: LOW TIDE\nCredit: Written by\nAuthor: Lena Fischer\nContact:\n    Lena Fischer\n    lena@portal.test\n\nINT. PIER - DAWN\n\nGulls.\n",
    );
    await visible(page.getByRole("status").getByText("All changes saved"));

    await page.reload();
    await page.getByRole("tab", { name: "Title page" }).click();
    expect(await page.getByRole("form", { name: "Title page" }).getByLabel("Author").inputValue()).toBe("Lena Fischer");
    await page.getByRole("tab", { name: "Preview" }).click();
    await visible(page.getByRole("region", { name: "Title page" }).getByText("LOW TIDE"));
  });
});
