/** What every change to a project's documents goes through: the lock, the event, the greenlight, a new version. */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { ProjectAccess } from "../projects/access.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { documents, documentVersions } from "../../db/schema/index.ts";
import { storageFor } from "../../lib/storage.ts";
import { feedGreenlight } from "../projects/greenlight.ts";
import { sha256 } from "./pdf.ts";
import { releasesState } from "./releases.ts";
import { keys } from "../../../common/query-keys.ts";
import { projectAccess, type S } from "./shared.ts";

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
  await feedGreenlight(tx, { projectId, source: "documents", done: !!state?.risk });
  await feedGreenlight(tx, { projectId, source: "releases", done: releases.done, note: releases.note ?? undefined });
}

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
