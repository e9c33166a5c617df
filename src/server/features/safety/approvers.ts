/** Who is told that a requirement awaits a decision: the reminders and the notice of an attached document agree. */
import { and, eq, inArray } from "drizzle-orm";
import { rolesThatCan } from "../../../common/roles.ts";
import type { DbOrTx } from "../../db/client.ts";
import { profiles, safetyRequirements } from "../../db/schema/index.ts";

/**
 * Who decides: the named approver; for "staff" the project's supervisor (the school's staff at large would all be
 * told of every production), else the administrators; for "admin" the administrators.
 */
export async function approversOf(
  tx: DbOrTx,
  r: Pick<typeof safetyRequirements.$inferSelect, "approverUserId" | "approverRole">,
  supervisorId: string | null,
) {
  if (r.approverUserId) return [r.approverUserId];
  if (r.approverRole === "staff" && supervisorId) return [supervisorId];
  const admins = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(inArray(profiles.role, rolesThatCan("school.admin")), eq(profiles.active, true)));
  return admins.map((a) => a.id);
}
