/** One of the person's signed-in devices, as Settings lists them (GET /rest/v1/sessions). */
export interface SessionDto {
  id: string;
  /** What the browser said it is, read from its user agent: "Firefox 132 on Windows". */
  device: string;
  /** "desktop", "mobile", "tablet" or "unknown": the icon beside the device. */
  kind: "desktop" | "mobile" | "tablet" | "unknown";
  ipAddress: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The session this list was asked from. */
  current: boolean;
}

export interface EndedSessionsDto {
  ended: number;
}

export const SESSIONS_QUERY_KEY = ["sessions"] as const;
