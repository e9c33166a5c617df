import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { checkReadiness } from "../db/client.ts";
import { cachePerBus } from "../lib/cache.ts";
import { unavailableResponse } from "../lib/errors.ts";
import { SESSION_CACHE_MS, SESSION_SCOPE } from "./guards.ts";
import type { AppEnv } from "../env.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { createLimiter } from "../lib/admission.ts";
import { PASSWORD_HASH_CONCURRENCY } from "./password.ts";
import { SIGN_UP_REFUSED } from "../../common/limits.ts";
import { PASSWORD_SIGN_UP_OFF_MESSAGE } from "../../common/sso.ts";
import { passwordSignInRefused } from "./oidc.ts";
import { answerSsoCallback } from "./sso-callback.ts";
import {
  admitAttempt,
  alertSignUpWithExistingEmail,
  DEVICE_COOKIE,
  deviceCookie,
  forgetAttempt,
  recordFailure,
  recordSuccess,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "./signin-limit.ts";
import { PEOPLE_KEYS } from "../../common/query-keys.ts";

/** The client's address; behind a proxy only when TRUST_PROXY says its header can be believed. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get("services").config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}

async function readEmail(req: Request): Promise<string | null> {
  try {
    const data = (await req.clone().json()) as { email?: unknown };
    return typeof data.email === "string" ? data.email : null;
  } catch {
    return null;
  }
}

/** What ends or changes sessions: the session caches of every instance must forget them at once (see guards.ts). */
const SESSION_CHANGING = [
  "/sign-out",
  "/two-factor/verify-totp",
  "/two-factor/disable",
  "/reset-password",
  "/change-password",
  "/update-user",
  "/change-email",
  "/delete-user",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
];
/** What changes the people the portal lists: an account made, renamed, readdressed or removed. */
const PERSON_CHANGING = ["/sign-up/email", "/update-user", "/change-email", "/delete-user"];

/** The endpoints that hash a password: each waits for the scrypt slot anyway (see password.ts). */
const HASHING = ["/sign-in/email", "/sign-up/email", "/reset-password", "/change-password"];
/**
 * better-auth's handler builds its whole router, every endpoint, for each request it is given, and a
 * request holds that router until it answers. Fifty sign-ins waiting for the one scrypt slot therefore held
 * fifty routers (the heap doubled in a burst, issue 2's memory target). Here they wait as bare requests
 * instead, one more than can hash so that the next one's database reads overlap the running hash.
 */
const hashingInLine = createLimiter(PASSWORD_HASH_CONCURRENCY + 1);

/**
 * get-session's answers by session cookie, trusted as long as `requireUser`'s checked sessions and forgotten
 * with them (sign-outs, password resets, deactivations and role changes included).
 */
const sessionAnswers = cachePerBus<{ text: string; expiresAt: number } | null>({
  ttlMs: SESSION_CACHE_MS,
  maxEntries: 10_000,
});

/**
 * The most frequent call (every page load asks it): from memory when this session was just checked, else
 * through the endpoints better-auth built once rather than a router built for the request. An answer that
 * sets a cookie (a session extended today) belongs to its browser alone and is never kept; a query
 * (`disableRefresh`, `disableCookieCache`) always asks better-auth.
 */
async function getSession(c: Context<AppEnv>, headers: Headers): Promise<Response> {
  const auth = c.get("auth");
  const url = new URL(c.req.url);
  const ask = () => auth.api.getSession({ headers, query: Object.fromEntries(url.searchParams), asResponse: true });
  const token = getCookie(c, (await auth.$context).authCookies.sessionToken.name);
  if (!token || url.search) return ask();
  const loadedHere: { answer?: Response } = {};
  const kept = await sessionAnswers(c.get("services").events).get(
    token,
    async () => {
      const answer = (loadedHere.answer = await ask());
      if (!answer.ok || answer.headers.has("set-cookie")) return null;
      const text = await answer.clone().text();
      const data = JSON.parse(text) as { session?: { expiresAt: string } } | null;
      return data?.session ? { text, expiresAt: Date.parse(data.session.expiresAt) } : null;
    },
    (v) => (v ? v.expiresAt - Date.now() : 0),
    SESSION_SCOPE,
  );
  if (loadedHere.answer) return loadedHere.answer;
  return kept ? c.body(kept.text, 200, { "content-type": "application/json" }) : ask();
}

/** better-auth's JSON answer, read without consuming it; null when it is not JSON. */
async function bodyOf(res: Response): Promise<{ code?: unknown; user?: { id?: unknown } } | null> {
  try {
    return (await res.clone().json()) as { code?: unknown; user?: { id?: unknown } } | null;
  } catch {
    return null;
  }
}

/** A password sign-in, admitted by the throttle (signin-limit.ts) before better-auth looks at the password. */
async function signIn(c: Context<AppEnv>, req: Request, email: string, ip: string): Promise<Response> {
  const s = c.get("services");
  const deviceToken = getCookie(c, DEVICE_COOKIE);
  const admitted = await admitAttempt(s, email, ip, deviceToken);
  if (!admitted) return c.json({ code: "TOO_MANY_FAILED_ATTEMPTS", message: TOO_MANY_ATTEMPTS_MESSAGE }, 429);
  let res: Response;
  try {
    res = await c.get("auth").handler(req);
  } catch (err) {
    await forgetAttempt(s, admitted);
    throw err;
  }
  if (res.status === 401) {
    await recordFailure(s, admitted);
    return res;
  }
  const userId = res.ok ? (await bodyOf(res))?.user?.id : undefined;
  if (typeof userId !== "string") {
    await forgetAttempt(s, admitted);
    return res;
  }
  const newDevice = await recordSuccess(s, admitted, userId, deviceToken);
  if (!newDevice) return res;
  const marked = new Response(res.body, res);
  marked.headers.append("set-cookie", deviceCookie(newDevice, s.config.PUBLIC_URL.startsWith("https://")));
  return marked;
}

/** better-auth under /auth/v1, with the client's address set by us and the sign-in throttle in front. */
export const authRoutes = new Hono<AppEnv>().all("/*", async (c) => {
  const s = c.get("services");
  const ip = clientIp(c);
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  if (c.req.method === "GET" && c.req.path.endsWith("/get-session")) {
    const res = await getSession(c, headers);
    return res.status >= 500 && !(await checkReadiness(s.database)).ready ? unavailableResponse(c) : res;
  }
  const req = new Request(c.req.raw, { headers });
  const answer = async () => {
    const isSignIn = c.req.method === "POST" && c.req.path.endsWith("/sign-in/email");
    const isSignUp = c.req.method === "POST" && c.req.path.endsWith("/sign-up/email");
    const email = isSignIn || isSignUp ? await readEmail(req) : null;
    if (isSignIn || isSignUp) {
      const refused = await passwordSignInRefused(s, isSignIn ? email : null);
      if (refused)
        return c.json(
          { code: "PASSWORD_SIGN_IN_OFF", message: isSignIn ? refused : PASSWORD_SIGN_UP_OFF_MESSAGE },
          403,
        );
    }
    if (isSignIn && email) return signIn(c, req, email, ip);
    if (c.req.method === "GET" && c.req.path.includes("/callback/"))
      return answerSsoCallback(s, () => c.get("auth").handler(req));
    const res = await c.get("auth").handler(req);
    if (
      isSignUp &&
      email &&
      res.status === 422 &&
      /^USER_ALREADY_EXISTS/.test(String((await bodyOf(res))?.code ?? ""))
    ) {
      // Told apart from any other refused sign-up, this would list the school's accounts (issue 15).
      await alertSignUpWithExistingEmail(s, email);
      return c.json(SIGN_UP_REFUSED, 422);
    }
    return res;
  };
  // In line for the scrypt slot; the throttle counts an attempt before its check, so the bounds hold across it.
  const res =
    c.req.method === "POST" && HASHING.some((p) => c.req.path.endsWith(p))
      ? await hashingInLine(answer)
      : await answer();
  // better-auth answers some failures itself (a session read it could not make is its own 500): when the
  // database is what failed, the answer is the portal's 503 like every other route's.
  if (res.status >= 500 && !(await checkReadiness(s.database)).ready) return unavailableResponse(c);
  // Told to no browser (no user is named): only the servers' caches listen.
  if (res.ok && c.req.method === "POST") {
    // A sign-out at the end of a class empties the checked sessions, not every answer the school has kept.
    const sessions = SESSION_CHANGING.some((p) => c.req.path.endsWith(p));
    const people = PERSON_CHANGING.some((p) => c.req.path.endsWith(p));
    // Only an event about sessions makes the realtime server check its sockets' sessions.
    const invalidate = [...(sessions ? [["sessions"]] : []), ...(people ? PEOPLE_KEYS : [])];
    if (invalidate.length)
      await s.events.publish({
        type: sessions ? "auth.sessions_changed" : "auth.people_changed",
        userIds: [],
        invalidate,
      });
  }
  return res;
});
