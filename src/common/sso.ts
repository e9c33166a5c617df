/** better-auth's id for the school's OpenID provider: its callback is /auth/v1/callback/sso. */
export const SSO_PROVIDER_ID = "sso";

/** GET /rest/v1/sign-in-options (public): what the sign-in screen offers besides the password. */
export interface SignInOptions {
  /** null when single sign-on is not configured. */
  sso: { label: string } | null;
}

export const PASSWORD_SIGN_IN_OFF_MESSAGE =
  "This school signs in with its school account: use the school sign-in button above. Only administrators may sign in with a password.";
export const PASSWORD_SIGN_UP_OFF_MESSAGE =
  "New accounts are made by signing in with the school account, with the button above.";
