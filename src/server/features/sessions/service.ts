import Bowser from "bowser";
import { and, desc, eq, gt, inArray, ne } from "drizzle-orm";
import type { EndedSessionsDto, SessionDto } from "../../../common/sessions.ts";
import type { Services } from "../../context.ts";
import { profiles, session } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit, type Actor } from "../audit/service.ts";
import { keys } from "../../../common/query-keys.ts";

/** The event that ends sessions: realtime closes their sockets, every instance's session caches forget them. */
export const SESSION_ENDED_EVENT = "session.ended";

/** A session used again within this time keeps the last-seen time it has: one write per session per interval. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;
const seenWritten = new Map<string, number>();
const SEEN_MEMORY_MAX = 10_000;

/**
 * Records that a session was used, at most once per LAST_SEEN_RESOLUTION_MS from this instance. It runs on a
 * session-cache miss and never holds up the request: a lost write only makes "last seen" a little older.
 */
export function noteSeen(s: Pick<Services, "db" | "log">, sessionId: string) {
  const now = Date.now();
  const last = seenWritten.get(sessionId);
  if (last !== undefined && now - last < LAST_SEEN_RESOLUTION_MS) return;
  if (seenWritten.size >= SEEN_MEMORY_MAX) seenWritten.clear();
  seenWritten.set(sessionId, now);
  s.db
    .update(session)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(session.id, sessionId))
    .then(
      () => {},
      (err: unknown) =>
        s.log.warn({ err: err instanceof Error ? err.message : String(err) }, "sessions: last-seen not recorded"),
    );
}

/** "Firefox 132 on Windows 10", from what the browser sent; a missing or unreadable agent says so. */
export function describeDevice(userAgent: string | null): Pick<SessionDto, "device" | "kind"> {
  if (!userAgent) return { device: "Unknown device", kind: "unknown" };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split(".")[0]].filter(Boolean).join(" ");
  const device = browser && os ? `${browser} on ${os}` : browser || os || "Unknown device";
  const type = parsed.platform.type;
  const kind = type === "desktop" || type === "mobile" || type === "tablet" ? type : "unknown";
  return { device, kind };
}

/** The person's sessions that have not expired, the most recently used first. */
export async function listSessions(
  s: Pick<Services, "db">,
  opts: { userId: string; currentSessionId?: string },
): Promise<SessionDto[]> {
  const rows = await s.db
    .select()
    .from(session)
    .where(and(eq(session.userId, opts.userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.createdAt));
  return rows
    .map((r) => ({
      id: r.id,
      ...describeDevice(r.userAgent),
      ipAddress: r.ipAddress,
      signedInAt: r.createdAt.toISOString(),
      lastSeenAt: (r.lastSeenAt && r.lastSeenAt > r.createdAt ? r.lastSeenAt : r.createdAt).toISOString(),
      current: r.id === opts.currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * Tells every instance that these sessions ended: its realtime closes their sockets at once, and the event
 * empties the checked-session caches (lib/cache.ts) that would otherwise trust them for up to 30 s.
 * The person's other tabs refetch their list of devices.
 */
async function announceEnded(s: Pick<Services, "events">, userId: string, sessionIds: string[]) {
  if (!sessionIds.length) return;
  await s.events.publish({
    type: SESSION_ENDED_EVENT,
    userIds: [userId],
    invalidate: [keys.sessions()],
    data: { sessionIds },
  });
}

/** Signs out one of the caller's own sessions (this one included: that is a sign-out). */
export async function endSession(
  s: Pick<Services, "db" | "events">,
  opts: { userId: string; sessionId: string },
): Promise<EndedSessionsDto> {
  const ended = await s.db
    .delete(session)
    .where(and(eq(session.id, opts.sessionId), eq(session.userId, opts.userId)))
    .returning({ id: session.id });
  // Another person's session id answers like a missing one: nobody learns which ids exist.
  if (!ended.length) throw new AppError("not_found", "That device is no longer signed in.");
  await announceEnded(
    s,
    opts.userId,
    ended.map((r) => r.id),
  );
  return { ended: ended.length };
}

/** Signs out every session of the caller but the one asking. */
export async function endOtherSessions(
  s: Pick<Services, "db" | "events">,
  opts: { userId: string; currentSessionId: string },
): Promise<EndedSessionsDto> {
  const ended = await s.db
    .delete(session)
    .where(and(eq(session.userId, opts.userId), ne(session.id, opts.currentSessionId)))
    .returning({ id: session.id });
  await announceEnded(
    s,
    opts.userId,
    ended.map((r) => r.id),
  );
  return { ended: ended.length };
}

/** An admin ends every session of a person ("Sign out everywhere"), audited with how many were ended. */
export async function endAllSessionsOf(
  s: Pick<Services, "db" | "events">,
  opts: { actor: Actor; userId: string },
): Promise<EndedSessionsDto> {
  const ended = await s.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, opts.userId));
    if (!target) throw new AppError("not_found", "There is no such person.");
    const rows = await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    await recordAudit(tx, opts.actor, {
      action: "user.signed_out_everywhere",
      targetType: "user",
      targetId: target.id,
      targetLabel: `${target.fullName} <${target.email}>`,
      details: { sessionsEnded: rows.length },
    });
    return rows;
  });
  await announceEnded(
    s,
    opts.userId,
    ended.map((r) => r.id),
  );
  await s.events.publish({ type: "audit.recorded", invalidate: [keys.auditLog()] });
  return { ended: ended.length };
}

/** The ids among `ids` that still name a live session (realtime's check of its open sockets). */
export async function liveSessionIds(s: Pick<Services, "db">, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await s.db
    .select({ id: session.id })
    .from(session)
    .where(and(inArray(session.id, ids), gt(session.expiresAt, new Date())));
  return new Set(rows.map((r) => r.id));
}
