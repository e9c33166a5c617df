import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, runMigrations, type Database } from "./client.ts";
import { preparedQuery } from "./prepared-query.ts";
import { schoolSettings } from "./schema/index.ts";
import { createThrowawayDatabase, DB_KINDS } from "../test/harness.ts";

describe.each(DB_KINDS)("statements sent again and again, and statements built once, on %s", (kind) => {
  let database: Database;
  let drop = async () => {};
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  async function open() {
    if (database) return database;
    if (kind === "postgres") {
      const throwaway = await createThrowawayDatabase();
      drop = throwaway.drop;
      database = await openDatabase({ url: throwaway.url });
    } else database = await openDatabase({});
    await runMigrations(database);
    return database;
  }

  /** The statements this connection keeps parsed, by their text. */
  const kept = async (client: { query(text: string): Promise<{ rows: { statement: string }[] }> }) =>
    (await client.query("select statement from pg_prepared_statements")).rows.map((r) => r.statement);

  it("are parsed once per connection from their second sighting, with the same answers", async () => {
    const client = await (await open()).pool.connect();
    try {
      // A text no other test sends, so the process-wide count of sightings starts here.
      const text = `select $1::int + 1 as n, '${randomUUID()}' as tag`;
      expect((await client.query(text, [1])).rows[0].n).toBe(2);
      expect(await kept(client)).not.toContain(text);
      expect((await client.query(text, [2])).rows[0].n).toBe(3);
      expect(await kept(client)).toContain(text);
      expect((await client.query({ text, values: [41] })).rows[0].n).toBe(42);
      expect((await kept(client)).filter((s) => s === text)).toHaveLength(1);
    } finally {
      client.release();
    }
  });

  it("leave statements without parameters as they are, several in one text included", async () => {
    const client = await (await open()).pool.connect();
    try {
      const text = `select 1 as a; select '${randomUUID()}' as b`;
      for (let i = 0; i < 3; i++) await client.query(text);
      expect(await kept(client)).not.toContain(text);
    } finally {
      client.release();
    }
  });

  it("still report a bad value as the database's error, and answer the next call", async () => {
    const client = await (await open()).pool.connect();
    try {
      const text = `select $1::int as n, '${randomUUID()}' as tag`;
      await client.query(text, [1]);
      await client.query(text, [2]);
      await expect(client.query(text, ["not a number"])).rejects.toThrow(/invalid input syntax/);
      expect((await client.query(text, [7])).rows[0].n).toBe(7);
    } finally {
      client.release();
    }
  });

  let builds = 0;
  const versionOf = preparedQuery((db) => {
    builds++;
    return db
      .select({ version: schoolSettings.version })
      .from(schoolSettings)
      .where(eq(schoolSettings.id, sql.placeholder("id")));
  });

  it("is built once per database, answers each call with its own values, and is kept parsed by name", async () => {
    const { db, pool } = await open();
    await db.insert(schoolSettings).values({ id: 1, settings: {} as never, version: 3 });
    expect(await versionOf(db, { id: 1 })).toEqual([{ version: 3 }]);
    expect(await versionOf(db, { id: 2 })).toEqual([]);
    await db.update(schoolSettings).set({ version: 8 });
    expect(await versionOf(db, { id: 1 })).toEqual([{ version: 8 }]);
    expect(builds).toBe(1);
    const { rows } = await pool.query<{ name: string }>("select name from pg_prepared_statements");
    expect(rows.map((r) => r.name)).toContainEqual(expect.stringMatching(/^portal_q\d+$/));
  });

  it("inside a transaction reads what the transaction wrote, and a rolled-back write is gone after", async () => {
    const { db } = await open();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(schoolSettings).set({ version: 4 }).where(eq(schoolSettings.id, 1));
        expect(await versionOf(tx, { id: 1 })).toEqual([{ version: 4 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await versionOf(db, { id: 1 })).toEqual([{ version: 8 }]);
  });

  it("in transactions is built once per pooled connection, not once per transaction", async () => {
    const { db } = await open();
    const before = builds;
    for (let i = 0; i < 5; i++)
      await db.transaction(async (tx) => expect(await versionOf(tx, { id: 1 })).toEqual([{ version: 8 }]));
    // Transactions one after another get the same idle connection back: one build at most (was one each).
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it("reports a bad value as the database's error, and answers the next call", async () => {
    const { db } = await open();
    await expect(versionOf(db, { id: "not a number" })).rejects.toMatchObject({
      cause: { code: "22P02" } /* invalid_text_representation */,
    });
    expect(await versionOf(db, { id: 1 })).toEqual([{ version: 8 }]);
  });
});
