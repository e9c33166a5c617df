import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { storedResetIdentifier } from "../../auth/verification.ts";
import { verification } from "../../db/schema/index.ts";

// better-auth (1.7) keeps a reset token as a `verification` row named by the hash of `reset-password:<token>`
// (see auth/verification.ts) and deletes it when the token is used.

/** Whether a password-reset link can still be used, so the page can say so before the user types a password. */
export async function resetTokenStatus(db: Db, token: string): Promise<{ valid: boolean }> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, storedResetIdentifier(token)), gt(verification.expiresAt, new Date())))
    .limit(1);
  return { valid: Boolean(row) };
}
