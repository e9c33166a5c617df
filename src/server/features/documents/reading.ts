/** Documents as the crew reads them: the list, one document, a version's checked bytes. */
import { isUuid } from "../../../common/ids.ts";
import { and, eq } from "drizzle-orm";
import {
  type DocumentDto,
  type DocumentListQuery,
  type DocumentPage,
  type SignerStatus,
  type SubmissionDto,
  type SubmissionStatus,
} from "../../../common/documents.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { documents, documentVersions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { storageFor } from "../../lib/storage.ts";
import { sha256 } from "./pdf.ts";
import * as repo from "./repository.ts";
import { iso, noDocument, projectAccess, type S } from "./shared.ts";

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

/** A pending request past its expiry reads as expired before the scan has marked it. */
export function effectiveStatus(
  s: Pick<repo.SubmissionRow, "status" | "expiresAt">,
  now = new Date(),
): SubmissionStatus {
  return s.status === "pending" && s.expiresAt <= now ? "expired" : s.status;
}

export const versionUrl = (projectId: string, documentId: string, versionId: string) =>
  `/storage/v1/object/documents/${projectId}/${documentId}/${versionId}`;

export function toSubmissionDto(sub: repo.SubmissionRow, signers: repo.SignerRow[]): SubmissionDto {
  return {
    id: sub.id,
    documentId: sub.documentId,
    status: effectiveStatus(sub),
    order: sub.order,
    message: sub.message,
    reminderDays: sub.reminderDays,
    createdByName: sub.createdByName,
    createdAt: sub.createdAt.toISOString(),
    expiresAt: sub.expiresAt.toISOString(),
    completedAt: iso(sub.completedAt),
    voidedAt: iso(sub.voidedAt),
    voidReason: sub.voidReason,
    signers: signers.map((x) => ({
      id: x.id,
      name: x.name,
      email: x.email,
      role: x.role,
      position: x.position,
      status: x.status as SignerStatus,
      sentAt: iso(x.sentAt),
      viewedAt: iso(x.viewedAt),
      signedAt: iso(x.signedAt),
      declinedAt: iso(x.declinedAt),
      declineReason: x.declineReason,
      lastRemindedAt: iso(x.lastRemindedAt),
    })),
  };
}

async function toDtos(db: DbOrTx, rows: repo.DocumentRow[]): Promise<DocumentDto[]> {
  const details = await repo.selectDetails(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((d) => ({
    id: d.id,
    projectId: d.projectId,
    title: d.title,
    category: d.category,
    createdByName: d.createdByName,
    createdAt: d.createdAt.toISOString(),
    deletedAt: iso(d.deletedAt),
    deletedByName: d.deletedByName,
    versions: details.versions
      .filter((v) => v.documentId === d.id)
      .map((v) => ({
        id: v.id,
        number: v.number,
        fileName: v.fileName,
        contentType: v.contentType,
        size: v.size,
        sha256: v.sha256,
        origin: v.origin,
        uploadedByName: v.uploadedByName,
        createdAt: v.createdAt.toISOString(),
        url: versionUrl(d.projectId, d.id, v.id),
      })),
    submissions: details.submissions
      .filter((s) => s.documentId === d.id)
      .map((s) =>
        toSubmissionDto(
          s,
          details.signers.filter((x) => x.submissionId === s.id),
        ),
      ),
  }));
}

export async function listDocuments(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string; query: DocumentListQuery },
): Promise<DocumentPage> {
  const access = await projectAccess(s.db, opts.caller, opts.projectId);
  const page = await repo.selectDocumentPage(s.db, opts.projectId, opts.query);
  return { total: page.total, items: await toDtos(s.db, page.rows), canEdit: access.canEdit };
}

export async function getDocument(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string; documentId: string },
): Promise<DocumentDto> {
  await projectAccess(s.db, opts.caller, opts.projectId);
  if (!isUuid(opts.documentId)) throw noDocument();
  const row = await repo.selectDocument(s.db, opts.projectId, opts.documentId);
  if (!row) throw noDocument();
  return (await toDtos(s.db, [row]))[0]!;
}

/**
 * A version's bytes, checked against the SHA-256 taken at upload: a file changed behind the portal's
 * back is refused rather than served as the original.
 */
export async function readVersion(
  s: Pick<S, "db" | "config">,
  opts: { caller: Caller; projectId: string; documentId: string; versionId: string },
) {
  await projectAccess(s.db, opts.caller, opts.projectId);
  const missing = () => new AppError("not_found", "There is no such file.");
  if (!isUuid(opts.documentId) || !isUuid(opts.versionId)) throw missing();
  const [row] = await s.db
    .select({ version: documentVersions })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(
      and(
        eq(documentVersions.id, opts.versionId),
        eq(documents.id, opts.documentId),
        eq(documents.projectId, opts.projectId),
      ),
    );
  if (!row) throw missing();
  return { version: row.version, bytes: await readChecked(s, row.version) };
}

export async function readChecked(
  s: Pick<S, "config">,
  version: Pick<repo.VersionRow, "storageKey" | "sha256">,
): Promise<Uint8Array> {
  const bytes = await storageFor(s.config).get(version.storageKey);
  if (!bytes) throw new AppError("not_found", "The file of this version is missing from storage.");
  if (sha256(bytes) !== version.sha256) {
    throw new AppError(
      "conflict",
      "This file no longer matches the SHA-256 recorded when it was stored: it was changed outside the portal, so it is not served.",
    );
  }
  return bytes;
}
