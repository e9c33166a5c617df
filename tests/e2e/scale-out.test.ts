import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createThrowawayDatabase } from "../../src/server/test/harness.ts";
import { startSmtpPeer, type SmtpPeer } from "../../src/server/test/smtp-peer.ts";
import { instanceEnv, startHaproxy, type Balancer } from "./support/haproxy.ts";
import { freePort, startPortalProcess, type RunningPortal } from "./support/portal.ts";

// README's "Several instances behind a load balancer", proved: two portals on one PostgreSQL behind Debian's HAProxy,
// round-robin and no sticky sessions. The embedded database belongs to one process, so this needs PostgreSQL.

/** A ceiling for a condition to come true, never a pause: the loop returns as soon as it holds. */
const WAIT_MS = 30_000;

async function until<T>(
  what: string | (() => string),
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const got = await check();
      if (got !== undefined && got !== false) return got;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${typeof what === "string" ? what : what()}${last ? ` (last error: ${String(last)})` : ""}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Answer {
  status: number;
  servedBy: string;
  body: unknown;
}

/** A WebSocket client that keeps every message, so a test can wait for one without racing. */
function openSocket(url: string, headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers });
  const inbox: { type: string; event?: { type: string } }[] = [];
  let servedBy = "";
  ws.on("upgrade", (res) => (servedBy = String(res.headers["x-served-by"] ?? "")));
  ws.on("message", (data) => inbox.push(JSON.parse(String(data))));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`the upgrade was refused with ${res.statusCode}`)));
    ws.once("error", reject);
  });
  return { ws, inbox, opened, servedBy: () => servedBy };
}

