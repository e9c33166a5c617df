import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { initialiseDataDir } from "./cluster.ts";
import { pgliteConfig } from "./pglite-connection.ts";
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
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 20,
      connectionTimeoutMillis: 10_000,
      Client: PreparingClient,
    });
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
  const pool = new pg.Pool({ ...pgliteConfig(pglite), Client: PreparingClient });
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
 * Names of the statements the portal sends again and again, by their text. PostgreSQL parses, analyses and plans
 * a statement each time it arrives unnamed; named, each connection parses it once and keeps its plan (a generic
 * plan once it is no worse than the custom ones). At a school's peak that was most of the database's work per
 * read, on the same cores as the portal. A text is named from its second sighting, so one-off statements (the
 * seed's many-row inserts) are not kept by every connection, and at most MAX_NAMED are named, which bounds what
 * each connection keeps.
 */
const MAX_NAMED = 400;
const named = new Map<string, string>();
const seenOnce = new Set<string>();

function statementName(text: string): string | undefined {
  const name = named.get(text);
  if (name || named.size >= MAX_NAMED) return name;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= 4 * MAX_NAMED) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  const next = `portal_${named.size + 1}`;
  named.set(text, next);
  return next;
}

/**
 * node-postgres's client with the parameterised statements named (`statementName`). Only statements that carry
 * parameters, which node-postgres already sends through the extended protocol, so nothing else changes for them;
 * a statement without parameters may hold several statements, which a named one cannot.
 */
class PreparingClient extends pg.Client {}
(PreparingClient.prototype as { query: unknown }).query = function (
  this: pg.Client,
  config: unknown,
  values?: unknown,
  ...rest: unknown[]
) {
  const q = typeof config === "string" ? { text: config } : (config as pg.QueryConfig | null);
  const parameters = Array.isArray(values) ? values : q?.values;
  if (q && typeof q === "object" && !q.name && typeof q.text === "string" && parameters?.length) {
    const name = statementName(q.text);
    if (name) config = { ...q, name };
  }
  // Looked up at each call, so that what wraps node-postgres's query (the bench's statement counts) sees these too.
  return (pg.Client.prototype.query as (...args: unknown[]) => unknown).call(this, config, values, ...rest);
};

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
