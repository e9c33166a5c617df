import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Services } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import { signinAlert, signinDevice, signinFailure, user } from "../db/schema/index.ts";
import { queueEmail } from "../mail/queue.ts";
import type { RenderedMail } from "../mail/layout.ts";
import { signinGuessingMail } from "../mail/signin-guessing.ts";
import { signupExistingMail } from "../mail/signup-existing.ts";
import { hashToken, newToken, TOKEN_PATTERN } from "../lib/tokens.ts";

/*
 * Password guessing, bounded without letting a stranger lock the owner out (decision record
 * docs/decisions/2026-11-24-sign-in-throttling.md):
 * - each client of an account — a browser that signed in to it before (its device cookie), or else the
 *   address — has SIGNIN_LIMIT_PER_EMAIL wrong passwords, then waits 1 minute, then 2, 4 … (at most the
 *   window) before each further one is looked at;
 * - all clients that never signed in to the account together have SIGNIN_LIMIT_PER_ACCOUNT wrong passwords
 *   per window, whatever the number of addresses; the owner's own browsers are not part of that bound.
 * An attempt is counted before its password is checked (and uncounted if it turns out right or never
 * reaches the check), under a lock per e-mail, so a burst on any number of instances cannot outrun a bound.
 */

export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many failed login attempts. Please wait a few minutes and try again.";
/** The browser's mark, sent only to the auth endpoints. */
export const DEVICE_COOKIE = "portal_device";
const DEVICE_COOKIE_DAYS = 365;
const DEVICES_KEPT = 20;
const FIRST_DELAY_MS = 60_000;

const normalise = (email: string) => email.trim().toLowerCase();

export interface Admission {
  attemptId: string;
  email: string;
  ip: string;
  /** The hash of the device cookie when it is trusted for this account. */
  device: string | null;
}

type Deps = Pick<Services, "db" | "config">;

const windowStart = (s: Deps) => new Date(Date.now() - s.config.SIGNIN_LIMIT_WINDOW_SECONDS * 1000);

/** null: this client is throttled for this account, and the password must not be looked at. */
export async function admitAttempt(
  s: Services,
  rawEmail: string,
  ip: string,
  deviceToken: string | undefined,
): Promise<Admission | null> {
  const email = normalise(rawEmail);
  const {
    SIGNIN_LIMIT_PER_EMAIL: perClient,
    SIGNIN_LIMIT_PER_ACCOUNT: perAccount,
    SIGNIN_LIMIT_WINDOW_SECONDS: windowSeconds,
  } = s.config;
  return s.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signin:${email}`}, 0))`);
    const device = deviceToken ? await trustedDevice(tx, email, deviceToken) : null;
    const failures = await tx
      .select({ ipAddress: signinFailure.ipAddress, device: signinFailure.device, createdAt: signinFailure.createdAt })
      .from(signinFailure)
      .where(and(eq(signinFailure.email, email), gt(signinFailure.createdAt, windowStart(s))));
    const own = failures.filter((f) => (device ? f.device === device : f.device === null && f.ipAddress === ip));
    if (own.length >= perClient) {
      const last = Math.max(...own.map((f) => f.createdAt.getTime()));
      const delay = Math.min(FIRST_DELAY_MS * 2 ** (own.length - perClient), windowSeconds * 1000);
      if (Date.now() < last + delay) return null;
    }
    if (!device && failures.filter((f) => f.device === null).length >= perAccount) return null;
    const attemptId = randomUUID();
    await tx.insert(signinFailure).values({ id: attemptId, email, ipAddress: ip, device });
    return { attemptId, email, ip, device };
  });
}

async function trustedDevice(db: DbOrTx, email: string, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select({ id: signinDevice.id })
    .from(signinDevice)
    .innerJoin(user, eq(user.id, signinDevice.userId))
    .where(and(eq(user.email, email), eq(signinDevice.tokenHash, hash)))
    .limit(1);
  return row ? hash : null;
}

