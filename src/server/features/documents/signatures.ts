import { isUuid } from "../../../common/ids.ts";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { DAY_MS } from "../../../common/time.ts";
import {
  declineInput,
  signInput,
  submissionCreateInput,
  voidInput,
  type DeadLinkReason,
  type DocumentDto,
  type SignInput,
  type SigningLinkDto,
  type SigningViewDto,
  type SubmissionCreateInput,
} from "../../../common/documents.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  documents,
  documentVersions,
  projects,
  signatureSigners,
  signatureSubmissions,
  signingTokens,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import {
  signatureCompletedMail,
  signatureDeclinedMail,
  signatureRequestMail,
  signatureStoppedMail,
} from "../../mail/signature-request.ts";
import { emailOf } from "../profiles/service.ts";
import { queueEmail } from "../../mail/queue.ts";
import { getSchoolSettings } from "../school/service.ts";
import { formatDate } from "../../../common/datetime.ts";
import { countPages, sealDocument } from "./pdf.ts";
import * as repo from "./repository.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import {
  addVersion,
  changeDocuments,
  effectiveStatus,
  getDocument,
  projectAccess,
  publishDocumentsChanged,
  readChecked,
  syncGreenlight,
  type S,
} from "./service.ts";

const hash = hashToken;
const documentsLink = (projectId: string) => `/project/${projectId}?tab=documents`;

export const signingPath = (submissionId: string, signerId: string, token: string) =>
  `/signature/${submissionId}/${signerId}?token=${encodeURIComponent(token)}`;

// ── Sending ──────────────────────────────────────────────────────────────────────────────────────

interface Context {
  project: { id: string; title: string };
  document: { id: string; title: string };
  submission: repo.SubmissionRow;
}

/** Mints a link for one signer and e-mails it; the token itself exists only in the e-mail. */
async function sendLink(
  s: Pick<S, "config">,
  tx: DbOrTx,
  ctx: Context,
  signer: repo.SignerRow,
  opts: { reminder: boolean },
) {
  const token = newToken();
  await tx.insert(signingTokens).values({
    signerId: signer.id,
    tokenHash: hash(token),
    purpose: opts.reminder ? "reminder" : "email",
    expiresAt: ctx.submission.expiresAt,
  });
  const now = new Date();
  await tx
    .update(signatureSigners)
    .set(
      opts.reminder
        ? { lastRemindedAt: now }
        : { status: signer.status === "waiting" ? "sent" : signer.status, sentAt: signer.sentAt ?? now },
    )
    .where(eq(signatureSigners.id, signer.id));
  const settings = await getSchoolSettings(tx);
  // A signer's question goes to the person who asked for the signature.
  const replyTo = await emailOf(tx, ctx.submission.createdBy);
  await queueEmail(
    { db: tx },
    {
      to: signer.email,
      ...(replyTo ? { replyTo } : {}),
      ...signatureRequestMail({
        senderName: ctx.submission.createdByName,
        schoolName: settings.schoolName,
        projectTitle: ctx.project.title,
        documentTitle: ctx.document.title,
        message: ctx.submission.message,
        role: signer.role === "approver" ? "approver" : "signer",
        url: new URL(signingPath(ctx.submission.id, signer.id, token), s.config.PUBLIC_URL).toString(),
        // links are kept and checked in UTC
        expiresOn: formatDate(ctx.submission.expiresAt, settings, { style: "long", timeZone: "UTC" }),
        reminder: opts.reminder,
      }),
    },
  );
}

/** Whose turn it is: everyone not done at once, or in order the first not done. */
function nextToAsk(sub: repo.SubmissionRow, signers: repo.SignerRow[]): repo.SignerRow[] {
  const open = signers.filter((x) => x.role !== "copy" && x.status !== "signed");
  return sub.order === "parallel" ? open : open.slice(0, 1);
}

