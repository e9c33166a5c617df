import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * Each scrypt hash (N=16384, r=16) holds 32 MB while it runs, and libuv's pool would run four at once,
 * more with a bigger pool. A burst of sign-ins therefore costs memory, not just time: the portal must stay
 * under 300 MB on a small machine (issue 2). One at a time measured 30 MB less at the peak than two, for
 * half the sign-in throughput (about 6 a second on two cores); a school's sign-ins come far slower than that,
 * and the rest of a burst waits in line for a fraction of a second each rather than costing 32 MB each.
 */
export const PASSWORD_HASH_CONCURRENCY = 1;

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
