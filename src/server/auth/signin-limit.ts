import { randomUUID } from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Services } from "../context.ts";
import { signinFailure } from "../db/schema/index.ts";

export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many failed login attempts. Please wait a few minutes and try again.";

const normalise = (email: string) => email.trim().toLowerCase();

/** Failed sign-ins per e-mail in the window, kept in the database so every instance sees the same count. */
export async function isEmailLocked(s: Services, email: string): Promise<boolean> {
  const since = new Date(Date.now() - s.config.SIGNIN_LIMIT_WINDOW_SECONDS * 1000);
  const [row] = await s.db
    .select({ n: count() })
    .from(signinFailure)
    .where(and(eq(signinFailure.email, normalise(email)), gt(signinFailure.createdAt, since)));
  return (row?.n ?? 0) >= s.config.SIGNIN_LIMIT_PER_EMAIL;
}

export async function recordFailure(s: Services, email: string, ip: string | null) {
  await s.db.insert(signinFailure).values({ id: randomUUID(), email: normalise(email), ipAddress: ip });
  // Old rows are useless after the window; trimming here keeps the table small without a cron.
  const cutoff = new Date(Date.now() - s.config.SIGNIN_LIMIT_WINDOW_SECONDS * 1000 * 2);
  await s.db.delete(signinFailure).where(lt(signinFailure.createdAt, cutoff));
}

export async function clearFailures(s: Services, email: string) {
  await s.db.delete(signinFailure).where(eq(signinFailure.email, normalise(email)));
}