export async function createSubmission(
  s: S,
  opts: { caller: Caller; projectId: string; documentId: string; input: SubmissionCreateInput },
): Promise<DocumentDto> {
  const input = submissionCreateInput.parse(opts.input);
  await changeDocuments(s, opts, async (tx, { project }) => {
    const doc = isUuid(opts.documentId)
      ? await repo.selectDocument(tx, project.id, opts.documentId, { lock: true })
      : null;
    if (!doc) throw new AppError("not_found", "There is no document with this id on this project.");
    if (doc.deletedAt)
      throw new AppError("conflict", "This document is deleted. Restore it before sending it for signature.");
    const version = await repo.selectLatestVersion(tx, doc.id);
    if (!version) throw new AppError("conflict", "This document has no file yet.");
    if (version.contentType !== "application/pdf")
      throw new AppError(
        "bad_request",
        "Only a PDF can be sent for signature. Upload the document as a PDF, then send it.",
      );
    if (version.origin === "sealed")
      throw new AppError(
        "conflict",
        "The latest version is already signed and sealed. Upload a new version to ask for new signatures.",
      );
    await countPages(await readChecked(s, version));
    const [pending] = await tx
      .select({ id: signatureSubmissions.id })
      .from(signatureSubmissions)
      .where(
        and(
          eq(signatureSubmissions.documentId, doc.id),
          eq(signatureSubmissions.status, "pending"),
          sql`${signatureSubmissions.expiresAt} > now()`,
        ),
      );
    if (pending)
      throw new AppError(
        "conflict",
        "This document is already out for signature. Void that request before sending a new one.",
      );
    const days = (await getSchoolSettings(tx)).approvalLinkDays;
    const [sub] = await tx
      .insert(signatureSubmissions)
      .values({
        documentId: doc.id,
        versionId: version.id,
        order: input.order,
        message: input.message,
        reminderDays: input.reminderDays,
        createdBy: opts.caller.id,
        createdByName: opts.caller.name,
        expiresAt: new Date(Date.now() + days * DAY_MS),
      })
      .returning();
    const signers = await tx
      .insert(signatureSigners)
      .values(
        input.signers.map((x, i) => ({
          submissionId: sub!.id,
          position: i + 1,
          name: x.name,
          email: x.email,
          role: x.role,
          status: x.role === "copy" ? ("copy" as const) : ("waiting" as const),
        })),
      )
      .returning();
    const ctx = { project, document: doc, submission: sub! };
    for (const signer of nextToAsk(
      sub!,
      signers.sort((a, b) => a.position - b.position),
    ))
      await sendLink(s, tx, ctx, signer, { reminder: false });
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "signature.requested",
      summary: `${opts.caller.name} sent “${doc.title}” for signature to ${signers
        .filter((x) => x.role !== "copy")
        .map((x) => x.name)
        .join(", ")}`,
      details: { documentId: doc.id, submissionId: sub!.id },
    });
  });
  return getDocument(s, opts);
}

/** A request of a project the caller may change, locked for the change. */
async function submissionFor(tx: Tx, caller: Caller, submissionId: string) {
  const missing = () => new AppError("not_found", "There is no signature request with this id.");
  if (!isUuid(submissionId)) throw missing();
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
  if (!row) throw missing();
  await projectAccess(tx, caller, row.project.id);
  return row;
}

async function signersOf(tx: DbOrTx, submissionId: string) {
  return tx
    .select()
    .from(signatureSigners)
    .where(eq(signatureSigners.submissionId, submissionId))
    .orderBy(asc(signatureSigners.position));
}

const notPending = (status: string) =>
  new AppError(
    "conflict",
    status === "expired"
      ? "This request has expired; send a new one."
      : `This request is ${status === "completed" ? "already signed by everyone" : status}; nothing more can be sent.`,
  );

async function projectOfSubmission(s: Pick<S, "db">, submissionId: string) {
  if (!isUuid(submissionId)) throw new AppError("not_found", "There is no signature request with this id.");
  const [row] = await s.db
    .select({ projectId: documents.projectId, documentId: documents.id })
    .from(signatureSubmissions)
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .where(eq(signatureSubmissions.id, submissionId));
  if (!row) throw new AppError("not_found", "There is no signature request with this id.");
  return row;
}

/** Sends the link again to one signer, or to everyone whose turn it is. */
export async function remind(
  s: S,
  opts: { caller: Caller; submissionId: string; signerId?: string },
): Promise<DocumentDto> {
  const where = await projectOfSubmission(s, opts.submissionId);
  await changeDocuments(s, { caller: opts.caller, projectId: where.projectId }, async (tx) => {
    const { submission, document, project } = await submissionFor(tx, opts.caller, opts.submissionId);
    const status = effectiveStatus(submission);
    if (status !== "pending") throw notPending(status);
    const signers = await signersOf(tx, submission.id);
    const due = nextToAsk(submission, signers).filter((x) => !opts.signerId || x.id === opts.signerId);
    if (opts.signerId && due.length === 0)
      throw new AppError("conflict", "It is not this person's turn to sign, or they have already answered.");
    for (const signer of due) await sendLink(s, tx, { project, document, submission }, signer, { reminder: true });
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "signature.reminded",
      summary: `${opts.caller.name} reminded ${due.map((x) => x.name).join(", ")} to sign “${document.title}”`,
      details: { submissionId: submission.id },
    });
  });
  return getDocument(s, { caller: opts.caller, projectId: where.projectId, documentId: where.documentId });
}

