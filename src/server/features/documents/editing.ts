/** The crew's changes to a document: upload, fill in a template, rename or recategorise, delete. */
import { isUuid } from "../../../common/ids.ts";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import {
  DOCUMENT_CATEGORY_LABELS,
  TEMPLATE_INFO,
  documentUpdateInput,
  templateInput,
  type DocumentCategory,
  type DocumentDto,
  type DocumentUpdateInput,
  type TemplateInput,
} from "../../../common/documents.ts";
import type { Caller } from "../../auth/caller.ts";
import { documents, profiles, projectMembers, projects, signatureSubmissions } from "../../db/schema/index.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { checkUpload } from "../../lib/storage.ts";
import { getSchoolSettings } from "../school/service.ts";
import { renderTemplate } from "./pdf.ts";
import * as repo from "./repository.ts";
import { noDocument, type S } from "./shared.ts";
import { getDocument } from "./reading.ts";
import { addVersion, changeDocuments } from "./changing.ts";

const baseName = (fileName: string) =>
  path
    .basename(fileName)
    .replace(/\.[^.]+$/, "")
    .trim() || fileName;
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
    const { bytes, title, releaseFor, fileName } = await fillTemplate(tx, project, input);
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

type TemplateProject = Pick<
  typeof projects.$inferSelect,
  "id" | "title" | "supervisorId" | "shootStart" | "shootEnd" | "locations"
>;

/** A template filled in for a project: the crew, dates and places it names come from the project itself. */
export async function fillTemplate(tx: DbOrTx, project: TemplateProject, input: TemplateInput) {
  const parsed = templateInput.parse(input);
  const info = TEMPLATE_INFO[parsed.template];
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
  const bytes = await renderTemplate(parsed.template, {
    schoolName: settings.schoolName,
    projectTitle: project.title,
    producers: producers.length ? producers : crew.filter((m) => m.isLead).map((m) => m.name),
    directors: withRole("director"),
    supervisor: supervisor[0]?.name ?? null,
    shootStart: project.shootStart,
    shootEnd: project.shootEnd,
    locations: project.locations,
    party: parsed.party,
    detail: parsed.detail,
    date: new Date().toISOString().slice(0, 10),
  });
  const title = parsed.party ? `${info.label} — ${parsed.party}` : info.label;
  // What the release is for, as releases.ts matches it: the chosen scheduled location, the performer, the minor.
  const releaseFor =
    parsed.template === "location_release"
      ? parsed.releaseFor || null
      : parsed.template === "talent_release"
        ? parsed.party || null
        : parsed.template === "minor_consent"
          ? parsed.detail || null
          : null;
  const fileName = `${info.label} ${parsed.party}`.trim();
  return { bytes, title, releaseFor, fileName };
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
