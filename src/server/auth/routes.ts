import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import type { AppEnv } from "./guards.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { clearFailures, isEmailLocked, recordFailure, TOO_MANY_ATTEMPTS_MESSAGE } from "./signin-limit.ts";

/** The client's address; behind a proxy only when TRUST_PROXY says its header can be believed. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.services.config.TRUST_PROXY) {
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
const SESSION_CHANGING = ["/sign-out", "/reset-password", "/change-password", "/update-user", "/change-email", "/delete-user", "/revoke-session", "/revoke-sessions", "/revoke-other-sessions"];

/** better-auth under /auth/v1, with the client's address set by us and a per-e-mail sign-in limit in front. */
export const authRoutes = new Hono<AppEnv>().all("/*", async (c) => {
  const s = c.var.services;
  const ip = clientIp(c);
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  const req = new Request(c.req.raw, { headers });

  const isSignIn = c.req.method === "POST" && c.req.path.endsWith("/sign-in/email");
  const email = isSignIn ? await readEmail(req) : null;
  if (email && (await isEmailLocked(s, email))) {
    return c.json({ code: "TOO_MANY_FAILED_ATTEMPTS", message: TOO_MANY_ATTEMPTS_MESSAGE }, 429);
  }
  const res = await c.var.auth.handler(req);
  if (email) {
    if (res.status === 401) await recordFailure(s, email, ip);
    else if (res.ok) await clearFailures(s, email);
  }
  // Told to no browser (no user is named): only the servers' caches listen.
  if (res.ok && c.req.method === "POST" && SESSION_CHANGING.some((p) => c.req.path.endsWith(p))) {
    await s.events.publish({ type: "auth.sessions_changed", userIds: [] });
  }
  return res;
});
