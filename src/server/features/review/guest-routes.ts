import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import {
  guestNoteInput,
  openReviewLinkInput,
  REVIEW_GRANT_HEADER,
  reviewLinkInput,
} from "../../../common/review-links.ts";
import { clientIp } from "../../auth/routes.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { AppError } from "../../lib/errors.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { body, idParam, pathParam } from "../../lib/validate.ts";
import { exportNotes } from "./export.ts";
import * as links from "./links.ts";
import { serveVersionMedia } from "./media.ts";

type C = Context<AppEnv>;
const versionId = (c: C) => idParam(c, "versionId", "version");

async function exported(c: C, format: string) {
  const out = await exportNotes(c.get("services"), { caller: callerOf(c), versionId: versionId(c), format });
  return c.body(typeof out.body === "string" ? out.body : new Uint8Array(out.body), 200, {
    "content-type": out.contentType,
    "content-disposition": `attachment; filename="${out.fileName}"`,
    "cache-control": "no-store",
  });
}

/**
 * Mounted at /rest/v1 among the signed-in routes: a version's guest links (the crew's) and its notes' exports
 * (anyone who may read the project).
 */
export const reviewLinkRoutes = new Hono<AppEnv>()
  .get("/cut-versions/:versionId/review-links", async (c) =>
    c.json(await links.listLinks(c.get("services"), { caller: callerOf(c), versionId: versionId(c) })),
  )
  .post("/cut-versions/:versionId/review-links", async (c) =>
    c.json(
      await links.createLink(c.get("services"), {
        caller: callerOf(c),
        versionId: versionId(c),
        input: await body(c, reviewLinkInput),
      }),
      201,
    ),
  )
  .post("/review-links/:linkId/revoke", async (c) =>
    c.json(
      await links.revokeLink(c.get("services"), {
        caller: callerOf(c),
        linkId: idParam(c, "linkId", "review link"),
      }),
    ),
  )
  .get("/cut-versions/:versionId/notes.pdf", (c) => exported(c, "pdf"))
  .get("/cut-versions/:versionId/notes.csv", (c) => exported(c, "csv"))
  .get("/cut-versions/:versionId/notes.edl", (c) => exported(c, "edl"));

/** Tries at opening one link from one address: enough for a typo or two, too few to guess a password. */
export const OPENS_PER_MINUTE = 10;
/** Notes a guest may add a minute: a quick reviewer writes a few, a script many. */
export const GUEST_NOTES_PER_MINUTE = 30;
const GRANT_COOKIE = "review_grant";

const token = (c: C) => pathParam(c, "token");
const grantOf = (c: C) => c.req.header(REVIEW_GRANT_HEADER) ?? getCookie(c, GRANT_COOKIE);

/**
 * /rest/v1/review-link/{token}: a guest's way in, no account. The token in the path names the link; the grant
 * (cookie or header) the name it was opened under.
 */
export function publicReviewRoutes() {
  const opens = createRateLimiter({ limit: OPENS_PER_MINUTE, windowMs: 60_000 });
  const notes = createRateLimiter({ limit: GUEST_NOTES_PER_MINUTE, windowMs: 60_000 });
  // Not worded as a sign-in limit: the web signs a person out on those (SPEC §4), and a producer trying
  // their own link must stay signed in.
  const slowDown = () =>
    new AppError("too_many_requests", "That was a lot of tries in a short time. Wait a minute, then try again.");
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
    })
    .get("/:token", async (c) => c.json(await links.introLink(c.get("services"), { token: token(c) })))
    .post("/:token/open", async (c) => {
      if (!opens.take(`${clientIp(c)} ${token(c)}`)) throw slowDown();
      const s = c.get("services");
      const opened = await links.openLink(s, { token: token(c), input: await body(c, openReviewLinkInput) });
      // For the video element, which cannot send a header: only this link's paths carry it.
      setCookie(c, GRANT_COOKIE, opened.grant, {
        path: `/rest/v1/review-link/${token(c)}`,
        httpOnly: true,
        sameSite: "Lax",
        secure: s.config.PUBLIC_URL.startsWith("https:"),
        expires: new Date(opened.grantExpiresAt),
      });
      return c.json(opened);
    })
    .get("/:token/session", async (c) =>
      c.json(await links.guestSession(c.get("services"), { token: token(c), grant: grantOf(c) })),
    )
    .get("/:token/notes", async (c) =>
      c.json(await links.guestNotes(c.get("services"), { token: token(c), grant: grantOf(c) })),
    )
    .post("/:token/notes", async (c) => {
      if (!notes.take(token(c))) throw slowDown();
      return c.json(
        await links.addGuestNote(c.get("services"), {
          token: token(c),
          grant: grantOf(c),
          input: await body(c, guestNoteInput),
        }),
        201,
      );
    })
    .on(["GET", "HEAD"], "/:token/media/:kind", async (c) => {
      const s = c.get("services");
      const { version, kind } = await links.guestMedia(s, {
        token: token(c),
        grant: grantOf(c),
        kind: pathParam(c, "kind"),
      });
      return serveVersionMedia(c, version, kind);
    });
}
