import { isUuid } from "../../../common/ids.ts";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import {
  DOCUMENT_CATEGORY_LABELS,
  TEMPLATE_INFO,
  documentUpdateInput,
  templateInput,
  type DocumentCategory,
  type DocumentDto,
  type DocumentListQuery,
  type DocumentPage,
  type DocumentUpdateInput,
  type SignerStatus,
  type SubmissionDto,
  type SubmissionStatus,
  type TemplateInput,
} from "../../../common/documents.ts";
import type { Caller } from "../../auth/caller.ts";
import { projectFor, type ProjectAccess } from "../projects/access.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  documents,
  documentVersions,
  profiles,
  projectGreenlight,
  projectMembers,
  signatureSubmissions,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { checkUpload, storageFor } from "../../lib/storage.ts";
import { feedGreenlight, getGreenlightItems } from "../projects/greenlight.ts";
import { getSchoolSettings } from "../school/service.ts";
import { renderTemplate, sha256 } from "./pdf.ts";
import { releasesState } from "./releases.ts";
import * as repo from "./repository.ts";
import { keys } from "../../../common/query-keys.ts";

export type S = Pick<Services, "db" | "events" | "config">;

const noDocument = () => new AppError("not_found", "There is no document with this id on this project.");

// ── Who may do what ──────────────────────────────────────────────────────────────────────────────
// Releases and deal memos carry outside people's addresses and fees, so unlike the project page they
// are read only by the crew, staff and admins; the same people change them.

// Releases, signers and their e-mail are the contacts of people outside the school: the project's `edit` need
// is the contacts rule's audience (`projects/contacts.ts`).
export const projectAccess = (db: DbOrTx, caller: Caller, projectId: string) =>
  projectFor(db, caller, projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can see its documents.",
  });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

const iso = (d: Date | null) => d?.toISOString() ?? null;

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

// ── Changing ─────────────────────────────────────────────────────────────────────────────────────

export async function publishDocumentsChanged(s: Pick<S, "events">, projectId: string) {
  await s.events.publish({
    type: "documents.changed",
    invalidate: [keys.documents(projectId), keys.project(projectId), keys.projects(), keys.adminDashboard()],
    data: { projectId },
  });
}

/**
 * The one path of every change to a project's documents: the caller's right is checked, the work runs
 * in one transaction, the greenlight items the documents feed are brought up to date, and open tabs refetch.
 */
export async function changeDocuments<T>(
  s: S,
  opts: { caller: Caller; projectId: string },
  work: (tx: Tx, access: ProjectAccess) => Promise<T>,
): Promise<T> {
  const result = await s.db.transaction(async (tx) => {
    const access = await projectAccess(tx, opts.caller, opts.projectId);
    const out = await work(tx, access);
    await syncGreenlight(tx, opts.projectId);
    return out;
  });
  await publishDocumentsChanged(s, opts.projectId);
  return result;
}

/**
 * Ticks "risk assessment uploaded" while the project keeps one, and "releases signed" while every scheduled
 * location and every cast member has a signed release (releases.ts), with a note naming what is missing.
 * Only a change is written, so the time an item was ticked stays the time it became true.
 */
export async function syncGreenlight(tx: DbOrTx, projectId: string) {
  const [state] = await tx
    .execute<{ risk: boolean }>(
      sql`
    select exists (select 1 from documents d where d.project_id = ${projectId} and d.deleted_at is null and d.category = 'risk_assessment') as risk
  `,
    )
    .then((r) => r.rows);
  const releases = await releasesState(tx, projectId);
  const want = {
    documents: { done: !!state?.risk, note: null },
    releases: { done: releases.done, note: releases.note },
  };
  const items = await getGreenlightItems(tx);
  const ticks = await tx.select().from(projectGreenlight).where(eq(projectGreenlight.projectId, projectId));
  for (const source of ["documents", "releases"] as const) {
    const keys = items.filter((i) => i.source === source).map((i) => i.key);
    const differs = keys.some((k) => {
      const tick = ticks.find((t) => t.itemKey === k);
      return !!tick?.done !== want[source].done || (tick?.note ?? null) !== want[source].note;
    });
    if (differs)
      await feedGreenlight(tx, { projectId, source, done: want[source].done, note: want[source].note ?? undefined });
  }
}

const baseName = (fileName: string) =>
  path
    .basename(fileName)
    .replace(/\.[^.]+$/, "")
    .trim() || fileName;
const safeFileName = (fileName: string, ext: string) => {
  const base =
    path
      .basename(fileName)
      .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
      .slice(0, 120)
      .trim() || "file";
  return path.extname(base).toLowerCase() === `.${ext}` ? base : `${base.replace(/\.[^.]*$/, "")}.${ext}`;
};

