/** The public signing link: opening, reading, signing or declining, and sealing once everyone signed. */
import { isUuid } from "../../../common/ids.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  declineInput,
  signInput,
  type DeadLinkReason,
  type SignInput,
  type SigningViewDto,
} from "../../../common/documents.ts";
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
import { signatureCompletedMail, signatureDeclinedMail, signatureStoppedMail } from "../../mail/signature-request.ts";
import { queueEmail } from "../../mail/queue.ts";
import { getSchoolSettings } from "../school/service.ts";
import { countPages, sealDocument } from "./pdf.ts";
import { sealerFor } from "./sealing-certificate.ts";
import { fieldsOfSigner, fillFields, sealFields } from "./signature-fields.ts";
import { writerOf } from "../../../common/school-writer.ts";
import * as repo from "./repository.ts";
import { addVersion, publishDocumentsChanged, syncGreenlight } from "./changing.ts";
import { readChecked } from "./reading.ts";
import type { S } from "./shared.ts";
import { documentsLink, hash, nextToAsk, sendLink, signersOf } from "./signature-links.ts";

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
      fields: await fieldsOfSigner(tx, link.submission.id, link.signer.id),
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
    const signedAt = new Date();
    await fillFields(tx, {
      submissionId: link.submission.id,
      signerId: link.signer.id,
      values: input.fields,
      today: writerOf(await getSchoolSettings(tx)).date(signedAt),
    });
    await tx
      .update(signatureSigners)
      .set({
        status: "signed",
        signedAt,
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
    fields: await sealFields(tx, link.submission.id, signers),
    sealer: await sealerFor(s, tx),
    sealedAt: new Date(),
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
