import { FULL_NAME_MIN_LENGTH, INVALID_NAME, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from "../../../common/limits.ts";

/** SPEC §5 and §8 word for word, plus the UI contract's texts: the one place these strings live. */
export const MSG = {
  missing: { title: "Missing Information", description: "Please fill in all required fields." },
  invalidEmail: { title: "Invalid Email", description: "Please enter a valid email address" },
  passwordTooShort: { title: PASSWORD_TOO_SHORT.title, description: PASSWORD_TOO_SHORT.message },
  invalidName: { title: INVALID_NAME.title, description: INVALID_NAME.message },
  passwordsDiffer: { title: "Passwords Do Not Match", description: "Please type the same new password twice." },
  signInFailed: "Sign in failed",
  signInFallback: "Invalid email or password",
  signUpFailed: "Sign up failed",
  resetFailed: { title: "Reset failed", description: "Failed to send reset email" },
  unexpected: { title: "Error", description: "An unexpected error occurred" },
  welcome: "Welcome to The Portal!",
  accountCreated: "Account Created",
  resetSent: { title: "Reset email sent", description: "Check your email for password reset instructions." },
  signedOut: "Signed out",
  passwordUpdated: { title: "Password Updated", description: "You are now signed in with your new password." },
} as const;

/** SPEC §8's sign-up message mapping; anything else is shown as the server wrote it. */
export function signUpMessage(message: string): string {
  if (/invalid (login credentials|email or password)/i.test(message)) {
    return "Account creation failed. Please check your information and try again.";
  }
  if (/password/i.test(message) && /short|at least|characters/i.test(message))
    return "Password must be at least 6 characters long.";
  if (/e-?mail/i.test(message)) return "Please enter a valid email address.";
  return message;
}

export interface Problem {
  title: string;
  description: string;
  /** The field that gets the focus. */
  field: string;
}

/** SPEC §5: the e-mail must be non-empty (after trimming) and contain '@'. */
export function emailProblem(email: string, field: string): Problem | null {
  const trimmed = email.trim();
  return trimmed === "" || !trimmed.includes("@") ? { ...MSG.invalidEmail, field } : null;
}

export function requiredProblem(value: string, field: string): Problem | null {
  return value === "" ? { ...MSG.missing, field } : null;
}

export function newPasswordProblem(password: string, field: string): Problem | null {
  return (
    requiredProblem(password, field) ??
    (password.length < PASSWORD_MIN_LENGTH ? { ...MSG.passwordTooShort, field } : null)
  );
}

/** A new password typed twice: long enough, and the same both times. */
export function newPasswordPairProblem(
  password: string,
  confirm: string,
  fields: { password: string; confirm: string },
): Problem | null {
  return (
    newPasswordProblem(password, fields.password) ??
    requiredProblem(confirm, fields.confirm) ??
    (password !== confirm ? { ...MSG.passwordsDiffer, field: fields.confirm } : null)
  );
}

export function fullNameProblem(fullName: string, field: string): Problem | null {
  return (
    requiredProblem(fullName, field) ??
    (fullName.trim().length < FULL_NAME_MIN_LENGTH ? { ...MSG.invalidName, field } : null)
  );
}
