/** Only a path of this site ("/x", never "//host" or "/\host"), so a crafted link cannot send anyone elsewhere after sign-in. */
export function safeNext(raw: string | null | undefined): string | null {
  return raw && /^\/(?![/\\])/.test(raw) ? raw : null;
}

export const signInLink = (returnTo: string) => `/auth?next=${encodeURIComponent(returnTo)}`;