export async function voidSubmission(
  s: S,
  opts: { caller: Caller; submissionId: string; input: { reason: string } },
): Promise<DocumentDto> {
  const { reason } = voidInput.parse(opts.input);
  const where = await projectOfSubmission(s, opts.submissionId);
  await changeDocuments(s, { caller: opts.caller, projectId: where.projectId }, async (tx) => {
    const { submission, document, project } = await submissionFor(tx, opts.caller, opts.submissionId);
    if (submission.status !== "pending") throw notPending(submission.status);
    await tx
      .update(signatureSubmissions)
      .set({ status: "voided", voidedAt: new Date(), voidReason: reason })
      .where(eq(signatureSubmissions.id, submission.id));
    const told = (await signersOf(tx, submission.id)).filter(
      (x) => x.sentAt && x.status !== "signed" && x.status !== "copy",
    );
    for (const x of told)
      await queueEmail(
        { db: tx },
        {
          to: x.email,
          ...signatureStoppedMail({
            projectTitle: project.title,
            documentTitle: document.title,
            why: `${opts.caller.name} voided it: ${reason}`,
          }),
        },
      );
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "signature.voided",
      summary: `${opts.caller.name} voided the signature request of “${document.title}”: ${reason}`,
      details: { submissionId: submission.id },
    });
  });
  return getDocument(s, { caller: opts.caller, projectId: where.projectId, documentId: where.documentId });
}

/** A fresh link for one signer, shown as a QR code so they can sign on their own phone on set. */
export async function inPersonLink(
  s: S,
  opts: { caller: Caller; submissionId: string; signerId: string },
): Promise<SigningLinkDto> {
  const where = await projectOfSubmission(s, opts.submissionId);
  const link = await changeDocuments(s, { caller: opts.caller, projectId: where.projectId }, async (tx) => {
    const { submission, document, project } = await submissionFor(tx, opts.caller, opts.submissionId);
    const status = effectiveStatus(submission);
    if (status !== "pending") throw notPending(status);
    const signer = nextToAsk(submission, await signersOf(tx, submission.id)).find((x) => x.id === opts.signerId);
    if (!signer) throw new AppError("conflict", "It is not this person's turn to sign, or they have already answered.");
    const token = newToken();
    await tx
      .insert(signingTokens)
      .values({ signerId: signer.id, tokenHash: hash(token), purpose: "in_person", expiresAt: submission.expiresAt });
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "signature.in_person",
      summary: `${opts.caller.name} showed ${signer.name} a link to sign “${document.title}” in person`,
      details: { submissionId: submission.id },
    });
    return {
      url: new URL(signingPath(submission.id, signer.id, token), s.config.PUBLIC_URL).toString(),
      expiresAt: submission.expiresAt.toISOString(),
    };
  });
  return { ...link, qrDataUrl: await QRCode.toDataURL(link.url, { margin: 1, width: 320, errorCorrectionLevel: "M" }) };
}

// ── The public signing link ──────────────────────────────────────────────────────────────────────

const INVALID =
  "This signing link is not valid. Check that you opened the whole link from your e-mail, or ask the production to send it again.";
const DEAD: Record<DeadLinkReason, string> = {
  used: "You have already answered this request; the link works only once. The production has your answer.",
  expired: "This signing link has expired. Ask the production to send you a new one.",
  voided: "The production withdrew this signature request, so there is nothing to sign any more.",
  declined: "This request was declined, so it is closed and there is nothing to sign any more.",
  completed: "Everyone has signed this document; the signed copy was sent by e-mail.",
};
const invalid = () => new AppError("not_found", INVALID, { reason: "invalid" });
const dead = (reason: DeadLinkReason) => new AppError("not_found", DEAD[reason], { reason });

interface Link {
  submission: repo.SubmissionRow;
  signer: repo.SignerRow;
  document: repo.DocumentRow;
  project: { id: string; title: string };
}

/**
 * Checks a link and answers what it opens, or a not-found naming why. A wrong token learns nothing;
 * the reason of a dead link is told only to whoever holds its real token.
 */