/** Stores the bytes, then records the version; the key is new, so a failure leaves no row pointing at nothing. */
export async function addVersion(
  s: Pick<S, "config">,
  tx: DbOrTx,
  opts: {
    projectId: string;
    documentId: string;
    actor: { id: string | null; name: string };
    fileName: string;
    bytes: Uint8Array;
    contentType: string;
    ext: string;
    origin: "upload" | "template" | "sealed";
  },
) {
  const id = randomUUID();
  const storageKey = `documents/${opts.projectId}/${opts.documentId}/${id}.${opts.ext}`;
  await storageFor(s.config).put(storageKey, opts.bytes);
  const [latest] = await tx
    .select({ n: sql<number>`coalesce(max(${documentVersions.number}), 0)`.mapWith(Number) })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, opts.documentId));
  const [row] = await tx
    .insert(documentVersions)
    .values({
      id,
      documentId: opts.documentId,
      number: (latest?.n ?? 0) + 1,
      fileName: safeFileName(opts.fileName, opts.ext),
      contentType: opts.contentType,
      size: opts.bytes.byteLength,
      sha256: sha256(opts.bytes),
      storageKey,
      origin: opts.origin,
      uploadedBy: opts.actor.id,
      uploadedByName: opts.actor.name,
    })
    .returning();
  await tx.update(documents).set({ updatedAt: new Date() }).where(eq(documents.id, opts.documentId));
  return row!;
}

/** A new document from an upload, or (with documentId) a new version of one. */
export async function uploadDocument(
  s: S,
  opts: {
    caller: Caller;
    projectId: string;
    documentId?: string;
    fileName: string;
    title?: string;
    category?: DocumentCategory;
    bytes: Uint8Array;
  },
): Promise<DocumentDto> {
  const type = checkUpload(s.config, opts.bytes, opts.fileName);
  const id = await changeDocuments(s, opts, async (tx, { project }) => {
    let doc: repo.DocumentRow;
    if (opts.documentId) {
      if (!isUuid(opts.documentId)) throw noDocument();
      const found = await repo.selectDocument(tx, project.id, opts.documentId, { lock: true });
      if (!found) throw noDocument();
      if (found.deletedAt)
        throw new AppError("conflict", "This document is deleted. Restore it before adding a version.");
      doc = found;
    } else {
      const [created] = await tx
        .insert(documents)
        .values({
          projectId: project.id,
          title: opts.title ?? baseName(opts.fileName),
          category: opts.category ?? "delivery",
          createdBy: opts.caller.id,
          createdByName: opts.caller.name,
        })
        .returning();
      doc = created!;
    }
    const version = await addVersion(s, tx, {
      projectId: project.id,
      documentId: doc.id,
      actor: opts.caller,
      fileName: opts.fileName,
      bytes: opts.bytes,
      contentType: type.mime,
      ext: type.ext,
      origin: "upload",
    });
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: opts.documentId ? "document.version" : "document.added",
      summary: opts.documentId
        ? `${opts.caller.name} uploaded version ${version.number} of “${doc.title}”`
        : `${opts.caller.name} uploaded “${doc.title}” to ${DOCUMENT_CATEGORY_LABELS[doc.category].toLowerCase()}`,
      details: { documentId: doc.id, versionId: version.id },
    });
    return doc.id;
  });
  return getDocument(s, { caller: opts.caller, projectId: opts.projectId, documentId: id });
}

