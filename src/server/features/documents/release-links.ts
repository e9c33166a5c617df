/**
 * Self-service release links ("scan to sign your release"): the producer puts one on a QR code at a casting or
 * on set; whoever opens it types their name and signs their own filled copy on the ordinary signing page.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { TEMPLATE_INFO } from "../../../common/documents.ts";
import { isUuid } from "../../../common/ids.ts";
import {
  releaseCopyInput,
  releaseLinkCreateInput,
  type ReleaseCopyDto,
  type ReleaseCopyInput,
  type ReleaseLinkCreateInput,
  type ReleaseLinkCreatedDto,
  type ReleaseLinkDto,
  type ReleaseLinkIntroDto,
  type SelfServiceTemplate,
} from "../../../common/release-links.ts";
import { DAY_MS } from "../../../common/time.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  documents,
  projects,
  releaseLinks,
  signatureSigners,
  signatureSubmissions,
  signingTokens,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { hashToken, newToken, TOKEN_PATTERN } from "../../lib/tokens.ts";
import { getSchoolSettings } from "../school/service.ts";
import { addVersion, publishDocumentsChanged, syncGreenlight } from "./changing.ts";
import { fillTemplate } from "./editing.ts";
import * as repo from "./repository.ts";
import { changeDocuments } from "./changing.ts";
import { projectAccess, type S } from "./shared.ts";
import { signingPath } from "./signature-links.ts";

export const releaseLinkPath = (token: string) => `/release/${token}`;

const DEAD_LINK = "This release link is no longer open. Ask the production for a new one.";
const UNKNOWN_LINK = "This release link is not valid. Check that you scanned or typed the whole link.";

type LinkRow = typeof releaseLinks.$inferSelect;

async function dtos(db: DbOrTx, where: ReturnType<typeof eq>): Promise<ReleaseLinkDto[]> {
  const rows = await db
    .select({
      link: releaseLinks,
      started: sql<number>`(select count(*) from documents d where d.release_link_id = release_links.id)`.mapWith(
        Number,
      ),
      signed: sql<number>`(select count(*) from documents d where d.release_link_id = release_links.id
        and exists (select 1 from signature_submissions s where s.document_id = d.id and s.status = 'completed'))`.mapWith(
        Number,
      ),
    })
    .from(releaseLinks)
    .where(where)
    .orderBy(desc(releaseLinks.createdAt));
  return rows.map(({ link, started, signed }) => ({
    id: link.id,
    template: link.template as SelfServiceTemplate,
    label: link.label,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    createdByName: link.createdByName,
    started,
    signed,
  }));
}

export async function listReleaseLinks(s: S, opts: { caller: Caller; projectId: string }): Promise<ReleaseLinkDto[]> {
  await projectAccess(s.db, opts.caller, opts.projectId);
  return dtos(s.db, eq(releaseLinks.projectId, opts.projectId));
}

/** Makes a link; its token is shown this once (with its QR code) and only its hash is kept. */
export async function createReleaseLink(
  s: S,
  opts: { caller: Caller; projectId: string; input: ReleaseLinkCreateInput },
): Promise<ReleaseLinkCreatedDto> {
  const input = releaseLinkCreateInput.parse(opts.input);
  const token = newToken();
  const id = await changeDocuments(s, opts, async (tx, { project }) => {
    const [row] = await tx
      .insert(releaseLinks)
      .values({
        projectId: project.id,
        template: input.template,
        label: input.label,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + input.days * DAY_MS),
        createdBy: opts.caller.id,
        createdByName: opts.caller.name,
      })
      .returning();
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "release_link.created",
      summary: `${opts.caller.name} opened a self-service ${TEMPLATE_INFO[input.template].label.toLowerCase()} link “${input.label}”`,
      details: { releaseLinkId: row!.id },
    });
    return row!.id;
  });
  const [link] = await dtos(s.db, eq(releaseLinks.id, id));
  const url = new URL(releaseLinkPath(token), s.config.PUBLIC_URL).toString();
  return {
    link: link!,
    url,
    qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: "M" }),
  };
}

export async function revokeReleaseLink(
  s: S,
  opts: { caller: Caller; projectId: string; linkId: string },
): Promise<ReleaseLinkDto> {
  const missing = () => new AppError("not_found", "There is no release link with this id on this project.");
  if (!isUuid(opts.linkId)) throw missing();
  await changeDocuments(s, opts, async (tx, { project }) => {
    const [row] = await tx
      .select()
      .from(releaseLinks)
      .where(and(eq(releaseLinks.id, opts.linkId), eq(releaseLinks.projectId, project.id)))
      .for("update");
    if (!row) throw missing();
    if (row.revokedAt) throw new AppError("conflict", "This link is already closed.");
    await tx.update(releaseLinks).set({ revokedAt: new Date() }).where(eq(releaseLinks.id, row.id));
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "release_link.revoked",
      summary: `${opts.caller.name} closed the self-service release link “${row.label}”`,
      details: { releaseLinkId: row.id },
    });
  });
  const [link] = await dtos(s.db, eq(releaseLinks.id, opts.linkId));
  return link!;
}

