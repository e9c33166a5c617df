import type { Role } from "../../../common/roles.ts";

/** The signed-in user as the app sees it (SPEC §3: id, email, email-confirmed timestamp, metadata with full_name). */
export interface AuthUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  user_metadata: { full_name: string };
  role: Role;
  /** Two-step sign-in: whether it is on, and whether the school requires it of this person and it is not yet set up. */
  twoStep: { enabled: boolean; setupNeeded: boolean };
}

/** What the second step of a sign-in is answered with: a code of the authenticator app, or a recovery code. */
export type TwoStepProof = { kind: "totp" | "recovery"; code: string };

/**
 * SPEC §3's session. The access and refresh tokens live in HttpOnly cookies that scripts cannot
 * read (docs/decisions), so the app holds only the expiry and the user.
 */
export interface Session {
  expires_at: string;
  user: AuthUser;
}

/** SPEC §4's session events. */
export type AuthEvent = "SIGNED_IN" | "SIGNED_OUT" | "TOKEN_REFRESHED" | "USER_UPDATED" | "PASSWORD_RECOVERY";

export interface AuthContextValue {
  session: Session | null;
  user: AuthUser | null;
  /** True until the first session check has answered. */
  loading: boolean;
  /** "two-step" when the password was right and the account asks for a code next (`verifyTwoStep`). */
  signIn(email: string, password: string): Promise<"signed-in" | "two-step">;
  /** Completes a sign-in that asked for a code. */
  verifyTwoStep(proof: TwoStepProof): Promise<void>;
  /** "existing" when the e-mail was already registered and SPEC §4's fallback signed the person in instead. */
  signUp(email: string, password: string, fullName: string): Promise<"created" | "existing" | "two-step">;
  signOut(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  /** Re-reads the session (after a profile or password change); emits USER_UPDATED when the user changed. */
  refresh(): Promise<void>;
  onAuthStateChange(listener: (event: AuthEvent, session: Session | null) => void): () => void;
}
