/** Self-service release links ("scan to sign your release"): the shapes the route and the forms share. */
import { z } from "zod";

/** Releases a person can fill in for themselves; a guardian's consent and a deal memo need the production. */
export const SELF_SERVICE_TEMPLATES = ["talent_release", "location_release"] as const;
export type SelfServiceTemplate = (typeof SELF_SERVICE_TEMPLATES)[number];
export const RELEASE_LINK_DAYS_MIN = 1;
export const RELEASE_LINK_DAYS_MAX = 30;

export const releaseLinkCreateInput = z.object({
  template: z.enum(SELF_SERVICE_TEMPLATES, { message: "A self-service link is for a talent or a location release." }),
  label: z
    .string("The label must be text")
    .trim()
    .min(1, "Give the link a label, such as “Casting 12 May”.")
    .max(100, "A label may be at most 100 characters long."),
  days: z.coerce
    .number("The number of days must be a number")
    .int("The number of days must be a whole number")
    .min(RELEASE_LINK_DAYS_MIN, `A link stays open ${RELEASE_LINK_DAYS_MIN} to ${RELEASE_LINK_DAYS_MAX} days.`)
    .max(RELEASE_LINK_DAYS_MAX, `A link stays open ${RELEASE_LINK_DAYS_MIN} to ${RELEASE_LINK_DAYS_MAX} days.`),
});
export type ReleaseLinkCreateInput = z.input<typeof releaseLinkCreateInput>;

export const releaseCopyInput = z.object({
  name: z
    .string("Your name must be text")
    .trim()
    .min(2, "Type your full name (at least 2 characters).")
    .max(200, "A name may be at most 200 characters long."),
  email: z.string("Give an e-mail address").trim().toLowerCase().email("Please enter a valid email address"),
  /** A talent release: the role or character; a location release: the location's address. */
  detail: z.string("The detail must be text").trim().max(300, "That may be at most 300 characters long.").default(""),
});
export type ReleaseCopyInput = z.input<typeof releaseCopyInput>;

export interface ReleaseLinkDto {
  id: string;
  template: SelfServiceTemplate;
  label: string;
  expiresAt: string;
  revokedAt: string | null;
  createdByName: string;
  /** Copies people made through the link, and how many of them are signed. */
  started: number;
  signed: number;
}

/** What the producer sees once, right after making the link: the token is never kept. */
export interface ReleaseLinkCreatedDto {
  link: ReleaseLinkDto;
  url: string;
  qrDataUrl: string;
}

/** What an anonymous visitor sees before typing their name. */
export interface ReleaseLinkIntroDto {
  projectTitle: string;
  schoolName: string;
  template: SelfServiceTemplate;
  releaseLabel: string;
  label: string;
  detailLabel: string;
}

/** Where the visitor's own copy is signed: the existing signing page. */
export interface ReleaseCopyDto {
  path: string;
}
