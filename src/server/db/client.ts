import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { initialiseDataDir } from "./cluster.ts";
import { lockDataDir } from "./pglite-lock.ts";
import * as schema from "./schema/index.ts";
import { UNDEFINED_TABLE } from "../lib/db-errors.ts";

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Inside a transaction, use the transaction: on PGlite the pool has one connection, and `db` would wait forever. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  pool: pg.Pool;
  /** Only on PostgreSQL: the connection string, for LISTEN connections of their own. */
  url?: string;
  /** Only on PGlite: its files as a tarball, which another in-memory database can start from (the tests' seeded template). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * One driver path (node-postgres) for both databases: PGlite is reached through its node-postgres
 * adapter, so every query, transaction and migration is the same code on both.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  from?: Blob;
  /** A data folder that does not exist yet is made with every migration applied (the default), or empty. */
  newFolder?: "migrated" | "empty";
}): Promise<Database> {
  if (opts.url) {
    // A database that does not answer a connection (a cut network drops packets) fails a request after this
    // long, answered as "briefly unavailable", rather than holding it until the client gives up.
    const pool = new pg.Pool({ connectionString: opts.url, max: 20, connectionTimeoutMillis: 10_000 });
    pool.on("error", () => {}); // an idle client dropped by the server is replaced on next use
    const db = drizzle(pool, { schema });
    return { kind: "postgres", db, pool, url: opts.url, close: () => pool.end() };
  }
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  let pglite: PGlite;
  try {
    if (opts.dataDir)
      await initialiseDataDir(opts.dataDir, migrationsFolder, opts.newFolder === "empty" ? null : undefined);
    compileWasmOnce();
    pglite = new PGlite(opts.dataDir ?? "memory://", {
      postgresqlconf: PGLITE_CONF,
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: opts.from,
    });
    await pglite.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const pool = new pg.Pool(pgliteConfig(pglite));
  const db = drizzle(pool, { schema });
  return {
    kind: "pglite",
    db,
    pool,
    dumpDataDir: () => pglite.dumpDataDir("none"),
    close: async () => {
      await pool.end();
      await pglite.close();
      unlock();
    },
  };
}

/**
 * The embedded database serves one school from one process and one connection: PostgreSQL's default 128 MB of shared
 * buffers would be most of the portal's memory for no gain at that size.
 */
const PGLITE_CONF = [
  "shared_buffers = 8MB",
  "max_connections = 4",
  "wal_buffers = 256kB",
  "maintenance_work_mem = 16MB",
  "temp_buffers = 2MB",
];

/**
 * V8 compiles WebAssembly twice by default: a quick baseline (Liftoff) for everything, then optimised code
 * for the hot functions, and keeps both. For PostgreSQL-in-WebAssembly the second copy measured ~45 MB
 * resident and no faster per query on this two-core machine (the optimising compiler competes with the
 * requests for the same cores), so the embedded database runs on baseline code only. Set before PGlite
 * compiles its module; it affects only WebAssembly compiled afterwards in this process.
 */
function compileWasmOnce() {
  v8.setFlagsFromString("--liftoff-only");
}

/** Extensions the migrations create; PGlite loads an extension only when it is handed over here. */
const PGLITE_EXTENSIONS = { btree_gist };

/**
 * node-postgres passes a query's custom type parsers as `types`, which PGlite's adapter (0.5.x) takes
 * for the parameter-type list of a Parse message and fails on. Parameter types are never set by us,
 * so only arrays are passed on; the type parsers still apply on the result side.
 */
function pgliteConfig(pglite: PGlite) {
  const config = createPgConfig(pglite);
  const proto = Object.getPrototypeOf(config.connection) as {
    parse(q: { types?: unknown }): void;
    __patched?: boolean;
  };
  if (!proto.__patched) {
    const parse = proto.parse;
    proto.parse = function (this: unknown, q) {
      return parse.call(this, Array.isArray(q.types) ? q : { ...q, types: undefined });
    };
    proto.__patched = true;
  }
  return config;
}

export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}

/** Any 64-bit number no other application on the same server uses for an advisory lock: "portal" in ASCII. */
const START_LOCK = 0x706f7274616cn;

/**
 * Runs the start-up work that must happen once per database (migrations, the demo seed) one instance at a time:
 * instances started together on a new PostgreSQL database, or after an upgrade, queue on a session advisory
 * lock, and each finds the work of the one before done. PGlite belongs to one process and needs none.
 */
export async function oneInstanceAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== "postgres") return work();
  const holder = await database.pool.connect();
  try {
    await holder.query("select pg_advisory_lock($1)", [START_LOCK.toString()]);
    try {
      return await work();
    } finally {
      await holder.query("select pg_advisory_unlock($1)", [START_LOCK.toString()]);
    }
  } finally {
    holder.release();
  }
}

let newestMigration: number | undefined;

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Readiness: the database answers, and every migration this build carries is applied (a new build on an old
 * database, or a migration still running on another instance, is not ready). Bounded in time, so a
 * database that hangs reads as not ready rather than holding the probe.
 */
export async function checkReadiness(database: Database, timeoutMs = 3000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: "the database did not answer in time" }), timeoutMs);
  });
  const check = (async (): Promise<Readiness> => {
    const newest = (newestMigration ??= Math.max(
      0,
      ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis),
    ));
    const applied = await database.pool.query<{ newest: string | null }>(
      `select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    if (Number(applied.rows[0]?.newest ?? 0) < newest)
      return { ready: false, reason: "migrations are not all applied" };
    return { ready: true };
  })().catch((err: unknown) => ({
    ready: false as const,
    reason:
      (err as { code?: string }).code === UNDEFINED_TABLE
        ? "migrations are not all applied"
        : "the database cannot be reached",
  }));
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
