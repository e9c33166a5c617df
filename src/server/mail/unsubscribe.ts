import { createHmac } from "node:crypto";
import type { NotificationKind } from "../../common/school.ts";
import type { Config } from "../config.ts";

export const UNSUBSCRIBE_PATH = "/rest/v1/unsubscribe";
export const NOTIFICATION_SETTINGS_PATH = "/settings#settings-notifications";

/** Whom and which kind a link turns off, signed with the portal's secret: nobody can forge one for another person. */
export function unsubscribeSignature(secret: string, userId: string, kind: NotificationKind) {
  return createHmac("sha256", secret).update(`unsubscribe\0${userId}\0${kind}`).digest("base64url");
}

export function unsubscribeUrl(
  config: Pick<Config, "AUTH_SECRET" | "PUBLIC_URL">,
  userId: string,
  kind: NotificationKind,
) {
  const url = new URL(UNSUBSCRIBE_PATH, config.PUBLIC_URL);
  url.search = new URLSearchParams({
    u: userId,
    k: kind,
    s: unsubscribeSignature(config.AUTH_SECRET, userId, kind),
  }).toString();
  return url.toString();
}

/**
 * A notification's headers: RFC 8058's one-click unsubscribe (the mail client POSTs the signed link, which
 * turns this kind off without a sign-in), the settings page as the other way, and RFC 3834's mark that no
 * person wrote it (auto-replies stay quiet).
 */
export function notificationHeaders(
  config: Pick<Config, "AUTH_SECRET" | "PUBLIC_URL">,
  userId: string,
  kind: NotificationKind,
): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(config, userId, kind)}>, <${new URL(NOTIFICATION_SETTINGS_PATH, config.PUBLIC_URL)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
