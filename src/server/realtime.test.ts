import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import pg from "pg";
import { DB_KINDS, startTestPortal, type TestPortal } from "./test/harness.ts";
import { openRealtimeLink } from "../web/app/realtime-link.ts";
import { REALTIME_PATH, SESSION_ENDED, type ServerMessage } from "./realtime.ts";

/** A WebSocket client that keeps every message, so a test can wait for the next one without racing. */
function connect(p: TestPortal, headers: Record<string, string>, since?: string) {
  const ws = new WebSocket(
    `${p.url!.replace(/^http/, "ws")}${REALTIME_PATH}${since ? `?since=${encodeURIComponent(since)}` : ""}`,
    { headers },
  );
  const inbox: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    inbox.push(JSON.parse(String(data)));
    waiters.splice(0).forEach((w) => w());
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) =>
      reject(Object.assign(new Error(`refused with ${res.statusCode}`), { status: res.statusCode })),
    );
    ws.once("error", reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    ws,
    opened,
    closed,
    async next(timeoutMs = 5000): Promise<ServerMessage> {
      const deadline = Date.now() + timeoutMs;
      while (!inbox.length) {
        if (Date.now() > deadline) throw new Error("no message arrived");
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return inbox.shift()!;
    },
    pending: () => inbox.length,
  };
}

async function signedIn(p: TestPortal, email: string) {
  const cookie = await p.signIn(email);
  const me = await (await p.request("/rest/v1/profile", { cookie })).json();
  return { cookie, id: me.id as string };
}

