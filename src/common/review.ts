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
  /** A poster frame was made with the proxy (not for a file that is its own web copy). */
  hasPoster: boolean;
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

/** A drawing's bounds: enough for circles and arrows on a frame, small enough for one request. */
export const DRAWING_LIMITS = { strokes: 50, points: 2000 } as const;

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
            .max(DRAWING_LIMITS.points, `A stroke has at most ${DRAWING_LIMITS.points} points.`),
        }),
      )
      .min(1, "A drawing needs at least one stroke.")
      .max(DRAWING_LIMITS.strokes, `A drawing has at most ${DRAWING_LIMITS.strokes} strokes.`),
  })
  .strict();
export type Drawing = z.infer<typeof drawingSchema>;

export interface ReviewNote {
  id: string;
  versionId: string;
  /** A reply's note; null for a note on the timeline. */
  parentId: string | null;
  authorName: string;
  /** The account that wrote it; null for a guest (or an account since deleted). */
  authorId: string | null;
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

// ── Review: notes, carrying them forward, the supervisor's decision (issue 21) ─────────────────────────────────

const bodyText = z
  .string("Write the note.")
  .trim()
  .min(1, "Write something in the note.")
  .max(NOTE_BODY_MAX, `A note has at most ${NOTE_BODY_MAX} characters.`);

const msField = (what: string) =>
  z
    .number(`${what} must be a time in milliseconds.`)
    .int(`${what} must be a whole number of milliseconds.`)
    .min(0, `${what} cannot be before the start of the cut.`)
    .max(48 * 3600 * 1000, `${what} is past any cut's length.`);

/** A note on the timeline: at a moment, or over a range (in and out), with an optional drawing on the frame. */
export const noteInput = z
  .object({
    atMs: msField("The note's time"),
    endMs: msField("The end of the range").nullable().optional(),
    body: bodyText,
    drawing: drawingSchema.nullable().optional(),
  })
  .refine((n) => n.endMs == null || n.endMs > n.atMs, {
    message: "The end of the range must come after its start (mark the out point after the in point).",
    path: ["endMs"],
  });
export type NoteInput = z.infer<typeof noteInput>;

export const replyInput = z.object({ body: bodyText });
export type ReplyInput = z.infer<typeof replyInput>;

/** Resolve or reopen a note; its author may also rewrite its text. */
export const notePatchInput = z
  .object({
    resolved: z.boolean("Resolved is yes or no.").optional(),
    body: bodyText.optional(),
  })
  .refine((p) => p.resolved !== undefined || p.body !== undefined, "Say what to change: resolved, or the text.");
export type NotePatchInput = z.infer<typeof notePatchInput>;

export const NOTE_STATES = ["open", "resolved"] as const;
export type NoteState = (typeof NOTE_STATES)[number];

/** The notes panel's filters: one reviewer (a person's id or a name as shown), open or resolved. */
export const notesFilter = z.object({
  reviewer: z.string().trim().max(200, "A reviewer's name has at most 200 characters.").optional(),
  state: z.enum(NOTE_STATES, "Show notes that are open or resolved.").optional(),
});
export type NotesFilter = z.infer<typeof notesFilter>;

export const carryInput = z.object({
  fromVersionId: z.string("Name the version to carry notes from.").uuid("There is no version with this id."),
});
export type CarryInput = z.infer<typeof carryInput>;

export interface CarryResult {
  /** How many open notes were copied now (0 when they had been carried before). */
  carried: number;
  notes: ReviewNote[];
}

export const decisionInput = z
  .object({
    decision: z.enum(DECISIONS, "Choose Approve or Request changes."),
    pictureLock: z.boolean("Picture lock is yes or no.").default(false),
    note: z.string().trim().max(NOTE_BODY_MAX, `A decision's note has at most ${NOTE_BODY_MAX} characters.`).optional(),
  })
  .refine((d) => !(d.pictureLock && d.decision !== "approved"), {
    message: "Picture lock goes with an approval: a cut that needs changes is not locked.",
    path: ["pictureLock"],
  });
export type DecisionInput = z.infer<typeof decisionInput>;

/** The cut page's answer: the cut with its versions, its project, and what the caller may do there. */
export interface CutReview {
  cut: CutSummary;
  projectTitle: string;
  supervisorName: string | null;
  /** The caller may carry notes and resolve any note (the crew, staff and admins). */
  canEdit: boolean;
  /** The caller may approve or ask for changes: the project's supervisor or an admin. */
  canDecide: boolean;
  /** The caller's own id, so the page knows which notes they wrote. */
  me: string;
}

/** The cut page, opened on one version: what the Post tab, notifications and mails link to. */
export const cutPagePath = (projectId: string, cutId: string, versionId?: string) =>
  `/project/${encodeURIComponent(projectId)}/cut/${encodeURIComponent(cutId)}${versionId ? `?v=${encodeURIComponent(versionId)}` : ""}`;
