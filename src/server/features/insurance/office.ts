/** The insurance office's side: the request reaches it, it answers with the certificate or declines. */
import { eq } from "drizzle-orm";
import type { SchoolSettings } from "../../../common/school.ts";
import { formatDate } from "../../../common/datetime.ts";
import { DAY_MS } from "../../../common/time.ts";
import { documents, insuranceRequests, profiles, projects } from "../../db/schema/index.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { checkUpload } from "../../lib/storage.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { insuranceNoticeMail, insuranceOfficeMail } from "../../mail/insurance.ts";
import { queueEmail } from "../../mail/queue.ts";
import { addVersion, publishDocumentsChanged, syncGreenlight } from "../documents/index.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { producersOf } from "../projects/access.ts";
import { syncInsuranceGreenlight } from "./greenlight.ts";
import { factsOf, projectLink, publishInsurance, type RequestRow, type S } from "./shared.ts";

export const answerPath = (requestId: string, token: string) =>
  `/insurance-answer/${requestId}?token=${encodeURIComponent(token)}`;

const ANSWER_TYPES = new Set(["application/pdf", "image/png", "image/jpeg", "image/webp"]);

/** Refused before the crew asks: a request nobody would receive is no request. */
export function requireOffice(settings: SchoolSettings) {
  if (!settings.insuranceOfficeUserId && !settings.insuranceOfficeEmail)
    throw new AppError(
      "conflict",
      "The school has not named its insurance office yet. Ask an administrator to set it in Settings → School.",
    );
}

/**
 * Hands the request to the office: a fresh link (only its hash kept, valid for the school's link lifetime) mailed to
 * the office's address, and a notice to the office's account. Inside the caller's transaction; answers whom to tell.
 * A `reminder` (why it comes again, in a ready sentence) hands it over once more, with a new link.
 */
export async function sendToOffice(
  s: Pick<S, "config">,
  tx: DbOrTx,
  r: RequestRow,
  projectTitle: string,
  settings: SchoolSettings,
  reminder?: string,
): Promise<string[]> {
  requireOffice(settings);
  const token = newToken();
  const expiresAt = new Date(Date.now() + settings.approvalLinkDays * DAY_MS);
  await tx
    .update(insuranceRequests)
    .set({ status: "requested", tokenHash: hashToken(token), tokenExpiresAt: expiresAt, updatedAt: new Date() })
    .where(eq(insuranceRequests.id, r.id));
  const facts = factsOf(r, projectTitle, settings);
  const officeUser = settings.insuranceOfficeUserId
    ? (
        await tx
          .select({ id: profiles.id, email: profiles.email })
          .from(profiles)
          .where(eq(profiles.id, settings.insuranceOfficeUserId))
      )[0]
    : undefined;
  const officeEmail = settings.insuranceOfficeEmail || officeUser?.email;
  if (officeEmail)
    await queueEmail(
      { db: tx },
      {
        to: officeEmail,
        ...insuranceOfficeMail({
          ...facts,
          schoolName: settings.schoolName,
          endorsedBy: r.endorsedByName,
          url: new URL(answerPath(r.id, token), s.config.PUBLIC_URL).toString(),
          // links are kept and checked in UTC
          expiresOn: formatDate(expiresAt, settings, { style: "long", timeZone: "UTC" }),
          reminder,
        }),
      },
    );
  if (!officeUser) return [];
  // The office's account already has the link above; its notice only points into the portal.
  return notify(tx, {
    userIds: [officeUser.id],
    kind: "insurance",
    title: `${reminder ? "Reminder: c" : "C"}ertificate of insurance requested for “${projectTitle}”`,
    body: `${reminder ? `${reminder} ` : ""}${facts.what}; ${facts.period}.`,
    link: projectLink(r.projectId),
  });
}

/**
 * Tells the person who asked what became of their request; with `producers`, the project's owner, leads and
 * producers too, who must find another way to cover the shoot (a declined certificate).
 */
