import { and, count, eq, inArray, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { safeErrorMessage, type Logger } from "./logger.ts";

/** The attempt a handler runs in: its job's id is the key of anything the job must do only once. */
export interface JobRun {
  id: string;
  attempts: number;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType, C = unknown> {
  type: string;
  payload: S;
  maxAttempts?: number;
  /**
   * A recurring job (an empty payload) runs again this many milliseconds after each successful run. The worker
   * queues its first run at start and each next one, always under its `type` as the de-duplication key, so
   * one run at a time is queued across every instance sharing the database.
   */
  every?: number;
  /** A recurring job that is off for this context is neither queued at start nor queued again. */
  enabled?(ctx: C): boolean;
  handle(payload: z.infer<S>, ctx: C, run: JobRun): Promise<void>;
}

/** A job is a name, a zod-checked payload and a handler; the assembly (`server/jobs.ts`) is the only list of them. */
export function defineJob<S extends z.ZodType, C>(def: JobDefinition<S, C>): JobDefinition<S, C> {
  return def;
}

/** Every job type a worker knows, by type. */
export type JobRegistry<C> = ReadonlyMap<string, JobDefinition<any, C>>;

/** The registry of the given jobs; two definitions of one type are a mistake caught at start. */
export function jobRegistry<C>(defs: JobDefinition<any, C>[]): JobRegistry<C> {
  const registry = new Map<string, JobDefinition<any, C>>();
  for (const def of defs) {
    if (registry.has(def.type)) throw new Error(`two jobs are defined as ${def.type}`);
    registry.set(def.type, def);
  }
  return registry;
}

const recurs = <C>(def: JobDefinition<any, C>, ctx: C): def is JobDefinition<any, C> & { every: number } =>
  def.every !== undefined && (def.enabled?.(ctx) ?? true);

export interface EnqueueOptions {
  dedupeKey?: string;
  runAt?: Date;
}

/**
 * Queues a job; with a de-duplication key, a second job with the same key while the first is still to do is dropped.
 * Pass the transaction of the change that causes the job, so both are kept or neither is.
 */
export async function enqueue<S extends z.ZodType>(
  db: DbOrTx,
  def: JobDefinition<S, any>,
  payload: z.infer<S>,
  opts: EnqueueOptions = {},
): Promise<string | null> {
  const checked = def.payload.parse(payload);
  const rows = await db
    .insert(jobs)
    .values({
      type: def.type,
      payload: checked as object,
      maxAttempts: def.maxAttempts ?? 5,
      dedupeKey: opts.dedupeKey ?? null,
      // Left to the database's clock otherwise: every due-time comparison is made against its now().
      ...(opts.runAt ? { runAt: opts.runAt } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

export interface BatchResult {
  processed: number;
  sent: number;
  retried: number;
  failed: number;
  remaining: number;
  jobs: { id: string; type: string; outcome: "sent" | "retried" | "failed"; error?: string }[];
}

/** Seconds to wait before attempt n+1: 10 s, 20 s, 40 s … capped at an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A worker holds the jobs it claimed for this long and renews the hold every third of it while it works, so
 * a live worker keeps a slow job (a stalled mail server) and a dead one's jobs are free again soon: at most
 * this long after the crash, plus a poll.
 */
export const LEASE_SECONDS = 20;

export interface BatchOptions {
  limit?: number;
  leaseSeconds?: number;
}

type Claimed = { id: string; type: string; payload: unknown; attempts: number; max_attempts: number };

export async function processBatch<C>(
  db: Db,
  registry: JobRegistry<C>,
  ctx: C,
  log: Logger,
  { limit = 20, leaseSeconds = LEASE_SECONDS }: BatchOptions = {},
): Promise<BatchResult> {
  // A job whose worker died while running it, and that has no attempt left, would otherwise be taken forever.
  await db.execute(sql`
    update jobs set status = 'dead', locked_until = null, updated_at = now(),
      last_error = coalesce(last_error || ' / ', '') || 'the worker stopped while running it'
    where status = 'running' and locked_until < now() and attempts >= max_attempts`);

  // SKIP LOCKED lets any number of workers on the same database share the queue without taking a job twice;
  // a running job whose lock ran out (its worker died) is taken again. MATERIALIZED keeps the locking
  // select a single scan, evaluated once.
  const claimed = await db.execute<Claimed>(sql`
    with due as materialized (
      select id from jobs
      where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
      order by run_at
      limit ${limit}
      for update skip locked
    )
    update jobs set status = 'running', attempts = jobs.attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    from due where jobs.id = due.id
    returning jobs.id, jobs.type, jobs.payload, jobs.attempts, jobs.max_attempts`);

  const result: BatchResult = { processed: 0, sent: 0, retried: 0, failed: 0, remaining: 0, jobs: [] };
  // Every claimed job is held until its outcome is written, the ones still waiting their turn included.
  const held = new Map(claimed.rows.map((j) => [j.id, j.attempts]));
  const renewal = held.size
    ? setInterval(() => void renewLeases(db, held, leaseSeconds, log), (leaseSeconds * 1000) / 3)
    : undefined;
  try {
    await runClaimed(db, registry, ctx, log, claimed.rows, held, result);
  } finally {
    clearInterval(renewal);
  }
  const [left] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), lte(jobs.runAt, sql`now()`)));
  result.remaining = left?.n ?? 0;
  return result;
}

/** Extends the hold on the jobs this worker still runs; an attempt another worker has taken over is left alone. */
async function renewLeases(db: Db, held: Map<string, number>, leaseSeconds: number, log: Logger) {
  if (!held.size) return;
  const mine = sql.join(
    [...held].map(([id, attempts]) => sql`(${id}::uuid, ${attempts}::int)`),
    sql`, `,
  );
  try {
    await db.execute(sql`
      update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds})
      where status = 'running' and (id, attempts) in (${mine})`);
  } catch (err) {
    // The next renewal tries again; should the hold lapse meanwhile, another worker may take the job over.
    log.warn({ err }, "job lease renewal failed");
  }
}

async function runClaimed<C>(
  db: Db,
  registry: JobRegistry<C>,
  ctx: C,
  log: Logger,
  claimed: Claimed[],
  held: Map<string, number>,
  result: BatchResult,
) {
  for (const job of claimed) {
    result.processed++;
    // Only the worker holding this attempt may record its outcome (a slow one may have been overtaken).
    const mine = and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts));
    const def = registry.get(job.type);
    const parsed = def?.payload.safeParse(job.payload);
    try {
      if (!def) throw new PermanentJobError(`no handler for job type ${job.type}`);
      if (!parsed!.success)
        throw new PermanentJobError(`invalid payload: ${parsed!.error.issues[0]?.message ?? "unknown"}`);
      await def.handle(parsed!.data, ctx, { id: job.id, attempts: job.attempts });
      if (recurs(def, ctx)) await queueNextRun(db, def);
      held.delete(job.id);
      await db
        .update(jobs)
        .set({ status: "done", lockedUntil: null, lastError: null, updatedAt: new Date() })
        .where(mine);
      result.sent++;
      result.jobs.push({ id: job.id, type: job.type, outcome: "sent" });
    } catch (err) {
      held.delete(job.id);
      const message = safeErrorMessage(err);
      // Retrying cannot fix a job nobody can handle or whose payload is wrong: it is dead at once.
      const dead = err instanceof PermanentJobError || job.attempts >= job.max_attempts;
      await db
        .update(jobs)
        .set({
          status: dead ? "dead" : "pending",
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: sql`now() + make_interval(secs => ${backoffSeconds(job.attempts)})`,
          updatedAt: new Date(),
        })
        .where(mine);
      log.warn({ jobId: job.id, type: job.type, attempts: job.attempts, dead, err: message }, "job failed");
      if (dead) result.failed++;
      else result.retried++;
      result.jobs.push({ id: job.id, type: job.type, outcome: dead ? "failed" : "retried", error: message });
    }
  }
}

/**
 * Queues a recurring job unless one is already queued under its type, here or on another instance.
 * Returns the new job's id, or null when one was queued already.
 */
export function scheduleRecurring(db: DbOrTx, def: JobDefinition<any, any>, runAt?: Date) {
  return enqueue(db, def, {}, { dedupeKey: def.type, runAt });
}

/** Run by the worker at start: the first run of every recurring job that is on, unless one is queued already. */
export async function scheduleRecurringJobs<C>(db: DbOrTx, registry: JobRegistry<C>, ctx: C) {
  for (const def of registry.values()) if (recurs(def, ctx)) await scheduleRecurring(db, def);
}

/**
 * Run by the worker as a recurring job finishes: the running job still holds the key, so its successor could
 * not be queued beside it; it hands the key over in one step. Should this attempt still fail afterwards,
 * its retry runs without the key, which is harmless for a job that may run twice.
 */
async function queueNextRun(db: Db, def: JobDefinition<any, any> & { every: number }) {
  await db.transaction(async (tx) => {
    await tx
      .update(jobs)
      .set({ dedupeKey: null })
      .where(and(eq(jobs.dedupeKey, def.type), eq(jobs.status, "running")));
    await scheduleRecurring(tx, def, new Date(Date.now() + def.every));
  });
}

/** Done jobs are kept a while to look back on; dead ones until someone retries them, or for this long. */
export const KEEP_DONE_DAYS = 14;
export const KEEP_DEAD_DAYS = 90;
const PRUNE_BATCH = 1000;

/**
 * Deletes finished job rows past their keeping time, in batches so no single statement holds a large
 * part of the table. `run_at` never lies after `updated_at` for a finished job, so the bound on it lets
 * the due-time index find the candidates; `updated_at` (when it finished) decides.
 */
export async function pruneJobs(
  db: Db,
  keep = { doneDays: KEEP_DONE_DAYS, deadDays: KEEP_DEAD_DAYS },
): Promise<{ deleted: number }> {
  const older = (days: number) => sql`now() - make_interval(days => ${days})`;
  const finished = (status: "done" | "dead", days: number) =>
    and(eq(jobs.status, status), lte(jobs.runAt, older(days)), lte(jobs.updatedAt, older(days)));
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(or(finished("done", keep.doneDays), finished("dead", keep.deadDays)))
      .limit(PRUNE_BATCH);
    const gone = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
    deleted += gone.length;
    if (gone.length < PRUNE_BATCH) return { deleted };
  }
}

/** Deletes finished job rows past their keeping time once a day, so the table holds what is still of use. */
export const pruneJobsJob = defineJob({
  type: "jobs.prune",
  payload: z.object({}),
  every: 24 * 60 * 60 * 1000,
  handle: async (_payload, s: { db: Db; log: Logger }) => {
    const { deleted } = await pruneJobs(s.db);
    if (deleted > 0) s.log.info({ deleted }, "pruned finished jobs");
  },
});

/** A failure that no retry can cure. */
export class PermanentJobError extends Error {}

/** Drains the queue continuously in this process; returns a function that stops it after the current batch. */
export function startWorker(run: () => Promise<BatchResult>, pollMs: number, log: Logger): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    let again = false;
    try {
      const r = await run();
      again = r.processed > 0 && r.remaining > 0;
    } catch (err) {
      log.error({ err }, "job worker batch failed");
    }
    if (!stopped) timer = setTimeout(() => (current = tick()), again ? 0 : pollMs);
  };
  timer = setTimeout(() => (current = tick()), 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
