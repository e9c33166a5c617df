import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../../src/server/test/harness.ts";
import { seriousAxe } from "./support/axe.ts";
import { usePortal } from "./support/fixtures.ts";
import { repoRoot } from "./support/portal.ts";
import { cutsOf, cutWithProxies, uploadCut } from "./support/review.ts";
import { button, field, signIn, toast, visible } from "./support/ui.ts";
import type { CutSummary } from "../../src/common/review.ts";

/** A 4-second clip at 25 fps (320×180, H.264/AAC, start timecode 01:00:00:00), made once with ffmpeg. */
const CLIP = path.join(repoRoot, "tests/e2e/fixtures/cut-4s.mp4");

// The film is picked in the database by what the test needs of it (its supervisor, its delivery list), so the
// portal runs on a PostgreSQL database of this test's own, which the test can read beside it.
describe.runIf(!!process.env.TEST_DATABASE_URL)("reviewing a cut in the browser", () => {
  const env: Record<string, string> = {};
  let drop: () => Promise<void>;
  let dbUrl = "";
  beforeAll(async () => {
    const db = await createThrowawayDatabase();
    drop = db.drop;
    dbUrl = db.url;
    env.DATABASE_URL = db.url;
  });
  const e2e = usePortal({ env });
  afterAll(async () => drop?.());

  /** A film Daniel Reyes supervises, on the school's delivery checklist, with a rough cut of one version. */
  async function cutOfDaniels(versions = 1): Promise<{ projectId: string; cutId: string; versionId: string }> {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ id: string }>(`
        select p.id from projects p join profiles s on s.id = p.supervisor_id
        where s.email = 'staff@portal.test' and p.phase <> 'completed'
          and not exists (select 1 from course_deliveries d where d.course_id = p.course_id)
          and not exists (select 1 from project_delivery_signoffs o where o.project_id = p.id)
        order by p.title limit 1`);
      expect(rows, "a demo film supervised by Daniel").toHaveLength(1);
      const projectId = rows[0]!.id;
      // Uploaded as the Post tab does, and played through the media route once the worker made the proxies.
      const uploader = await e2e.newPage();
      await signIn(uploader, "staff@portal.test");
      const before = new Set((await cutsOf(uploader, projectId)).map((c) => c.id));
      const isNew = (cuts: CutSummary[]) => cuts.find((c) => !before.has(c.id));
      await uploadCut(uploader, { projectId, title: "Rough cut" }, CLIP);
      let cut = await cutWithProxies(uploader, projectId, isNew);
      for (let n = 2; n <= versions; n++) {
        await uploadCut(uploader, { cutId: cut.id }, CLIP);
        cut = await cutWithProxies(uploader, projectId, isNew, n);
      }
      await uploader.close();
      const cutId = cut.id;
      const versionId = cut.versions.at(-1)!.id;
      return { projectId, cutId, versionId };
    } finally {
      await c.end();
    }
  }

  it("seeks, notes at a timecode, finds the note on the timeline, resolves it and approves the picture lock", async () => {
    const { projectId, cutId, versionId } = await cutOfDaniels();
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, "staff@portal.test");
    await page.goto(`/project/${projectId}/cut/${cutId}?v=${versionId}`);
    await visible(page.getByRole("heading", { name: "Rough cut", level: 1 }));
    const timecode = page.getByTestId("timecode");
    await visible(timecode);
    expect(await timecode.textContent()).toBe("01:00:00:00");

    // Five frames on, with the frame-step button.
    for (let i = 0; i < 5; i++) await button(page, "Next frame").click();
    await expect.poll(() => timecode.textContent()).toBe("01:00:00:05");
    await visible(button(page, "Add note at 01:00:00:05"));
    await field(page, "Note at 01:00:00:05").fill("The boom dips into the shot here.");
    await button(page, "Add note at 01:00:00:05").click();
    await toast(page, "Note added");
    const notes = page.getByRole("list", { name: "Notes" });
    await visible(notes.getByText("The boom dips into the shot here."));

    // On the timeline: move away, then the marker seeks back to the note.
    for (let i = 0; i < 10; i++) await button(page, "Next frame").click();
    await expect.poll(() => timecode.textContent()).toBe("01:00:00:15");
    await page.getByRole("button", { name: /^Go to note: 01:00:00:05 Daniel Reyes/ }).click();
    await expect.poll(() => timecode.textContent()).toBe("01:00:00:05");

    // Clicking the note selects it (and seeks); resolve it.
    await notes.getByRole("button", { name: /The boom dips/ }).click();
    await button(page, "Resolve").click();
    await toast(page, "Note resolved");
    await visible(notes.getByText("Resolved", { exact: true }));

    // The supervisor approves the version as picture lock.
    await page.getByRole("checkbox", { name: /Picture lock/ }).check();
    await button(page, "Approve as picture lock").click();
    await toast(page, "Approved as picture lock");
    await visible(page.getByText("Approved · picture lock by Daniel Reyes"));

    // The delivery checklist's item is ticked by itself.
    await page.goto(`/project/${projectId}`);
    await page.getByRole("tab", { name: "Delivery" }).click();
    const why = page.getByTestId("delivery-why-picture_lock");
    await visible(why);
    expect(await why.textContent()).toMatch(/^Rough cut v1 approved as picture lock by Daniel Reyes on /);
    await visible(
      page.getByRole("list", { name: "Delivery items" }).getByText("Picture lock approved: done", { exact: false }),
    );
  });

  it("fits a phone: the notes sit under the player and nothing scrolls sideways", async () => {
    const { projectId, cutId } = await cutOfDaniels();
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await signIn(page, "student@portal.test");
    await page.goto(`/project/${projectId}/cut/${cutId}`);
    await visible(page.getByRole("heading", { name: /Notes on v1/ }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const video = await page.getByLabel("Rough cut, version 1").boundingBox();
    const notes = await page.getByRole("heading", { name: /Notes on v1/ }).boundingBox();
    expect(notes!.y).toBeGreaterThan(video!.y + video!.height);
    // A student may note, but the decision is the supervisor's.
    await visible(button(page, "Add note at 01:00:00:00"));
    expect(await page.getByRole("button", { name: "Request changes" }).count()).toBe(0);
    // A cut that is not there says so.
    await page.goto(`/project/${projectId}/cut/${randomUUID()}`);
    await visible(page.getByText("There is no cut with this id."));
  });

  it("compares two versions in sync and keeps a drawing on the frame with its note", async () => {
    const { projectId, cutId } = await cutOfDaniels(2);
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, "student@portal.test");
    await page.goto(`/project/${projectId}/cut/${cutId}`);
    await visible(page.getByRole("heading", { name: "Notes on v2" }));
    await page.getByLabel("Compare with").selectOption({ label: "v1" });
    const lead = page.getByLabel("Rough cut, version 2");
    const follow = page.getByLabel("Rough cut, version 1");
    await visible(follow);
    const state = (v: typeof lead) =>
      v.evaluate((el: HTMLVideoElement) => ({ paused: el.paused, t: Math.round(el.currentTime * 100) / 100 }));

    // The newer version drives the older one: play, pause, a frame step and the speed follow.
    await button(page, "Play").first().click();
    await expect.poll(async () => (await state(follow)).paused).toBe(false);
    await button(page, "Pause").first().click();
    await expect.poll(async () => (await state(follow)).paused).toBe(true);
    await button(page, "Next frame").first().click();
    await expect.poll(async () => (await state(follow)).t).toBe((await state(lead)).t);
    await page.getByLabel("Speed").first().selectOption("2");
    await expect.poll(() => follow.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(2);

    // A drawing made over the paused picture goes with the note, and shows again when the note is chosen.
    const at = await page.getByTestId("timecode").first().textContent();
    await button(page, "Draw on the frame").click();
    const pad = (await page.getByTestId("drawing-pad").boundingBox())!;
    await page.mouse.move(pad.x + pad.width * 0.2, pad.y + pad.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(pad.x + pad.width * 0.5, pad.y + pad.height * 0.4, { steps: 5 });
    await page.mouse.up();
    await button(page, "Stop drawing").click();
    await field(page, `Note at ${at}`).fill("Frame the actor a little tighter.");
    await button(page, `Add note at ${at}`).click();
    await toast(page, "Note added");
    expect(await page.getByTestId("note-drawing").count()).toBe(0);
    await page
      .getByRole("list", { name: "Notes" })
      .getByRole("button", { name: /tighter/ })
      .click();
    await visible(page.getByTestId("note-drawing"));
    expect(await seriousAxe(page)).toEqual([]);
  });
});
