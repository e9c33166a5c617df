import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CutSummary } from "../../../common/review.ts";
import { cutVersions, jobs } from "../../db/schema/index.ts";
import { findTool, readProbe } from "../../lib/ffmpeg.ts";
import { createS3Storage, storageFor } from "../../lib/storage.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { startS3Peer, type S3Peer } from "../../test/s3-peer.ts";
import { proxyJob } from "./jobs.ts";
import { parseRange } from "./media.ts";
import { makeProxy } from "./proxy.ts";
import { parseUploadMetadata } from "./upload.ts";

const YEAR = "2032/33";
const TUS = { "tus-resumable": "1.0.0" };
const FFMPEG = await findTool("ffmpeg");
const FFPROBE = await findTool("ffprobe");
// In CI the setup script installs ffmpeg, so there the proxy tests must run; elsewhere they wait for it.
const withFfmpeg = FFMPEG && FFPROBE ? it : process.env.CI ? it : it.skip;

/** An MP4 by its content as far as the type check reads (an ISO "ftyp" box), with known bytes after it. */
function fakeMp4(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const head = [0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")];
  bytes.set(head);
  for (let i = head.length; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
  return bytes;
}

const b64 = (s: string) => Buffer.from(s).toString("base64");
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(",");

/** Starts a tus upload as `who` and answers its address. */
async function startUpload(p: TestPortal, who: string, size: number, meta: Record<string, string>) {
  const res = await p.as(who).send("POST", "/uploads/cuts", {
    headers: { ...TUS, "upload-length": String(size), "upload-metadata": metadata(meta) },
  });
  return res;
}

async function patch(p: TestPortal, who: string, at: string, offset: number, bytes: Uint8Array) {
  return p.as(who).send("PATCH", at, {
    headers: { ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body: bytes,
  });
}

/** A whole upload in one piece; answers the final PATCH's answer. */
async function upload(p: TestPortal, who: string, bytes: Uint8Array, meta: Record<string, string>) {
  const made = await startUpload(p, who, bytes.byteLength, meta);
  expect(made.status, made.text).toBe(201);
  return patch(p, who, made.headers.get("location")!, 0, bytes);
}

describe("byte ranges", () => {
  it("reads every form of one range within the file, and refuses only a start past the end", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(20_000), fc.nat(20_000), (size, a, b) => {
        const r = parseRange(`bytes=${a}-${b}`, size);
        if (b < a) expect(r).toBeNull();
        else if (a >= size) expect(r).toBe("unsatisfiable");
        else expect(r).toEqual({ start: a, end: Math.min(b, size - 1) });
        const open = parseRange(`bytes=${a}-`, size);
        expect(open).toEqual(a >= size ? "unsatisfiable" : { start: a, end: size - 1 });
        const suffix = parseRange(`bytes=-${b}`, size);
        expect(suffix).toEqual(b === 0 ? "unsatisfiable" : { start: Math.max(0, size - b), end: size - 1 });
      }),
    );
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 10)).toBeNull();
    expect(parseRange("items=0-1", 10)).toBeNull();
  });
});

describe("what ffprobe and tus say", () => {
  it("reads the rate as a fraction and the start timecode wherever the file keeps it", () => {
    expect(
      readProbe({
        streams: [
          { codec_type: "video", width: 1920, height: 1080, r_frame_rate: "24000/1001", avg_frame_rate: "0/0" },
          { codec_type: "audio" },
          { codec_type: "data", tags: { timecode: "00:59:58;12" } },
        ],
        format: { duration: "93.4" },
      }),
    ).toEqual({
      durationMs: 93_400,
      fpsNum: 24000,
      fpsDen: 1001,
      width: 1920,
      height: 1080,
      startTimecode: "00:59:58:12",
      hasAudio: true,
    });
    expect(readProbe({ streams: [{ codec_type: "video", r_frame_rate: "0/0", tags: { timecode: "soon" } }] })).toEqual({
      durationMs: null,
      fpsNum: null,
      fpsDen: null,
      width: null,
      height: null,
      startTimecode: null,
      hasAudio: false,
    });
  });

  it("reads back any metadata a tus client writes", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,15}$/), fc.string({ minLength: 1, maxLength: 200 })),
        (meta) => {
          expect(parseUploadMetadata(metadata(meta))).toEqual(meta);
        },
      ),
    );
    expect(parseUploadMetadata(null)).toEqual({});
  });
});

