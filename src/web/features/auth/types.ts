import type { Role } from "../../../common/roles.ts";

/** The signed-in user as the app sees it (SPEC §3: id, email, email-confirmed timestamp, metadata with full_name). */
export interface AuthUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  user_metadata: { full_name: string };
  role: Role;
}

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
  signIn(email: string, password: string): Promise<void>;
  /** "existing" when the e-mail was already registered and SPEC §4's fallback signed the person in instead. */
  signUp(email: string, password: string, fullName: string): Promise<"created" | "existing">;
  signOut(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  /** Re-reads the session (after a profile or password change); emits USER_UPDATED when the user changed. */
  refresh(): Promise<void>;
  onAuthStateChange(listener: (event: AuthEvent, session: Session | null) => void): () => void;
}