export async function createFromTemplate(
  s: S,
  opts: { caller: Caller; projectId: string; input: TemplateInput },
): Promise<DocumentDto> {
  const input = templateInput.parse(opts.input);
  const info = TEMPLATE_INFO[input.template];
  const id = await changeDocuments(s, opts, async (tx, { project }) => {
    const [settings, crew, supervisor] = await Promise.all([
      getSchoolSettings(tx),
      tx
        .select({ name: profiles.fullName, roles: projectMembers.roles, isLead: projectMembers.isLead })
        .from(projectMembers)
        .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
        .where(eq(projectMembers.projectId, project.id)),
      project.supervisorId
        ? tx.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, project.supervisorId))
        : Promise.resolve([]),
    ]);
    const withRole = (role: string) => crew.filter((m) => m.roles.includes(role)).map((m) => m.name);
    const producers = withRole("producer");
    const bytes = await renderTemplate(input.template, {
      schoolName: settings.schoolName,
      projectTitle: project.title,
      producers: producers.length ? producers : crew.filter((m) => m.isLead).map((m) => m.name),
      directors: withRole("director"),
      supervisor: supervisor[0]?.name ?? null,
      shootStart: project.shootStart,
      shootEnd: project.shootEnd,
      locations: project.locations,
      party: input.party,
      detail: input.detail,
      date: new Date().toISOString().slice(0, 10),
    });
    const title = input.party ? `${info.label} — ${input.party}` : info.label;
    // What the release is for, as releases.ts matches it: the chosen scheduled location, the performer, the minor.
    const releaseFor =
      input.template === "location_release"
        ? input.releaseFor || null
        : input.template === "talent_release"
          ? input.party || null
          : input.template === "minor_consent"
            ? input.detail || null
            : null;
    const [doc] = await tx
      .insert(documents)
      .values({
        projectId: project.id,
        title,
        category: info.category,
        template: input.template,
        releaseFor,
        createdBy: opts.caller.id,
        createdByName: opts.caller.name,
      })
      .returning();
    const fileName = `${info.label} ${input.party}`.trim();
    await addVersion(s, tx, {
      projectId: project.id,
      documentId: doc!.id,
      actor: opts.caller,
      fileName,
      bytes,
      contentType: "application/pdf",
      ext: "pdf",
      origin: "template",
    });
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "document.added",
      summary: `${opts.caller.name} made “${title}” from the ${info.label.toLowerCase()} template`,
      details: { documentId: doc!.id },
    });
    return doc!.id;
  });
  return getDocument(s, { caller: opts.caller, projectId: opts.projectId, documentId: id });
}

export async function updateDocument(
  s: S,
  opts: { caller: Caller; projectId: string; documentId: string; input: DocumentUpdateInput },
): Promise<DocumentDto> {
  const input = documentUpdateInput.parse(opts.input);
  await changeDocuments(s, opts, async (tx, { project }) => {
    const doc = isUuid(opts.documentId)
      ? await repo.selectDocument(tx, project.id, opts.documentId, { lock: true })
      : null;
    if (!doc) throw noDocument();
    await tx
      .update(documents)
      .set({ title: input.title ?? doc.title, category: input.category ?? doc.category, updatedAt: new Date() })
      .where(eq(documents.id, doc.id));
    const parts = [
      input.title && input.title !== doc.title ? `renamed “${doc.title}” to “${input.title}”` : null,
      input.category && input.category !== doc.category
        ? `filed “${input.title ?? doc.title}” under ${DOCUMENT_CATEGORY_LABELS[input.category].toLowerCase()}`
        : null,
    ].filter(Boolean);
    if (parts.length)
      await repo.recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: "document.changed",
        summary: `${opts.caller.name} ${parts.join(" and ")}`,
        details: { documentId: doc.id },
      });
  });
  return getDocument(s, opts);
}

/**
 * Deleting keeps the files and the history, so it can be undone; requests still out for signature are
 * voided, because nobody should sign a document the production withdrew.
 */
export async function setDeleted(
  s: S,
  opts: { caller: Caller; projectId: string; documentId: string; deleted: boolean },
): Promise<{ document: DocumentDto; voided: string[] }> {
  const voided = await changeDocuments(s, opts, async (tx, { project }) => {
    const doc = isUuid(opts.documentId)
      ? await repo.selectDocument(tx, project.id, opts.documentId, { lock: true })
      : null;
    if (!doc) throw noDocument();
    if (!!doc.deletedAt === opts.deleted)
      throw new AppError(
        "conflict",
        opts.deleted ? "This document is already deleted." : "This document is not deleted.",
      );
    await tx
      .update(documents)
      .set(
        opts.deleted
          ? { deletedAt: new Date(), deletedByName: opts.caller.name, updatedAt: new Date() }
          : { deletedAt: null, deletedByName: null, updatedAt: new Date() },
      )
      .where(eq(documents.id, doc.id));
    const open = opts.deleted
      ? await tx
          .update(signatureSubmissions)
          .set({ status: "voided", voidedAt: new Date(), voidReason: "the document was deleted" })
          .where(and(eq(signatureSubmissions.documentId, doc.id), eq(signatureSubmissions.status, "pending")))
          .returning({ id: signatureSubmissions.id })
      : [];
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: opts.deleted ? "document.deleted" : "document.restored",
      summary: `${opts.caller.name} ${opts.deleted ? "deleted" : "restored"} “${doc.title}”${open.length ? ` and voided its ${open.length === 1 ? "signature request" : "signature requests"}` : ""}`,
      details: { documentId: doc.id },
    });
    return open.map((o) => o.id);
  });
  return { document: await getDocument(s, opts), voided };
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
