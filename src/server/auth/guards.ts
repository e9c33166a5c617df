import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { can, type Capability } from "../../common/roles.ts";
import type { AppEnv } from "../env.ts";
import { cachePerBus, type EntryScope } from "../lib/cache.ts";
import { AppError } from "../lib/errors.ts";
import { noteSeen } from "../features/sessions/service.ts";
import { TWO_STEP_SETUP_REQUIRED_MESSAGE } from "../../common/two-step.ts";
import type { Caller, SessionUser } from "./caller.ts";
import { keys, PEOPLE_KEYS } from "../../common/query-keys.ts";

/**
 * How long a checked session is trusted without asking the database again. Whatever ends or changes a
 * session publishes an event (deactivation, role change, sign-out, password reset), and each such event empties
 * this cache on every instance (`SESSION_SCOPE`), so the time only bounds changes made behind the portal's back;
 * a session's own end bounds it too. Five minutes, the resolution of "last seen" (noted on each check): at 30 s,
 * re-checking every signed-in person's session was a tenth of all statements at a school's peak.
 */
export const SESSION_CACHE_MS = 5 * 60_000;
/**
 * What a checked session is made of: the person and their role (users, profile), the session itself (sessions;
 * an event naming no keys, as a sign-out everywhere publishes, reaches it too) and the school's two-step rule.
 */
export const SESSION_SCOPE: EntryScope = { deps: [...PEOPLE_KEYS, keys.sessions(), keys.schoolSettings()] };
const sessionCache = cachePerBus<{ user: SessionUser; expiresAt: number } | null>({
  ttlMs: SESSION_CACHE_MS,
  maxEntries: 10_000,
});

async function lookUpSession(c: Context<AppEnv>) {
  const session = await c.get("auth").api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const user: SessionUser = {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role: session.user.role,
    sessionId: session.session.id,
    twoStepSetupNeeded: session.user.twoStepSetupNeeded,
  };
  noteSeen(c.get("services"), session.session.id);
  return { user, expiresAt: new Date(session.session.expiresAt).getTime() };
}

/**
 * What a route helper needs of Hono's context: its variables. Read them with `c.get(…)`: `c.var` builds a new
 * object of all of them on every access, several times per request.
 */
export type WithVars = { get<K extends keyof AppEnv["Variables"]>(key: K): AppEnv["Variables"][K] };

/** The signed-in user as the caller a service acts for, behind `requireUser`. */
export function callerOf(c: WithVars): Caller {
  const { id, name, role } = c.get("user");
  return { id, name, role };
}

/**
 * What a person the school requires two-step sign-in of may reach before setting it up: what the Settings page
 * needs to show the setup (their profile and picture, the school's settings, their signed-in devices, which they
 * may also end) and what the app sends on every page (the sign-in's profile sync, timings). The setup itself and
 * signing out are better-auth's, under /auth/v1, outside `requireUser`. Everything else waits for the setup: a
 * password alone must not open what the school wants a second step for.
 */
export function mayDuringSetup(method: string, path: string, userId: string): boolean {
  const p = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  if (method === "GET" || method === "HEAD") {
    return (
      p === "/rest/v1/profile" ||
      p === `/rest/v1/profile/avatar/${userId}` ||
      p === "/rest/v1/school-settings" ||
      p === "/rest/v1/sessions"
    );
  }
  if (method === "POST")
    return (
      p === "/rest/v1/rpc/sync_auth_user_to_profile" ||
      p === "/rest/v1/sessions/sign-out-others" ||
      p === "/rest/v1/perf-log"
    );
  if (method === "DELETE") return /^\/rest\/v1\/sessions\/[^/]+$/.test(p) && p !== "/rest/v1/sessions/sign-out-others";
  return false;
}

/**
 * Reads the session cookie and the user's role; 401 when nobody is signed in, 403 `two_step_setup_required`
 * outside the setup (`mayDuringSetup`) while the school requires two-step sign-in of this person and it is not on.
 * The requirement is read with the session, so it holds at once when the school's setting or the person's role
 * changes (each publishes an event that empties the cache) and ends with the new session the setup hands out.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  // Keyed by the signed cookie value itself, exactly what better-auth checked when the entry was made.
  const token = getCookie(c, (await c.get("auth").$context).authCookies.sessionToken.name);
  const found = token
    ? await sessionCache(c.get("services").events).get(
        token,
        () => lookUpSession(c),
        (s) => (s ? s.expiresAt - Date.now() : 0),
        SESSION_SCOPE,
      )
    : null;
  if (!found) throw new AppError("unauthorized", "Please sign in to continue.");
  if (found.user.twoStepSetupNeeded && !mayDuringSetup(c.req.method, c.req.path, found.user.id)) {
    throw new AppError("two_step_setup_required", TWO_STEP_SETUP_REQUIRED_MESSAGE);
  }
  c.set("user", found.user);
  await next();
});

/**
 * The server's check of a capability of `common/roles.ts` (hiding a button in the UI is never the only guard),
 * read from the same table as the menu and the pages.
 */
export const requireCan = (capability: Capability) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!can(c.get("user").role, capability)) throw new AppError("forbidden", "You do not have permission to do this.");
    await next();
  });