describe.each(DB_KINDS)("cut uploads and playback on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let clip: string | null = null;

  const project = async () => {
    const res = await p.as("member").post("/projects", {
      title: `Harbour ${Math.random().toString(36).slice(2, 8)}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const cutsOf = async (projectId: string) => {
    const res = await p.as("member").get(`/projects/${projectId}/cuts`);
    expect(res.status, res.text).toBe(200);
    return res.body as CutSummary[];
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids } = await p.signInAll());
    if (FFMPEG) {
      // Two seconds of 720p test picture and tone, with a start timecode as an editor's export carries.
      clip = path.join(mkdtempSync(path.join(os.tmpdir(), "cut-clip-")), "clip.mov");
      execFileSync(FFMPEG, [
        ...["-v", "error", "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=25:duration=2"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-shortest"],
        ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
        ...["-timecode", "01:00:00:00", clip],
      ]);
    }
  });
  afterAll(() => p?.close());

  it("makes a cut and lists it, for the crew to upload to and everyone signed in to see", async () => {
    const projectId = await project();
    const made = await p.as("member").post(`/projects/${projectId}/cuts`, { title: "Rough cut" });
    expect(made.status, made.text).toBe(201);
    expect((made.body as CutSummary).versions).toEqual([]);
    expect((await p.as("outsider").get(`/cuts/${made.body.id}`)).body.title).toBe("Rough cut");
    const denied = await p.as("outsider").post(`/projects/${projectId}/cuts`, { title: "Mine" });
    expect(denied.status).toBe(403);
    expect((await p.as("member").post(`/projects/${projectId}/cuts`, { title: " " })).status).toBe(400);
  });

  it("resumes an upload cut in the middle, and the whole file becomes version 1", async () => {
    const projectId = await project();
    const bytes = fakeMp4(300_000);
    const made = await startUpload(p, "member", bytes.byteLength, {
      projectId,
      title: "Fine cut",
      filename: "fine cut.mp4",
    });
    expect(made.status, made.text).toBe(201);
    const at = made.headers.get("location")!;
    const half = 123_457;
    const first = await patch(p, "member", at, 0, bytes.subarray(0, half));
    expect(first.status, first.text).toBe(204);
    // The connection dropped here: the client asks how far the server got, and goes on from there.
    const head = await p.as("member").send("HEAD", at, { headers: TUS });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(half);
    expect(await cutsOf(projectId)).toEqual([]);
    // Someone else, even one who may upload to the project, cannot continue this person's upload.
    expect((await patch(p, "staff", at, offset, bytes.subarray(offset))).status).toBe(403);
    const rest = await patch(p, "member", at, offset, bytes.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    const versionId = rest.headers.get("upload-version-id")!;
    const [cut] = await cutsOf(projectId);
    expect(cut!.title).toBe("Fine cut");
    expect(cut!.versions.map((v) => [v.id, v.number, v.fileSize, v.fileName, v.mimeType])).toEqual([
      [versionId, 1, bytes.byteLength, "fine cut.mp4", "video/mp4"],
    ]);
    const whole = await p.as("outsider").get(`/cut-versions/${versionId}/media/original`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(whole.bytes).equals(Buffer.from(bytes))).toBe(true);
    const [job] = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "review.proxy"), eq(jobs.dedupeKey, `review.proxy:${versionId}`)));
    expect(job?.payload).toEqual({ versionId });

    // A second upload to the cut is version 2.
    const again = await upload(p, "member", fakeMp4(1000), { cutId: cut!.id, filename: "fine cut v2.mp4" });
    expect(again.status, again.text).toBe(204);
    expect((await cutsOf(projectId))[0]!.versions.map((v) => v.number)).toEqual([1, 2]);
  });

  it("refuses a file that is not a video, says why, and keeps nothing of it", async () => {
    const projectId = await project();
    const text = new TextEncoder().encode("not a film at all, only words ".repeat(100));
    const made = await startUpload(p, "member", text.byteLength, { projectId, title: "Oops", filename: "cut.mp4" });
    const at = made.headers.get("location")!;
    const res = await patch(p, "member", at, 0, text);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text).error.message).toContain("not a video");
    expect(existsSync(path.join(p.services.config.DATA_DIR, "uploads", at.split("/").pop()!))).toBe(false);
    expect(await cutsOf(projectId)).toEqual([]);
  });

  it("lets only the project's crew, staff and admins upload", async () => {
    const projectId = await project();
    const res = await startUpload(p, "outsider", 100, { projectId, title: "Not mine", filename: "x.mp4" });
    expect(res.status).toBe(403);
    expect((await p.anonymous.send("POST", "/uploads/cuts", { headers: TUS })).status).toBe(401);
    const untitled = await startUpload(p, "member", 100, { projectId, filename: "x.mp4" });
    expect(untitled.status).toBe(400);
  });

  it("answers byte ranges as a video player asks for them", async () => {
    const projectId = await project();
    const bytes = fakeMp4(5000);
    const done = await upload(p, "member", bytes, { projectId, title: "Ranges", filename: "r.mp4" });
    const url = `/cut-versions/${done.headers.get("upload-version-id")}/media/original`;
    const get = (range?: string) => p.as("member").get(url, { headers: range ? { range } : {} });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("etag")).toBeTruthy();
    const cases: [string, number, number][] = [
      ["bytes=0-0", 0, 0],
      ["bytes=1000-1999", 1000, 1999],
      ["bytes=4999-", 4999, 4999],
      ["bytes=-10", 4990, 4999],
      ["bytes=4000-9999", 4000, 4999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(range);
      expect(res.status, range).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/5000`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect([...res.bytes]).toEqual([...bytes.subarray(start, end + 1)]);
    }
    const past = await get("bytes=5000-");
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */5000");
    const proxy = await p.as("member").get(url.replace("original", "proxy"));
    expect(proxy.status).toBe(404);
    expect(proxy.body.error.message).toContain("not ready");
    expect((await p.as("member").get(url.replace("original", "other"))).status).toBe(404);
  });

  withFfmpeg("makes the web proxy, poster and strip with ffmpeg and reads the file's timecode", async () => {
    const projectId = await project();
    const done = await upload(p, "member", new Uint8Array(readFileSync(clip!)), {
      projectId,
      title: "Picture",
      filename: "picture.mov",
    });
    expect(done.status, done.text).toBe(204);
    const versionId = done.headers.get("upload-version-id")!;
    expect(await makeProxy(p.services, versionId)).toBe("ready");
    const [v] = await cutsOf(projectId).then((c) => c[0]!.versions);
    expect(v).toMatchObject({
      proxyStatus: "ready",
      proxyProgress: 1,
      startTimecode: "01:00:00:00",
      fpsNum: 25,
      fpsDen: 1,
      width: 1280,
      height: 720,
      mimeType: "video/quicktime",
    });
    expect(v!.durationMs).toBeGreaterThan(1900);
    expect(v!.durationMs).toBeLessThan(2200);
    const [row] = await p.services.db.select().from(cutVersions).where(eq(cutVersions.id, versionId));
    const file = storageFor(p.services.config).localPath(row!.proxyKey!)!;
    const probed = JSON.parse(
      execFileSync(FFPROBE!, ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file], {
        encoding: "utf8",
      }),
    ) as { streams: { codec_name: string; height?: number }[]; format: { duration: string } };
    expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
    expect(probed.streams.find((s) => s.codec_name === "h264")!.height).toBe(720);
    expect(Number(probed.format.duration)).toBeCloseTo(2, 0);
    const proxy = await p
      .as("member")
      .get(`/cut-versions/${versionId}/media/proxy`, { headers: { range: "bytes=0-" } });
    expect(proxy.status).toBe(206);
    expect(proxy.headers.get("content-type")).toBe("video/mp4");
    for (const k of ["poster", "strip"]) {
      const img = await p.as("member").get(`/cut-versions/${versionId}/media/${k}`);
      expect(img.status).toBe(200);
      expect([...img.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it("says when the machine has no ffmpeg, and asks to make the proxy again later", async () => {
    const projectId = await project();
    const done = await upload(p, "member", fakeMp4(2000), { projectId, title: "Waiting", filename: "w.mp4" });
    const versionId = done.headers.get("upload-version-id")!;
    const none = { ...p.services.config, FFMPEG_PATH: "/nonexistent/ffmpeg", FFPROBE_PATH: "/nonexistent/ffprobe" };
    await proxyJob.handle({ versionId }, { ...p.services, config: none }, { id: "x", attempts: 1 });
    const [v] = await cutsOf(projectId).then((c) => c[0]!.versions);
    expect(v).toMatchObject({ proxyStatus: "no_ffmpeg", durationMs: null, startTimecode: null });
    const queued = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "review.proxy"), eq(jobs.status, "pending")));
    expect(queued.filter((j) => (j.payload as { versionId: string }).versionId === versionId)).toHaveLength(2);
  });
});

