import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";

/**
 * ffmpeg and ffprobe, Debian's (scripts/ensure-debian-tools.sh installs them), run as child processes. Looked up on
 * every use rather than once at start, so a machine where ffmpeg is installed later makes proxies from then on.
 */
export interface Tools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

async function executable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The tool at `override` (FFMPEG_PATH), or the first on PATH; null when there is none. */
export async function findTool(name: string, override?: string): Promise<string | null> {
  if (override) return (await executable(override)) ? override : null;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (await executable(file)) return file;
  }
  return null;
}

export async function findTools(config: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }): Promise<Tools> {
  return {
    ffmpeg: await findTool("ffmpeg", config.FFMPEG_PATH),
    ffprobe: await findTool("ffprobe", config.FFPROBE_PATH),
  };
}

/** ffmpeg or ffprobe ran and refused (a file it cannot read): unlike a missing tool, trying again will not help. */
export class ToolError extends Error {}

/** A tool's run: its output, and on failure an error naming the last lines it wrote (ffmpeg explains itself there). */
export function run(
  tool: string,
  args: string[],
  onStdoutLine?: (line: string) => void,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let partial = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (!onStdoutLine) {
        stdout += chunk;
        return;
      }
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) onStdoutLine(line);
    });
    // Only the tail is kept: a long encode writes a lot, and the end says why it stopped.
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else {
        const last = stderr.trim().split("\n").slice(-3).join(" / ");
        reject(new ToolError(`${path.basename(tool)} stopped (exit ${code}): ${last}`));
      }
    });
  });
}

export interface Probe {
  durationMs: number | null;
  fpsNum: number | null;
  fpsDen: number | null;
  width: number | null;
  height: number | null;
  /** The start timecode from a `timecode` tag (of the video stream, a tmcd track or the container). */
  startTimecode: string | null;
  hasAudio: boolean;
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    r_frame_rate?: string;
    avg_frame_rate?: string;
    duration?: string;
    tags?: Record<string, string>;
  }[];
  format?: { duration?: string; tags?: Record<string, string> };
}

const TIMECODE = /^\d{2}[:;.]\d{2}[:;.]\d{2}[:;.]\d{2}$/;

/** ffprobe's JSON of a file read into what the portal keeps; exported for the tests of odd answers. */
export function readProbe(json: ProbeJson): Probe {
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video");
  const rate = (text?: string) => {
    const m = /^(\d+)\/(\d+)$/.exec(text ?? "");
    return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? { num: Number(m[1]), den: Number(m[2]) } : null;
  };
  // r_frame_rate is the stream's base rate (24000/1001); avg_frame_rate can be a long fraction of a VFR file.
  const fps = rate(video?.r_frame_rate) ?? rate(video?.avg_frame_rate);
  const seconds = Number(json.format?.duration ?? video?.duration);
  const tags = [video?.tags, ...streams.map((s) => s.tags), json.format?.tags];
  const timecode = tags.map((t) => t?.timecode).find((t): t is string => !!t && TIMECODE.test(t));
  return {
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    fpsNum: fps?.num ?? null,
    fpsDen: fps?.den ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    startTimecode: timecode ? timecode.replace(/[;.]/g, ":") : null,
    hasAudio: streams.some((s) => s.codec_type === "audio"),
  };
}

/** What ffprobe reads of a file (a path or an http(s) address). */
export async function probe(ffprobe: string, input: string): Promise<Probe> {
  const { stdout } = await run(ffprobe, [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    input,
  ]);
  return readProbe(JSON.parse(stdout) as ProbeJson);
}

/**
 * The web proxy: H.264/AAC MP4 at most 720 lines high, the index at the front (`+faststart`) so playback starts
 * before the whole file is there. `onProgress` hears 0–1 from ffmpeg's `-progress` lines.
 */
export async function makeWebProxy(
  ffmpeg: string,
  input: string,
  output: string,
  opts: { durationMs: number | null; hasAudio: boolean; onProgress?: (fraction: number) => void },
): Promise<void> {
  const args = ["-hide_banner", "-nostdin", "-y", "-i", input, "-map", "0:v:0"];
  if (opts.hasAudio) args.push("-map", "0:a:0");
  args.push(
    // Never upscaled; an even width as H.264 needs.
    "-vf",
    "scale=-2:'min(720,ih)'",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    "-pix_fmt",
    "yuv420p",
  );
  if (opts.hasAudio) args.push("-c:a", "aac", "-b:a", "128k", "-ac", "2");
  // No timecode track in the proxy: the start timecode is kept on the version, and some browsers stumble on tmcd.
  args.push("-write_tmcd", "0", "-movflags", "+faststart", "-progress", "pipe:1", "-nostats", output);
  await run(ffmpeg, args, (line) => {
    // out_time_us (and, despite its name, out_time_ms) counts microseconds of output written.
    const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
    if (m && opts.durationMs && opts.onProgress) opts.onProgress(Math.min(1, Number(m[1]) / 1000 / opts.durationMs));
  });
}

/** One frame as a JPEG, a tenth into the film (past a slate or a black first frame), 360 lines high. */
export async function makePoster(ffmpeg: string, input: string, output: string, durationMs: number | null) {
  const at = durationMs ? Math.min(10, durationMs / 1000 / 10) : 0;
  await run(ffmpeg, [
    "-hide_banner",
    "-nostdin",
    "-y",
    "-ss",
    at.toFixed(3),
    "-i",
    input,
    "-frames:v",
    "1",
    "-vf",
    "scale=-2:360",
    "-q:v",
    "4",
    output,
  ]);
}

export const STRIP_TILES = 10;
export const STRIP_TILE_WIDTH = 160;

/** A thumbnail strip: STRIP_TILES frames evenly through the film, side by side in one JPEG sprite. */
export async function makeStrip(ffmpeg: string, input: string, output: string, durationMs: number | null) {
  const seconds = Math.max(0.1, (durationMs ?? 10_000) / 1000);
  await run(ffmpeg, [
    "-hide_banner",
    "-nostdin",
    "-y",
    "-i",
    input,
    "-vf",
    `fps=${STRIP_TILES}/${seconds.toFixed(3)},scale=${STRIP_TILE_WIDTH}:-2,tile=${STRIP_TILES}x1`,
    "-frames:v",
    "1",
    "-q:v",
    "5",
    output,
  ]);
}
