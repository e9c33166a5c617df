import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emails, session } from "../db/schema/index.ts";
import { runNotificationJobs } from "../features/notifications/service.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";

describe.each(DB_KINDS)("auth and profiles on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  it("signs up a new user, keeps the profile in step and makes them a student", async () => {
    const res = await p.request("/auth/v1/sign-up/email", {
      method: "POST",
      json: { email: "new.student@portal.test", password: "secret1", name: "Ada Lovelace", callbackURL: "/" },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await p.request("/rest/v1/profile", { cookie });
    expect(await me.json()).toMatchObject({
      email: "new.student@portal.test",
      fullName: "Ada Lovelace",
      role: "student",
    });
  });

  it("refuses a password shorter than 6 characters", async () => {
    const res = await p.request("/auth/v1/sign-up/email", {
      method: "POST",
      json: { email: "short@portal.test", password: "12345", name: "Short" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("PASSWORD_TOO_SHORT");
  });

  it("lets a user sync only themself, and an admin anyone", async () => {
    const student = await p.signIn("student@portal.test");
    const admin = await p.signIn("admin@portal.test");
    const meRes = await p.request("/rest/v1/profile", { cookie: student });
    const me = await meRes.json();
    const own = await p.request("/rest/v1/rpc/sync_auth_user_to_profile", {
      method: "POST",
      cookie: student,
      json: { user_id: me.id },
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: me.id, role: "student" });
    // idempotent
    const again = await p.request("/rest/v1/rpc/sync_auth_user_to_profile", {
      method: "POST",
      cookie: student,
      json: { user_id: me.id },
    });
    expect(await again.json()).toEqual(await (await p.request("/rest/v1/profile", { cookie: student })).json());

    const adminMe = await (await p.request("/rest/v1/profile", { cookie: admin })).json();
    const other = await p.request("/rest/v1/rpc/sync_auth_user_to_profile", {
      method: "POST",
      cookie: student,
      json: { user_id: adminMe.id },
    });
    expect(other.status).toBe(403);
    const byAdmin = await p.request("/rest/v1/rpc/sync_auth_user_to_profile", {
      method: "POST",
      cookie: admin,
      json: { user_id: me.id },
    });
    expect(byAdmin.status).toBe(200);
  });

  it("answers bad input with a clear 400, never a 500", async () => {
    const cookie = await p.signIn("student@portal.test");
    const res = await p.request("/rest/v1/rpc/sync_auth_user_to_profile", {
      method: "POST",
      cookie,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe("The request body is not valid JSON.");
    const missing = await p.request("/rest/v1/rpc/sync_auth_user_to_profile", { method: "POST", cookie, json: {} });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toMatch(/user_id/);
  });

  it("needs a session for the REST API", async () => {
    const res = await p.request("/rest/v1/profile");
    expect(res.status).toBe(401);
  });

  it("refuses a state-changing call from another site", async () => {
    const cookie = await p.signIn("student@portal.test");
    const res = await p.app.request(
      new URL("/rest/v1/rpc/sync_auth_user_to_profile", p.services.config.PUBLIC_URL).toString(),
      {
        method: "POST",
        headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ user_id: "x" }),
      },
    );
    expect(res.status).toBe(403);
  });

  it("holds a client after too many wrong passwords for one account and says so with a 429", async () => {
    const attempt = () =>
      p.request("/auth/v1/sign-in/email", {
        method: "POST",
        json: { email: "jun.park@portal.test", password: "wrong-one" },
      });
    for (let i = 0; i < p.services.config.SIGNIN_LIMIT_PER_EMAIL; i++) expect((await attempt()).status).toBe(401);
    const locked = await attempt();
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/too many failed login attempts/i);
    // from the same client (no device cookie, the same address), even the right password waits
    const right = await p.request("/auth/v1/sign-in/email", {
      method: "POST",
      json: { email: "jun.park@portal.test", password: "portal-demo" },
    });
    expect(right.status).toBe(429);
  });
  it("answers get-session with the user, null without a cookie, from memory when repeated, and null at once after sign-out", async () => {
    const cookie = await p.signIn("sofia.marchetti@portal.test");
    const first = await (await p.request("/auth/v1/get-session", { cookie })).json();
    expect(first.user.email).toBe("sofia.marchetti@portal.test");
    expect(await (await p.request("/auth/v1/get-session")).json()).toBeNull();
    // Repeated: the same answer, even when the database is changed behind the portal's back …
    await p.services.db.update(session).set({ ipAddress: "changed-by-hand" }).where(eq(session.id, first.session.id));
    expect((await (await p.request("/auth/v1/get-session", { cookie })).json()).session.ipAddress).toBe(
      first.session.ipAddress,
    );
    // … but never after the session ends through the portal.
    expect((await p.request("/auth/v1/sign-out", { method: "POST", cookie })).status).toBe(200);
    expect(await (await p.request("/auth/v1/get-session", { cookie })).json()).toBeNull();
  });

  it("extends a day-old session on get-session with a new cookie", async () => {
    const cookie = await p.signIn("elliot.brooks@portal.test");
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const dayAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await p.services.db
      .update(session)
      .set({ updatedAt: dayAgo, expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(session.token, token));
    const refreshed = await p.request("/auth/v1/get-session", { cookie });
    expect(refreshed.headers.getSetCookie().join(";")).toContain("session_token=");
    const body = await refreshed.json();
    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
  });

  it("counts failed sign-ins that arrive all at once, so a burst cannot outrun the limit", async () => {
    const limit = p.services.config.SIGNIN_LIMIT_PER_EMAIL;
    const statuses = await Promise.all(
      Array.from({ length: limit + 4 }, () =>
        p
          .request("/auth/v1/sign-in/email", {
            method: "POST",
            json: { email: "noor.haddad@portal.test", password: "wrong-one" },
          })
          .then((r) => r.status),
      ),
    );
    // Each attempt is counted before its password is checked, so none is checked beyond the limit.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
  });
});

describe("per-address sign-in limit", () => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal("pglite", { SIGNIN_LIMIT_PER_IP: "3" });
  });
  afterAll(() => p?.close());

  it("answers 429 once one address has used up its sign-in attempts for the minute", async () => {
    const statuses: number[] = [];
    for (const email of ["student@portal.test", "staff@portal.test", "admin@portal.test", "jun.park@portal.test"]) {
      const res = await p.request("/auth/v1/sign-in/email", {
        method: "POST",
        json: { email, password: "portal-demo" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("with e-mail confirmation required", () => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal("pglite", { REQUIRE_EMAIL_CONFIRMATION: "true" });
  });
  afterAll(() => p?.close());

  it("gives a new account no session until the address is confirmed through the same mail path", async () => {
    const res = await p.request("/auth/v1/sign-up/email", {
      method: "POST",
      json: { email: "careful@portal.test", password: "secret1", name: "Careful Person", callbackURL: "/" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).token).toBeNull();
    const signIn = await p.request("/auth/v1/sign-in/email", {
      method: "POST",
      json: { email: "careful@portal.test", password: "secret1" },
    });
    expect(signIn.status).toBe(403);

    await runNotificationJobs(p.services);
    const [mail] = await p.services.db.select().from(emails).where(eq(emails.to, "careful@portal.test"));
    expect(mail!.subject).toBe("Confirm your e-mail address for The Portal");
    const link = /(http\S+verify-email\S+)/.exec(mail!.text)![1]!;
    const verified = await p.request(new URL(link).pathname + new URL(link).search);
    expect([200, 302]).toContain(verified.status);
    expect(
      (
        await p.request("/auth/v1/sign-in/email", {
          method: "POST",
          json: { email: "careful@portal.test", password: "secret1" },
        })
      ).status,
    ).toBe(200);
  });

  it("answers a sign-up with a registered address as one with a new address, and tells the owner", async () => {
    const signUp = (email: string) =>
      p.request("/auth/v1/sign-up/email", {
        method: "POST",
        json: { email, password: "secret1", name: "Someone Else", callbackURL: "/" },
      });
    const shape = async (res: Response) => {
      const body = await res.json();
      return {
        status: res.status,
        cookies: res.headers.getSetCookie().length,
        keys: Object.keys(body).sort(),
        token: body.token,
        user: Object.keys(body.user).sort(),
        verified: body.user.emailVerified,
      };
    };
    const registered = await shape(await signUp("sofia.marchetti@portal.test"));
    const fresh = await shape(await signUp("someone.new@portal.test"));
    expect(registered).toEqual(fresh);
    expect(registered.status).toBe(200);

    await runNotificationJobs(p.services);
    const told = await p.services.db.select().from(emails).where(eq(emails.to, "sofia.marchetti@portal.test"));
    expect(told.map((m) => m.subject)).toContain("Someone tried to create an account with your e-mail address");
  });
});
