/**
 * The demo school's film in post (issue 21): “Red Line” has a “Rough cut” in two versions. Daniel Reyes, its
 * supervisor, asked for changes on v1; a composer left a note through a guest link and Lena answered it; one open
 * note was carried to v2. The videos are a few seconds of test pattern and tone starting at 01:00:00:00, made with
 * ffmpeg when the machine has it (once per machine, then reused), else the small file kept beside this one. They
 * are web copies already (H.264/AAC, 640×360), so each is stored as its own proxy: the first start stays fast,
 * and no transcoding is queued for every portal the tests start (an upload's proxy is the `review.proxy` job's).
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile, rename, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { DAY_MS, HOUR_MS } from "../../../common/time.ts";
import type { Services } from "../../context.ts";
import {
  cuts,
  cutVersions,
  profiles,
  projects,
  reviewLinks,
  reviewLinkViews,
  reviewNotes,
} from "../../db/schema/index.ts";
import { storageFor } from "../../lib/storage.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { versionFolder } from "./proxy.ts";

const SHIPPED = path.join(import.meta.dirname, "demo-cut.mp4");
const START_TC = "01:00:00:00";

interface Clip {
  /** Turns the test pattern's colours, so the two versions tell apart at a glance. */
  hue: number;
  seconds: number;
  tone: number;
}

/** A clip made by ffmpeg (cached in the temporary folder, so the tests' many seeds make it once), or null without ffmpeg. */
async function generated(clip: Clip): Promise<Uint8Array | null> {
  const file = path.join(os.tmpdir(), `portal-demo-cut-${clip.hue}h-${clip.seconds}s-${clip.tone}hz-1.mp4`);
  const cached = await stat(file).then(
    (st) => st.size > 0,
    () => false,
  );
  if (!cached) {
    const tmp = `${file}.${randomUUID()}.tmp.mp4`;
    try {
      await promisify(execFile)(
        "ffmpeg",
        // 640x360 at 25 fps with a tone, small (CRF 38) and seekable from the first byte (faststart).
        ["-v", "error", "-y"]
          .concat(["-f", "lavfi", "-i", `testsrc=size=640x360:rate=25:duration=${clip.seconds}`])
          .concat(["-f", "lavfi", "-i", `sine=frequency=${clip.tone}:sample_rate=48000:duration=${clip.seconds}`])
          .concat([
            "-vf",
            `hue=h=${clip.hue}`,
            "-c:v",
            "libx264",
            "-preset",
            "veryfast",
            "-crf",
            "38",
            "-pix_fmt",
            "yuv420p",
            "-g",
            "25",
          ])
          .concat(["-c:a", "aac", "-b:a", "32k", "-timecode", START_TC, "-movflags", "+faststart", "-shortest", tmp]),
        { timeout: 30_000 },
      );
      await rename(tmp, file);
    } catch {
      return null; // no ffmpeg, or it failed: the shipped file does
    }
  }
  return readFile(file);
}

async function clipBytes(clip: Clip): Promise<{ bytes: Uint8Array; seconds: number }> {
  const made = await generated(clip);
  return made ? { bytes: made, seconds: clip.seconds } : { bytes: await readFile(SHIPPED), seconds: 5 };
}

