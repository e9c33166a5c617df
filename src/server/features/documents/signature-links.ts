/** Signing links: minting and mailing one, and whose turn it is; requests, signing and reminders all send them. */
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { signatureSigners, signingTokens } from "../../db/schema/index.ts";
import { emailOf } from "../profiles/service.ts";
import { signatureRequestMail } from "../../mail/signature-request.ts";
import { queueEmail } from "../../mail/queue.ts";
import { getSchoolSettings } from "../school/service.ts";
import { formatDate } from "../../../common/datetime.ts";
import * as repo from "./repository.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import type { S } from "./shared.ts";

export const hash = hashToken;
export const documentsLink = (projectId: string) => `/project/${projectId}?tab=documents`;

export const signingPath = (submissionId: string, signerId: string, token: string) =>
  `/signature/${submissionId}/${signerId}?token=${encodeURIComponent(token)}`;

// ── Sending ──────────────────────────────────────────────────────────────────────────────────────

interface Context {
  project: { id: string; title: string };
  document: { id: string; title: string };
  submission: repo.SubmissionRow;
}

/** Mints a link for one signer and e-mails it; the token itself exists only in the e-mail. */
export async function sendLink(
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
export function nextToAsk(sub: repo.SubmissionRow, signers: repo.SignerRow[]): repo.SignerRow[] {
  const open = signers.filter((x) => x.role !== "copy" && x.status !== "signed");
  return sub.order === "parallel" ? open : open.slice(0, 1);
}

export async function signersOf(tx: DbOrTx, submissionId: string) {
  return tx
    .select()
    .from(signatureSigners)
    .where(eq(signatureSigners.submissionId, submissionId))
    .orderBy(asc(signatureSigners.position));
}
