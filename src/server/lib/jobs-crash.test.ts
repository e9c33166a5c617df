import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, jobs } from "../db/schema/index.ts";
import { queueEmail } from "../mail/queue.ts";
import { runNotificationJobs } from "../features/notifications/service.ts";
import { createThrowawayDatabase, DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";
import { startSmtpPeer, type SmtpPeer } from "../test/smtp-peer.ts";
import { startWorker } from "./jobs.ts";

const WORKER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../test/worker-process.ts");
const LEASE_SECONDS = 3;

/** Starts a worker in a process of its own and resolves once it is running. */
function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER_SCRIPT], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d) => (err += d));
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve(child));
    child.once("exit", (code) => reject(new Error(`the worker process ended (${code}): ${err}`)));
  });
}

// Two workers in two processes sharing one database: PGlite's data folder belongs to one process at a time.
describe.runIf(DB_KINDS.includes("postgres"))("a worker killed while sending mail, on postgres", () => {
  let smtp: SmtpPeer;
  let p: TestPortal;
  let child: ChildProcess | undefined;
  let drop: () => Promise<void>;
  let dbUrl: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const db = await createThrowawayDatabase();
    dbUrl = db.url;
    drop = db.drop;
    p = await startTestPortal(
      "postgres",
      { SEED: "false", SMTP_URL: smtp.url, JOB_LEASE_SECONDS: String(LEASE_SECONDS) },
      { databaseUrl: dbUrl },
    );
  }, 180_000);
  afterAll(async () => {
    child?.kill("SIGKILL");
    await p?.close();
    await drop?.();
    await smtp?.close();
  });

  it("leaves its jobs to another worker once the lease lapses, and each message arrives exactly once", async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(
        (await queueEmail(p.services, { to: `crew${n}@portal.test`, subject: `Call sheet ${n}`, text: `Day ${n}` }))!,
      );
    smtp.hold();

    child = await startWorkerProcess({
      DATABASE_URL: dbUrl,
      SMTP_URL: smtp.url,
      SEED: "false",
      JOB_WORKER: "true",
      JOB_POLL_MS: "100",
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: "silent",
      PORT: "0",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "portal-worker-")),
    });
    // The first message has reached the peer, which is not answering: the worker is in the middle of sending.
    await expect.poll(() => smtp.waiting, { timeout: 60_000, interval: 50 }).toBe(1);
    // Renewed while it works: the hold outlasts the lease the worker first took.
    const [first] = await p.services.db.select().from(jobs).where(eq(jobs.id, ids[0]!));
    expect(first).toMatchObject({ status: "running", attempts: 1 });
    await expect
      .poll(
        async () => (await p.services.db.select().from(jobs).where(eq(jobs.id, ids[0]!)))[0]!.lockedUntil!.getTime(),
        { timeout: 30_000, interval: 200 },
      )
      .toBeGreaterThan(first!.lockedUntil!.getTime());

    child.kill("SIGKILL");
    // The peer must see the dead worker's connection close before it answers: otherwise it would accept a
    // message nobody is left to hear accepted.
    await expect.poll(() => smtp.connections, { timeout: 30_000, interval: 50 }).toBe(0);
    smtp.release();

    const stop = startWorker(() => runNotificationJobs(p.services), 100, p.services.log);
    try {
      // within the lease plus a few polls, not the old five minutes
      await expect.poll(() => smtp.messages.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(3);
      await expect
        .poll(
          async () =>
            (await p.services.db.select().from(jobs).where(inArray(jobs.id, ids))).every((j) => j.status === "done"),
          { timeout: 30_000 },
        )
        .toBe(true);
    } finally {
      await stop();
    }

    const perKey = new Map<string, number>();
    for (const m of smtp.messages)
      perKey.set(m.headers["message-id"]!, (perKey.get(m.headers["message-id"]!) ?? 0) + 1);
    expect([...perKey.values()]).toEqual([1, 1, 1]);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(["Call sheet 1", "Call sheet 2", "Call sheet 3"]);
    const copies = await p.services.db.select({ jobId: emails.jobId }).from(emails).where(inArray(emails.jobId, ids));
    expect(copies.map((c) => c.jobId).sort()).toEqual([...ids].sort());
    // the first job was taken over: its second attempt sent it
    expect((await p.services.db.select().from(jobs).where(eq(jobs.id, ids[0]!)))[0]).toMatchObject({
      status: "done",
      attempts: 2,
    });
  });
});
