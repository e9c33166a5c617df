import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase, DB_KINDS, memoryLogger, startTestPortal, type TestPortal } from "../test/harness.ts";
import { startDbProxy, type DbProxy } from "../test/db-proxy.ts";
import { UNAVAILABLE_MESSAGE } from "./errors.ts";

const SESSION_COOKIE = /better-auth\.session_token=([^.;]+)/;

/** What a failed query must never leave in the log: the raw session token and the addresses the test used. */
function secretsIn(logText: string, secrets: string[]) {
  return secrets.filter((s) => logText.includes(s));
}

describe.each(DB_KINDS)("a failing query's log on %s", (kind) => {
  let p: TestPortal;
  const mem = memoryLogger("info");

  beforeAll(async () => {
    p = await startTestPortal(kind, {}, { log: mem.log });
  }, 180_000);
  afterAll(() => p?.close());

  it("names the statement and the error's code, never the values of the query", async () => {
    const cookie = await p.signIn("student@portal.test");
    const token = SESSION_COOKIE.exec(cookie)![1]!;
    expect(token.length).toBeGreaterThan(20);
    const email = "lena.fischer@portal.test";

    // The tables these requests need are gone: each query fails with its values attached to the error.
    await p.services.db.execute(sql`alter table "session" rename to session_gone`);
    try {
      const projects = await p.request("/rest/v1/projects", { cookie });
      expect(projects.status).toBe(500);
      expect((await projects.json()).error.message).toBe("An unexpected error occurred");
      // A sign-in looks the person up by address, the query's one value. On PostgreSQL only: on PGlite a
      // sign-in whose queries fail against the renamed table leaves the node-postgres adapter's single
      // connection out of step ("unexpected commandComplete"), and every later query of the portal fails.
      if (kind === "postgres") {
        await p.services.db.execute(sql`alter table "user" rename to user_gone`);
        const signIn = await p.request("/auth/v1/sign-in/email", {
          method: "POST",
          json: { email, password: "portal-demo" },
        });
        expect(signIn.status).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await p.services.db.execute(sql`alter table if exists user_gone rename to "user"`);
      await p.services.db.execute(sql`alter table if exists session_gone rename to "session"`);
    }

    const text = mem.text();
    // the failures were logged, with their statements
    expect(text).toMatch(/"level":50/);
    expect(text).toContain('relation \\"session\\" does not exist');
    expect(text).toMatch(/select .*from \\"session\\"/);
    expect(text).toContain('"code":"42P01"');
    expect(secretsIn(text, [token, email, "student@portal.test"])).toEqual([]);
    expect(text).not.toContain("params:");
    expect(text).not.toContain('"params"');
  });
});

// A real outage needs a database in another process that can go away: PostgreSQL behind a TCP relay the test
// stops. PGlite runs inside the portal's own process and cannot be unavailable while the portal runs.
describe.runIf(DB_KINDS.includes("postgres"))("a database outage on postgres", () => {
  let p: TestPortal;
  let proxy: DbProxy;
  let drop: () => Promise<void>;
  const mem = memoryLogger("info");

  beforeAll(async () => {
    const db = await createThrowawayDatabase();
    drop = db.drop;
    proxy = await startDbProxy(db.url);
    p = await startTestPortal("postgres", {}, { databaseUrl: proxy.url, log: mem.log });
  }, 180_000);
  afterEach(async () => {
    await proxy.start().catch(() => {});
  });
  afterAll(async () => {
    await p?.close();
    await proxy?.close();
    await drop?.();
  });

  it("keeps liveness, answers not ready and 503 with Retry-After while down, and recovers", async () => {
    const cookie = await p.signIn("staff@portal.test");
    const token = SESSION_COOKIE.exec(cookie)![1]!;
    expect((await p.request("/readyz")).status).toBe(200);

    await proxy.stop();

    expect((await p.request("/healthz")).status).toBe(200);
    const ready = await p.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, reason: "the database cannot be reached" });

    const projects = await p.request("/rest/v1/projects", { cookie });
    expect(projects.status).toBe(503);
    expect(Number(projects.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await projects.json()).toEqual({ error: { code: "unavailable", message: UNAVAILABLE_MESSAGE } });

    const signIn = await p.request("/auth/v1/sign-in/email", {
      method: "POST",
      json: { email: "student@portal.test", password: "portal-demo" },
    });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("retry-after")).toBeTruthy();
    expect((await signIn.json()).error.message).toBe(UNAVAILABLE_MESSAGE);

    const reset = await p.request("/auth/v1/request-password-reset", {
      method: "POST",
      json: { email: "jun.park@portal.test", redirectTo: "/reset-password" },
    });
    expect(reset.status).toBe(503);

    await proxy.start();
    await expect.poll(async () => (await p.request("/readyz")).status, { timeout: 20_000, interval: 200 }).toBe(200);
    await expect
      .poll(async () => (await p.request("/rest/v1/projects", { cookie })).status, { timeout: 20_000, interval: 200 })
      .toBe(200);

    const text = mem.text();
    expect(text).toContain("database unavailable");
    expect(secretsIn(text, [token, "student@portal.test", "jun.park@portal.test", "staff@portal.test"])).toEqual([]);
  });
});

describe.each(DB_KINDS)("readiness on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind, { SEED: "false" });
  }, 180_000);
  afterAll(() => p?.close());

  it("is not ready while this build's newest migration is not applied", async () => {
    expect(await (await p.request("/readyz")).json()).toEqual({ ready: true });
    const [newest] = (
      await p.services.db.execute<{ id: number; created_at: string }>(
        sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    await p.services.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    const res = await p.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false, reason: "migrations are not all applied" });
    expect((await p.request("/healthz")).status).toBe(200);
  });
});
