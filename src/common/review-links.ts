/**
 * Guest review links (issue 21): an outside reviewer (a composer, a mentor) watches one version of a cut and
 * leaves notes under their name, with no account. The shapes both sides read.
 */
import { z } from "zod";
import { GUEST_NAME_MAX, NOTE_BODY_MAX, type CutVersionSummary } from "./review.ts";

export const REVIEW_LINK_DAYS_MIN = 1;
export const REVIEW_LINK_DAYS_MAX = 90;
/** Two weeks: long enough for a busy composer, short enough that a forgotten link closes by itself. */
export const REVIEW_LINK_DAYS_DEFAULT = 14;
export const REVIEW_LINK_LABEL_MAX = 120;
export const REVIEW_LINK_PASSWORD_MIN = 6;
export const REVIEW_LINK_PASSWORD_MAX = 128;

/** The header a guest's page sends its grant in (the video element sends the cookie instead). */
export const REVIEW_GRANT_HEADER = "x-review-grant";

export const reviewLinkInput = z
  .object({
    label: z
      .string()
      .trim()
      .min(1, "Say who the link is for, e.g. “Composer – Ana”.")
      .max(REVIEW_LINK_LABEL_MAX, `A label has at most ${REVIEW_LINK_LABEL_MAX} characters.`),
    expiresInDays: z
      .number({ message: "Give the number of days the link stays open." })
      .int("Give a whole number of days.")
      .min(REVIEW_LINK_DAYS_MIN, `A link stays open at least ${REVIEW_LINK_DAYS_MIN} day.`)
      .max(REVIEW_LINK_DAYS_MAX, `A link stays open at most ${REVIEW_LINK_DAYS_MAX} days.`)
      .default(REVIEW_LINK_DAYS_DEFAULT),
    /** Empty or absent: no password. */
    password: z
      .string()
      .max(REVIEW_LINK_PASSWORD_MAX, `A password has at most ${REVIEW_LINK_PASSWORD_MAX} characters.`)
      .optional()
      .transform((p) => (p ? p : undefined))
      .refine((p) => p === undefined || p.length >= REVIEW_LINK_PASSWORD_MIN, {
        message: `A password has at least ${REVIEW_LINK_PASSWORD_MIN} characters.`,
      }),
  })
  .strict();
export type ReviewLinkInput = z.input<typeof reviewLinkInput>;

export const guestNameSchema = z
  .string()
  .trim()
  .min(1, "Give your name, so the editor knows whose notes these are.")
  .max(GUEST_NAME_MAX, `A name has at most ${GUEST_NAME_MAX} characters.`)
  // A name is shown on one line in lists and exports.
  .transform((n) => n.replace(/\s+/g, " "));

export const openReviewLinkInput = z
  .object({
    name: guestNameSchema,
    password: z.string().max(REVIEW_LINK_PASSWORD_MAX).optional(),
  })
  .strict();
export type OpenReviewLinkInput = z.input<typeof openReviewLinkInput>;

export const guestNoteInput = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, "Write the note.")
      .max(NOTE_BODY_MAX, `A note has at most ${NOTE_BODY_MAX} characters.`),
    atMs: z.number().int().min(0, "A note is at a time in the cut."),
    endMs: z.number().int().min(0).nullable().optional(),
    /** A reply to a note of the same version. */
    parentId: z.string().uuid().nullable().optional(),
  })
  .strict()
  .refine((n) => n.endMs == null || n.endMs > n.atMs, {
    message: "A range ends after it starts.",
    path: ["endMs"],
  });
export type GuestNoteInput = z.input<typeof guestNoteInput>;

/** A link as the crew sees it in the list: never its token, which was shown once. */
export interface ReviewLinkDto {
  id: string;
  versionId: string;
  label: string;
  hasPassword: boolean;
  expiresAt: string;
  revokedAt: string | null;
  createdByName: string | null;
  createdAt: string;
  views: number;
  lastViewedAt: string | null;
  lastViewerName: string | null;
  /** "open", or why it no longer opens. */
  state: "open" | "expired" | "revoked";
}

/** The answer to creating a link: the only time its token (and so its address) is shown. */
export interface CreatedReviewLinkDto {
  link: ReviewLinkDto;
  token: string;
  /** The page's path, `/review/<token>`; the web adds its origin. */
  path: string;
}

/** What a link's page may know before it is opened: whether to ask for a password. */
export interface ReviewLinkIntroDto {
  label: string;
  needsPassword: boolean;
  cutTitle: string;
  versionNumber: number;
}

/** The one version a guest may watch: what the player needs of it, and nothing else of the project. */
export interface GuestVersionDto extends Pick<
  CutVersionSummary,
  "durationMs" | "fpsNum" | "fpsDen" | "startTimecode" | "width" | "height" | "proxyStatus"
> {
  cutTitle: string;
  projectTitle: string;
  versionNumber: number;
  /** The media kind the link plays now: the proxy once made, else the original. */
  playKind: "proxy" | "original";
  hasPoster: boolean;
  expiresAt: string;
}

export interface OpenedReviewLinkDto {
  version: GuestVersionDto;
  /** The name the notes are written under. */
  name: string;
  /** Sent back in the `x-review-grant` header (the cookie carries it for the video). */
  grant: string;
  grantExpiresAt: string;
}