// ── The public side: no account, the token in the path is the only key ──────────────────────────────

/** An unknown token is a 404; a closed or expired one a 410 that says so, told only to whoever holds it. */
async function openLink(db: DbOrTx, token: string, lock = false): Promise<LinkRow & { projectTitle: string }> {
  if (!TOKEN_PATTERN.test(token)) throw new AppError("not_found", UNKNOWN_LINK);
  const q = db
    .select({ link: releaseLinks, projectTitle: projects.title })
    .from(releaseLinks)
    .innerJoin(projects, eq(projects.id, releaseLinks.projectId))
    .where(eq(releaseLinks.tokenHash, hashToken(token)));
  const [row] = lock ? await q.for("update", { of: [releaseLinks] }) : await q;
  if (!row) throw new AppError("not_found", UNKNOWN_LINK);
  if (row.link.revokedAt || row.link.expiresAt <= new Date()) throw new AppError("gone", DEAD_LINK);
  return { ...row.link, projectTitle: row.projectTitle };
}

export async function introReleaseLink(s: S, opts: { token: string }): Promise<ReleaseLinkIntroDto> {
  const link = await openLink(s.db, opts.token);
  const template = link.template as SelfServiceTemplate;
  const info = TEMPLATE_INFO[template];
  return {
    projectTitle: link.projectTitle,
    schoolName: (await getSchoolSettings(s.db)).schoolName,
    template,
    releaseLabel: info.label,
    label: link.label,
    detailLabel: info.detail,
  };
}

/**
 * The visitor's own copy: the template filled with their name, sent for signature to them alone, and a signing
 * token they use at once. The sealed copy lands on the project's documents like any signed release.
 */
export async function startReleaseCopy(
  s: S,
  opts: { token: string; input: ReleaseCopyInput },
): Promise<ReleaseCopyDto> {
  const input = releaseCopyInput.parse(opts.input);
  const result = await s.db.transaction(async (tx) => {
    const link = await openLink(tx, opts.token, true);
    const [project] = await tx.select().from(projects).where(eq(projects.id, link.projectId));
    const template = link.template as SelfServiceTemplate;
    const info = TEMPLATE_INFO[template];
    const filled = await fillTemplate(tx, project!, { template, party: input.name, detail: input.detail });
    const actor = { id: null, name: input.name };
    const [doc] = await tx
      .insert(documents)
      .values({
        projectId: project!.id,
        title: filled.title,
        category: info.category,
        template,
        releaseFor: filled.releaseFor,
        releaseLinkId: link.id,
        createdBy: link.createdBy,
        createdByName: input.name,
      })
      .returning();
    const version = await addVersion(s, tx, {
      projectId: project!.id,
      documentId: doc!.id,
      actor,
      fileName: filled.fileName,
      bytes: filled.bytes,
      contentType: "application/pdf",
      ext: "pdf",
      origin: "template",
    });
    const days = (await getSchoolSettings(tx)).approvalLinkDays;
    const [sub] = await tx
      .insert(signatureSubmissions)
      .values({
        documentId: doc!.id,
        versionId: version.id,
        order: "parallel",
        // The person is on the signing page already: nobody to remind.
        reminderDays: 0,
        createdBy: link.createdBy,
        createdByName: link.createdByName,
        expiresAt: new Date(Date.now() + days * DAY_MS),
      })
      .returning();
    const [signer] = await tx
      .insert(signatureSigners)
      .values({
        submissionId: sub!.id,
        position: 1,
        name: input.name,
        email: input.email,
        role: "signer",
        status: "sent",
        sentAt: new Date(),
      })
      .returning();
    const token = newToken();
    await tx.insert(signingTokens).values({
      signerId: signer!.id,
      tokenHash: hashToken(token),
      purpose: "self_service",
      expiresAt: sub!.expiresAt,
    });
    await repo.recordActivity(tx, {
      projectId: project!.id,
      actor,
      kind: "release_link.copy",
      summary: `${input.name} started their own “${info.label}” through the link “${link.label}”`,
      details: { documentId: doc!.id, submissionId: sub!.id, releaseLinkId: link.id },
    });
    await syncGreenlight(tx, project!.id);
    return { projectId: project!.id, path: signingPath(sub!.id, signer!.id, token) };
  });
  await publishDocumentsChanged(s, result.projectId);
  return { path: result.path };
}
