import { cpSync, existsSync, readFileSync } from "node:fs";

/**
 * A test run migrates and seeds the demo school once per database, and every test portal starts from a copy: a
 * PGlite dump, a PostgreSQL template database, and the data folder the seed wrote its files and secret into.
 * Migrating and seeding took most of a test portal's start, once per file and database (docs/decisions/
 * 2026-11-28-test-templates.md). The tests' global setup makes them and names them in this variable.
 */
export const TEMPLATES_ENV = "PORTAL_TEST_TEMPLATES";

export interface Templates {
  /** The days (UTC and the machine's own) the seed was made on: the seed's dates are relative to today. */
  day: string;
  madeAt: number;
  pglite: { dump: string; dataDir: string };
  postgres: { database: string; dataDir: string } | null;
}

/** Settings that change nothing the seed writes: a portal given only these may start from the template. */
const HARMLESS = new Set([
  "TRUST_PROXY",
  "UPLOAD_MAX_MB",
  "SMTP_URL",
  "PERF_LOG_SAMPLE",
  "SIGNIN_LIMIT_PER_IP",
  "JOB_POLL_MS",
]);

export function dayStamp(now = new Date()): string {
  return `${now.toISOString().slice(0, 10)} ${now.toDateString()}`;
}

/** Whether a portal with these settings may start from a copy, judged the same way for the API and browser tests. */
export function seedMayBeCopied(env: Record<string, string>, stamp: { day: string; madeAt: number }): boolean {
  if (Object.keys(env).some((k) => !HARMLESS.has(k))) return false;
  // A run that crossed midnight seeds afresh, so "today" in the seed is today in the test.
  return stamp.day === dayStamp() && Date.now() - stamp.madeAt < 3 * 3_600_000;
}

let read: Templates | undefined;
let pgliteDump: Blob | undefined;

export interface SeedCopy {
  /** Copy the seed's data folder (files, secret) into this new one. */
  fillDataDir(dataDir: string): void;
  /** PostgreSQL: the template database to create the throwaway database from. */
  database?: string;
  /** PGlite: the files to start from. */
  pgliteFrom?: Blob;
}

/** The seeded copy a test portal of `kind` with `env` may start from, or null to migrate and seed as a school would. */
export function seedCopyFor(kind: "pglite" | "postgres", env: Record<string, string>): SeedCopy | null {
  const file = process.env[TEMPLATES_ENV];
  if (!read && file && existsSync(file)) read = JSON.parse(readFileSync(file, "utf8")) as Templates;
  if (!read || !seedMayBeCopied(env, read)) return null;
  const fillFrom = (from: string) => (dataDir: string) => cpSync(from, dataDir, { recursive: true });
  if (kind === "pglite") {
    pgliteDump ??= new Blob([readFileSync(read.pglite.dump)]);
    return { fillDataDir: fillFrom(read.pglite.dataDir), pgliteFrom: pgliteDump };
  }
  if (!read.postgres) return null;
  return { fillDataDir: fillFrom(read.postgres.dataDir), database: read.postgres.database };
}
