import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteConfig } from "./pglite-connection.ts";

describe("node-postgres on PGlite", () => {
  let pglite: PGlite;
  let pool: pg.Pool;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.exec("create table t (id int primary key, name text not null)");
    pool = new pg.Pool(pgliteConfig(pglite));
  });
  afterAll(async () => {
    await pool.end();
    await pglite.close();
  });

  it("hands a statement with parameters to PostgreSQL in one call, named or not", async () => {
    const calls = vi.spyOn(pglite, "execProtocolStream");
    try {
      await pool.query("insert into t values ($1, $2)", [1, "one"]);
      expect(calls).toHaveBeenCalledTimes(1);
      const named = { name: "t_by_id", text: "select name from t where id = $1" };
      expect((await pool.query({ ...named, values: [1] })).rows).toEqual([{ name: "one" }]);
      expect((await pool.query({ ...named, values: [1] })).rows).toEqual([{ name: "one" }]);
      expect(calls).toHaveBeenCalledTimes(3);
    } finally {
      calls.mockRestore();
    }
  });

  it("answers several statements in one text, and a transaction rolled back leaves nothing", async () => {
    const answers = (await pool.query("select 1 as a; select 2 as b")) as unknown as pg.QueryResult[];
    expect(answers.map((a) => a.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("insert into t values ($1, $2)", [2, "two"]);
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect((await pool.query("select count(*)::int as n from t where id = $1", [2])).rows[0].n).toBe(0);
  });

  it("reports the database's error and answers the next statement, on the client made after it", async () => {
    await expect(pool.query("insert into t values ($1, $2)", [1, "again"])).rejects.toThrow(/duplicate key/);
    await expect(pool.query("select $1::int", ["not a number"])).rejects.toThrow(/invalid input syntax/);
    expect((await pool.query("select name from t where id = $1", [1])).rows).toEqual([{ name: "one" }]);
  });
});
