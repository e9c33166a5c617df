/**
 * Post-production review (issue 21): a project's cuts, their versions (v1, v2, …), the web proxy made of each,
 * timecoded notes, the supervisor's decision and guest links. The shapes both sides read.
 */
import { z } from "zod";

/** Where a version's web proxy stands. `no_ffmpeg`: the machine has no ffmpeg; the job waits and the original plays if it can. */
export const PROXY_STATUSES = ["waiting", "running", "ready", "failed", "no_ffmpeg"] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];

export const DECISIONS = ["approved", "changes_requested"] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_LABELS: Record<Decision, string> = {
  approved: "Approved",
  changes_requested: "Changes requested",
};

/** The media a version serves: the uploaded original, the H.264/AAC proxy, its poster frame and thumbnail strip. */
export const MEDIA_KINDS = ["original", "proxy", "poster", "strip"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Uploads up to 20 GB: a feature's cut at camera quality is a few GB, and the cap keeps a mistake from filling the disk. */
export const CUT_UPLOAD_MAX_BYTES = 20 * 1024 ** 3;
export const CUT_TITLE_MAX = 120;
export const NOTE_BODY_MAX = 4000;
export const GUEST_NAME_MAX = 80;

export const cutTitleSchema = z
  .string()
  .trim()
  .min(1, "Give the cut a title.")
  .max(CUT_TITLE_MAX, `A title has at most ${CUT_TITLE_MAX} characters.`);

export const newCutInput = z.object({ title: cutTitleSchema }).strict();
export type NewCutInput = z.infer<typeof newCutInput>;

/** What the portal accepts as a cut, by the file's content: the containers editors export and cameras record. */
export const CUT_MIME_TYPES = [
  "video/mp4",
  "video/x-m4v",
  "video/quicktime",
  "video/webm",
  "application/mxf",
  "video/matroska",
  "video/x-matroska",
] as const;
export const CUT_ACCEPTED = "MP4, QuickTime (MOV), WebM, MXF or Matroska (MKV)";

/** The tus endpoint of cut uploads; its metadata names `cutId`, or `projectId` and `title` for a new cut, and `filename`. */
export const CUT_UPLOAD_PATH = "/rest/v1/uploads/cuts";

export interface CutVersionSummary {
  id: string;
  number: number;
  fileName: string;
  fileSize: number;
  mimeType: string;
  durationMs: number | null;
  /** Frames per second as a fraction (24000/1001 for 23.976), null until probed. */
  fpsNum: number | null;
  fpsDen: number | null;
  /** The file's own start timecode, "01:00:00:00"; null when the file has none (the player then starts at 00:00:00:00). */
  startTimecode: string | null;
  width: number | null;
  height: number | null;
  proxyStatus: ProxyStatus;
  /** 0–1 while the proxy is made. */
  proxyProgress: number;
  proxyError: string | null;
  uploadedByName: string;
  createdAt: string;
  decision: Decision | null;
  pictureLock: boolean;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  openNotes: number;
}

export interface CutSummary {
  id: string;
  projectId: string;
  title: string;
  createdAt: string;
  /** Oldest first: the last is the newest version. */
  versions: CutVersionSummary[];
}

/** A drawing on the frame: strokes of points in 0–1 of the frame's width and height, so it fits any player size. */
export const drawingSchema = z
  .object({
    strokes: z
      .array(
        z.object({
          color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
          points: z
            .array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]))
            .min(1)
            .max(2000),
        }),
      )
      .min(1)
      .max(50),
  })
  .strict();
export type Drawing = z.infer<typeof drawingSchema>;

export interface ReviewNote {
  id: string;
  versionId: string;
  /** A reply's note; null for a note on the timeline. */
  parentId: string | null;
  authorName: string;
  /** Set when a guest wrote it through a link. */
  guest: boolean;
  /** From the start of the file, in milliseconds; a reply has its note's. */
  atMs: number;
  /** The end of a range note; null for a note at one point. */
  endMs: number | null;
  body: string;
  drawing: Drawing | null;
  resolvedAt: string | null;
  resolvedByName: string | null;
  /** The note of an earlier version this one was carried from. */
  carriedFromId: string | null;
  createdAt: string;
  replies: ReviewNote[];
}
