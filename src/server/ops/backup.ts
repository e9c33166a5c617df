import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import * as tar from "tar";
import type { Config } from "../config.ts";
import { type Database } from "../db/client.ts";
import { isStorageKey, storageFor, type Storage } from "../lib/storage.ts";

/**
 * One backup is one gzipped tar: `manifest.json`, `db/<n>-<schema>.<table>.jsonl` (one row a line, as the row's
 * own PostgreSQL text form, so every type reads back exactly) and `storage/<key>` (every file of the file store, local
 * disk or S3 bucket alike, so a backup of one restores into the other). It is made with queries only, so PGlite
 * (which has no pg_dump) and PostgreSQL are backed up the same way.
 */
export const BACKUP_FORMAT = "the-portal-backup";
export const BACKUP_VERSION = 1;
/** The portal's own tables, and drizzle's journal of the migrations applied to them. */
export const SCHEMAS = ["public", "drizzle"];
/** Scheduled backups are named so, and only files named so are ever pruned from BACKUP_DIR. */
const SCHEDULED_NAME = /^portal-backup-\d{8}T\d{6}Z\.tar\.gz$/;
/** Rows per insert while restoring: bounded by size, since a row may hold a large text. */
export const BATCH_BYTES = 4 * 1024 * 1024;

/** A refusal or a broken file, said for the operator; nothing was changed when it is thrown. */
export class BackupError extends Error {}

export interface TableEntry {
  schema: string;
  name: string;
  file: string;
  /** Columns a row is restored into (generated ones are computed again). */
  columns: string[];
  rows: number;
  /** Rows referring to rows of the same table are restored in one statement, whose foreign-key checks run at its end. */
  selfReferencing: boolean;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database["kind"];
  /** Hashes of the migrations the database had, in order: the level its rows belong to. */
  migrations: string[];
  tables: TableEntry[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
  /**
   * The files under `storage/`. `included` is false only in backups of an S3 portal made before backups could list a
   * bucket; `leftOut` counts objects whose names no portal writes (they could not be put back), absent before that too.
   */
  storage: { included: boolean; store?: Storage["kind"]; files: number; bytes: number; leftOut?: number };
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** Where the files came from: `DATA_DIR/storage`, or "the S3 bucket <name>". */
  store: string;
  /** Objects of the store whose names are not the portal's, left out of the backup (the first few, and how many). */
  leftOut: { count: number; keys: string[] };
}

export type StorageConfig = Pick<
  Config,
  "DATA_DIR" | "S3_ENDPOINT" | "S3_BUCKET" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
>;

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;
/** The file store as an operator names it. */
export const storeName = (config: StorageConfig) =>
  config.S3_ENDPOINT ? `the S3 bucket ${config.S3_BUCKET}` : path.join(config.DATA_DIR, "storage");
/** How many of the left-out names a summary repeats. */
export const LEFT_OUT_NAMED = 10;

/** Text forms that do not depend on the session that wrote or reads them. */
export async function fixSessionFormats(client: pg.PoolClient) {
  await client.query("set local timezone = 'UTC'");
  await client.query("set local datestyle = 'ISO, YMD'");
  await client.query("set local intervalstyle = 'postgres'");
  await client.query("set local extra_float_digits = 1");
}

interface CatalogTable {
  oid: number;
  schema: string;
  name: string;
}

/** The portal's tables in an order where every table comes after the tables it refers to. */
async function tablesInDependencyOrder(
  client: pg.PoolClient,
): Promise<(CatalogTable & { selfReferencing: boolean })[]> {
  const { rows: tables } = await client.query<CatalogTable>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = any($1) order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  const { rows: refs } = await client.query<{ from: number; to: number }>(
    `select conrelid::int as "from", confrelid::int as "to" from pg_constraint where contype = 'f'`,
  );
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const needs = new Map(tables.map((t) => [t.oid, new Set<number>()]));
  const self = new Set<number>();
  for (const r of refs) {
    if (!byOid.has(r.from) || !byOid.has(r.to)) continue;
    if (r.from === r.to) self.add(r.from);
    else needs.get(r.from)!.add(r.to);
  }
  const ordered: (CatalogTable & { selfReferencing: boolean })[] = [];
  const done = new Set<number>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t.oid) && [...needs.get(t.oid)!].every((o) => done.has(o)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !done.has(t.oid)).map((t) => t.name);
      throw new Error(`the tables ${left.join(", ")} refer to each other in a circle; a backup cannot order them`);
    }
    for (const t of ready) {
      done.add(t.oid);
      ordered.push({ ...t, selfReferencing: self.has(t.oid) });
    }
  }
  return ordered;
}