async function resolveLink(
  tx: DbOrTx,
  opts: { submissionId: string; signerId: string; token: string | undefined },
  lock = false,
): Promise<Link> {
  if (!isUuid(opts.submissionId) || !isUuid(opts.signerId) || !opts.token || opts.token.length > 100) throw invalid();
  const q = tx
    .select({
      token: signingTokens,
      signer: signatureSigners,
      submission: signatureSubmissions,
      document: documents,
      project: { id: projects.id, title: projects.title },
    })
    .from(signingTokens)
    .innerJoin(signatureSigners, eq(signatureSigners.id, signingTokens.signerId))
    .innerJoin(signatureSubmissions, eq(signatureSubmissions.id, signatureSigners.submissionId))
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(
      and(
        eq(signingTokens.tokenHash, hash(opts.token)),
        eq(signatureSigners.id, opts.signerId),
        eq(signatureSubmissions.id, opts.submissionId),
      ),
    );
  const [row] = lock ? await q.for("update", { of: [signatureSubmissions, signatureSigners] }) : await q;
  if (!row) throw invalid();
  if (row.token.usedAt || row.signer.status === "signed" || row.signer.status === "declined") throw dead("used");
  if (row.submission.status !== "pending")
    throw dead(row.submission.status === "expired" ? "expired" : row.submission.status);
  if (row.token.expiresAt <= new Date() || row.submission.expiresAt <= new Date()) throw dead("expired");
  if (row.document.deletedAt) throw dead("voided");
  return row;
}

export interface Client {
  ip: string;
  userAgent: string;
}

/** Opening the link counts as viewing: the first time is recorded for the audit certificate. */
export async function openSigning(
  s: S,
  opts: { submissionId: string; signerId: string; token: string | undefined; client: Client },
): Promise<SigningViewDto> {
  const view = await s.db.transaction(async (tx) => {
    const link = await resolveLink(tx, opts, true);
    await tx
      .update(signatureSigners)
      .set({
        viewCount: sql`${signatureSigners.viewCount} + 1`,
        viewedAt: link.signer.viewedAt ?? new Date(),
        status: link.signer.status === "sent" ? "opened" : link.signer.status,
      })
      .where(eq(signatureSigners.id, link.signer.id));
    const [version] = await tx
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.id, link.submission.versionId));
    const pages = await countPages(await readChecked(s, version!));
    const settings = await getSchoolSettings(tx);
    return {
      documentTitle: link.document.title,
      projectTitle: link.project.title,
      schoolName: settings.schoolName,
      senderName: link.submission.createdByName,
      message: link.submission.message,
      signer: { name: link.signer.name, email: link.signer.email, role: link.signer.role },
      expiresAt: link.submission.expiresAt.toISOString(),
      pages,
      documentUrl: `/storage/v1/object/signing/${link.submission.id}/${link.signer.id}`,
      projectId: link.project.id,
      firstView: !link.signer.viewedAt,
    };
  });
  const { projectId, firstView, ...dto } = view;
  if (firstView) await publishDocumentsChanged(s, projectId);
  return dto;
}

/** The exact bytes that were sent for signature, to whoever holds a live link. */
export async function readSigningDocument(
  s: Pick<S, "db" | "config">,
  opts: { submissionId: string; signerId: string; token: string | undefined },
) {
  const link = await resolveLink(s.db, opts);
  const [version] = await s.db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.id, link.submission.versionId));
  return { bytes: await readChecked(s, version!), fileName: version!.fileName };
}

export async function sign(
  s: S,
  opts: { submissionId: string; signerId: string; token: string | undefined; client: Client; input: SignInput },
): Promise<{ completed: boolean }> {
  const input = signInput.parse(opts.input);
  return answer(s, opts, async (tx, link) => {
    await tx
      .update(signatureSigners)
      .set({
        status: "signed",
        signedAt: new Date(),
        viewedAt: link.signer.viewedAt ?? new Date(),
        signatureKind: input.kind,
        signatureValue: input.kind === "drawn" ? input.image : input.text,
        ip: opts.client.ip,
        userAgent: opts.client.userAgent,
      })
      .where(eq(signatureSigners.id, link.signer.id));
    await repo.recordActivity(tx, {
      projectId: link.project.id,
      actor: { id: null, name: link.signer.name },
      kind: "signature.signed",
      summary: `${link.signer.name} ${link.signer.role === "approver" ? "approved" : "signed"} “${link.document.title}”`,
      details: { submissionId: link.submission.id, signerId: link.signer.id },
    });
    const signers = await signersOf(tx, link.submission.id);
    const next = nextToAsk(link.submission, signers);
    if (next.length > 0) {
      // In order, the next person is asked now; at once, everyone already has their link.
      for (const x of next.filter((x) => x.status === "waiting")) await sendLink(s, tx, link, x, { reminder: false });
      return { completed: false, notified: [] };
    }
    return { completed: true, notified: await complete(s, tx, link, signers) };
  });
}