describe("cut playback from S3", () => {
  let peer: S3Peer;
  let p: TestPortal;
  beforeAll(async () => {
    peer = await startS3Peer(["cuts-media"]);
    p = await startTestPortal(DB_KINDS[0]!, peer.env("cuts-media"));
    await p.signInAll();
  });
  afterAll(async () => {
    await p?.close();
    await peer?.close();
  });

  it("keeps an uploaded cut in the bucket and redirects the player to a short-lived signed address", async () => {
    const { ids } = await p.signInAll({ staff: "staff@portal.test" });
    const made = await p.as("member").post("/projects", {
      title: "Bucket film",
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    const bytes = fakeMp4(40_000);
    const done = await upload(p, "member", bytes, { projectId: made.body.id, title: "S3 cut", filename: "s3.mp4" });
    expect(done.status, done.text).toBe(204);
    const res = await p.as("member").get(`/cut-versions/${done.headers.get("upload-version-id")}/media/original`);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location.startsWith(peer.endpoint)).toBe(true);
    expect(location).toContain("X-Amz-Signature=");
    const ranged = await fetch(location, { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect([...new Uint8Array(await ranged.arrayBuffer())]).toEqual([...bytes.subarray(100, 200)]);
    expect(new URL(location).searchParams.get("X-Amz-Expires")).toBe("300");
  });

  it("writes a big file to the bucket in parts and reads any range of it back", async () => {
    const store = createS3Storage({
      endpoint: peer.endpoint,
      bucket: "cuts-media",
      region: "us-east-1",
      accessKeyId: peer.accessKeyId,
      secretAccessKey: peer.secretAccessKey,
    });
    // Past one 16 MB part, so the file goes up as a multipart upload of two parts.
    const big = fakeMp4(17 * 1024 * 1024 + 5);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "s3-big-")), "big.mp4");
    writeFileSync(file, big);
    await store.putFile("cuts/p/c/v/original.mp4", file);
    expect(existsSync(file)).toBe(false);
    expect(await store.stat("cuts/p/c/v/original.mp4")).toEqual({ size: big.byteLength });
    expect(await store.stat("cuts/p/c/v/missing.mp4")).toBeNull();
    const at = 16 * 1024 * 1024 - 3;
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.readRange("cuts/p/c/v/original.mp4", at, at + 9))!)
      chunks.push(chunk as Buffer);
    expect([...Buffer.concat(chunks)]).toEqual([...big.subarray(at, at + 10)]);
  });
});
