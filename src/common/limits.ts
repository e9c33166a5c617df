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
