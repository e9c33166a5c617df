import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "vitest";
import { findTool } from "../../src/server/lib/ffmpeg.ts";
import { usePortal } from "./support/fixtures.ts";
import { button, field, openProject, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();
const FFMPEG = await findTool("ffmpeg");
// In CI the setup script installs ffmpeg, so there the test must run; elsewhere it waits for ffmpeg.
const withFfmpeg = FFMPEG ? it : process.env.CI ? it : it.skip;

describe("cut upload", () => {
  withFfmpeg(
    "a crew member uploads a cut from the Post tab, sees it listed, and its web copy becomes ready",
    async () => {
      const clip = path.join(mkdtempSync(path.join(os.tmpdir(), "e2e-clip-")), "rough-cut.mov");
      execFileSync(FFMPEG!, [
        ...["-v", "error", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=2"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-shortest"],
        ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
        ...["-timecode", "01:00:00:00", clip],
      ]);
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
});
