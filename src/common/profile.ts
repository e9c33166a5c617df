import { z } from "zod";
import type { Role } from "./roles.ts";

export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;

/** SPEC §5's 'Invalid Name' toast; the same rule guards sign-up, the settings form and the API. */
export const INVALID_NAME = {
  title: "Invalid Name",
  message: "Please provide a valid full name (at least 2 characters).",
} as const;

export const fullNameSchema = z
  .string(INVALID_NAME.message)
  .trim()
  .min(FULL_NAME_MIN_LENGTH, INVALID_NAME.message)
  .max(FULL_NAME_MAX_LENGTH, `A full name may be at most ${FULL_NAME_MAX_LENGTH} characters long.`);

export const profileUpdateSchema = z.object({ fullName: fullNameSchema });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** What GET and PATCH /rest/v1/profile answer. */
export interface ProfileDto {
  id: string;
  email: string;
  fullName: string;
  role: Role;
}
