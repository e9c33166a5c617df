/** What the daily reports' topics share: the services they take, who may read, write and sign a report. */
import { and, eq, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { projectMembers } from "../../db/schema/index.ts";
import { projectFor } from "../projects/access.ts";

export type S = Pick<Services, "db" | "events" | "config">;

/**
 * A report names who was hurt and how, so, like the project's documents, only the crew, staff and admins read it;
 * the same people write it (`projects/access.ts`, the `edit` need).
 */
export const reportAccess = (db: DbOrTx, caller: Caller, projectId: string, lock = false) =>
  projectFor(db, caller, projectId, {
    need: "edit",
    lock,
    denied: "Only the project's crew, staff and admins can see and write its daily production reports.",
  });

/** The producer signs the day's report: a member of the crew holding the producer's role. */
export async function isProducer(db: DbOrTx, projectId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, userId),
        sql`${projectMembers.roles} @> '["producer"]'::jsonb`,
      ),
    );
  return !!row;
}
