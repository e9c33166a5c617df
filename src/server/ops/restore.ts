/** A backup read back: only into an empty database and an empty file store, then migrated forward. */
import { randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import * as tar from "tar";
import { migrationsFolder, runMigrations, type Database } from "../db/client.ts";
import { createLocalStorage, isStorageKey, storageFor } from "../lib/storage.ts";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  SCHEMAS,
  BATCH_BYTES,
  BackupError,
  type TableEntry,
  type Manifest,
  type StorageConfig,
  ident,
  qualified,
  storeName,
  LEFT_OUT_NAMED,
  fixSessionFormats,
} from "./backup.ts";

/** Why the target is not empty, or null when a restore may write into it. */
export async function whyNotEmpty(database: Database, config: StorageConfig): Promise<string | null> {
  const { rows } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname = any($1)`,
    [SCHEMAS],
  );
  if (rows[0]!.n > 0) return `the database already holds ${rows[0]!.n} tables, views or sequences of a portal`;
  const store = storageFor(config);
  // Any object counts, the portal's or not: a restore must not mix its files with anyone's.
  for await (const { key } of store.list()) {
    return store.kind === "s3"
      ? `the S3 bucket ${config.S3_BUCKET} already holds objects (${key} among them)`
      : `the file store ${storeName(config)} already holds files`;
  }
  return null;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  /** Where the files went: `DATA_DIR/storage`, or "the S3 bucket <name>". */
  store: string;
  /** Files of the backup whose names no store takes, not restored. */
  leftOut: { count: number; keys: string[] };
  /** Migrations newer than the backup, applied after its rows were in. */
  migrated: number;
}

/**
 * Brings an empty database and file store back to the state of the backup in `file`, then applies the
 * migrations made since. The schema and the rows go in one transaction each: a restore that fails leaves the
 * database empty.
 */
export async function restoreBackup(database: Database, config: StorageConfig, file: string): Promise<RestoreSummary> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`There is no file ${source}.`);
  const why = await whyNotEmpty(database, config);
  if (why)
    throw new BackupError(
      `Restore refused: ${why}. A backup is restored only into an empty database and an empty file store (a fresh data folder, a new database, an empty bucket), so nothing is overwritten; nothing was changed.`,
    );

  const staging = path.join(config.DATA_DIR, `.restore-${randomBytes(4).toString("hex")}`);
  await mkdir(staging, { recursive: true });
  try {
    try {
      await tar.x({ file: source, cwd: staging, strict: true });
    } catch (err) {
      throw new BackupError(`${source} is not a readable backup of the portal (${(err as Error).message}).`);
    }
    const manifest = await readManifest(staging, source);
    const known = readMigrationFiles({ migrationsFolder });
    const wanted = manifest.migrations;
    if (wanted.length > known.length)
      throw new BackupError(
        `This backup was made by a newer version of the portal (${wanted.length} migrations, this one knows ${known.length}): restore it with that version.`,
      );
    const differs = wanted.findIndex((hash, i) => known[i]!.hash !== hash);
    if (differs >= 0)
      throw new BackupError(
        `This backup's database was built by different migrations than this version of the portal's (from number ${differs + 1} on): restore it with the version that made it.`,
      );
    // The files are counted before the database is touched, so a damaged archive changes nothing.
    const storageDir = path.join(staging, "storage");
    const found: string[] = [];
    if (manifest.storage.included) for await (const { key } of createLocalStorage(storageDir).list()) found.push(key);
    if (found.length !== manifest.storage.files)
      throw new BackupError(
        `The backup should hold ${manifest.storage.files} files but has ${found.length}: the file is damaged.`,
      );
    // Backups made before names were checked may hold a file put into DATA_DIR/storage by hand; no store takes it back.
    const keys = found.filter(isStorageKey);
    const strange = found.filter((k) => !isStorageKey(k));
    const leftOut = { count: strange.length, keys: strange.slice(0, LEFT_OUT_NAMED) };

    let rows = 0;
    const client = await database.pool.connect();
    try {
      const existing = await ownObjects(client);
      // The schema the rows were written in: the backup's migrations, recorded in drizzle's journal as drizzle does.
      // It is committed before the rows go in, because PostgreSQL refuses a value `ALTER TYPE … ADD VALUE` added
      // in the same transaction, and a later migration of the backup's may have added one its rows hold.
      await inTransaction(client, async () => {
        for (const m of known.slice(0, wanted.length))
          for (const stmt of m.sql) if (stmt.trim()) await client.query(stmt);
        await client.query("create schema if not exists drizzle");
        await client.query(
          "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
        );
      });
      try {
        await inTransaction(client, async () => {
          await fixSessionFormats(client);
          for (const t of manifest.tables) rows += await loadTable(client, t, path.join(staging, t.file));
          for (const s of manifest.sequences)
            await client.query(`select setval($1, $2::bigint, $3)`, [qualified(s), s.lastValue, s.isCalled]);
        });
      } catch (err) {
        // A restore that fails leaves the database as empty as it found it, so it can be tried again.
        await dropAllBut(client, existing).catch(() => {});
        throw err;
      }
    } finally {
      client.release();
    }
    await runMigrations(database);

    // One file at a time, through the store's own put: onto local disk or into the bucket, whichever the backup came from.
    const store = storageFor(config);
    for (const key of keys) await store.put(key, await readFile(path.join(storageDir, key)));
    return {
      tables: manifest.tables.length,
      rows,
      files: keys.length,
      store: storeName(config),
      leftOut,
      migrated: known.length - wanted.length,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string, source: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(staging, "manifest.json"), "utf8")) as Manifest;
  } catch {
    throw new BackupError(`${source} is not a backup of the portal: it has no manifest.json.`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${source} is not a backup of the portal.`);
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(
      `${source} is a backup of format ${manifest.version}, which this version of the portal cannot read.`,
    );
  return manifest;
}