/** The password was wrong: the counted attempt stays a failure, and the owner hears of guessing once per window. */
export async function recordFailure(s: Services, a: Admission) {
  // Old rows are useless after the window; trimming here keeps the table small without a cron.
  await s.db
    .delete(signinFailure)
    .where(lt(signinFailure.createdAt, new Date(Date.now() - s.config.SIGNIN_LIMIT_WINDOW_SECONDS * 2000)));
  const [row] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(signinFailure)
    .where(and(eq(signinFailure.email, a.email), gt(signinFailure.createdAt, windowStart(s))));
  const failures = row?.n ?? 0;
  // One person's typos stay under this; several clients' guesses, or one client's persistence, reach it.
  if (failures < s.config.SIGNIN_LIMIT_PER_EMAIL) return;
  const windowMinutes = Math.round(s.config.SIGNIN_LIMIT_WINDOW_SECONDS / 60);
  await alertOwnerOnce(s, a.email, "signin-guessing", (name) =>
    signinGuessingMail({ name, failures, windowMinutes, url: `${s.config.PUBLIC_URL}/auth` }),
  );
}

/** The attempt never reached the password check (bad input, unconfirmed address …): it is not a failure. */
export async function forgetAttempt(s: Services, a: Admission) {
  await s.db.delete(signinFailure).where(eq(signinFailure.id, a.attemptId));
}

/**
 * The password was right: this client's failures are forgotten and the browser becomes one of the account's
 * own (the returned cookie, when it needs a new one), exempt from the bound on strangers.
 */
export async function recordSuccess(
  s: Services,
  a: Admission,
  userId: string,
  deviceToken: string | undefined,
): Promise<string | null> {
  await s.db
    .delete(signinFailure)
    .where(
      and(
        eq(signinFailure.email, a.email),
        a.device
          ? eq(signinFailure.device, a.device)
          : and(isNull(signinFailure.device), eq(signinFailure.ipAddress, a.ip)),
      ),
    );
  const token = deviceToken && TOKEN_PATTERN.test(deviceToken) ? deviceToken : newToken();
  await s.db
    .insert(signinDevice)
    .values({ id: randomUUID(), userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: [signinDevice.userId, signinDevice.tokenHash], set: { lastUsedAt: new Date() } });
  // A client without a cookie jar (a script) makes a new device at every sign-in: an account keeps its latest few.
  const kept = s.db
    .select({ id: signinDevice.id })
    .from(signinDevice)
    .where(
      and(
        eq(signinDevice.userId, userId),
        gt(signinDevice.lastUsedAt, new Date(Date.now() - DEVICE_COOKIE_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(signinDevice.lastUsedAt))
    .limit(DEVICES_KEPT);
  await s.db.delete(signinDevice).where(and(eq(signinDevice.userId, userId), notInArray(signinDevice.id, kept)));
  return token === deviceToken ? null : token;
}

export function deviceCookie(token: string, secure: boolean) {
  return `${DEVICE_COOKIE}=${token}; Path=/auth/v1; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Someone tried to create an account with an address that has one: its owner is told, once per window. */
export async function alertSignUpWithExistingEmail(s: Deps, email: string) {
  await alertOwnerOnce(s, normalise(email), "signup-existing", (name) =>
    signupExistingMail({ name, url: `${s.config.PUBLIC_URL}/auth` }),
  );
}

async function alertOwnerOnce(s: Deps, email: string, kind: string, mail: (name: string) => RenderedMail) {
  await s.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(eq(user.email, email));
    if (!owner) return;
    // One statement decides across instances: only the attempt that moves `sent_at` on queues the mail.
    const claimed = await tx
      .insert(signinAlert)
      .values({ userId: owner.id, kind })
      .onConflictDoUpdate({
        target: [signinAlert.userId, signinAlert.kind],
        set: { sentAt: sql`excluded.sent_at` },
        setWhere: lt(signinAlert.sentAt, windowStart(s)),
      })
      .returning({ userId: signinAlert.userId });
    if (claimed.length) await queueEmail({ db: tx }, { to: owner.email, ...mail(owner.name) });
  });
}
