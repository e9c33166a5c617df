import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { cuts, cutVersions } from "../../db/schema/index.ts";
import { findTools, makePoster, makeStrip, makeWebProxy, probe, ToolError, type Probe } from "../../lib/ffmpeg.ts";
import { PermanentJobError } from "../../lib/jobs.ts";
import { safeErrorMessage } from "../../lib/logger.ts";
import { storageFor } from "../../lib/storage.ts";
import { publishCuts } from "./cuts.ts";
import type { S, VersionRow } from "./review-shared.ts";

/** How long ffmpeg may take to read an original from S3 through its signed address. */
const INPUT_URL_SECONDS = 6 * 3600;
/** Progress is written at most this often: each write refreshes every open Post tab. */
const PROGRESS_EVERY_MS = 1000;

export type ProxyOutcome = "ready" | "no_ffmpeg" | "gone";

/** The folder of a version's files in the storage: its original and what is made of it. */
export const versionFolder = (projectId: string, cutId: string, versionId: string) =>
  `cuts/${projectId}/${cutId}/${versionId}`;

/**
 * Makes a version's web proxy, poster and thumbnail strip with ffmpeg, writing what ffprobe read into the row.
 * Without ffmpeg it says so on the version (`no_ffmpeg`) and answers so; the job then asks to run again later.
 * ffmpeg failing on the file marks the version failed and is not retried (the same file fails the same way).
 */
export async function makeProxy(s: S, versionId: string): Promise<ProxyOutcome> {
  const [found] = await s.db
    .select({ v: cutVersions, projectId: cuts.projectId })
    .from(cutVersions)
    .innerJoin(cuts, eq(cuts.id, cutVersions.cutId))
    .where(eq(cutVersions.id, versionId));
  if (!found) return "gone";
  const { v, projectId } = found;
  const update = async (set: Partial<VersionRow>) => {
    await s.db.update(cutVersions).set(set).where(eq(cutVersions.id, versionId));
    await publishCuts(s, projectId, v.cutId);
  };
  const store = storageFor(s.config);
  const input = store.localPath(v.fileKey) ?? store.presign(v.fileKey, INPUT_URL_SECONDS)!;
  const tools = await findTools(s.config);

  let facts: Probe | null = null;
  if (tools.ffprobe) {
    try {
      facts = await probe(tools.ffprobe, input);
    } catch (err) {
      await update({ proxyStatus: "failed", proxyError: readable(err) });
      throw new PermanentJobError(safeErrorMessage(err));
    }
  }
  const probed = facts
    ? {
        durationMs: facts.durationMs,
        fpsNum: facts.fpsNum,
        fpsDen: facts.fpsDen,
        width: facts.width,
        height: facts.height,
        startTimecode: facts.startTimecode,
      }
    : {};
  if (!tools.ffmpeg) {
    await update({ ...probed, proxyStatus: "no_ffmpeg", proxyProgress: 0 });
    return "no_ffmpeg";
  }
  await update({ ...probed, proxyStatus: "running", proxyProgress: 0, proxyError: null });

  const dir = await mkdtemp(path.join(os.tmpdir(), "portal-proxy-"));
  try {
    const out = (name: string) => path.join(dir, name);
    let last = 0;
    await makeWebProxy(tools.ffmpeg, input, out("proxy.mp4"), {
      durationMs: facts?.durationMs ?? null,
      hasAudio: facts?.hasAudio ?? true,
      onProgress: (fraction) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        void update({ proxyProgress: Math.min(0.99, fraction) }).catch((err: unknown) =>
          s.log.warn({ err, versionId }, "proxy progress not written"),
        );
      },
    });
    await makePoster(tools.ffmpeg, out("proxy.mp4"), out("poster.jpg"), facts?.durationMs ?? null);
    await makeStrip(tools.ffmpeg, out("proxy.mp4"), out("strip.jpg"), facts?.durationMs ?? null);
    const folder = versionFolder(projectId, v.cutId, v.id);
    const keys = {
      proxyKey: `${folder}/proxy.mp4`,
      posterKey: `${folder}/poster.jpg`,
      stripKey: `${folder}/strip.jpg`,
    };
    await store.putFile(keys.proxyKey, out("proxy.mp4"));
    await store.putFile(keys.posterKey, out("poster.jpg"));
    await store.putFile(keys.stripKey, out("strip.jpg"));
    await update({ ...keys, proxyStatus: "ready", proxyProgress: 1, proxyError: null });
    return "ready";
  } catch (err) {
    // ffmpeg could not read or encode the file: a retry meets the same file. Anything else (the storage) is retried.
    if (err instanceof ToolError) {
      await update({ proxyStatus: "failed", proxyError: readable(err) });
      throw new PermanentJobError(err.message);
    }
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the Post tab shows of a failure: ffmpeg's own last words, kept short. */
const readable = (err: unknown) =>
  `The web copy could not be made from this file (${safeErrorMessage(err).slice(0, 300)}). Export the cut again as H.264 MP4 or ProRes MOV and upload it as a new version.`;