export async function tellRequester(
  s: Pick<S, "config">,
  tx: DbOrTx,
  r: RequestRow,
  projectTitle: string,
  what: { title: string; lines: string[] },
  opts: { producers?: boolean } = {},
) {
  const [project] = opts.producers
    ? await tx.select({ ownerId: projects.createdBy }).from(projects).where(eq(projects.id, r.projectId))
    : [];
  const producers = project ? await producersOf(tx, r.projectId, project.ownerId) : [];
  const userIds = [...new Set([...(r.requestedBy ? [r.requestedBy] : []), ...producers])];
  if (userIds.length === 0) return [];
  const url = new URL(projectLink(r.projectId), s.config.PUBLIC_URL).toString();
  return notify(tx, {
    userIds,
    kind: "insurance",
    title: what.title,
    body: what.lines.join(" "),
    link: projectLink(r.projectId),
    email: insuranceNoticeMail({ subject: what.title, lines: what.lines, url, action: "Open the request" }),
  });
}

type Answer = { kind: "certificate"; fileName: string; bytes: Uint8Array } | { kind: "decline"; reason: string };

/**
 * The office's answer, from the portal or its link: the certificate becomes a document of the project in
 * `insurance` (its greenlight items fed by documents are brought up to date), or the request is declined.
 * The request row is locked, so two answers cannot both land.
 */
export async function answer(
  s: S,
  opts: {
    requestId: string;
    by: { id: string | null; name: string };
    answer: Answer;
    lockAndCheck: (tx: DbOrTx) => Promise<{ request: RequestRow; projectTitle: string }>;
  },
) {
  const type =
    opts.answer.kind === "certificate" ? checkUpload(s.config, opts.answer.bytes, opts.answer.fileName) : null;
  if (type && !ANSWER_TYPES.has(type.mime))
    throw new AppError(
      "unsupported_media_type",
      `A certificate is a PDF or a picture (PNG, JPEG, WebP); this file is a ${type.label}. The portal checks what the file contains, not its name.`,
    );
  const { projectId, told } = await s.db.transaction(async (tx) => {
    const { request: r, projectTitle } = await opts.lockAndCheck(tx);
    if (r.status !== "requested")
      throw new AppError("conflict", "This request has already been answered, or is no longer with the office.");
    const now = new Date();
    let documentId: string | null = null;
    if (opts.answer.kind === "certificate" && type) {
      const [doc] = await tx
        .insert(documents)
        .values({
          projectId: r.projectId,
          title: `Certificate of insurance: ${r.description}`.slice(0, 200),
          category: "insurance",
          createdBy: opts.by.id,
          createdByName: opts.by.name,
        })
        .returning({ id: documents.id });
      documentId = doc!.id;
      await addVersion(s, tx, {
        projectId: r.projectId,
        documentId,
        actor: opts.by,
        fileName: opts.answer.fileName,
        bytes: opts.answer.bytes,
        contentType: type.mime,
        ext: type.ext,
        origin: "upload",
      });
      await syncGreenlight(tx, r.projectId);
    }
    const declined = opts.answer.kind === "decline" ? opts.answer.reason : null;
    await tx
      .update(insuranceRequests)
      .set({
        status: declined === null ? "answered" : "declined",
        answeredByName: opts.by.name,
        answeredAt: now,
        declineReason: declined,
        documentId,
        updatedAt: now,
      })
      .where(eq(insuranceRequests.id, r.id));
    await syncInsuranceGreenlight(tx, r.projectId);
    const told = await tellRequester(
      s,
      tx,
      r,
      projectTitle,
      declined === null
        ? {
            title: `Certificate of insurance issued for “${projectTitle}”`,
            lines: [
              `The insurance office sent the certificate for ${r.description}. It is in the project's documents, under Insurance.`,
            ],
          }
        : {
            title: `Certificate of insurance declined for “${projectTitle}”`,
            lines: [
              `The insurance office declined the request for ${r.description}.`,
              `Their reason: ${declined}`,
              "Without a certificate this shoot is not insured: change what the office objects to and ask again.",
            ],
          },
      { producers: declined !== null },
    );
    return { projectId: r.projectId, told };
  });
  await publishInsurance(s, projectId);
  if (opts.answer.kind === "certificate") await publishDocumentsChanged(s, projectId);
  await publishNotified(s, told);
}
