import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from "../../../common/school.ts";
import type { AppEnv } from "../../env.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { getProfile, updateProfile } from "../profiles/service.ts";

export const UNSUBSCRIBE_PATH = "/rest/v1/unsubscribe";
const SETTINGS_PATH = "/settings#settings-notifications";

/** Whom and which kind a link turns off, signed with the portal's secret: nobody can forge one for another person. */
function signature(secret: string, userId: string, kind: NotificationKind) {
  return createHmac("sha256", secret).update(`unsubscribe\0${userId}\0${kind}`).digest("base64url");
}

export function unsubscribeUrl(config: Pick<Config, "AUTH_SECRET" | "PUBLIC_URL">, userId: string, kind: NotificationKind) {
  const url = new URL(UNSUBSCRIBE_PATH, config.PUBLIC_URL);
  url.search = new URLSearchParams({ u: userId, k: kind, s: signature(config.AUTH_SECRET, userId, kind) }).toString();
  return url.toString();
}

/**
 * A notification's headers: RFC 8058's one-click unsubscribe (the mail client POSTs the signed link, which
 * turns this kind off without a sign-in), the settings page as the other way, and RFC 3834's mark that no
 * person wrote it (auto-replies stay quiet).
 */
export function notificationHeaders(config: Pick<Config, "AUTH_SECRET" | "PUBLIC_URL">, userId: string, kind: NotificationKind): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(config, userId, kind)}>, <${new URL(SETTINGS_PATH, config.PUBLIC_URL)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function readLink(c: Context<AppEnv>): { userId: string; kind: NotificationKind } {
  const { u, k, s } = c.req.query();
  const kind = NOTIFICATION_KINDS.find((x) => x === k);
  const expected = u && kind ? Buffer.from(signature(c.get("services").config.AUTH_SECRET, u, kind)) : null;
  const given = Buffer.from(s ?? "");
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError("bad_request", "This unsubscribe link is not valid. Change which e-mails you get in your notification settings.");
  }
  return { userId: u!, kind: kind! };
}

/** Adds the kind to the person's opt-outs, the same change the settings page makes. */
export async function turnOff(s: Pick<Services, "db" | "events">, userId: string, kind: NotificationKind) {
  const profile = await getProfile(s.db, userId);
  if (!profile) throw new AppError("not_found", "This unsubscribe link belongs to an account that no longer exists.");
  if (!profile.emailOptOuts.includes(kind)) {
    await updateProfile(s, { userId, update: { emailOptOuts: NOTIFICATION_KINDS.filter((k) => k === kind || profile.emailOptOuts.includes(k)) } });
  }
}

const page = (c: Context<AppEnv>, body: ReturnType<typeof html>) =>
  c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>E-mail settings · The Portal</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`);

/**
 * Public: the link works without a sign-in. A GET (a person clicking, or a scanner fetching the link) only
 * asks; the POST of the mail client's one-click button or of this page's form turns the kind off.
 */
export const publicUnsubscribeRoutes = new Hono<AppEnv>()
  .get("/", (c) => {
    const { kind } = readLink(c);
    const { label } = NOTIFICATION_KIND_LABELS[kind];
    return page(
      c,
      html`<h1>Stop e-mails about “${label}”?</h1><p>You will still see these notifications in The Portal.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn these e-mails off</button></form>
<p><a href="${SETTINGS_PATH}">Choose in your notification settings instead</a></p>`,
    );
  })
  .post("/", async (c) => {
    const { userId, kind } = readLink(c);
    await turnOff(c.get("services"), userId, kind);
    const { label } = NOTIFICATION_KIND_LABELS[kind];
    return page(c, html`<h1>E-mails about “${label}” are off</h1><p>You can turn them on again in your <a href="${SETTINGS_PATH}">notification settings</a>.</p>`);
  });
