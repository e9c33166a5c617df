import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
  );

const positiveInt = z.coerce.number({ message: "must be a number" }).int("must be a whole number").positive("must be positive");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(0).max(65535, "must be a port between 0 and 65535").default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().regex(/^(.+<)?[^\s@<>]+@[^\s@<>]+>?$/, "must be an e-mail address, e.g. The Portal <portal@school.edu>").default("The Portal <no-reply@portal.test>"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED: bool.optional(),
  REQUIRE_EMAIL_CONFIRMATION: bool.default(false),
  SIGNIN_LIMIT_PER_IP: positiveInt.default(30),
  /** Wrong passwords for one account from one client (address, or trusted device) before its delays start. */
  SIGNIN_LIMIT_PER_EMAIL: positiveInt.default(5),
  /** Wrong passwords for one account from all untrusted clients together in the window. */
  SIGNIN_LIMIT_PER_ACCOUNT: positiveInt.default(10),
  SIGNIN_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  TRUST_PROXY: bool.default(false),
  JOB_WORKER: bool.default(true),
  JOB_POLL_MS: positiveInt.default(1000),
  /** How long a worker holds a claimed job without renewing it; a crashed worker's jobs are free after this. */
  JOB_LEASE_SECONDS: positiveInt.max(3600, "must be at most 3600").default(20),
  /** How many recent realtime events an instance keeps for a browser that reconnects to replay what it missed. */
  REALTIME_REPLAY_EVENTS: positiveInt.max(100_000, "must be at most 100000").default(2000),
  /** An S3-compatible bucket for files instead of DATA_DIR/storage (path-style addressing). */
  S3_ENDPOINT: url(["http:", "https:"]).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name of lowercase letters, digits, dots and dashes").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The largest file an upload may be, in megabytes. */
  UPLOAD_MAX_MB: positiveInt.max(1024, "must be at most 1024").default(25),
  /** The share of the browsers' slow-page reports written to the log (0 to 1). */
  PERF_LOG_SAMPLE: z.coerce.number({ message: "must be a number" }).min(0, "must be between 0 and 1").max(1, "must be between 0 and 1").default(0.25),
  /** A folder for a daily backup (`npm run backup`'s file) made by the jobs worker; unset, none is made. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many of the daily backups in BACKUP_DIR are kept; older ones are deleted. */
  BACKUP_KEEP: positiveInt.max(3650, "must be at most 3650").default(7),
  /**
   * Whether answers are kept in memory until an event concerns them (lib/cache.ts). Off, every read goes to the
   * database: the bench's growth table measures what a read costs as the school grows, which a kept answer hides.
   */
  ANSWER_CACHE: bool.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = Omit<z.infer<typeof envSchema>, "AUTH_SECRET" | "PUBLIC_URL" | "SEED"> & {
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  SEED: boolean;
  databaseKind: "pglite" | "postgres";
};

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value names the variable and what is wrong, in one line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])}: ${issue.message}`);
  }
  const c = parsed.data;
  if (c.S3_ENDPOINT && !c.S3_BUCKET) throw new ConfigError("S3_BUCKET: must be set when S3_ENDPOINT is");
  const dataDir = path.resolve(c.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const databaseKind = c.DATABASE_URL ? "postgres" : "pglite";
  return {
    ...c,
    DATA_DIR: dataDir,
    BACKUP_DIR: c.BACKUP_DIR ? path.resolve(c.BACKUP_DIR) : undefined,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    AUTH_SECRET: c.AUTH_SECRET ?? persistentSecret(dataDir),
    // A real school on PostgreSQL must never start with known demo passwords unless asked to.
    SEED: c.SEED ?? databaseKind === "pglite",
    databaseKind,
  };
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