export async function decline(
  s: S,
  opts: {
    submissionId: string;
    signerId: string;
    token: string | undefined;
    client: Client;
    input: { reason: string };
  },
): Promise<{ completed: boolean }> {
  const { reason } = declineInput.parse(opts.input);
  return answer(s, opts, async (tx, link) => {
    const now = new Date();
    await tx
      .update(signatureSigners)
      .set({
        status: "declined",
        declinedAt: now,
        declineReason: reason,
        viewedAt: link.signer.viewedAt ?? now,
        ip: opts.client.ip,
        userAgent: opts.client.userAgent,
      })
      .where(eq(signatureSigners.id, link.signer.id));
    await tx
      .update(signatureSubmissions)
      .set({ status: "declined" })
      .where(eq(signatureSubmissions.id, link.submission.id));
    await repo.recordActivity(tx, {
      projectId: link.project.id,
      actor: { id: null, name: link.signer.name },
      kind: "signature.declined",
      summary: `${link.signer.name} declined to sign “${link.document.title}”: ${reason}`,
      details: { submissionId: link.submission.id, signerId: link.signer.id },
    });
    const others = (await signersOf(tx, link.submission.id)).filter(
      (x) => x.id !== link.signer.id && x.sentAt && x.status !== "signed" && x.status !== "copy",
    );
    for (const x of others)
      await queueEmail(
        { db: tx },
        {
          to: x.email,
          ...signatureStoppedMail({
            projectTitle: link.project.title,
            documentTitle: link.document.title,
            why: `${link.signer.name} declined to sign.`,
          }),
        },
      );
    const notified = link.submission.createdBy
      ? await notify(tx, {
          userIds: [link.submission.createdBy],
          kind: "signatures",
          title: `${link.signer.name} declined to sign “${link.document.title}”`,
          body: reason,
          link: documentsLink(link.project.id),
          email: signatureDeclinedMail({
            projectTitle: link.project.title,
            documentTitle: link.document.title,
            signerName: link.signer.name,
            reason,
            url: new URL(documentsLink(link.project.id), s.config.PUBLIC_URL).toString(),
          }),
        })
      : [];
    return { completed: false, notified };
  });
}

/** Signing and declining are final: the request is locked, the link checked again, and all of the signer's links die. */
async function answer(
  s: S,
  opts: { submissionId: string; signerId: string; token: string | undefined },
  work: (tx: Tx, link: Link) => Promise<{ completed: boolean; notified: string[] }>,
): Promise<{ completed: boolean }> {
  const out = await s.db.transaction(async (tx) => {
    const link = await resolveLink(tx, opts, true);
    await tx
      .update(signingTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(signingTokens.signerId, link.signer.id), isNull(signingTokens.usedAt)));
    const result = await work(tx, link);
    await syncGreenlight(tx, link.project.id);
    return { ...result, projectId: link.project.id };
  });
  await publishDocumentsChanged(s, out.projectId);
  await publishNotified(s, out.notified);
  return { completed: out.completed };
}

