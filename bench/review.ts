/**
 * Post-production review (issue 21): how fast a cut goes up, and how soon its first frame shows. A real H.264/AAC
 * file made with Debian's ffmpeg is uploaded by tus in 16 MB pieces (what tus-js-client sends from the Post tab),
 * the worker makes its web proxy, and Chromium opens the cut page and plays it, three times in fresh contexts.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { CUT_UPLOAD_PATH, cutPagePath, type CutSummary } from "../src/common/review.ts";
import { startPortalProcess, type RunningPortal } from "../tests/e2e/support/portal.ts";
import { inSignedInBrowser, round, signIn } from "./harness.ts";

const run = promisify(execFile);
const CHUNK = 16 * 1024 * 1024;
const SECONDS = 30;
const RUNS = 3;

export interface ReviewFigures {
  fileMB: number;
  uploadMBps: number;
  proxyReadyS: number;
  /** Medians: from opening the cut page, and from pressing play, to the first frame on screen. */
  openToFirstFrameMs: number;
  playToFirstFrameMs: number;
}

/** 30 s of moving test pattern and tone at 1080p and a camera-like bit rate: about 75 MB. */
async function makeClip(dir: string): Promise<string> {
  const file = path.join(dir, "bench-cut.mp4");
  // prettier-ignore
  await run(process.env.FFMPEG_PATH ?? "ffmpeg", [
    "-v", "error",
    "-f", "lavfi", "-i", `testsrc2=size=1920x1080:rate=25:duration=${SECONDS}`,
    "-f", "lavfi", "-i", `sine=frequency=440:duration=${SECONDS}`,
    "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "20M",
    "-c:a", "aac", "-timecode", "01:00:00:00", "-y", file,
  ]);
  return file;
}

async function upload(portal: RunningPortal, cookie: string, projectId: string, file: string): Promise<number> {
  const bytes = readFileSync(file);
  const meta = { projectId, title: "Bench cut", filename: path.basename(file) };
  const headers = { cookie, origin: portal.url, "tus-resumable": "1.0.0" };
  const started = performance.now();
  const created = await fetch(`${portal.url}${CUT_UPLOAD_PATH}`, {
    method: "POST",
    headers: {
      ...headers,
      "upload-length": String(bytes.length),
      "upload-metadata": Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
        .join(","),
    },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const at = new URL(created.headers.get("location")!, portal.url).href;
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    const piece = bytes.subarray(offset, Math.min(offset + CHUNK, bytes.length));
    const res = await fetch(at, {
      method: "PATCH",
      headers: { ...headers, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: piece,
    });
    if (res.status !== 204) throw new Error(`tus patch at ${offset}: ${res.status} ${await res.text()}`);
  }
  return (performance.now() - started) / 1000;
}

async function readyCut(portal: RunningPortal, cookie: string, projectId: string): Promise<CutSummary> {
  const until = Date.now() + 10 * 60_000;
  while (Date.now() < until) {
    const cuts = (await (
      await fetch(`${portal.url}/rest/v1/projects/${projectId}/cuts`, { headers: { cookie } })
    ).json()) as CutSummary[];
    const cut = cuts.find((c) => c.title === "Bench cut");
    const status = cut?.versions[0]?.proxyStatus;
    if (status === "ready") return cut!;
    if (status === "failed" || status === "no_ffmpeg") throw new Error(`the bench cut's proxy: ${status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the bench cut's proxy was not ready in 10 minutes");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchReview(): Promise<ReviewFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-review-"));
  const portal = await startPortalProcess({ env: { LOG_LEVEL: "warn" } });
  try {
    const file = await makeClip(dir);
    const fileMB = readFileSync(file).length / 1024 ** 2;
    // Lena is on Red Line's crew, the demo's film in post.
    const cookie = await signIn(portal, "student@portal.test");
    const found = (await (
      await fetch(`${portal.url}/rest/v1/projects?search=Red%20Line`, { headers: { cookie } })
    ).json()) as { items: { id: string }[] };
    const projectId = found.items[0]!.id;
    const uploadS = await upload(portal, cookie, projectId, file);
    const proxyStarted = performance.now();
    const cut = await readyCut(portal, cookie, projectId);
    const proxyReadyS = (performance.now() - proxyStarted) / 1000;
    const page = cutPagePath(projectId, cut.id, cut.versions[0]!.id);
    const open: number[] = [];
    const play: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh context each time: nothing of the proxy is in the browser's cache.
      const [o, p] = await inSignedInBrowser(portal, cookie, async (context) => {
        const tab = await context.newPage();
        await tab.goto(page, { waitUntil: "commit" });
        await tab.locator("video").first().waitFor({ state: "attached", timeout: 30_000 });
        return tab.evaluate(async () => {
          const v = document.querySelector("video")!;
          v.muted = true;
          const pressed = performance.now();
          const shown = new Promise<number>((res) => v.requestVideoFrameCallback(() => res(performance.now())));
          await v.play();
          const at = await shown;
          return [at, at - pressed] as const;
        });
      });
      open.push(o);
      play.push(p);
    }
    return {
      fileMB: round(fileMB),
      uploadMBps: round(fileMB / uploadS),
      proxyReadyS: round(proxyReadyS),
      openToFirstFrameMs: round(median(open)),
      playToFirstFrameMs: round(median(play)),
    };
  } finally {
    await portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(await benchReview());
