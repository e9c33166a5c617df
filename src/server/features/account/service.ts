import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { verification } from "../../db/schema/index.ts";

/**
 * better-auth (1.7) keeps a reset token as a `verification` row named `reset-password:<token>` (stored plain,
 * as no `verification.storeIdentifier` is configured) and deletes it when the token is used.
 */
const resetIdentifier = (token: string) => `reset-password:${token}`;

/** Whether a password-reset link can still be used, so the page can say so before the user types a password. */
export async function resetTokenStatus(db: Db, token: string): Promise<{ valid: boolean }> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, resetIdentifier(token)), gt(verification.expiresAt, new Date())))
    .limit(1);
  return { valid: Boolean(row) };
}