/** Everyone signed: the sealed PDF becomes the document's newest version and goes to every person on the request. */
async function complete(s: S, tx: Tx, link: Link, signers: repo.SignerRow[]): Promise<string[]> {
  const [original] = await tx.select().from(documentVersions).where(eq(documentVersions.id, link.submission.versionId));
  const sealed = await sealDocument({
    original: await readChecked(s, original!),
    title: link.document.title,
    submissionId: link.submission.id,
    senderName: link.submission.createdByName,
    sentAt: link.submission.createdAt,
    signers: signers.map((x) => ({
      name: x.name,
      email: x.email,
      role: x.role,
      signatureKind: x.signatureKind as "drawn" | "typed" | null,
      signatureValue: x.signatureValue,
      ip: x.ip,
      userAgent: x.userAgent,
      viewedAt: x.viewedAt,
      signedAt: x.signedAt,
    })),
  });
  const fileName = `${original!.fileName.replace(/\.pdf$/i, "")} (signed).pdf`;
  const version = await addVersion(s, tx, {
    projectId: link.project.id,
    documentId: link.document.id,
    actor: { id: null, name: "The Portal" },
    fileName,
    bytes: sealed.bytes,
    contentType: "application/pdf",
    ext: "pdf",
    origin: "sealed",
  });
  await tx
    .update(signatureSubmissions)
    .set({ status: "completed", completedAt: new Date(), sealedVersionId: version.id })
    .where(eq(signatureSubmissions.id, link.submission.id));
  const names = signers.filter((x) => x.role !== "copy").map((x) => x.name);
  const mail = signatureCompletedMail({
    projectTitle: link.project.title,
    documentTitle: link.document.title,
    signers: names,
    sha256: sealed.sha256,
  });
  const attachments = [{ filename: version.fileName, contentType: "application/pdf", storageKey: version.storageKey }];
  for (const x of signers) await queueEmail({ db: tx }, { to: x.email, ...mail, attachments });
  await repo.recordActivity(tx, {
    projectId: link.project.id,
    actor: { id: null, name: "The Portal" },
    kind: "signature.completed",
    summary: `Everyone signed “${link.document.title}”; the sealed PDF is version ${version.number}`,
    details: { submissionId: link.submission.id, versionId: version.id, sha256: sealed.sha256 },
  });
  if (!link.submission.createdBy) return [];
  return notify(tx, {
    userIds: [link.submission.createdBy],
    kind: "signatures",
    title: `“${link.document.title}” is signed by everyone`,
    body: `${names.join(", ")} signed. The sealed PDF is the newest version.`,
    link: documentsLink(link.project.id),
    email: signatureCompletedMail({
      projectTitle: link.project.title,
      documentTitle: link.document.title,
      signers: names,
      sha256: sealed.sha256,
      url: new URL(documentsLink(link.project.id), s.config.PUBLIC_URL).toString(),
    }),
  });
}

// ── Reminders and expiry ─────────────────────────────────────────────────────────────────────────

/**
 * Marks requests past their expiry as expired, and reminds signers whose turn it is after the request's
 * number of days without an answer (from the link or the last reminder). Each request is its own
 * transaction holding its row, so two scans never remind twice.
 */
export async function scanSignatures(s: S, opts: { now?: Date } = {}): Promise<{ expired: number; reminded: number }> {
  const now = opts.now ?? new Date();
  const due = await s.db
    .select({ id: signatureSubmissions.id, projectId: documents.projectId })
    .from(signatureSubmissions)
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .where(
      and(
        eq(signatureSubmissions.status, "pending"),
        or(lt(signatureSubmissions.expiresAt, now), sql`${signatureSubmissions.reminderDays} > 0`),
      ),
    );
  let expired = 0;
  let reminded = 0;
  const touched = new Set<string>();
  for (const { id, projectId } of due) {
    await s.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          submission: signatureSubmissions,
          document: documents,
          project: { id: projects.id, title: projects.title },
        })
        .from(signatureSubmissions)
        .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
        .innerJoin(projects, eq(projects.id, documents.projectId))
        .where(eq(signatureSubmissions.id, id))
        .for("update", { of: signatureSubmissions });
      if (!row || row.submission.status !== "pending") return;
      if (row.submission.expiresAt <= now) {
        await tx.update(signatureSubmissions).set({ status: "expired" }).where(eq(signatureSubmissions.id, id));
        await repo.recordActivity(tx, {
          projectId,
          actor: { id: null, name: "The Portal" },
          kind: "signature.expired",
          summary: `The signature request of “${row.document.title}” expired`,
          details: { submissionId: id },
        });
        await syncGreenlight(tx, projectId);
        expired++;
        touched.add(projectId);
        return;
      }
      const cutoff = now.getTime() - row.submission.reminderDays * DAY_MS;
      const late = nextToAsk(row.submission, await signersOf(tx, id)).filter((x) => {
        const last = x.lastRemindedAt ?? x.sentAt;
        return last && last.getTime() <= cutoff;
      });
      for (const x of late) await sendLink(s, tx, row, x, { reminder: true });
      if (late.length) {
        await repo.recordActivity(tx, {
          projectId,
          actor: { id: null, name: "The Portal" },
          kind: "signature.reminded",
          summary: `The Portal reminded ${late.map((x) => x.name).join(", ")} to sign “${row.document.title}”`,
          details: { submissionId: id },
        });
        reminded += late.length;
        touched.add(projectId);
      }
    });
  }
  for (const projectId of touched) await publishDocumentsChanged(s, projectId);
  return { expired, reminded };
}

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
