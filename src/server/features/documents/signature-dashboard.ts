/** The staff dashboard of requests still out for signature. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { documents, projects, signatureSigners, signatureSubmissions } from "../../db/schema/index.ts";

// ── The admin dashboard ──────────────────────────────────────────────────────────────────────────

export interface PendingSignature {
  submissionId: string;
  projectId: string;
  projectTitle: string;
  documentTitle: string;
  waitingFor: string[];
  sentAt: string;
  expiresAt: string;
}

/** Requests still out for signature, oldest first, for staff. */
export async function pendingSignatures(
  db: DbOrTx,
  caller: Caller,
  limit = 10,
): Promise<{ total: number; items: PendingSignature[] }> {
  if (!isStaff(caller.role)) return { total: 0, items: [] };
  const open = and(
    eq(signatureSubmissions.status, "pending"),
    sql`${signatureSubmissions.expiresAt} > now()`,
    isNull(documents.deletedAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        submission: signatureSubmissions,
        documentTitle: documents.title,
        projectId: projects.id,
        projectTitle: projects.title,
      })
      .from(signatureSubmissions)
      .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
      .innerJoin(projects, eq(projects.id, documents.projectId))
      .where(open)
      .orderBy(asc(signatureSubmissions.createdAt))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(signatureSubmissions)
      .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
      .where(open),
  ]);
  const signers = rows.length
    ? await db
        .select()
        .from(signatureSigners)
        .where(
          inArray(
            signatureSigners.submissionId,
            rows.map((r) => r.submission.id),
          ),
        )
        .orderBy(asc(signatureSigners.position))
    : [];
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      submissionId: r.submission.id,
      projectId: r.projectId,
      projectTitle: r.projectTitle,
      documentTitle: r.documentTitle,
      waitingFor: signers
        .filter((x) => x.submissionId === r.submission.id && x.role !== "copy" && x.status !== "signed")
        .map((x) => x.name),
      sentAt: r.submission.createdAt.toISOString(),
      expiresAt: r.submission.expiresAt.toISOString(),
    })),
  };
}
