import { describe, expect, it } from "vitest";
import { seriousAxe } from "./support/axe.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("shot lists and storyboards", () => {
  it("the lead adds two shots to a scene, moves one up with the keyboard, draws its frame and prints the storyboard", async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, "amara.diallo@portal.test");
    const projectId = await openProject(page, "The Weight of Water");
    await page.getByRole("tab", { name: "Shots" }).click();

    // Scene 3 has no shots in the demo; scenes 1 and 2 do.
    await page.getByLabel("Scene", { exact: true }).selectOption("3");
    const newShot = page.getByRole("form", { name: "New shot in scene 3" });
    await visible(newShot);
    for (const [number, size, lens, setup, description] of [
      ["3A", "LS", "24", "30", "The kitchen from the doorway, Ines at the window."],
      ["3B", "CU", "85", "15", "The kettle starts to shake."],
    ] as const) {
      await newShot.getByLabel("Size", { exact: true }).selectOption(size);
      await newShot.getByLabel("Lens (mm)", { exact: true }).fill(lens);
      await newShot.getByLabel("Setup (min)", { exact: true }).fill(setup);
      await newShot.getByLabel("Description", { exact: true }).fill(description);
      await newShot.getByRole("button", { name: "Add shot" }).click();
      await toast(page, `Shot ${number} added`);
    }
    const list = page.getByRole("list", { name: "Shots of scene 3" });
    await visible(list.getByRole("listitem", { name: "Shot 3B" }));
    await visible(page.getByText("Setup time 45 min"));

    // The kettle comes first: Up, pressed from the keyboard, moves it and it takes the number 3A.
    const up = list.getByRole("listitem", { name: "Shot 3B" }).getByRole("button", { name: /^Up/ });
    await up.focus();
    await page.keyboard.press("Enter");
    await toast(page, "Shot 3B moved up", "It is now shot 3A.");
    await expect
      .poll(() => list.getByRole("listitem").first().getByLabel("Description", { exact: true }).inputValue(), {
        timeout: UI_TIMEOUT,
      })
      .toBe("The kettle starts to shake.");

    expect(await seriousAxe(page)).toEqual([]);

    // A field edited where it stands is saved on leaving it.
    const second = list.getByRole("listitem", { name: "Shot 3B" });
    await second.getByLabel("Lens (mm)", { exact: true }).fill("32");
    await page.keyboard.press("Tab");
    await toast(page, "Shot 3B saved");

    // Its frame, sketched on the canvas.
    await button(page, "Storyboard").click();
    const card = page.getByRole("listitem", { name: "Frame of Shot 3A" });
    await card.getByRole("button", { name: "Draw frame of Shot 3A" }).click();
    const canvas = page.getByTestId("frame-canvas");
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(box.x + box.width * (0.2 + i * 0.05), box.y + box.height * (0.7 - i * 0.04));
    await page.mouse.up();
    await page.getByRole("button", { name: "Save drawing" }).click();
    await toast(page, "Frame of shot 3A drawn");
    const img = card.getByRole("img", { name: "Storyboard frame of shot 3A" });
    await visible(img);
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: UI_TIMEOUT })
      .toBe(960);

    expect(await seriousAxe(page)).toEqual([]);

    // Print: the storyboard's PDF answers as a PDF.
    const link = page.getByRole("link", { name: "Print storyboard (PDF)" });
    const href = (await link.getAttribute("href"))!;
    expect(href).toBe(`/rest/v1/projects/${projectId}/shots/storyboard.pdf`);
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
