import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findTool } from "../../src/server/lib/ffmpeg.ts";
import { seriousAxe } from "./support/axe.ts";
import { usePortal } from "./support/fixtures.ts";
import { button, field, openProject, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();
const FFMPEG = await findTool("ffmpeg");
// In CI the setup script installs ffmpeg, so there the test must run; elsewhere it waits for ffmpeg.
const withFfmpeg = FFMPEG ? it : process.env.CI ? it : it.skip;

/** A clip made with ffmpeg: test picture and tone, with a start timecode as an editor's export carries. */
function makeClip(name: string, seconds: number, bitrate: string) {
  const clip = path.join(mkdtempSync(path.join(os.tmpdir(), "e2e-clip-")), name);
  execFileSync(FFMPEG!, [
    ...["-v", "error", "-f", "lavfi", "-i", `testsrc=size=640x360:rate=25:duration=${seconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-shortest"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-b:v", bitrate, "-pix_fmt", "yuv420p", "-c:a", "aac"],
    ...["-timecode", "01:00:00:00", clip],
  ]);
  return clip;
}

describe("cut upload", () => {
  withFfmpeg(
    "a crew member uploads a cut from the Post tab, sees it listed, and its web copy becomes ready",
    async () => {
      const clip = makeClip("rough-cut.mov", 2, "1M");
      const lena = await e2e.newPage();
      await signIn(lena, "student@portal.test");
      await openProject(lena, "Understudy");
      await lena.getByRole("tab", { name: "Post" }).click();
      await visible(lena.getByRole("heading", { name: "Post-production", level: 2 }));

      await field(lena, "Title of the cut").fill("Rough cut");
      await lena.getByLabel("Video file of the new cut").setInputFiles(clip);
      await button(lena, "Upload new cut").click();
      await visible(lena.getByRole("status").filter({ hasText: /Uploading \d+%|Uploaded rough-cut\.mov/ }));
      await visible(lena.getByText("Uploaded rough-cut.mov. The web copy is being made."));

      const cut = lena.getByRole("listitem").filter({ has: lena.getByRole("heading", { name: "Rough cut" }) });
      const version = await visible(cut.getByRole("link", { name: "v1 · rough-cut.mov" }));
      const href = await version.getAttribute("href");
      if (!href?.includes("/cut/") || !href.includes("?v=")) throw new Error(`the version links to ${href}`);
      // The worker makes the proxy; the page hears of it through the realtime socket.
      await visible(cut.getByText("Web copy ready"), 60_000);
      await visible(cut.locator("img[src*='/media/poster']"));

      // A file that is not a video is refused with the reason.
      const notVideo = path.join(path.dirname(clip), "notes.mov");
      execFileSync("sh", ["-c", `printf 'only words, no picture' > '${notVideo}'`]);
      await cut.getByLabel("Video file of the next version of Rough cut").setInputFiles(notVideo);
      await cut.getByRole("button", { name: "Upload new version" }).click();
      await visible(cut.getByRole("alert").filter({ hasText: "not a video" }));
    },
  );

  withFfmpeg("on a phone and a slow connection, an upload shows its progress, pauses and resumes", async () => {
    const clip = makeClip("fine-cut.mp4", 8, "3M");
    const lena = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(lena, "student@portal.test");
    await openProject(lena, "Understudy");
    await lena.getByRole("tab", { name: "Post" }).click();
    await visible(lena.getByRole("heading", { name: "Post-production", level: 2 }));
    // Chromium's own throttling: the upload takes seconds, long enough to watch and pause.
    const cdp = await lena.context().newCDPSession(lena);
    await cdp.send("Network.enable");
    const throttle = (bytesPerSecond: number) =>
      cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
    await throttle(256 * 1024);

    await field(lena, "Title of the cut").fill("Fine cut");
    await lena.getByLabel("Video file of the new cut").setInputFiles(clip);
    await button(lena, "Upload new cut").click();
    await visible(lena.getByRole("progressbar", { name: "Upload of fine-cut.mp4" }));
    await visible(lena.getByRole("status").filter({ hasText: /Uploading \d+%/ }));
    await button(lena, "Pause").click();
    await visible(lena.getByRole("status").filter({ hasText: /Paused at \d+%/ }));
    expect(await seriousAxe(lena)).toEqual([]);
    await throttle(-1);
    await button(lena, "Resume").click();
    await visible(lena.getByText("Uploaded fine-cut.mp4. The web copy is being made."));
    const cut = lena.getByRole("listitem").filter({ has: lena.getByRole("heading", { name: "Fine cut" }) });
    await visible(cut.getByRole("link", { name: "v1 · fine-cut.mp4" }));
    const width = await lena.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