export async function seedReview(s: Pick<Services, "db" | "config">) {
  const [project] = await s.db.select().from(projects).where(eq(projects.title, "Red Line"));
  const people = await s.db.select({ id: profiles.id, name: profiles.fullName, email: profiles.email }).from(profiles);
  const person = (email: string) => people.find((p) => p.email === email);
  const lena = person("student@portal.test");
  const tomas = person("tomas.novak@portal.test");
  const supervisor = people.find((p) => p.id === project?.supervisorId) ?? person("staff@portal.test");
  if (!project || !lena || !tomas || !supervisor) return;

  const [v1Clip, v2Clip] = await Promise.all([
    clipBytes({ hue: 0, seconds: 5, tone: 440 }),
    clipBytes({ hue: 120, seconds: 6, tone: 523 }),
  ]);
  const now = Date.now();
  const ago = (days: number, hours = 0) => new Date(now - days * DAY_MS - hours * HOUR_MS);

  const [cut] = await s.db
    .insert(cuts)
    .values({ projectId: project.id, title: "Rough cut", createdBy: lena.id, createdAt: ago(9) })
    .returning();
  const store = storageFor(s.config);
  const version = async (number: number, clip: { bytes: Uint8Array; seconds: number }, at: Date) => {
    const id = randomUUID();
    const fileKey = `${versionFolder(project.id, cut!.id, id)}/original.mp4`;
    await store.put(fileKey, clip.bytes);
    const [row] = await s.db
      .insert(cutVersions)
      .values({
        id,
        cutId: cut!.id,
        number,
        fileKey,
        fileName: `red-line-rough-cut-v${number}.mp4`,
        fileSize: clip.bytes.byteLength,
        mimeType: "video/mp4",
        durationMs: clip.seconds * 1000,
        fpsNum: 25,
        fpsDen: 1,
        startTimecode: START_TC,
        width: 640,
        height: 360,
        // Made as a web copy already (H.264/AAC, 640×360), the file is its own proxy: transcoding it again at
        // every seed would queue work for every portal a test starts.
        proxyStatus: "ready",
        proxyProgress: 1,
        proxyKey: fileKey,
        uploadedBy: lena.id,
        uploadedByName: lena.name,
        createdAt: at,
      })
      .returning();
    return row!;
  };
  const v1 = await version(1, v1Clip, ago(9));
  const v2 = await version(2, v2Clip, ago(2));

  // The composer's link on v1: its token was shown once to Lena and is not kept.
  const [link] = await s.db
    .insert(reviewLinks)
    .values({
      versionId: v1.id,
      tokenHash: hashToken(newToken()),
      label: "Composer – Ana Ruiz",
      expiresAt: new Date(now + 5 * DAY_MS),
      createdBy: lena.id,
      createdAt: ago(8, 6),
    })
    .returning();
  await s.db.insert(reviewLinkViews).values([
    { linkId: link!.id, viewerName: "Ana Ruiz", viewedAt: ago(8, 2) },
    { linkId: link!.id, viewerName: "Ana Ruiz", viewedAt: ago(7, 20) },
  ]);

  const note = async (
    v: { id: string },
    n: Partial<typeof reviewNotes.$inferInsert> & { body: string; atMs: number },
  ) => {
    const [row] = await s.db
      .insert(reviewNotes)
      .values({ versionId: v.id, authorId: supervisor.id, authorName: supervisor.name, ...n })
      .returning();
    return row!;
  };
  const resolved = (days: number) => ({ resolvedAt: ago(days), resolvedBy: lena.id, resolvedByName: lena.name });

  await note(v1, {
    atMs: 1000,
    body: "The opening holds too long on the empty cab. Start on Rosa's hands on the controls.",
    createdAt: ago(8, 20),
    ...resolved(3),
  });
  const composer = await note(v1, {
    atMs: 1640,
    authorId: null,
    guestLinkId: link!.id,
    authorName: "Ana Ruiz",
    body: "The tram bell is a lovely cue: the music could come in right here, under it.",
    createdAt: ago(8, 1),
  });
  await note(v1, {
    parentId: composer.id,
    atMs: composer.atMs,
    authorId: lena.id,
    authorName: lena.name,
    body: "Yes, let's try that in the next version. I left two seconds of room.",
    createdAt: ago(7, 18),
  });
  await note(v1, {
    atMs: 2200,
    authorId: tomas.id,
    authorName: tomas.name,
    body: "The sound drops out under the depot announcement. Check the sync of the second roll.",
    createdAt: ago(8, 4),
    ...resolved(3),
  });
  const carried = await note(v1, {
    atMs: 3000,
    endMs: 4200,
    body: "The argument at the door needs air: let the grandson's line land before you cut to Rosa.",
    createdAt: ago(8, 19),
  });
  await s.db
    .update(cutVersions)
    .set({
      decision: "changes_requested",
      decisionNote: "Good shape for a first cut. Tighten the opening and give the door scene room, then send v2.",
      decidedBy: supervisor.id,
      decidedByName: supervisor.name,
      decidedAt: ago(7, 12),
    })
    .where(eq(cutVersions.id, v1.id));

  await note(v2, {
    atMs: carried.atMs,
    endMs: carried.endMs,
    body: carried.body,
    carriedFromId: carried.id,
    createdAt: ago(2),
  });
  await note(v2, {
    atMs: 4400,
    body: "Much better pace. The last shot of the tram could be two seconds shorter.",
    createdAt: ago(1, 5),
  });
}
