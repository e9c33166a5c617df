import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "../config.ts";
import { type Database } from "../db/client.ts";
import { openForBackup } from "../cli/backup-commands.ts";
import { DEMO_PASSWORD } from "../db/seed.ts";
import { createS3Storage } from "../lib/storage.ts";
import { startPortal } from "../portal.ts";
import { createThrowawayDatabase, type DbKind } from "./harness.ts";

/**
 * A fresh data folder, and on PostgreSQL a fresh empty database: what an operator restores into.
 * The database is dropped by one of the `cleanups` the test file runs at its end.
 */
export async function freshTarget(
  kind: DbKind,
  cleanups: (() => Promise<void>)[],
  env: Record<string, string> = {},
): Promise<Config> {
  const db = kind === "postgres" ? await createThrowawayDatabase() : null;
  if (db) cleanups.push(db.drop);
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "portal-backup-")),
    PORT: "0",
    SEED: "false",
    JOB_WORKER: "false",
    LOG_LEVEL: "silent",
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...env,
  });
}

/** The database as `npm run backup`/`restore` opens it. */
export const openTarget = (config: Config) => openForBackup(config);

/**
 * Every stored file's bytes by key: read from DATA_DIR/storage as it lies on disk (temporaries included), or
 * every object of the S3 bucket.
 */
export async function storedFiles(config: Config): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    const bucket = createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
    });
    for await (const { key } of bucket.list()) files[key] = Buffer.from((await bucket.get(key))!);
    return files;
  }
  const walk = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name), `${prefix}${e.name}/`);
      else files[`${prefix}${e.name}`] = readFileSync(path.join(dir, e.name));
    }
  };
  walk(path.join(config.DATA_DIR, "storage"), "");
  return files;
}

/** Every row of every table (in its exact text form), every sequence and every stored file's bytes. */
export async function snapshot(database: Database, config: Config) {
  const tables: Record<string, string[]> = {};
  const { rows: names } = await database.pool.query<{ q: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as q from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`,
  );
  const client = await database.pool.connect();
  try {
    await client.query("set timezone = 'UTC'");
    for (const { q } of names)
      tables[q] = (await client.query<{ r: string }>(`select t::text as r from ${q} t order by 1`)).rows.map(
        (r) => r.r,
      );
    const { rows: seqs } = await client.query<{ q: string }>(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as q from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'S' and n.nspname in ('public', 'drizzle') order by 1`,
    );
    const sequences: Record<string, string> = {};
    for (const { q } of seqs)
      sequences[q] = (
        await client.query<{ v: string }>(`select last_value::text || ' ' || is_called::text as v from ${q}`)
      ).rows[0]!.v;
    return { tables, sequences, files: await storedFiles(config) };
  } finally {
    client.release();
  }
}

export type Snapshot = Awaited<ReturnType<typeof snapshot>>;

export async function signIn(
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  config: Config,
  email: string,
) {
  return app.request(`${config.PUBLIC_URL}/auth/v1/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: config.PUBLIC_URL },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
}

/** The status of the admin's sign-in on a portal started on `config`: a restored school runs, and its people get in. */
export async function adminSignInOnRestored(config: Config): Promise<number> {
  const restored = await startPortal(config);
  try {
    return (await signIn(restored.app, config, "admin@portal.test")).status;
  } finally {
    await restored.stop();
  }
}
