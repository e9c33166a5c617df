import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z, ZodError } from "zod";
import { jobs } from "../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";
import {
  backoffSeconds,
  defineJob,
  enqueue,
  jobRegistry,
  KEEP_DEAD_DAYS,
  KEEP_DONE_DAYS,
  LEASE_SECONDS,
  processBatch,
  pruneJobs,
  scheduleRecurringJobs,
  startWorker,
  type JobDefinition,
} from "./jobs.ts";

interface Ctx {
  ran: number[];
  /** Whether the recurring test job is on, and whether its run fails. */
  ticking?: boolean;
  tickFails?: boolean;
  delayMs: number;
  /** When set, a job waits for it before finishing. */
  gate?: Promise<void>;
}

const countJob = defineJob({
  type: "test.count",
  payload: z.object({ n: z.number().int() }),
  handle: async ({ n }, ctx: Ctx) => {
    if (ctx.delayMs) await new Promise((r) => setTimeout(r, ctx.delayMs));
    if (ctx.gate) await ctx.gate;
    ctx.ran.push(n);
  },
});

const failingJob = defineJob({
  type: "test.fail",
  payload: z.object({ why: z.string() }),
  maxAttempts: 3,
  handle: async ({ why }) => {
    throw new Error(why);
  },
});

const tickJob = defineJob({
  type: "test.tick",
  payload: z.object({}),
  every: 10 * 60 * 1000,
  enabled: (ctx: Ctx) => !!ctx.ticking,
  handle: async (_payload, ctx: Ctx) => {
    if (ctx.tickFails) throw new Error("tick failed");
    ctx.ran.push(-1);
  },
});

const registry = new Map<string, JobDefinition<any, Ctx>>([
  [countJob.type, countJob],
  [failingJob.type, failingJob],
  [tickJob.type, tickJob],
]);

describe("jobRegistry", () => {
  it("lists jobs by type and refuses two definitions of one type", () => {
    expect([...jobRegistry<Ctx>([countJob, tickJob]).keys()]).toEqual(["test.count", "test.tick"]);
    expect(() => jobRegistry<Ctx>([countJob, countJob])).toThrow(/two jobs are defined as test.count/);
  });
});

describe("backoffSeconds", () => {
  it("doubles from 10 seconds and stops at an hour", () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(3600);
  });
});

