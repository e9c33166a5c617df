import { randomBytes, timingSafeEqual } from "node:crypto";
import { Worker } from "node:worker_threads";
import { createLimiter } from "../lib/admission.ts";

/**
 * Each scrypt hash (N=16384, r=16) holds 32 MB while it runs, and libuv's pool would run four at once,
 * more with a bigger pool. A burst of sign-ins therefore costs memory, not just time: the portal must stay
 * under 300 MB on a small machine (issue 2). One at a time measured 30 MB less at the peak than two, for
 * half the sign-in throughput (about 6 a second on two cores); a school's sign-ins come far slower than that,
 * and the rest of a burst waits in line for a fraction of a second each rather than costing 32 MB each.
 */
export const PASSWORD_HASH_CONCURRENCY = 1;

const limit = createLimiter(PASSWORD_HASH_CONCURRENCY);

/**
 * better-auth's scrypt (N=16384, r=16, p=1, 64 bytes, the salt's hex text as salt, NFKC password), computed on
 * one thread of its own. On libuv's pool each hash could land on any of its four threads, and glibc keeps a
 * freed 32 MB buffer in the arena of the thread that used it: up to four such buffers stayed resident, so the
 * peak under a burst of sign-ins moved between 260 and 380 MB from run to run. One thread holds at most one.
 */
const HASHER = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
parentPort.on("message", ({ id, password, salt }) => {
  try {
    const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
    parentPort.postMessage({ id, key: key.toString("hex") });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});`;

let hasher: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve(key: string): void; reject(err: Error): void }>();

/**
 * The thread is a Node instance of its own (about 10 MB resident): it ends this long after its last hash, and the
 * next sign-in starts another in a few milliseconds. A school signs in mostly in the morning.
 */
export const HASHER_KEPT_IDLE_MS = 30_000;
const idle = setTimeout(() => {
  const worker = hasher;
  if (!worker || pending.size > 0) return;
  hasher = null;
  void worker.terminate();
}, HASHER_KEPT_IDLE_MS).unref();
/** Whether the hashing thread is running now. */
export const hasherRunning = () => hasher !== null;

function scryptKey(password: string, salt: string): Promise<string> {
  if (!hasher) {
    const worker = new Worker(HASHER, { eval: true });
    // Waiting for a hash must not keep the process alive on its own, nor a stopped portal's tests.
    worker.unref();
    worker.on("message", ({ id, key, error }: { id: number; key?: string; error?: string }) => {
      const p = pending.get(id);
      pending.delete(id);
      if (key !== undefined) p?.resolve(key);
      else p?.reject(new Error(error ?? "password hashing failed"));
      if (pending.size === 0) idle.refresh();
    });
    // A thread that failed or ended fails the hashes it held; the next hash starts a new one.
    const lost = (err: Error) => {
      if (hasher !== worker) return;
      hasher = null;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the password hashing thread ended (code ${code})`)));
    hasher = worker;
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    hasher!.postMessage({ id, password, salt });
  });
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${await scryptKey(password, salt)}`;
}

async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) throw new Error("Invalid password hash");
  const made = Buffer.from(await scryptKey(password, salt), "hex");
  const kept = Buffer.from(key, "hex");
  return made.length === kept.length && timingSafeEqual(made, kept);
}

/** better-auth's scrypt hash and check, at most PASSWORD_HASH_CONCURRENCY at a time in this process. */
export const boundedPassword = {
  hash: (password: string) => limit(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => limit(() => verifyPassword(data)),
};
