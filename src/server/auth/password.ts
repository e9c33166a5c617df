import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * Each scrypt hash (N=16384, r=16) holds 32 MB while it runs, and libuv's pool would run four at once,
 * more with a bigger pool. A burst of sign-ins therefore costs memory, not just time: the portal must stay
 * under 300 MB on a small machine. Two at a time keeps both cores busy on a two-core server while the
 * rest of the burst waits in line, costing a few milliseconds each rather than 32 MB each.
 */
export const PASSWORD_HASH_CONCURRENCY = 2;

export function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limit<T>(work: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, so `running` never dips and lets a newcomer jump the queue.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const limit = createLimiter(PASSWORD_HASH_CONCURRENCY);

/** better-auth's own scrypt hash and check, at most PASSWORD_HASH_CONCURRENCY at a time in this process. */
export const boundedPassword = {
  hash: (password: string) => limit(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => limit(() => verifyPassword(data)),
};
