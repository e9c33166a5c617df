import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { profiles } from "../db/schema/index.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { startPortal, type Portal } from "../portal.ts";
import { seedCopyFor } from "./templates.ts";

export type DbKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A throwaway database on the PostgreSQL server, so runs never see each other's rows. */
export async function createThrowawayDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
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

/**
 * The demo accounts the tests sign in as, by the name a test calls them. "member" leads the projects the
 * tests make and "outsider" is on none of their crews; where no project is involved they are simply two
 * students. A test adds names of its own through `signInAll`.
 */
export const DEMO_PEOPLE = {
  outsider: "tomas.novak@portal.test",
  member: "student@portal.test",
  staff: "staff@portal.test",
  equipment: "equipment@portal.test",
  admin: "admin@portal.test",
} as const;

/** An answer, read once: the bytes, their text, and the JSON (or, for a text type, the text) as `body`. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The response itself, its body already read into `bytes`. */
  res: Response;
  bytes: Uint8Array;
  text: string;
  // Tests read answers of every shape.
  body: any;
}

export interface CallInit {
  headers?: Record<string, string>;
  /** A raw body (a file's bytes) instead of JSON. */
  body?: BodyInit | Uint8Array;
}

/**
 * Calls the API as one person. A path is under /rest/v1 unless it names another mount (/storage,
 * /auth, /functions, /rest). `fetch` answers the Response unread, for a test that streams or reads it itself.
 */
export interface TestClient {
  get(path: string, init?: CallInit): Promise<Answer>;
  post(path: string, json?: unknown, init?: CallInit): Promise<Answer>;
  put(path: string, json?: unknown, init?: CallInit): Promise<Answer>;
  patch(path: string, json?: unknown, init?: CallInit): Promise<Answer>;
  delete(path: string, json?: unknown, init?: CallInit): Promise<Answer>;
  send(method: string, path: string, init?: CallInit & { json?: unknown }): Promise<Answer>;
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

export interface TestPortal extends Portal {
  kind: DbKind;
  /** Sends a request to the app in-process, with a same-origin Origin header on state-changing calls. */
  request(pathname: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  signIn(email: string, password?: string): Promise<string>;
  /**
   * Signs each person in (the demo people by default), remembering the session by name for `as`;
   * answers their cookies and profile ids by name.
   */
  signInAll(people?: Record<string, string>): Promise<{ cookies: Record<string, string>; ids: Record<string, string> }>;
  /** A client calling as the person of that name (signed in on first use), or with that cookie; no one when absent. */
  as(who?: string): TestClient;
  /** A client with no session. */
  anonymous: TestClient;
  close(): Promise<void>;
}

const MOUNTS = /^\/(rest|storage|auth|functions|realtime)\//;
const TEXT_TYPES = /^text\/|json|xml|csv|calendar/;

export interface TestPortalOptions {
  listen?: boolean;
  webDir?: string;
  /** A logger of the test's own, e.g. one writing into memory to read what was logged. */
  log?: Logger;
  /** PostgreSQL only: join this database (another test portal's) instead of a throwaway one; it is not dropped on close. */
  databaseUrl?: string;
}

export async function startTestPortal(
  kind: DbKind,
  env: Record<string, string> = {},
  opts: TestPortalOptions = {},
): Promise<TestPortal> {
  const { databaseUrl, ...startOpts } = opts;
  if (databaseUrl && kind !== "postgres")
    throw new Error("databaseUrl is for PostgreSQL: a PGlite database belongs to one process");
  const copy = databaseUrl ? null : seedCopyFor(kind, env);
  const throwaway = kind === "postgres" && !databaseUrl ? await createThrowawayDatabase(copy?.database) : null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-test-"));
  copy?.fillDataDir(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: "0",
    SEED: "true",
    JOB_WORKER: "false",
    LOG_LEVEL: "silent",
    SIGNIN_LIMIT_PER_IP: "1000",
    ...(throwaway || databaseUrl ? { DATABASE_URL: databaseUrl ?? throwaway!.url } : {}),
    ...env,
  });
  const portal = await startPortal(config, {
    inMemory: true,
    pgliteFrom: copy?.pgliteFrom,
    log: createLogger(config.LOG_LEVEL),
    ...startOpts,
  });
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
  const signIn: TestPortal["signIn"] = async (email, password = "portal-demo") => {
    const res = await request("/auth/v1/sign-in/email", { method: "POST", json: { email, password } });
    if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };
  const people: Record<string, string> = { ...DEMO_PEOPLE };
  const sessions = new Map<string, Promise<string>>();
  const sessionOf = (name: string) => {
    if (!sessions.has(name)) sessions.set(name, signIn(people[name]!));
    return sessions.get(name)!;
  };
  const signInAll: TestPortal["signInAll"] = async (wanted = DEMO_PEOPLE) => {
    Object.assign(people, wanted);
    const cookies: Record<string, string> = {};
    const ids: Record<string, string> = {};
    for (const [name, email] of Object.entries(wanted)) {
      cookies[name] = await signIn(email);
      sessions.set(name, Promise.resolve(cookies[name]));
      const [row] = await portal.services.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.email, email));
      ids[name] = row!.id;
    }
    return { cookies, ids };
  };
  const client = (who?: string): TestClient => {
    const cookie = async () => (who === undefined ? undefined : who in people ? await sessionOf(who) : who);
    const fetch: TestClient["fetch"] = async (path, init = {}) =>
      request(MOUNTS.test(path) ? path : `/rest/v1${path}`, { ...init, cookie: await cookie() });
    const send: TestClient["send"] = async (method, path, init = {}) => {
      const res = await fetch(path, {
        method,
        json: init.json,
        body: init.body as BodyInit | undefined,
        headers: init.headers,
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      const type = res.headers.get("content-type") ?? "";
      const body = type.includes("json") ? (text ? JSON.parse(text) : null) : TEXT_TYPES.test(type) ? text : null;
      return { status: res.status, headers: res.headers, res, bytes, text, body };
    };
    const withJson = (method: string) => (path: string, json?: unknown, init?: CallInit) =>
      send(method, path, { ...init, json });
    return {
      get: (path, init) => send("GET", path, init),
      post: withJson("POST"),
      put: withJson("PUT"),
      patch: withJson("PATCH"),
      delete: withJson("DELETE"),
      send,
      fetch,
    };
  };
  return {
    ...portal,
    kind,
    request,
    signIn,
    signInAll,
    as: client,
    anonymous: client(),
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
