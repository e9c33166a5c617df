import { timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from "../../../common/school.ts";
import type { AppEnv } from "../../env.ts";
import type { Services } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { NOTIFICATION_SETTINGS_PATH as SETTINGS_PATH, unsubscribeSignature } from "../../mail/unsubscribe.ts";
import { getProfile, updateProfile } from "../profiles/service.ts";

function readLink(c: Context<AppEnv>): { userId: string; kind: NotificationKind } {
  const { u, k, s } = c.req.query();
  const kind = NOTIFICATION_KINDS.find((x) => x === k);
  const expected = u && kind ? Buffer.from(unsubscribeSignature(c.get("services").config.AUTH_SECRET, u, kind)) : null;
  const given = Buffer.from(s ?? "");
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError(
      "bad_request",
      "This unsubscribe link is not valid. Change which e-mails you get in your notification settings.",
    );
  }
  return { userId: u!, kind: kind! };
}

/** Adds the kind to the person's opt-outs, the same change the settings page makes. */
export async function turnOff(s: Pick<Services, "db" | "events">, userId: string, kind: NotificationKind) {
  const profile = await getProfile(s.db, userId);
  if (!profile) throw new AppError("not_found", "This unsubscribe link belongs to an account that no longer exists.");
  if (!profile.emailOptOuts.includes(kind)) {
    await updateProfile(s, {
      userId,
      update: { emailOptOuts: NOTIFICATION_KINDS.filter((k) => k === kind || profile.emailOptOuts.includes(k)) },
    });
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
    return page(
      c,
      html`<h1>E-mails about “${label}” are off</h1><p>You can turn them on again in your <a href="${SETTINGS_PATH}">notification settings</a>.</p>`,
    );
  });