describe.runIf(!!process.env.TEST_DATABASE_URL)("two instances behind HAProxy", () => {
  const names = ["a", "b"] as const;
  const portals: Partial<Record<(typeof names)[number], RunningPortal>> = {};
  let balancer: Balancer | undefined;
  let smtp: SmtpPeer | undefined;
  let db: { url: string; drop(): Promise<void> } | undefined;
  let dir = "";
  let cookie = "";
  let publicUrl = "";

  const served = (name: string) => {
    const p = portals[name as (typeof names)[number]];
    if (!p) throw new Error(`X-Served-By named no instance of this test: "${name}"`);
    return p;
  };

  /** A request through the balancer, signed in and same-origin like the web app's. */
  async function call(
    pathname: string,
    init: { method?: string; json?: unknown; base?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { cookie };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (init.method && init.method !== "GET") headers.origin = publicUrl;
    const res = await fetch(`${init.base ?? publicUrl}${pathname}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion's message
    }
    return { status: res.status, servedBy: res.headers.get("x-served-by") ?? "", body };
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "portal-scale-out-"));
    db = await createThrowawayDatabase();
    smtp = await startSmtpPeer();
    const balancerPort = await freePort();
    publicUrl = `http://127.0.0.1:${balancerPort}`;
    // Each instance runs its jobs worker, sending through the one SMTP peer.
    const shared = {
      ...instanceEnv(db.url, publicUrl, path.join(dir, "data")),
      SMTP_URL: smtp.url,
      JOB_WORKER: "true",
      JOB_POLL_MS: "200",
    };
    // One after the other: the first migrates and seeds the demo school; the second finds both done.
    portals.a = await startPortalProcess({ dataDir: shared.DATA_DIR, env: { ...shared, SEED: "true" } });
    portals.b = await startPortalProcess({ dataDir: shared.DATA_DIR, env: { ...shared, SEED: "false" } });
    balancer = await startHaproxy(
      balancerPort,
      names.map((name) => ({ name, port: served(name).port })),
      dir,
    );
    // Ready when the balancer has seen both instances healthy and sends requests to each.
    const seen = new Set<string>();
    await until(
      () => `both instances answering through HAProxy\n--- haproxy ---\n${balancer!.output()}`,
      async () => {
        const res = await fetch(`${publicUrl}/healthz`);
        if (res.ok) seen.add(res.headers.get("x-served-by") ?? "");
        return seen.has("a") && seen.has("b");
      },
    );

    const signIn = await fetch(`${publicUrl}/auth/v1/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: publicUrl },
      body: JSON.stringify({ email: "admin@portal.test", password: "portal-demo" }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });

  afterAll(async () => {
    await balancer?.stop();
    for (const name of names) await portals[name]?.stop();
    await smtp?.close();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("answers one session's requests from both instances, round-robin, without sticky sessions", async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i++) answers.push(await call("/rest/v1/profile"));
    for (const a of answers)
      expect(a, JSON.stringify(a)).toMatchObject({ status: 200, body: { email: "admin@portal.test" } });
    const by = answers.map((a) => a.servedBy);
    expect(new Set(by)).toEqual(new Set(["a", "b"]));
    // round-robin: while both are healthy, neither answers twice in a row
    expect(by.filter((name, i) => i > 0 && name === by[i - 1])).toEqual([]);
  });

  it("delivers a change made on one instance by WebSocket to a client connected through the balancer to the other", async () => {
    const socket = openSocket(`${publicUrl.replace(/^http/, "ws")}/realtime/v1`, { cookie, origin: publicUrl });
    try {
      await socket.opened;
      const here = socket.servedBy();
      expect(names).toContain(here);
      await until("the hello", () => socket.inbox.some((m) => m.type === "hello"));
      const other = served(here === "a" ? "b" : "a");

      // Straight to the other instance's own port, so the write cannot have been made where the socket is.
      const phone = `+44 20 7946 ${String(1000 + Math.floor(Math.random() * 8999))}`;
      const write = await call("/rest/v1/profile", { method: "PATCH", json: { phone }, base: other.url });
      expect(write.status, JSON.stringify(write.body)).toBe(200);

      await until("profile.updated on the socket", () =>
        socket.inbox.some((m) => m.type === "event" && m.event?.type === "profile.updated"),
      );
      // and the other instance reads the change the web app would refetch
      const read = await call("/rest/v1/profile");
      expect(read).toMatchObject({ status: 200, body: { phone } });
    } finally {
      socket.ws.terminate();
    }
  });

  it("sends each e-mail queued through the balancer exactly once with both instances' job workers running", async () => {
    const stamp = randomBytes(3).toString("hex");
    // More than one worker's batch (20 jobs), so the second worker always finds jobs the first did not claim.
    const recipients = Array.from({ length: 30 }, (_, i) => `scale-${stamp}-${i}@school.test`);
    // Held, a worker's send waits for the peer's answer; two waiting at once can only be both workers, since each
    // sends its jobs one after another.
    smtp!.hold();
    const queuedBy: string[] = [];
    try {
      for (const email of recipients) {
        const res = await call("/rest/v1/invitations", { method: "POST", json: { email, role: "student" } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        queuedBy.push(res.servedBy);
      }
      expect(new Set(queuedBy)).toEqual(new Set(["a", "b"]));
      await until("both workers sending at once", () => smtp!.waiting >= 2);
    } finally {
      smtp!.release();
    }

    await until("every invitation delivered", () => recipients.every((r) => smtp!.to(r).length > 0));
    // Nothing left that could still go out a second time: every e-mail job has finished.
    const client = new pg.Client({ connectionString: db!.url });
    await client.connect();
    try {
      await until("the e-mail jobs finished", async () => {
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from jobs where type = 'email.send' and status in ('pending', 'running')",
        );
        return rows[0]!.n === 0;
      });
      const { rows: dead } = await client.query(
        "select last_error from jobs where type = 'email.send' and status = 'dead'",
      );
      expect(dead).toEqual([]);
    } finally {
      await client.end();
    }

    const counts = Object.fromEntries(recipients.map((r) => [r, smtp!.to(r).length]));
    expect(counts).toEqual(Object.fromEntries(recipients.map((r) => [r, 1])));
    const ids = recipients.map((r) => smtp!.to(r)[0]!.headers["message-id"]);
    expect(new Set(ids).size).toBe(recipients.length);
  });
});
