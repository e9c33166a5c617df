import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import WebSocket from "ws";
import type { SessionDto } from "../../../common/sessions.ts";
import { auditLog, session, user } from "../../db/schema/index.ts";
import { REALTIME_PATH, SESSION_ENDED } from "../../realtime.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function signInAs(p: TestPortal, email: string, userAgent: string) {
  const res = await p.request("/auth/v1/sign-in/email", {
    method: "POST",
    json: { email, password: "portal-demo" },
    headers: { "user-agent": userAgent },
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Opens a realtime socket and resolves once the server said hello; `closed` settles when the server closes it. */
async function openSocket(p: TestPortal, cookie: string) {
  const ws = new WebSocket(`${p.url!.replace(/^http/, "ws")}${REALTIME_PATH}`, { headers: { cookie, origin: p.url! } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("message", () => resolve());
    ws.once("error", reject);
  });
  return { ws, closed };
}

/** Heartbeats are 30 s apart: a socket still open after a few seconds was not closed by the ending itself. */
const within = <T>(promise: Promise<T>, ms = 8000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);

describe.each(DB_KINDS)("signed-in devices on %s", (kind) => {
  let p: TestPortal;
  const list = async (cookie: string) => {
    const res = await p.request("/rest/v1/sessions", { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as SessionDto[];
  };
  const idOf = async (email: string) =>
    (await p.services.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

  beforeAll(async () => {
    p = await startTestPortal(kind, {}, { listen: true });
  });
  afterAll(() => p?.close());

  it("lists the person's own sessions with device, address and last use, this one marked", async () => {
    const desk = await signInAs(p, "amara.diallo@portal.test", FIREFOX);
    const phone = await signInAs(p, "amara.diallo@portal.test", IPHONE);
    await signInAs(p, "student@portal.test", FIREFOX);
    const seen = await list(phone);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({
      current: true,
      kind: "mobile",
      device: expect.stringMatching(/^Safari 17 on iOS/),
    });
    expect(seen[1]).toMatchObject({
      current: false,
      kind: "desktop",
      device: expect.stringMatching(/^Firefox 132 on Windows/),
    });
    for (const s of seen) {
      expect(s.ipAddress).toBeTruthy();
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.signedInAt));
    }
    expect((await list(desk)).find((s) => s.current)?.kind).toBe("desktop");
  });

  it("signs out one device: its next request is refused at once, the others stay", async () => {
    const desk = await signInAs(p, "noor.haddad@portal.test", FIREFOX);
    const phone = await signInAs(p, "noor.haddad@portal.test", IPHONE);
    // The phone's session is checked and cached before it is ended elsewhere.
    expect((await p.request("/rest/v1/profile", { cookie: phone })).status).toBe(200);
    const target = (await list(desk)).find((s) => !s.current)!;
    const res = await p.request(`/rest/v1/sessions/${target.id}`, { method: "DELETE", cookie: desk });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 1 });
    expect((await p.request("/rest/v1/profile", { cookie: phone })).status).toBe(401);
    expect((await p.request("/rest/v1/profile", { cookie: desk })).status).toBe(200);
    expect(await list(desk)).toHaveLength(1);
  });

  it("refuses to end someone else's session, as if it did not exist", async () => {
    const theirs = await signInAs(p, "jun.park@portal.test", FIREFOX);
    const mine = await signInAs(p, "student@portal.test", IPHONE);
    const [their] = await list(theirs);
    const res = await p.request(`/rest/v1/sessions/${their!.id}`, { method: "DELETE", cookie: mine });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe("That device is no longer signed in.");
    expect((await p.request("/rest/v1/profile", { cookie: theirs })).status).toBe(200);
  });

  it("signs out every other device of the person and keeps this one", async () => {
    const email = "staff@portal.test";
    const others = [await signInAs(p, email, FIREFOX), await signInAs(p, email, IPHONE)];
    const here = await signInAs(p, email, FIREFOX);
    for (const c of others) expect((await p.request("/rest/v1/profile", { cookie: c })).status).toBe(200);
    const res = await p.request("/rest/v1/sessions/sign-out-others", { method: "POST", cookie: here });
    expect(res.status).toBe(200);
    expect((await res.json()).ended).toBeGreaterThanOrEqual(2);
    for (const c of others) expect((await p.request("/rest/v1/profile", { cookie: c })).status).toBe(401);
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
  });

  it("lets an admin sign a person out everywhere, audited; nobody else may", async () => {
    const admin = await signInAs(p, "admin@portal.test", FIREFOX);
    const student = await signInAs(p, "student@portal.test", FIREFOX);
    const victim = "jun.park@portal.test";
    const theirs = [await signInAs(p, victim, FIREFOX), await signInAs(p, victim, IPHONE)];
    const id = await idOf(victim);

    const refused = await p.request(`/rest/v1/sessions/of/${id}/sign-out-everywhere`, {
      method: "POST",
      cookie: student,
    });
    expect(refused.status).toBe(403);
    for (const c of theirs) expect((await p.request("/rest/v1/profile", { cookie: c })).status).toBe(200);

    const res = await p.request(`/rest/v1/sessions/of/${id}/sign-out-everywhere`, { method: "POST", cookie: admin });
    expect(res.status).toBe(200);
    expect((await res.json()).ended).toBeGreaterThanOrEqual(2);
    for (const c of theirs) expect((await p.request("/rest/v1/profile", { cookie: c })).status).toBe(401);
    expect(await p.services.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    const [entry] = await p.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.signed_out_everywhere"));
    expect(entry).toMatchObject({
      actorName: expect.any(String),
      targetId: id,
      details: { sessionsEnded: expect.any(Number) },
    });

    const nobody = await p.request("/rest/v1/sessions/of/no-such-person/sign-out-everywhere", {
      method: "POST",
      cookie: admin,
    });
    expect(nobody.status).toBe(404);
  });

  it("closes the WebSocket of a device signed out from Settings at once", async () => {
    const desk = await signInAs(p, "amara.diallo@portal.test", FIREFOX);
    const phone = await signInAs(p, "amara.diallo@portal.test", IPHONE);
    const deskSocket = await openSocket(p, desk);
    const phoneSocket = await openSocket(p, phone);
    const target = (await list(desk)).find((s) => !s.current && s.kind === "mobile")!;
    expect((await p.request(`/rest/v1/sessions/${target.id}`, { method: "DELETE", cookie: desk })).status).toBe(200);
    expect(await within(phoneSocket.closed)).toEqual({ code: SESSION_ENDED, reason: "Session ended" });
    expect(deskSocket.ws.readyState).toBe(WebSocket.OPEN);
    deskSocket.ws.close();
  });

  it("closes every socket of a person an admin signs out everywhere, and of a browser that signs out, at once", async () => {
    const admin = await signInAs(p, "admin@portal.test", FIREFOX);
    const victim = await signInAs(p, "noor.haddad@portal.test", IPHONE);
    const leaving = await signInAs(p, "student@portal.test", FIREFOX);
    const victimSocket = await openSocket(p, victim);
    const leavingSocket = await openSocket(p, leaving);
    const adminSocket = await openSocket(p, admin);
    const id = await idOf("noor.haddad@portal.test");
    expect(
      (await p.request(`/rest/v1/sessions/of/${id}/sign-out-everywhere`, { method: "POST", cookie: admin })).status,
    ).toBe(200);
    expect((await within(victimSocket.closed)).code).toBe(SESSION_ENDED);
    expect((await p.request("/auth/v1/sign-out", { method: "POST", cookie: leaving, json: {} })).status).toBe(200);
    expect((await within(leavingSocket.closed)).code).toBe(SESSION_ENDED);
    expect(adminSocket.ws.readyState).toBe(WebSocket.OPEN);
    adminSocket.ws.close();
  });

  it("answers a malformed or missing session with a 4xx", async () => {
    const cookie = await signInAs(p, "student@portal.test", FIREFOX);
    expect((await p.request(`/rest/v1/sessions/${"x".repeat(300)}`, { method: "DELETE", cookie })).status).toBe(400);
    expect((await p.request("/rest/v1/sessions/unknown-id", { method: "DELETE", cookie })).status).toBe(404);
    expect((await p.request("/rest/v1/sessions")).status).toBe(401);
  });
});

describe.runIf(DB_KINDS.includes("postgres"))("signed-in devices across two instances on one PostgreSQL", () => {
  let a: TestPortal;
  let b: TestPortal;
  beforeAll(async () => {
    a = await startTestPortal("postgres", {}, { listen: true });
    b = await startTestPortal(
      "postgres",
      { AUTH_SECRET: a.services.config.AUTH_SECRET, SEED: "false" },
      { listen: true, databaseUrl: a.services.config.DATABASE_URL },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("closes on instance B the socket of a session ended on instance A, and B forgets the session", async () => {
    const desk = await signInAs(a, "amara.diallo@portal.test", FIREFOX);
    const phone = await signInAs(a, "amara.diallo@portal.test", IPHONE);
    expect((await b.request("/rest/v1/profile", { cookie: phone })).status).toBe(200);
    const socket = await openSocket(b, phone);
    const sessions = (await (await a.request("/rest/v1/sessions", { cookie: desk })).json()) as SessionDto[];
    const target = sessions.find((s) => !s.current)!;
    expect((await a.request(`/rest/v1/sessions/${target.id}`, { method: "DELETE", cookie: desk })).status).toBe(200);
    expect((await within(socket.closed)).code).toBe(SESSION_ENDED);
    expect((await b.request("/rest/v1/profile", { cookie: phone })).status).toBe(401);
  });
});
