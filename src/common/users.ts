import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from "./limits.ts";
import { fullNameSchema } from "./profile.ts";
import { ROLES, type Role } from "./roles.ts";

export const USER_STATES = ["active", "deactivated"] as const;
export type UserState = (typeof USER_STATES)[number];

export const userListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES, { message: "Unknown role" }).optional(),
  state: z.enum(USER_STATES, { message: "State must be active or deactivated" }).optional(),
  sort: z.enum(["name", "email", "role", "lastSignIn", "created"]).default("name"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export interface UserDto {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  active: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

export interface Page<T> {
  total: number;
  items: T[];
}

export const roleChangeInput = z.object({
  role: z.enum(ROLES, { message: "Choose one of the roles: student, staff, equipment_manager, admin" }),
});

export const emailSchema = z.string().trim().toLowerCase().email("Please enter a valid email address");

export const invitationInput = z.object({
  email: emailSchema,
  role: z
    .enum(ROLES, { message: "Choose one of the roles: student, staff, equipment_manager, admin" })
    .default("student"),
});

export const acceptInvitationInput = z.object({
  token: z.string().min(10, "This invitation link is not valid."),
  fullName: fullNameSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT.message).max(PASSWORD_MAX_LENGTH),
});

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export interface InvitationDto {
  id: string;
  email: string;
  role: Role;
  state: InvitationState;
  invitedByName: string | null;
  sentCount: number;
  expiresAt: string;
  createdAt: string;
}

export interface AuditEntryDto {
  id: string;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export const INVITATION_DAYS = 7;

/** The school directory any signed-in person may search, to build a crew or name a supervisor. */
export const peopleQuery = z.object({
  search: z.string().trim().max(200).optional(),
  /** One role or several, comma-separated: "staff,admin". */
  role: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES, { message: "Unknown role" })))
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type PeopleQuery = z.infer<typeof peopleQuery>;

export interface PersonDto {
  id: string;
  fullName: string;
  /** Only to staff, admins, the person and those who share a crew with them. */
  email?: string;
  role: Role;
}

/** What an erased person is called everywhere history named them. */
export const ERASED_NAME = "Former member";

/** An erased account keeps an address, unique per account, that no mail server accepts (RFC 6761's .invalid). */
export const erasedEmail = (userId: string) => `former-member-${userId.toLowerCase()}@erased.invalid`;
export const isErasedEmail = (email: string) => /^former-member-[^@]+@erased\.invalid$/.test(email);

/** What erasing a person did, as the admin is told and the audit log records. */
export interface ErasureDto {
  userId: string;
  namesReplaced: number;
  sessionsEnded: number;
  pictureRemoved: boolean;
}
