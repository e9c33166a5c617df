import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shotEighthsOf, type DailyReportDto, type TodayDto } from "../../src/common/daily-reports.ts";
import { formatPages } from "../../src/common/eighths.ts";
import type { ShotsDto } from "../../src/common/shots.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { heading, openProject, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();

/** An API answer read by the page itself, with its session. */
const getJson = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path);

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

  it("offers a valid manifest with PNG icons, so a phone can install the portal", async () => {
    const page = await e2e.newPage();
    await page.goto("/today");
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const icons = JSON.parse(manifest.data ?? "{}").icons as {
      src: string;
      sizes: string;
      type: string;
      purpose: string;
    }[];
    expect(icons.filter((i) => i.type === "image/png").map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const res = await page.request.get(icon.src);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toMatch(new RegExp(`^${icon.type.replace("+", "\\+")}`));
    }
  });

  it("leads from a shoot day on the schedule to its report, where a scene shot in part counts its pages, and back", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    const today = (await getJson(page, "/rest/v1/today")) as TodayDto;
    const day = today.days.find((d) => d.projectTitle === "Paper Moon Factory" && d.kind === "today")!;
    // The demo's day has no scenes yet: the crew attaches a screenplay and puts its scenes on the day.
    await page.evaluate(
      async ({ projectId, dayId }) => {
        const send = (url: string, method: string, body: unknown) =>
          fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        const body = "INT. MILL - DAY\n\nThe presses turn.\n\nEXT. YARD - NIGHT\n\nSnow.\n";
        await send("/rest/v1/screenplays", "POST", { title: "Paper Moon", projectId, body });
        const sc = await (await fetch(`/rest/v1/projects/${projectId}/schedule`)).json();
        const scenes = sc.bank.map((b: { number: string }) => b.number);
        await send(`/rest/v1/projects/${projectId}/schedule/board`, "PUT", {
          version: sc.version,
          days: [{ id: dayId, scenes }],
        });
        await send(`/rest/v1/projects/${projectId}/shots`, "POST", {
          sceneNumber: scenes[0],
          size: "LS",
          angle: "eye_level",
          movement: "static",
          lens: null,
          description: "The presses roll",
          setupMinutes: 15,
        });
      },
      { projectId: day.projectId, dayId: day.dayId },
    );
    const projectId = await openProject(page, "Paper Moon Factory");
    await page.goto(`/project/${projectId}?tab=schedule`);
    await page
      .getByRole("link", { name: new RegExp(`^(Open|Start) the daily report of day ${day.dayNumber}$`) })
      .click();
    await visible(heading(page, `Daily production report: day ${day.dayNumber}`));

    // The longest scene of the day is shot in part: what cannot be read is said, an eighth is counted.
    const before = (await getJson(page, `/rest/v1/projects/${projectId}/daily-reports/${day.dayId}`)) as DailyReportDto;
    expect(before).toMatchObject({ dayId: day.dayId });
    const scene = [...before.planned].sort((a, b) => b.eighths - a.eighths)[0]!;
    await page.getByLabel(new RegExp(`^Scene ${scene.number}:`)).selectOption({ label: "Part shot" });
    const pages = page.getByLabel(`Pages shot of scene ${scene.number}`);
    await pages.fill("1,5");
    await visible(page.getByText(/Pages are counted in eighths, not decimals/));
    await pages.fill("1/8");
    await visible(page.getByText("All changes saved"));
    const after = (await getJson(page, `/rest/v1/projects/${projectId}/daily-reports/${day.dayId}`)) as DailyReportDto;
    expect(after.fields.scenes.find((s) => s.number === scene.number)).toEqual({
      number: scene.number,
      status: "part",
      shotEighths: 1,
    });
    expect(after.shotEighths).toBe(shotEighthsOf(after.fields.scenes, after.planned));
    await visible(
      page.getByText(`Scenes: ${formatPages(after.shotEighths)} shot of ${formatPages(after.plannedEighths)} planned`),
    );

    // The day's shot list is ticked off as it is shot, and the shot list knows it.
    await page.getByRole("checkbox", { name: /The presses roll/ }).check();
    await visible(page.getByText("Shots: 1 of 1 on the shot list taken"));
    // "All changes saved" may still be showing from the pages typed before: the shot list is asked until it knows.
    const doneShots = async () =>
      ((await getJson(page, `/rest/v1/projects/${projectId}/shots`)) as ShotsDto).scenes
        .flatMap((sc) => sc.shots)
        .map((x) => [x.description, x.done]);
    await expect.poll(doneShots, { timeout: UI_TIMEOUT }).toEqual([["The presses roll", true]]);
    await visible(page.getByText("All changes saved"));

    await page.getByRole("link", { name: `Back to day ${day.dayNumber} on the schedule` }).click();
    await expect.poll(() => new URL(page.url()).search, { timeout: UI_TIMEOUT }).toBe(`?tab=schedule&day=${day.dayId}`);
    await visible(page.getByRole("link", { name: `Open the daily report of day ${day.dayNumber}` }));
  });
});
