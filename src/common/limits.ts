/** SPEC §9's limits and §5's messages for them: one place for the server, the API schemas and the forms. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;

export const INVALID_NAME = {
  title: "Invalid Name",
  message: "Please provide a valid full name (at least 2 characters).",
} as const;

export const PASSWORD_TOO_SHORT = {
  title: "Password Too Short",
  message: "Password must be at least 6 characters long",
} as const;

/**
 * better-auth's answer (422) to a sign-up it could not carry out, and the portal's to one with a registered
 * address too, so that a refusal never tells whether an address has an account (issue 15). The web then
 * tries to sign in with the same password (SPEC §4).
 */
export const SIGN_UP_REFUSED = { code: "FAILED_TO_CREATE_USER", message: "Failed to create user" } as const;
