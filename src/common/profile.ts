import { z } from "zod";
import type { Role } from "./roles.ts";

import { FULL_NAME_MAX_LENGTH, FULL_NAME_MIN_LENGTH, INVALID_NAME } from "./limits.ts";

export { INVALID_NAME };

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