describe.each(DB_KINDS)("realtime on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind, {}, { listen: true });
  });
  afterAll(() => p?.close());

  it("says hello to a signed-in user, then delivers the events meant for them", async () => {
    const lena = await signedIn(p, "student@portal.test");
    const other = await signedIn(p, "staff@portal.test");
    const c = connect(p, { cookie: lena.cookie, origin: p.url! });
    await c.opened;
    expect(await c.next()).toEqual({
      type: "hello",
      userId: lena.id,
      instance: expect.any(String),
      seq: expect.any(Number),
    });

    await p.services.events.publish({ type: "projects.changed", invalidate: [["projects"]], userIds: [other.id] });
    await p.services.events.publish({
      type: "profile.updated",
      invalidate: [["profile"]],
      userIds: [lena.id, other.id],
      data: { n: 1 },
    });
    await p.services.events.publish({ type: "school.changed", invalidate: [["settings"]] });

    // the event for someone else never arrives; the audience itself is not disclosed
    expect(await c.next()).toEqual({
      type: "event",
      seq: expect.any(Number),
      event: { type: "profile.updated", invalidate: [["profile"]], data: { n: 1 } },
    });
    expect(await c.next()).toEqual({
      type: "event",
      seq: expect.any(Number),
      event: { type: "school.changed", invalidate: [["settings"]] },
    });
    expect(c.pending()).toBe(0);
    c.ws.close();
  });

  it("replays to a reconnecting client exactly the events for it that it missed", async () => {
    const lena = await signedIn(p, "student@portal.test");
    const other = await signedIn(p, "staff@portal.test");
    const first = connect(p, { cookie: lena.cookie, origin: p.url! });
    await first.opened;
    const hello = (await first.next()) as Extract<ServerMessage, { type: "hello" }>;
    await p.services.events.publish({ type: "seen", invalidate: [["seen"]], userIds: [lena.id] });
    const seen = await first.next();
    expect(seen).toMatchObject({ type: "event", seq: hello.seq + 1, event: { type: "seen" } });
    first.ws.close();
    await first.closed;

    await p.services.events.publish({
      type: "for.lena",
      invalidate: [["project", "1"]],
      userIds: [lena.id, other.id],
      data: { n: 1 },
    });
    await p.services.events.publish({ type: "for.other", invalidate: [["secret"]], userIds: [other.id] });
    await p.services.events.publish({ type: "for.all", invalidate: [["overview"]] });

    const again = connect(
      p,
      { cookie: lena.cookie, origin: p.url! },
      `${hello.instance}:${(seen as { seq: number }).seq}`,
    );
    await again.opened;
    const back = await again.next();
    expect(back).toEqual({
      type: "hello",
      userId: lena.id,
      instance: hello.instance,
      seq: hello.seq + 4,
      missed: [
        {
          type: "event",
          seq: hello.seq + 2,
          event: { type: "for.lena", invalidate: [["project", "1"]], data: { n: 1 } },
        },
        { type: "event", seq: hello.seq + 4, event: { type: "for.all", invalidate: [["overview"]] } },
      ],
    });
    // what follows the hello is new, never a second copy of what was replayed
    await p.services.events.publish({ type: "after", userIds: [lena.id] });
    expect(await again.next()).toMatchObject({ seq: hello.seq + 5, event: { type: "after" } });
    expect(again.pending()).toBe(0);
    again.ws.close();
  });

  it("brings the web client's link back with only the queries it missed", async () => {
    const lena = await signedIn(p, "student@portal.test");
    const other = await signedIn(p, "staff@portal.test");
    const sockets: WebSocket[] = [];
    const seen: string[] = [];
    const retries: (() => void)[] = [];
    const stop = openRealtimeLink({
      url: `${p.url!.replace(/^http/, "ws")}${REALTIME_PATH}`,
      open: (url) => {
        const ws = new WebSocket(url, { headers: { cookie: lena.cookie, origin: p.url! } });
        sockets.push(ws);
        return ws as never;
      },
      handlers: {
        invalidate: (k) => seen.push(k.join("/")),
        invalidateAll: () => seen.push("ALL"),
        sessionEnded: () => seen.push("SESSION"),
      },
      setTimer: (fn) => retries.push(fn),
      clearTimer: () => {},
    });
    const until = async (what: string, ok: () => boolean) => {
      for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(ok(), what).toBe(true);
    };
    await until("connected", () => p.realtime.connections > 0 && sockets[0]!.readyState === WebSocket.OPEN);
    await p.services.events.publish({ type: "live", invalidate: [["live"]], userIds: [lena.id] });
    await until("the live event", () => seen.includes("live"));
    sockets[0]!.terminate();
    await until("the retry", () => retries.length === 1);
    await p.services.events.publish({ type: "missed", invalidate: [["missed", "1"]], userIds: [lena.id] });
    await p.services.events.publish({ type: "not.hers", invalidate: [["not-hers"]], userIds: [other.id] });
    retries.shift()!();
    await until("the replay", () => seen.includes("missed/1"));
    expect(seen).toEqual(["live", "missed/1"]);
    stop();
  });

  it("says it cannot replay when the cursor is another instance's, from the future, or malformed", async () => {
    const lena = await signedIn(p, "student@portal.test");
    const c = connect(p, { cookie: lena.cookie, origin: p.url! });
    await c.opened;
    const hello = (await c.next()) as Extract<ServerMessage, { type: "hello" }>;
    c.ws.close();
    for (const since of [
      `00000000-0000-4000-8000-000000000000:${hello.seq}`,
      `${hello.instance}:${hello.seq + 10}`,
      `${hello.instance}:x`,
      "nonsense",
    ]) {
      const again = connect(p, { cookie: lena.cookie, origin: p.url! }, since);
      await again.opened;
      expect(await again.next(), since).toMatchObject({ type: "hello", instance: hello.instance, missed: null });
      again.ws.close();
    }
  });

  it("refuses an upgrade without a session with a 401", async () => {
    const c = connect(p, { origin: p.url! });
    await expect(c.opened).rejects.toMatchObject({ status: 401 });
    const junk = connect(p, { origin: p.url!, cookie: "better-auth.session_token=forged.value" });
    await expect(junk.opened).rejects.toMatchObject({ status: 401 });
  });

  it("refuses a signed-in upgrade from another site with a 403", async () => {
    const { cookie } = await signedIn(p, "student@portal.test");
    const c = connect(p, { cookie, origin: "https://evil.example" });
    await expect(c.opened).rejects.toMatchObject({ status: 403 });
  });

  it("closes the socket of a session that signed out at the next heartbeat", async () => {
    const { cookie } = await signedIn(p, "amara.diallo@portal.test");
    const c = connect(p, { cookie, origin: p.url! });
    await c.opened;
    expect((await c.next()).type).toBe("hello");
    const out = await p.request("/auth/v1/sign-out", { method: "POST", cookie, json: {} });
    expect(out.status).toBe(200);
    await p.realtime.heartbeat();
    expect(await c.closed).toEqual({ code: SESSION_ENDED, reason: "Session ended" });
  });

  it("drops a socket that stops answering pings", async () => {
    const { cookie } = await signedIn(p, "noor.haddad@portal.test");
    const c = connect(p, { cookie, origin: p.url! });
    await c.opened;
    await c.next();
    const before = p.realtime.connections;
    // the socket stays up but its pongs never reach the server
    (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await p.realtime.heartbeat();
    await p.realtime.heartbeat();
    expect(p.realtime.connections).toBe(before - 1);
    c.ws.terminate();
  });

  it("closes every socket when the portal stops", async () => {
    const other = await startTestPortal(kind, { SEED: "false" }, { listen: true });
    const res = await other.request("/auth/v1/sign-up/email", {
      method: "POST",
      json: { email: "solo@portal.test", password: "secret1", name: "Solo Person" },
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const c = connect(other, { cookie, origin: other.url! });
    await c.opened;
    await other.close();
    expect((await c.closed).code).toBe(1001);
  });
});

describe("replay after more events than an instance keeps", () => {
  let p: TestPortal;
  const KEPT = 5;
  beforeAll(async () => {
    p = await startTestPortal("pglite", { REALTIME_REPLAY_EVENTS: String(KEPT) }, { listen: true });
  });
  afterAll(() => p?.close());

  it("replays while every event for the person is still kept, however many others' fell out, and signals the loss once one of theirs did", async () => {
    const lena = await signedIn(p, "student@portal.test");
    const other = await signedIn(p, "staff@portal.test");
    const c = connect(p, { cookie: lena.cookie, origin: p.url! });
    await c.opened;
    const hello = (await c.next()) as Extract<ServerMessage, { type: "hello" }>;
    c.ws.close();
    await c.closed;
    const since = `${hello.instance}:${hello.seq}`;

    // others' events push far more than KEPT through: nothing of Lena's was lost
    for (let i = 0; i < KEPT * 3; i++) await p.services.events.publish({ type: "for.other", userIds: [other.id] });
    await p.services.events.publish({ type: "for.lena", userIds: [lena.id] });
    const kept = connect(p, { cookie: lena.cookie, origin: p.url! }, since);
    await kept.opened;
    expect(await kept.next()).toMatchObject({ type: "hello", missed: [{ event: { type: "for.lena" } }] });
    kept.ws.close();

    // now Lena's event falls out of the ring: the client must be told to refetch everything
    for (let i = 0; i < KEPT; i++) await p.services.events.publish({ type: "for.other", userIds: [other.id] });
    const late = connect(p, { cookie: lena.cookie, origin: p.url! }, since);
    await late.opened;
    expect(await late.next()).toMatchObject({ type: "hello", missed: null });
    late.ws.close();

    // an event for everyone that fell out is lost for everyone who had not seen it
    const fresh = connect(p, { cookie: other.cookie, origin: p.url! });
    await fresh.opened;
    const otherHello = (await fresh.next()) as Extract<ServerMessage, { type: "hello" }>;
    fresh.ws.close();
    await p.services.events.publish({ type: "for.all" });
    for (let i = 0; i < KEPT; i++) await p.services.events.publish({ type: "for.lena", userIds: [lena.id] });
    const gone = connect(p, { cookie: other.cookie, origin: p.url! }, `${otherHello.instance}:${otherHello.seq}`);
    await gone.opened;
    expect(await gone.next()).toMatchObject({ type: "hello", missed: null });
    gone.ws.close();
  });
});

describe.skipIf(!DB_KINDS.includes("postgres"))("realtime across instances on postgres", () => {
  let a: TestPortal;
  let b: TestPortal;
  beforeAll(async () => {
    a = await startTestPortal("postgres", {}, { listen: true });
    // instances behind one load balancer share the database and the secret that signs session cookies
    b = await startTestPortal(
      "postgres",
      { AUTH_SECRET: a.services.config.AUTH_SECRET },
      { listen: true, databaseUrl: a.services.config.DATABASE_URL },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("delivers an event published on instance A to a socket connected to instance B", async () => {
    const lena = await signedIn(a, "student@portal.test");
    const c = connect(b, { cookie: lena.cookie, origin: b.url! });
    await c.opened;
    expect(await c.next()).toMatchObject({ type: "hello", userId: lena.id });
    await a.services.events.publish({ type: "profile.updated", invalidate: [["profile"]], userIds: [lena.id] });
    expect(await c.next()).toEqual({
      type: "event",
      seq: expect.any(Number),
      event: { type: "profile.updated", invalidate: [["profile"]] },
    });
    // published on B itself: delivered once, not again when its own NOTIFY comes back
    await b.services.events.publish({ type: "local.once", invalidate: [["x"]] });
    expect(await c.next()).toMatchObject({ event: { type: "local.once" } });
    await a.services.events.publish({ type: "marker" });
    expect(await c.next()).toMatchObject({ event: { type: "marker" } });
    c.ws.close();
  });

  it("sends an event too large for NOTIFY without its data, to the same users", async () => {
    const lena = await signedIn(a, "student@portal.test");
    const c = connect(b, { cookie: lena.cookie, origin: b.url! });
    await c.opened;
    await c.next();
    const crowd = Array.from({ length: 400 }, (_, i) => `someone-else-${i}`);
    await a.services.events.publish({
      type: "big",
      invalidate: [["projects"]],
      userIds: [...crowd, lena.id],
      data: "x".repeat(20_000),
    });
    await a.services.events.publish({
      type: "big.other",
      invalidate: [["projects"]],
      userIds: crowd,
      data: "x".repeat(20_000),
    });
    await a.services.events.publish({ type: "marker" });
    expect(await c.next()).toEqual({
      type: "event",
      seq: expect.any(Number),
      event: { type: "big", invalidate: [["projects"]] },
    });
    expect(await c.next()).toMatchObject({ event: { type: "marker" } });
    c.ws.close();
  });

  it("listens again after its LISTEN connection is cut", async () => {
    const lena = await signedIn(a, "student@portal.test");
    const c = connect(b, { cookie: lena.cookie, origin: b.url! });
    await c.opened;
    await c.next();
    const admin = new pg.Client({ connectionString: a.services.config.DATABASE_URL });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
    );
    await admin.end();
    // what is published while B reconnects may be lost; once it listens again, events arrive
    let got: ServerMessage | undefined;
    for (let i = 0; i < 40 && !got; i++) {
      await a.services.events.publish({ type: "after.cut" });
      got = await c.next(250).catch(() => undefined);
    }
    expect(got).toMatchObject({ event: { type: "after.cut" } });
    c.ws.close();
  });
});