/** Inserts a table's rows from their text form, in batches of about BATCH_BYTES (a self-referencing table in one). */
async function loadTable(client: pg.PoolClient, t: TableEntry, file: string): Promise<number> {
  const cols = t.columns.map(ident);
  const insert = `insert into ${qualified(t)} (${cols.join(", ")}) select ${cols.map((c) => `(r).${c}`).join(", ")} from (select cast(x as ${qualified(t)}) as r from unnest($1::text[]) as x) as src`;
  let batch: string[] = [];
  let size = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [batch]);
    count += batch.length;
    batch = [];
    size = 0;
  };
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const row = JSON.parse(line) as string;
    batch.push(row);
    size += row.length;
    if (size >= BATCH_BYTES && !t.selfReferencing) await flush();
  }
  await flush();
  if (count !== t.rows)
    throw new BackupError(
      `The backup's table ${t.name} should hold ${t.rows} rows but has ${count}: the file is damaged.`,
    );
  return count;
}

async function inTransaction(client: pg.PoolClient, work: () => Promise<void>) {
  await client.query("begin");
  try {
    await work();
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  }
}

/** What the portal's schemas hold that a restore did not make: types and functions only, since no relation may be there. */
interface Existing {
  schemas: string[];
  extensions: string[];
  types: number[];
  functions: number[];
}

async function ownObjects(client: pg.PoolClient): Promise<Existing> {
  const [schemas, extensions, types, functions] = await Promise.all([
    client.query<{ name: string }>(`select nspname as name from pg_namespace where nspname = any($1)`, [SCHEMAS]),
    client.query<{ name: string }>(`select extname as name from pg_extension`),
    client.query<{ oid: number }>(
      `select t.oid::int as oid from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = any($1)`,
      [SCHEMAS],
    ),
    client.query<{ oid: number }>(
      `select p.oid::int as oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)`,
      [SCHEMAS],
    ),
  ]);
  return {
    schemas: schemas.rows.map((r) => r.name),
    extensions: extensions.rows.map((r) => r.name),
    types: types.rows.map((r) => r.oid),
    functions: functions.rows.map((r) => r.oid),
  };
}

/**
 * Undoes the restore's schema: every relation of the portal's schemas (none was there before), and the
 * extensions, types, functions and schemas it made. A type a table owned (its row type) goes with the table.
 */
async function dropAllBut(client: pg.PoolClient, existing: Existing) {
  await inTransaction(client, async () => {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm') and n.nspname = any($1)`,
      [SCHEMAS],
    );
    for (const t of tables) await client.query(`drop table if exists ${t.name} cascade`);
    const { rows: extensions } = await client.query<{ name: string }>(
      `select extname as name from pg_extension where not (extname = any($1))`,
      [existing.extensions],
    );
    for (const e of extensions) await client.query(`drop extension if exists ${ident(e.name)} cascade`);
    const { rows: left } = await client.query<{ kind: string; name: string }>(
      `select 'view' as kind, format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('v', 'm') and n.nspname = any($1)
       union all
       select 'sequence', format('%I.%I', n.nspname, c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = any($1)
       union all
       select 'function', p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1) and not (p.oid::int = any($2))
       union all
       select 'type', format('%I.%I', n.nspname, t.typname) from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = any($1) and t.typtype in ('e', 'd', 'c') and t.typrelid = 0 and not (t.oid::int = any($3))`,
      [SCHEMAS, existing.functions, existing.types],
    );
    for (const o of left) await client.query(`drop ${o.kind} if exists ${o.name} cascade`);
    for (const schema of SCHEMAS.filter((name) => !existing.schemas.includes(name)))
      await client.query(`drop schema if exists ${ident(schema)} cascade`);
  });
}
