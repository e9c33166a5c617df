/** Requests for signature as the crew sends, re-sends, stops and hands over in person. */
import { isUuid } from "../../../common/ids.ts";
import { and, eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { DAY_MS } from "../../../common/time.ts";
import {
  submissionCreateInput,
  voidInput,
  type DocumentDto,
  type SigningLinkDto,
  type SubmissionCreateInput,
} from "../../../common/documents.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { documents, signatureSigners, signatureSubmissions, signingTokens } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { signatureStoppedMail } from "../../mail/signature-request.ts";
import { queueEmail } from "../../mail/queue.ts";
import { getSchoolSettings } from "../school/service.ts";
import { pageSizes } from "./pdf.ts";
import { insertFields } from "./signature-fields.ts";
import * as repo from "./repository.ts";
import { newToken } from "../../lib/tokens.ts";
import { changeDocuments } from "./changing.ts";
import { effectiveStatus, getDocument, readChecked } from "./reading.ts";
import { projectAccess, type S } from "./shared.ts";
import { hash, nextToAsk, sendLink, signersOf, signingPath } from "./signature-links.ts";

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
    const pages = await pageSizes(await readChecked(s, version));
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
    signers.sort((a, b) => a.position - b.position);
    await insertFields(tx, sub!.id, signers, input.fields, pages);
    const ctx = { project, document: doc, submission: sub! };
    for (const signer of nextToAsk(sub!, signers)) await sendLink(s, tx, ctx, signer, { reminder: false });
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
  const row = await repo.lockSubmission(tx, submissionId);
  if (!row) throw missing();
  await projectAccess(tx, caller, row.project.id);
  return row;
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
