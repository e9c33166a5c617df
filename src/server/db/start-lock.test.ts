import { afterAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { DEMO_ACCOUNTS } from "./seed.ts";
import { user } from "./schema/index.ts";
import { createThrowawayDatabase, DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";

describe.runIf(DB_KINDS.includes("postgres"))("instances started at once on one new PostgreSQL database", () => {
  const started: TestPortal[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const p of started) await p.close();
    await drop?.();
  });

  it("migrate and seed it once, one after the other, and all come up", async () => {
    const db = await createThrowawayDatabase();
    drop = db.drop;
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => startTestPortal("postgres", { SEED: "true" }, { databaseUrl: db.url })),
    );
    for (const r of results) if (r.status === "fulfilled") started.push(r.value);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "up"))).toEqual(["up", "up", "up"]);
    const [users] = await started[0]!.services.db.select({ n: count() }).from(user);
    expect(users!.n).toBe(DEMO_ACCOUNTS.length);
  }, 180_000);
});
