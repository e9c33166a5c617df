import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { DocumentListQuery } from "../../../common/documents.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  documents,
  documentVersions,
  projects,
  signatureSigners,
  signatureSubmissions,
} from "../../db/schema/index.ts";

export type DocumentRow = typeof documents.$inferSelect;
export type VersionRow = typeof documentVersions.$inferSelect;
export type SubmissionRow = typeof signatureSubmissions.$inferSelect;
export type SignerRow = typeof signatureSigners.$inferSelect;

export async function selectDocumentPage(db: DbOrTx, projectId: string, q: DocumentListQuery) {
  const where: SQL | undefined = and(
    eq(documents.projectId, projectId),
    q.deleted ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt),
    q.category ? eq(documents.category, q.category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The versions, requests and signers of the given documents, in the order they are shown. */
export async function selectDetails(db: DbOrTx, documentIds: string[]) {
  if (documentIds.length === 0) return { versions: [], submissions: [], signers: [] };
  const [versions, submissions] = await Promise.all([
    db
      .select()
      .from(documentVersions)
      .where(inArray(documentVersions.documentId, documentIds))
      .orderBy(desc(documentVersions.number)),
    db
      .select()
      .from(signatureSubmissions)
      .where(inArray(signatureSubmissions.documentId, documentIds))
      .orderBy(desc(signatureSubmissions.createdAt)),
  ]);
  const signers = submissions.length
    ? await db
        .select()
        .from(signatureSigners)
        .where(
          inArray(
            signatureSigners.submissionId,
            submissions.map((s) => s.id),
          ),
        )
        .orderBy(asc(signatureSigners.position))
    : [];
  return { versions, submissions, signers };
}

export async function selectDocument(db: DbOrTx, projectId: string, documentId: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.projectId, projectId)));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row ?? null;
}

export async function selectLatestVersion(db: DbOrTx, documentId: string) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.number))
    .limit(1);
  return row ?? null;
}

/** Documents write to the project's own activity log, with the project's one writer of it. */
export { recordActivity } from "../projects/index.ts";

/** A signature request with its document and project, locked for the change (until the transaction ends). */
export async function lockSubmission(tx: DbOrTx, submissionId: string) {
  const [row] = await tx
    .select({
      submission: signatureSubmissions,
      document: documents,
      project: { id: projects.id, title: projects.title },
    })
    .from(signatureSubmissions)
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(eq(signatureSubmissions.id, submissionId))
    .for("update", { of: signatureSubmissions });
  return row ?? null;
}
