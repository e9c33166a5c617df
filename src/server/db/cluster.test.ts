import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrationsFolder, openDatabase, runMigrations, type Database } from "./client.ts";
import { fillDataDir, initialiseDataDir, makeTemplate, templateIsCurrent } from "./cluster.ts";

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

async function appliedMigrations(database: Database): Promise<number | null> {
  const { rows } = await database.pool.query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  );
  if (!rows[0]?.t) return null;
  const [row] = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows as {
    n: number;
  }[];
  return row!.n;
}

async function withDatabase<T>(dataDir: string, read: (d: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

describe("a new embedded database's data folder", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-cluster-"));
  const template = path.join(dir, "template");
  beforeAll(async () => {
    await makeTemplate(template, migrationsFolder, (dataDir) => withDatabase(dataDir, runMigrations));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is a copy of the build's empty cluster, every migration already applied", async () => {
    expect(templateIsCurrent(template, migrationsFolder)).toBe(true);
    const dataDir = path.join(dir, "school", "pglite");
    await initialiseDataDir(dataDir, migrationsFolder, template);
    expect(await withDatabase(dataDir, appliedMigrations)).toBe(journal.entries.length);
  }, 60_000);

  it("is made by initdb when the cluster was made from other migrations or another PGlite, and migrates", async () => {
    writeFileSync(`${template}.stamp`, "0.0.0 another journal");
    expect(templateIsCurrent(template, migrationsFolder)).toBe(false);
    const dataDir = path.join(dir, "stale", "pglite");
    await initialiseDataDir(dataDir, migrationsFolder, template);
    expect(await withDatabase(dataDir, appliedMigrations)).toBeNull();
    const migrated = await withDatabase(dataDir, async (d) => {
      await runMigrations(d);
      return appliedMigrations(d);
    });
    expect(migrated).toBe(journal.entries.length);
  }, 60_000);

  it("is not left half made by a start cut off while making it, and the next start makes it whole", async () => {
    const dataDir = path.join(dir, "cut", "pglite");
    const write = (partial: string) => {
      mkdirSync(partial, { recursive: false });
      writeFileSync(path.join(partial, "PG_VERSION"), "17");
    };
    await expect(
      fillDataDir(dataDir, (partial) => {
        write(partial);
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    await fillDataDir(dataDir, write);
    expect(readFileSync(path.join(dataDir, "PG_VERSION"), "utf8")).toBe("17");
  });
});
