import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_REFUSED } from "../../common/limits.ts";
import { emails, signinDevice, signinFailure, user } from "../db/schema/index.ts";
import { runNotificationJobs } from "../features/notifications/service.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";
import { DEVICE_COOKIE } from "./signin-limit.ts";

const RIGHT = "portal-demo";
const GUESSING_SUBJECT = "Someone is trying to sign in to your account on The Portal";
const SIGNUP_SUBJECT = "Someone tried to create an account with your e-mail address";

describe.each(DB_KINDS)("sign-in throttling and sign-up refusals on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    // The client's address comes from X-Forwarded-For only behind a trusted proxy (routes.ts's clientIp).
    p = await startTestPortal(kind, { TRUST_PROXY: "true" });
  });
  afterAll(() => p?.close());

  /** A sign-in from `ip`, with the browser's device cookie when it has one. */
  const signIn = (email: string, password: string, ip: string, device?: string) =>
    p.request("/auth/v1/sign-in/email", {
      method: "POST",
      json: { email, password },
      headers: { "x-forwarded-for": ip },
      ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    });

  const deviceOf = (res: Response) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    return set ? { value: set.split(";")[0]!.slice(DEVICE_COOKIE.length + 1), attributes: set } : null;
  };

  async function mailsTo(email: string, subject: string) {
    await runNotificationJobs(p.services, 100);
    return p.services.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, email), eq(emails.subject, subject)));
  }

  it("bounds 50 guesses from several addresses, tells the owner once, and still lets the owner's browser in", async () => {
    const owner = "amara.diallo@portal.test";
    const { SIGNIN_LIMIT_PER_ACCOUNT: bound } = p.services.config;
    const home = await signIn(owner, RIGHT, "198.51.100.7");
    expect(home.status).toBe(200);
    const device = deviceOf(home);
    expect(device?.attributes).toMatch(/Path=\/auth\/v1/);
    expect(device?.attributes).toMatch(/HttpOnly/);

    // All at once, from five addresses: none may outrun the bound.
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signIn(owner, `guess-${i}`, `203.0.113.${(i % 5) + 1}`).then((r) => r.status),
      ),
    );
    const evaluated = statuses.filter((s) => s === 401).length;
    expect(evaluated).toBeLessThanOrEqual(bound);
    expect(evaluated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // The right password from a stranger's address is not even looked at now.
    const stranger = await signIn(owner, RIGHT, "203.0.113.99");
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).message).toMatch(/too many failed login attempts/i);

    // The owner's browser gets in from home, and from the attackers' own address (one school network).
    expect((await signIn(owner, RIGHT, "198.51.100.7", device!.value)).status).toBe(200);
    expect((await signIn(owner, RIGHT, "203.0.113.1", device!.value)).status).toBe(200);
    // A device cookie is trusted for the account it signed in to, not for another one under attack.
    const other = deviceOf(await signIn("tomas.novak@portal.test", RIGHT, "203.0.113.1"))!;
    expect((await signIn(owner, RIGHT, "203.0.113.1", other.value)).status).toBe(429);

    const [n] = await p.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signinFailure)
      .where(eq(signinFailure.email, owner));
    expect(n!.n).toBeLessThanOrEqual(bound);
    const warned = await mailsTo(owner, GUESSING_SUBJECT);
    expect(warned).toHaveLength(1);
    expect(warned[0]!.text).toMatch(/wrong password/);
  });

  it("makes one address wait longer after each further wrong password, and only that address", async () => {
    const email = "jun.park@portal.test";
    const { SIGNIN_LIMIT_PER_EMAIL: perClient } = p.services.config;
    const attacker = "192.0.2.10";
    for (let i = 0; i < perClient; i++) expect((await signIn(email, `wrong-${i}`, attacker)).status).toBe(401);
    const held = await signIn(email, RIGHT, attacker);
    expect(held.status).toBe(429);
    expect((await held.json()).message).toMatch(/too many failed login attempts/i);
    // Another address (below the account's bound) is not held up by it, right or wrong.
    expect((await signIn(email, "wrong-elsewhere", "192.0.2.20")).status).toBe(401);
    expect((await signIn(email, RIGHT, "192.0.2.30")).status).toBe(200);

    /** Moves this address's failures into the past, as the clock would. */
    const age = (seconds: number) =>
      p.services.db
        .update(signinFailure)
        .set({ createdAt: sql`${signinFailure.createdAt} - make_interval(secs => ${seconds})` })
        .where(and(eq(signinFailure.email, email), eq(signinFailure.ipAddress, attacker)));
    await age(61); // past the first wait (1 minute)
    expect((await signIn(email, "wrong-again", attacker)).status).toBe(401);
    expect((await signIn(email, "wrong-again", attacker)).status).toBe(429);
    await age(61); // the second wait is 2 minutes
    expect((await signIn(email, "wrong-again", attacker)).status).toBe(429);
    await age(60);
    expect((await signIn(email, "wrong-again", attacker)).status).toBe(401);
  });

  it("keeps an account's latest 20 browsers, however often a script without cookies signs in", async () => {
    for (let i = 0; i < 22; i++) expect((await signIn("staff@portal.test", RIGHT, "198.51.100.20")).status).toBe(200);
    const [n] = await p.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signinDevice)
      .innerJoin(user, eq(user.id, signinDevice.userId))
      .where(eq(user.email, "staff@portal.test"));
    expect(n!.n).toBe(20);
  });

  it("refuses a sign-up with a registered address like any other, and tells its owner once per window", async () => {
    const email = "sofia.marchetti@portal.test";
    for (let i = 0; i < 2; i++) {
      const res = await p.request("/auth/v1/sign-up/email", {
        method: "POST",
        json: { email, password: `some-password-${i}`, name: "Not Sofia", callbackURL: "/" },
        headers: { "x-forwarded-for": "203.0.113.50" },
      });
      expect(res.status).toBe(422);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual(SIGN_UP_REFUSED);
      expect(body).not.toMatch(/exist|already|registered/i);
    }
    const told = await mailsTo(email, SIGNUP_SUBJECT);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/No account was created/);
  });
});