/**
 * Writes the whole database and the stored files to `file` (a .tar.gz), atomically: the file appears only
 * when complete. The rows are read in one repeatable-read transaction, so they are one consistent moment.
 */
export async function writeBackup(database: Database, config: StorageConfig, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = `${target}.staging-${randomBytes(4).toString("hex")}`;
  const partial = `${target}.partial`;
  await mkdir(path.join(staging, "db"), { recursive: true });
  let archive: Archive | undefined;
  try {
    const manifest = await dumpDatabase(database, staging);
    archive = openArchive(partial);
    for (const t of manifest.tables) await archive.addFile(t.file, path.join(staging, t.file));
    const store = storageFor(config);
    const files = await packStore(archive, store);
    // Last, since only now are the files counted; a restore reads the whole archive before its manifest.
    manifest.storage = {
      included: true,
      store: store.kind,
      files: files.count,
      bytes: files.bytes,
      leftOut: files.leftOut.count,
    };
    await archive.addBytes("manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
    await archive.close();
    await rename(partial, target);
    return {
      file: target,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      files: files.count,
      bytes: files.bytes,
      store: storeName(config),
      leftOut: files.leftOut,
    };
  } finally {
    archive?.abandon();
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

interface Archive {
  /** A file of the staging folder, streamed in (a table's rows may be large). */
  addFile(name: string, file: string): Promise<void>;
  addBytes(name: string, bytes: Uint8Array): Promise<void>;
  /** Ends the archive and resolves when it is on disk. */
  close(): Promise<void>;
  /** Stops writing after a failure (harmless once closed). */
  abandon(): void;
}

/**
 * A gzipped tar written one entry at a time: each entry is added only when the one before is in the compressor.
 * tar's Pack counts entries handed to it against its few parallel jobs and stops moving when more wait than it runs,
 * so entries are never queued; this also bounds memory to the entry being written.
 */
function openArchive(file: string): Archive {
  const out = createWriteStream(file);
  // Typed as what it is for an added entry (tar's types name only the file-system kind).
  let current: tar.WriteEntryTar | undefined;
  const pack = new tar.Pack({
    gzip: true,
    portable: true,
    onWriteEntry: (e) => (current = e as unknown as tar.WriteEntryTar),
  });
  // Settles when the archive is on disk, or early by failing (disk full, …): whoever waits on an entry hears it too.
  const written = new Promise<void>((resolve, reject) => {
    pack.on("error", reject);
    out.on("error", reject);
    out.on("close", resolve);
  });
  written.catch(() => {});
  pack.pipe(out);
  const mtime = new Date();
  const add = async (name: string, size: number, write: (entry: tar.ReadEntry) => Promise<void>) => {
    const entry = new tar.ReadEntry(new tar.Header({ path: name, type: "File", size, mode: 0o644, mtime }));
    current = undefined;
    pack.add(entry);
    // The pack wraps the entry synchronously (onWriteEntry); that wrapper ends when the entry is in the compressor.
    const job = current as tar.WriteEntryTar | undefined;
    if (!job) throw new Error(`the archive did not take ${name}`);
    const done = new Promise<void>((resolve, reject) => {
      job.on("end", resolve);
      job.on("error", reject);
    });
    const writing = write(entry);
    // Whichever loses a race below is not waited on; its failure is the archive's, already heard.
    done.catch(() => {});
    writing.catch(() => {});
    await Promise.race([writing, written]);
    entry.end();
    await Promise.race([done, written]);
  };
  return {
    addBytes: (name, bytes) =>
      add(name, bytes.byteLength, async (entry) => {
        if (bytes.byteLength > 0) entry.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }),
    addFile: async (name, file) =>
      add(name, (await stat(file)).size, async (entry) => {
        for await (const chunk of createReadStream(file)) if (!entry.write(chunk as Buffer)) await once(entry, "drain");
      }),
    async close() {
      pack.end();
      await written;
    },
    abandon() {
      out.destroy();
    },
  };
}

/**
 * Every file of the store into the archive as `storage/<key>`, one at a time: each is read whole and handed to the
 * archive, and the next is read only when the archive has taken it, so memory holds one file whatever the store holds.
 */
async function packStore(archive: Archive, store: Storage) {
  const leftOut = { count: 0, keys: [] as string[] };
  let count = 0;
  let bytes = 0;
  for await (const { key } of store.list()) {
    // A name no portal writes could not be put back into a store (and might climb out of a folder): said, not packed.
    if (!isStorageKey(key)) {
      leftOut.count += 1;
      if (leftOut.keys.length < LEFT_OUT_NAMED) leftOut.keys.push(key);
      continue;
    }
    const data = await store.get(key);
    // Deleted since it was listed: like a file deleted a moment before the backup, it is not in it.
    if (!data) continue;
    await archive.addBytes(`storage/${key}`, data);
    count += 1;
    bytes += data.byteLength;
  }
  return { count, bytes, leftOut };
}

async function dumpDatabase(database: Database, staging: string): Promise<Manifest> {
  const client = await database.pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    await fixSessionFormats(client);
    const { rows: journal } = await client.query<{ exists: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
    );
    if (!journal[0]!.exists)
      throw new BackupError(
        "This database holds no portal yet (no migrations were applied): there is nothing to back up.",
      );
    const { rows: migrations } = await client.query<{ hash: string }>(
      `select hash from drizzle.__drizzle_migrations order by created_at, id`,
    );
    const tables: TableEntry[] = [];
    for (const [n, t] of (await tablesInDependencyOrder(client)).entries()) {
      const { rows: cols } = await client.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [t.oid],
      );
      const entry: TableEntry = {
        schema: t.schema,
        name: t.name,
        file: `db/${String(n).padStart(4, "0")}-${t.schema}.${t.name}.jsonl`,
        columns: cols.map((c) => c.name),
        rows: 0,
        selfReferencing: t.selfReferencing,
      };
      const out = await open(path.join(staging, entry.file), "w");
      try {
        // A cursor keeps memory flat whatever the table's size.
        await client.query(`declare backup_rows no scroll cursor for select t::text as r from ${qualified(t)} t`);
        for (;;) {
          const { rows } = await client.query<{ r: string }>("fetch 2000 from backup_rows");
          if (rows.length === 0) break;
          entry.rows += rows.length;
          await out.write(rows.map((r) => `${JSON.stringify(r.r)}\n`).join(""));
        }
        await client.query("close backup_rows");
      } finally {
        await out.close();
      }
      tables.push(entry);
    }
    const sequences: Manifest["sequences"] = [];
    const { rows: seqs } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
      [SCHEMAS],
    );
    for (const s of seqs) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${qualified(s)}`,
      );
      sequences.push({ ...s, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await client.query("commit");
    return {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: database.kind,
      migrations: migrations.map((m) => m.hash),
      tables,
      sequences,
      storage: { included: true, files: 0, bytes: 0 },
    };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A name that sorts by time, for scheduled and default backups. */
export function backupFileName(at = new Date()): string {
  return `portal-backup-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.tar.gz`;
}

/** The daily backup into BACKUP_DIR, keeping the newest BACKUP_KEEP of the scheduled backups there. */
export async function runScheduledBackup(
  database: Database,
  config: StorageConfig & Pick<Config, "BACKUP_DIR" | "BACKUP_KEEP">,
  at = new Date(),
) {
  if (!config.BACKUP_DIR) return null;
  const summary = await writeBackup(database, config, path.join(config.BACKUP_DIR, backupFileName(at)));
  const kept = (await readdir(config.BACKUP_DIR))
    .filter((f) => SCHEDULED_NAME.test(f))
    .sort()
    .reverse();
  for (const old of kept.slice(config.BACKUP_KEEP)) await unlink(path.join(config.BACKUP_DIR, old));
  return summary;
}
