import { z } from "zod";
import type { Role } from "./roles.ts";
import { NOTIFICATION_KINDS, THEMES, type NotificationKind, type Theme } from "./school.ts";

import { FULL_NAME_MAX_LENGTH, FULL_NAME_MIN_LENGTH, INVALID_NAME } from "./limits.ts";

export { INVALID_NAME };

export const fullNameSchema = z
  .string(INVALID_NAME.message)
  .trim()
  .min(FULL_NAME_MIN_LENGTH, INVALID_NAME.message)
  .max(FULL_NAME_MAX_LENGTH, `A full name may be at most ${FULL_NAME_MAX_LENGTH} characters long.`);

export const PHONE_MAX_LENGTH = 30;
export const PROGRAMME_MAX_LENGTH = 120;
export const YEAR_OF_STUDY = { min: 1, max: 8 } as const;

/** An empty field clears the value: the form sends "" and the profile stores nothing. */
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

export const phoneSchema = z.preprocess(
  blankToNull,
  z
    .string("A phone number must be text.")
    .trim()
    .max(PHONE_MAX_LENGTH, `A phone number may be at most ${PHONE_MAX_LENGTH} characters long.`)
    // Digits with the usual separators and an optional leading +; at least 5 digits so "12" is caught.
    .regex(
      /^\+?[0-9][0-9 ().\/-]*[0-9)]$/,
      "Please enter a phone number of digits, spaces and + ( ) - . / only, such as +49 30 1234567.",
    )
    .refine((v) => (v.match(/[0-9]/g)?.length ?? 0) >= 5, "A phone number needs at least 5 digits.")
    .nullable(),
);

export const programmeSchema = z.preprocess(
  blankToNull,
  z
    .string("A programme must be text.")
    .trim()
    .max(PROGRAMME_MAX_LENGTH, `A programme may be at most ${PROGRAMME_MAX_LENGTH} characters long.`)
    .nullable(),
);

export const yearOfStudySchema = z.preprocess(
  (v) => (v === "" ? null : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number(`The year of study must be a number from ${YEAR_OF_STUDY.min} to ${YEAR_OF_STUDY.max}.`)
    .int(`The year of study must be a whole number from ${YEAR_OF_STUDY.min} to ${YEAR_OF_STUDY.max}.`)
    .min(YEAR_OF_STUDY.min, `The year of study must be a number from ${YEAR_OF_STUDY.min} to ${YEAR_OF_STUDY.max}.`)
    .max(YEAR_OF_STUDY.max, `The year of study must be a number from ${YEAR_OF_STUDY.min} to ${YEAR_OF_STUDY.max}.`)
    .nullable(),
);

export const themeSchema = z.enum(THEMES, `The theme must be one of ${THEMES.join(", ")}.`);

export const emailOptOutsSchema = z
  .array(
    z.enum(NOTIFICATION_KINDS, `Unknown kind of e-mail; the kinds are ${NOTIFICATION_KINDS.join(", ")}.`),
    "The e-mail preferences must be a list.",
  )
  .transform((kinds) => NOTIFICATION_KINDS.filter((k) => kinds.includes(k)));

/** PATCH /rest/v1/profile: any of these, at least one; a field left out stays as it is. */
export const profileUpdateSchema = z
  .object({
    fullName: fullNameSchema.optional(),
    phone: phoneSchema.optional(),
    programme: programmeSchema.optional(),
    yearOfStudy: yearOfStudySchema.optional(),
    theme: themeSchema.optional(),
    emailOptOuts: emailOptOutsSchema.optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), "Send at least one field of the profile to change.");
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Avatar upload limits: the server checks the bytes themselves, the form checks first to spare the wait. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
export const AVATAR_TOO_LARGE = "The picture is larger than 2 MB. Choose a smaller one or shrink it first.";
export const AVATAR_WRONG_TYPE = "The picture must be a PNG, JPEG or WebP image.";

/** What GET and PATCH /rest/v1/profile answer. */
export interface ProfileDto {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  phone: string | null;
  programme: string | null;
  yearOfStudy: number | null;
  /** Where to load the avatar; it changes with every new picture, so caches never show an old one. Null when there is none. */
  avatarUrl: string | null;
  theme: Theme;
  emailOptOuts: NotificationKind[];
}
