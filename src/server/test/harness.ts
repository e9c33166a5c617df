import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { startPortal, type Portal } from "../portal.ts";

export type DbKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A throwaway database on the PostgreSQL server, so runs never see each other's rows. */
export async function createThrowawayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestPortal extends Portal {
  kind: DbKind;
  /** Sends a request to the app in-process, with a same-origin Origin header on state-changing calls. */
  request(pathname: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestPortalOptions {
  listen?: boolean;
  webDir?: string;
  /** A logger of the test's own, e.g. one writing into memory to read what was logged. */
  log?: Logger;
  /** PostgreSQL only: join this database (another test portal's) instead of a throwaway one; it is not dropped on close. */
  databaseUrl?: string;
}

export async function startTestPortal(kind: DbKind, env: Record<string, string> = {}, opts: TestPortalOptions = {}): Promise<TestPortal> {
  const { databaseUrl, ...startOpts } = opts;
  if (databaseUrl && kind !== "postgres") throw new Error("databaseUrl is for PostgreSQL: a PGlite database belongs to one process");
  const throwaway = kind === "postgres" && !databaseUrl ? await createThrowawayDatabase() : null;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "portal-test-")),
    PORT: "0",
    SEED: "true",
    JOB_WORKER: "false",
    LOG_LEVEL: "silent",
    SIGNIN_LIMIT_PER_IP: "1000",
    ...(throwaway || databaseUrl ? { DATABASE_URL: databaseUrl ?? throwaway!.url } : {}),
    ...env,
  });
  const portal = await startPortal(config, { inMemory: true, log: createLogger(config.LOG_LEVEL), ...startOpts });
  const origin = config.PUBLIC_URL;
  const request: TestPortal["request"] = (pathname, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.method && init.method !== "GET") headers.set("origin", origin);
    return Promise.resolve(
      portal.app.request(new URL(pathname, origin).toString(), {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }),
    );
  };
  return {
    ...portal,
    kind,
    request,
    async signIn(email, password = "portal-demo") {
      const res = await request("/auth/v1/sign-in/email", { method: "POST", json: { email, password } });
      if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
      return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    },
    async close() {
      await portal.stop();
      await throwaway?.drop();
    },
  };
}

/** A logger that keeps every line in memory, for tests that read what the portal logged. */
export function memoryLogger(level = "info"): { log: Logger; lines: string[]; text(): string } {
  const lines: string[] = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { log, lines, text: () => lines.join("") };
}