describe.each(DB_KINDS)("job queue on %s", (kind) => {
  let p: TestPortal;
  let ctx: Ctx;
  const db = () => p.services.db;
  const run = (limit?: number) => processBatch(db(), registry, ctx, p.services.log, { limit });
  const row = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const dbNow = async () => new Date((await db().execute<{ now: string }>(sql`select now() as now`)).rows[0]!.now);
  /** Makes a job due now, as if its backoff had passed. */
  const makeDue = (id: string) =>
    db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id));

  beforeAll(async () => {
    p = await startTestPortal(kind, { SEED: "false" });
  });
  afterAll(() => p?.close());
  beforeEach(async () => {
    ctx = { ran: [], delayMs: 0 };
    await db().delete(jobs);
  });

  it("runs a job once", async () => {
    const id = (await enqueue(db(), countJob, { n: 1 }))!;
    const first = await run();
    expect(first).toMatchObject({ processed: 1, sent: 1, retried: 0, failed: 0, remaining: 0 });
    expect(first.jobs).toEqual([{ id, type: "test.count", outcome: "sent" }]);
    expect(await run()).toMatchObject({ processed: 0, sent: 0 });
    expect(ctx.ran).toEqual([1]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1, lockedUntil: null, lastError: null });
  });

  it("waits for a job's due time", async () => {
    const id = (await enqueue(db(), countJob, { n: 2 }, { runAt: new Date(Date.now() + 60_000) }))!;
    expect(await run()).toMatchObject({ processed: 0, remaining: 0 });
    await makeDue(id);
    expect(await run()).toMatchObject({ processed: 1, sent: 1 });
  });

  it("retries a failing job with exponential backoff, then keeps it dead with its error", async () => {
    const id = (await enqueue(db(), failingJob, { why: "mail server said no" }))!;

    for (const [attempt, wait] of [
      [1, 10],
      [2, 20],
    ] as const) {
      const r = await run();
      expect(r).toMatchObject({ processed: 1, retried: 1, failed: 0 });
      expect(r.jobs[0]).toMatchObject({ id, outcome: "retried", error: "mail server said no" });
      const j = await row(id);
      expect(j).toMatchObject({
        status: "pending",
        attempts: attempt,
        lastError: "mail server said no",
        lockedUntil: null,
      });
      const waitedMs = j.runAt.getTime() - (await dbNow()).getTime();
      expect(waitedMs).toBeGreaterThan((wait - 2) * 1000);
      expect(waitedMs).toBeLessThanOrEqual(wait * 1000);
      // not due yet: nothing to do
      expect(await run()).toMatchObject({ processed: 0 });
      await makeDue(id);
    }

    const last = await run();
    expect(last).toMatchObject({ processed: 1, retried: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: "dead", attempts: 3, lastError: "mail server said no" });
    await makeDue(id);
    expect(await run()).toMatchObject({ processed: 0, remaining: 0 });
  });

  it("drops a duplicate while the first is pending, and takes the key again once it is done", async () => {
    const first = await enqueue(db(), countJob, { n: 1 }, { dedupeKey: "digest:lena" });
    expect(first).toEqual(expect.any(String));
    expect(await enqueue(db(), countJob, { n: 2 }, { dedupeKey: "digest:lena" })).toBeNull();
    // another key is independent
    expect(await enqueue(db(), countJob, { n: 3 }, { dedupeKey: "digest:jun" })).toEqual(expect.any(String));
    await run();
    expect(ctx.ran.sort()).toEqual([1, 3]);
    const again = await enqueue(db(), countJob, { n: 4 }, { dedupeKey: "digest:lena" });
    expect(again).toEqual(expect.any(String));
    expect(again).not.toBe(first);
  });

  it("queues a job in the transaction of the change that causes it, and not if that change is rolled back", async () => {
    await db().transaction(async (tx) => {
      await enqueue(tx, countJob, { n: 1 });
    });
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, countJob, { n: 2 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await run();
    expect(ctx.ran).toEqual([1]);
  });

  it("refuses a payload that fails its schema at enqueue", async () => {
    await expect(enqueue(db(), countJob, { n: "seven" } as never)).rejects.toBeInstanceOf(ZodError);
    expect(await db().select().from(jobs)).toEqual([]);
  });

  it("takes a running job again when its worker's lock has expired", async () => {
    const id = (await enqueue(db(), countJob, { n: 5 }))!;
    const expired = sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})`;
    await db().update(jobs).set({ status: "running", attempts: 1, lockedUntil: expired }).where(eq(jobs.id, id));
    expect(await run()).toMatchObject({ processed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });

    // while the lock holds, nobody else takes it
    const held = (await enqueue(db(), countJob, { n: 6 }))!;
    await db()
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, held));
    expect(await run()).toMatchObject({ processed: 0 });
    expect(ctx.ran).toEqual([5]);
  });

  it("keeps a job it is still running past its first lease, renewing the hold", async () => {
    const id = (await enqueue(db(), countJob, { n: 7 }))!;
    let open!: () => void;
    ctx.gate = new Promise<void>((r) => (open = r));
    const slow = processBatch(db(), registry, ctx, p.services.log, { leaseSeconds: 2 });
    await expect.poll(async () => (await row(id)).status).toBe("running");
    const firstHold = (await row(id)).lockedUntil!;
    // The database's clock passes the first hold's end; the renewed hold keeps the job from a second worker.
    await expect
      .poll(async () => (await dbNow()).getTime() > firstHold.getTime() + 500, { timeout: 20_000, interval: 100 })
      .toBe(true);
    expect((await row(id)).lockedUntil!.getTime()).toBeGreaterThan(firstHold.getTime());
    const other = { ran: [], delayMs: 0 };
    expect(await processBatch(db(), registry, other, p.services.log, { leaseSeconds: 2 })).toMatchObject({
      processed: 0,
    });
    open();
    expect(await slow).toMatchObject({ processed: 1, sent: 1 });
    expect(ctx.ran).toEqual([7]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("gives up on a job whose worker died on its last attempt", async () => {
    const id = (await enqueue(db(), failingJob, { why: "x" }))!;
    await db()
      .update(jobs)
      .set({ status: "running", attempts: 3, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await run()).toMatchObject({ processed: 0 });
    expect(await row(id)).toMatchObject({ status: "dead", lastError: "the worker stopped while running it" });
  });

  it("makes a job dead at once when nothing can handle it or its stored payload is wrong", async () => {
    const [unknown] = await db().insert(jobs).values({ type: "test.nobody", payload: {} }).returning();
    const [broken] = await db()
      .insert(jobs)
      .values({ type: countJob.type, payload: { n: "x" } })
      .returning();
    const r = await run();
    expect(r).toMatchObject({ processed: 2, failed: 2, retried: 0 });
    expect(await row(unknown!.id)).toMatchObject({
      status: "dead",
      attempts: 1,
      lastError: "no handler for job type test.nobody",
    });
    expect((await row(broken!.id)).lastError).toMatch(/^invalid payload/);
  });

  it("never gives one job to two concurrent batches", async () => {
    for (let n = 0; n < 50; n++) await enqueue(db(), countJob, { n });
    ctx.delayMs = 5;
    const results = await Promise.all([run(20), run(20), run(20), run(20)]);
    expect(results.reduce((sum, r) => sum + r.processed, 0)).toBe(50);
    expect(ctx.ran.length).toBe(50);
    expect(new Set(ctx.ran).size).toBe(50);
    const states = await db().select({ status: jobs.status, attempts: jobs.attempts }).from(jobs);
    expect(states.every((s) => s.status === "done" && s.attempts === 1)).toBe(true);
  });

  it("drains the queue with the in-process worker and stops cleanly", async () => {
    for (let n = 0; n < 30; n++) await enqueue(db(), countJob, { n });
    const stop = startWorker(() => run(7), 20, p.services.log);
    const deadline = Date.now() + 10_000;
    while (ctx.ran.length < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(ctx.ran.length).toBe(30);
  });
  it("queues a recurring job that is on once at start, and its next run under its type after each success", async () => {
    const queued = () => db().select().from(jobs).where(eq(jobs.type, "test.tick"));
    await scheduleRecurringJobs(db(), registry, ctx);
    expect(await queued()).toEqual([]);
    ctx.ticking = true;
    await scheduleRecurringJobs(db(), registry, ctx);
    await scheduleRecurringJobs(db(), registry, ctx);
    const [first, ...others] = await queued();
    expect(others).toEqual([]);
    expect(first).toMatchObject({ status: "pending", dedupeKey: "test.tick" });

    ctx.tickFails = true;
    expect(await run()).toMatchObject({ retried: 1 });
    // A failed run queues no successor: its retry still holds the key.
    expect(await queued()).toEqual([
      expect.objectContaining({ id: first!.id, status: "pending", dedupeKey: "test.tick" }),
    ]);

    ctx.tickFails = false;
    await makeDue(first!.id);
    expect(await run()).toMatchObject({ sent: 1 });
    expect(ctx.ran).toEqual([-1]);
    const after = await queued();
    expect(after.find((j) => j.id === first!.id)).toMatchObject({ status: "done", dedupeKey: null });
    const next = after.filter((j) => j.status === "pending");
    expect(next).toEqual([expect.objectContaining({ dedupeKey: "test.tick" })]);
    const inMinutes = (next[0]!.runAt.getTime() - (await dbNow()).getTime()) / 60_000;
    expect(inMinutes).toBeGreaterThan(9);
    expect(inMinutes).toBeLessThanOrEqual(10.1);

    // Once it is off, a run still queued is taken but queues nothing after it.
    ctx.ticking = false;
    await makeDue(next[0]!.id);
    expect(await run()).toMatchObject({ sent: 1 });
    expect((await queued()).filter((j) => j.status === "pending")).toEqual([]);
  });

  it("prunes done jobs after 14 days and dead ones after 90, keeping everything still to do", async () => {
    expect([KEEP_DONE_DAYS, KEEP_DEAD_DAYS]).toEqual([14, 90]);
    const daysAgo = (d: number) => sql`now() - make_interval(days => ${d})`;
    const make = async (
      label: string,
      status: "pending" | "running" | "done" | "dead",
      finishedDaysAgo: number,
      dueDaysAgo = finishedDaysAgo,
    ) => {
      const [row] = await db()
        .insert(jobs)
        .values({ type: "test.count", payload: { n: 0 }, status, dedupeKey: label })
        .returning();
      await db()
        .update(jobs)
        .set({ updatedAt: daysAgo(finishedDaysAgo), runAt: daysAgo(dueDaysAgo) })
        .where(eq(jobs.id, row!.id));
    };
    await make("done-15", "done", 15);
    await make("done-13", "done", 13);
    // Due long ago, but finished only yesterday (the worker was down): it is kept from when it finished.
    await make("done-late", "done", 1, 30);
    await make("dead-91", "dead", 91);
    await make("dead-89", "dead", 89);
    await make("pending-200", "pending", 200);
    await make("running-200", "running", 200);
    expect(await pruneJobs(db())).toEqual({ deleted: 2 });
    const left = (await db().select({ key: jobs.dedupeKey }).from(jobs)).map((j) => j.key).sort();
    expect(left).toEqual(["dead-89", "done-13", "done-late", "pending-200", "running-200"]);
    expect(await pruneJobs(db())).toEqual({ deleted: 0 });
  });

  it("prunes in batches until nothing old is left", async () => {
    await db().execute(sql`
      insert into jobs (type, payload, status, run_at, updated_at)
      select 'test.count', '{}'::jsonb, 'done', now() - interval '20 days', now() - interval '20 days' from generate_series(1, 2500)`);
    expect(await pruneJobs(db())).toEqual({ deleted: 2500 });
    expect(await db().select().from(jobs)).toEqual([]);
  });
});
