import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ROLES, type Role } from "../common/roles.ts";

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

const positiveInt = z.coerce
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .positive("must be positive");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0)
    .max(65535, "must be a port between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(.+<)?[^\s@<>]+@[^\s@<>]+>?$/, "must be an e-mail address, e.g. The Portal <portal@school.edu>")
    .default("The Portal <no-reply@portal.test>"),
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
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name of lowercase letters, digits, dots and dashes")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** ffmpeg and ffprobe for the cuts' web proxies (issue 21) when they are not on PATH; a path that is not there counts as none. */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  /** The largest file an upload may be, in megabytes. */
  UPLOAD_MAX_MB: positiveInt.max(1024, "must be at most 1024").default(25),
  /** The share of the browsers' slow-page reports written to the log (0 to 1). */
  PERF_LOG_SAMPLE: z.coerce
    .number({ message: "must be a number" })
    .min(0, "must be between 0 and 1")
    .max(1, "must be between 0 and 1")
    .default(0.25),
  /** A folder for a daily backup (`npm run backup`'s file) made by the jobs worker; unset, none is made. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many of the daily backups in BACKUP_DIR are kept; older ones are deleted. */
  BACKUP_KEEP: positiveInt.max(3650, "must be at most 3650").default(7),
  /**
   * Whether answers are kept in memory until an event concerns them (lib/cache.ts). Off, every read goes to the
   * database: the bench's growth table measures what a read costs as the school grows, which a kept answer hides.
   */
  ANSWER_CACHE: bool.default(true),
  /** How many API requests an instance works on at once; the others wait in line (lib/admission.ts). */
  REQUESTS_AT_ONCE: positiveInt.max(10_000, "must be at most 10000").default(32),
  /** OpenID Connect single sign-on: the provider's issuer (its discovery document is read from `/.well-known/openid-configuration`). */
  OIDC_ISSUER: url(["http:", "https:"]).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The sign-in button's text; unset, "Sign in with <the school's name>". */
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(80, "must be at most 80 characters").optional(),
  OIDC_SCOPES: z
    .string()
    .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, "must be scopes separated by single spaces, e.g. openid email profile")
    .default("openid email profile"),
  /** The claim that lists a person's groups (a list or one string), read at each sign-in. */
  OIDC_ROLE_CLAIM: z.string().min(1).default("groups"),
  /** Which group gives which role: `group=role` pairs separated by commas, e.g. `staff=staff,it-admins=admin`. */
  OIDC_ROLE_MAP: z.string().optional(),
  /** Starts a local OpenID provider with demo accounts beside the portal, so single sign-on can be tried. */
  DEMO_SSO: bool.default(false),
  DEMO_SSO_PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1)
    .max(65535, "must be a port between 1 and 65535")
    .default(3001),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** Single sign-on as configured: all three of issuer, client id and secret, or none. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string | null;
  scopes: string[];
  roleClaim: string;
  /** Group name → role, in the order written. */
  roleMap: [string, Role][];
}

export type Config = Omit<z.infer<typeof envSchema>, "AUTH_SECRET" | "PUBLIC_URL" | "SEED" | `OIDC_${string}`> & {
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  SEED: boolean;
  databaseKind: "pglite" | "postgres";
  oidc: OidcConfig | null;
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
  const {
    OIDC_ISSUER,
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET,
    OIDC_BUTTON_LABEL,
    OIDC_SCOPES,
    OIDC_ROLE_CLAIM,
    OIDC_ROLE_MAP,
    ...rest
  } = c;
  const oidc = oidcConfig(c);
  const dataDir = path.resolve(c.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const databaseKind = c.DATABASE_URL ? "postgres" : "pglite";
  return {
    ...rest,
    oidc,
    DATA_DIR: dataDir,
    BACKUP_DIR: c.BACKUP_DIR ? path.resolve(c.BACKUP_DIR) : undefined,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    AUTH_SECRET: c.AUTH_SECRET ?? persistentSecret(dataDir),
    // A real school on PostgreSQL must never start with known demo passwords unless asked to.
    SEED: c.SEED ?? databaseKind === "pglite",
    databaseKind,
  };
}

function oidcConfig(c: z.infer<typeof envSchema>): OidcConfig | null {
  const given = {
    OIDC_ISSUER: c.OIDC_ISSUER,
    OIDC_CLIENT_ID: c.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: c.OIDC_CLIENT_SECRET,
  };
  const named = Object.entries(given).filter(([, v]) => v);
  if (named.length === 0) return null;
  const missing = Object.entries(given).find(([, v]) => !v);
  if (missing)
    throw new ConfigError(
      `${missing[0]}: must be set when ${named[0]![0]} is (single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)`,
    );
  const scopes = c.OIDC_SCOPES.split(" ");
  if (!scopes.includes("openid")) throw new ConfigError("OIDC_SCOPES: must include openid");
  return {
    issuer: c.OIDC_ISSUER!.replace(/\/$/, ""),
    clientId: c.OIDC_CLIENT_ID!,
    clientSecret: c.OIDC_CLIENT_SECRET!,
    buttonLabel: c.OIDC_BUTTON_LABEL ?? null,
    scopes,
    roleClaim: c.OIDC_ROLE_CLAIM,
    roleMap: parseRoleMap(c.OIDC_ROLE_MAP ?? ""),
  };
}

/** `staff=staff, it-admins=admin` → [["staff","staff"],["it-admins","admin"]]; a wrong pair names itself. */
export function parseRoleMap(text: string): [string, Role][] {
  const pairs: [string, Role][] = [];
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.lastIndexOf("=");
    const group = part.slice(0, at).trim();
    const role = part.slice(at + 1).trim();
    if (at < 1 || !group)
      throw new ConfigError(`OIDC_ROLE_MAP: “${part}” must be group=role, e.g. staff=staff,it-admins=admin`);
    if (!(ROLES as readonly string[]).includes(role))
      throw new ConfigError(`OIDC_ROLE_MAP: “${role}” is not a role; use one of ${ROLES.join(", ")}`);
    pairs.push([group, role as Role]);
  }
  return pairs;
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
