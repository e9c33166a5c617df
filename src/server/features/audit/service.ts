import { count, desc } from "drizzle-orm";
import type { AuditEntryDto, Page } from "../../../common/users.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";

export interface Actor {
  /** null when nobody signed in acted: the command line (`npm run user`). */
  id: string | null;
  name: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string;
  targetLabel?: string;
  details?: Record<string, unknown>;
}

/** Written in the same transaction as the change it records, so the log never misses or invents one. */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    targetLabel: entry.targetLabel ?? null,
    details: entry.details ?? {},
  });
}

export async function listAudit(db: Db, opts: { limit: number; offset: number }): Promise<Page<AuditEntryDto>> {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(auditLog);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      actorName: r.actorName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      details: r.details as Record<string, unknown>,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
