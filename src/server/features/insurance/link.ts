/** The office's link, with no account (DESIGN §5): the token in a header is the only key, only its hash is kept. */
import { and, eq } from "drizzle-orm";
import { insuranceDeclineInput, type InsuranceDeclineInput, type InsuranceLinkDto } from "../../../common/insurance.ts";
import { formatDate } from "../../../common/datetime.ts";
import type { DbOrTx } from "../../db/client.ts";
import { insuranceRequests, projects } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { hashToken, TOKEN_PATTERN } from "../../lib/tokens.ts";
import { isUuid } from "../../lib/validate.ts";
import { getSchoolSettings } from "../school/service.ts";
import { partiesFor } from "./parties.ts";
import { answer } from "./office.ts";
import type { S } from "./shared.ts";

const invalidLink = () =>
  new AppError(
    "not_found",
    "This link is not valid: it was revoked or replaced by a newer one. Use the link of the latest e-mail, or ask the production to send it again.",
  );

/** The request behind a link, refused once the link was revoked, has expired, or the request was answered. */
async function byToken(db: DbOrTx, requestId: string, token: string | undefined, lock = false) {
  if (!isUuid(requestId) || !token || !TOKEN_PATTERN.test(token)) throw invalidLink();
  const q = db
    .select({ request: insuranceRequests, projectTitle: projects.title })
    .from(insuranceRequests)
    .innerJoin(projects, eq(projects.id, insuranceRequests.projectId))
    .where(and(eq(insuranceRequests.id, requestId), eq(insuranceRequests.tokenHash, hashToken(token))));
  const [row] = lock ? await q.for("update", { of: insuranceRequests }) : await q;
  if (!row) throw invalidLink();
  const r = row.request;
  if (r.status === "answered" || r.status === "declined") {
    const settings = await getSchoolSettings(db);
    throw new AppError(
      "conflict",
      `This request was already answered on ${formatDate(r.answeredAt ?? r.updatedAt, settings, { style: "long", timeZone: "UTC" })}; the link does not open it again.`,
    );
  }
  if (r.status !== "requested")
    throw new AppError("conflict", "The production withdrew this request: nothing is left to answer.");
  if ((r.tokenExpiresAt?.getTime() ?? 0) < Date.now())
    throw new AppError("not_found", "This link has expired. Ask the production to send the request again.");
  return row;
}

export async function openLink(
  s: Pick<S, "db">,
  opts: { requestId: string; token?: string },
): Promise<InsuranceLinkDto> {
  const { request: r, projectTitle } = await byToken(s.db, opts.requestId, opts.token);
  const settings = await getSchoolSettings(s.db);
  return {
    schoolName: settings.schoolName,
    projectTitle,
    subject: r.subject,
    description: r.description,
    address: r.address,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    holderName: r.holderName,
    holderAddress: r.holderAddress,
    notes: r.notes,
    // No account opens the link: names and addresses, never the contacts' phone or e-mail.
    parties: partiesFor(r.parties, false),
    requestedByName: r.requestedByName,
    status: r.status,
    answeredAt: r.answeredAt?.toISOString() ?? null,
  };
}

const officeName = async (db: DbOrTx) => {
  const settings = await getSchoolSettings(db);
  return settings.insuranceOfficeEmail ? `Insurance office (${settings.insuranceOfficeEmail})` : "Insurance office";
};

export async function answerByLink(
  s: S,
  opts: { requestId: string; token?: string } & (
    { fileName: string; bytes: Uint8Array } | { decline: InsuranceDeclineInput }
  ),
): Promise<{ ok: true }> {
  const name = await officeName(s.db);
  await answer(s, {
    requestId: opts.requestId,
    by: { id: null, name },
    answer:
      "decline" in opts
        ? { kind: "decline", reason: insuranceDeclineInput.parse(opts.decline).reason }
        : { kind: "certificate", fileName: opts.fileName, bytes: opts.bytes },
    lockAndCheck: (tx) => byToken(tx, opts.requestId, opts.token, true),
  });
  return { ok: true };
}
