/** A project's certificate requests: asking, the teacher's endorsement, withdrawing, and the office in the portal. */
import { desc, eq, inArray } from "drizzle-orm";
import {
  earliestInsuredDay,
  endorsementInput,
  insuranceDeclineInput,
  insuranceRequestInput,
  OPEN_INSURANCE_STATUSES,
  type EndorsementInput,
  type InsuranceDeclineInput,
  type InsuranceListDto,
  type InsuranceRequestDto,
  type InsuranceRequestInput,
} from "../../../common/insurance.ts";
import { formatDate } from "../../../common/datetime.ts";
import { isoDay } from "../../../common/time.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { insuranceRequests, projects } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { insuranceNoticeMail } from "../../mail/insurance.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { publishContacts } from "../production-contacts/index.ts";
import { projectFor } from "../projects/access.ts";
import { canSeeContacts } from "../projects/contacts.ts";
import { getSchoolSettings } from "../school/service.ts";
import { syncInsuranceGreenlight } from "./greenlight.ts";
import { answer, requireOffice, sendToOffice, tellRequester } from "./office.ts";
import { resolveParties } from "./parties.ts";
import {
  endorsersOf,
  factsOf,
  isOpen,
  mayAnswer,
  mayEndorse,
  projectLink,
  publishInsurance,
  requestRow,
  toDto,
  type S,
} from "./shared.ts";

// The requests name places, dates and holders' addresses: the crew, staff and admins read them, as documents.
const readAccess = (db: DbOrTx, caller: Caller, projectId: string, lock = false) =>
  projectFor(db, caller, projectId, {
    need: "edit",
    lock,
    denied: "Only the project's crew, staff and admins can see and ask for its insurance certificates.",
  });

export async function listForProject(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string },
): Promise<InsuranceListDto> {
  const [settings, access] = await Promise.all([
    getSchoolSettings(s.db),
    projectFor(s.db, opts.caller, opts.projectId),
  ]);
  const endorsers = await endorsersOf(s.db, access.project);
  // The office and the teachers who endorse read the requests they act on, without being on the crew.
  if (!access.canEdit && !mayAnswer(opts.caller, settings) && !mayEndorse(opts.caller, endorsers))
    throw new AppError(
      "forbidden",
      "Only the project's crew, staff and admins can see and ask for its insurance certificates.",
    );
  const rows = await s.db
    .select()
    .from(insuranceRequests)
    .where(eq(insuranceRequests.projectId, access.project.id))
    .orderBy(desc(insuranceRequests.createdAt))
    .limit(200);
  return {
    items: rows.map((r) =>
      toDto(r, access.project.title, {
        endorse: mayEndorse(opts.caller, endorsers),
        answer: mayAnswer(opts.caller, settings),
        edit: access.canEdit,
        contacts: access.contactsVisible,
      }),
    ),
    canRequest: access.canEdit,
    earliestStart: earliestInsuredDay(isoDay(new Date()), settings.insuranceLeadDays),
    leadDays: settings.insuranceLeadDays,
    endorsementRequired: settings.insuranceEndorsement,
  };
}

/** What waits for the caller: requests to endorse (a teacher) or to answer (the office), oldest first. */
export async function listWaiting(s: Pick<S, "db">, opts: { caller: Caller }): Promise<InsuranceRequestDto[]> {
  const settings = await getSchoolSettings(s.db);
  const rows = await s.db
    .select({
      request: insuranceRequests,
      title: projects.title,
      supervisorId: projects.supervisorId,
      courseId: projects.courseId,
    })
    .from(insuranceRequests)
    .innerJoin(projects, eq(projects.id, insuranceRequests.projectId))
    .where(inArray(insuranceRequests.status, [...OPEN_INSURANCE_STATUSES]))
    .orderBy(insuranceRequests.createdAt)
    .limit(200);
  const answers = mayAnswer(opts.caller, settings);
  const out: InsuranceRequestDto[] = [];
  for (const row of rows) {
    const endorse = mayEndorse(opts.caller, await endorsersOf(s.db, row));
    const contacts = await canSeeContacts(s.db, opts.caller, row.request.projectId);
    const dto = toDto(row.request, row.title, { endorse, answer: answers, edit: false, contacts });
    if (dto.canEndorse || dto.canAnswer) out.push(dto);
  }
  return out;
}

/** One request as the caller sees it, for the teacher and the office too, who need not be on the crew. */
async function one(s: Pick<S, "db">, caller: Caller, id: string): Promise<InsuranceRequestDto> {
  const [settings, row] = await Promise.all([getSchoolSettings(s.db), requestRow(s.db, id)]);
  const access = await projectFor(s.db, caller, row.request.projectId);
  const endorsers = await endorsersOf(s.db, row);
  return toDto(row.request, row.projectTitle, {
    endorse: mayEndorse(caller, endorsers),
    answer: mayAnswer(caller, settings),
    edit: access.canEdit,
    contacts: access.contactsVisible,
  });
}

export async function createRequest(
  s: S,
  opts: { caller: Caller; projectId: string; input: InsuranceRequestInput },
): Promise<InsuranceRequestDto> {
  const input = insuranceRequestInput.parse(opts.input);
  const settings = await getSchoolSettings(s.db);
  requireOffice(settings);
  const earliest = earliestInsuredDay(isoDay(new Date()), settings.insuranceLeadDays);
  if (input.startsOn < earliest)
    throw new AppError(
      "bad_request",
      `The insurance office needs ${settings.insuranceLeadDays} business days: the certificate can start on ${formatDate(earliest, settings, { style: "long", weekday: true })} at the earliest.`,
      { earliest },
    );
  const { id, told, saved } = await s.db.transaction(async (tx) => {
    const { project, member } = await readAccess(tx, opts.caller, opts.projectId, true);
    const { parties, saved } = await resolveParties(tx, project.id, input.parties, member);
    const [r] = await tx
      .insert(insuranceRequests)
      .values({
        projectId: project.id,
        ...input,
        parties,
        status: "awaiting_endorsement",
        requestedBy: opts.caller.id,
        requestedByName: opts.caller.name,
      })
      .returning();
    if (!settings.insuranceEndorsement) {
      const told = await sendToOffice(s, tx, r!, project.title, settings);
      await syncInsuranceGreenlight(tx, project.id);
      return { id: r!.id, told, saved };
    }
    await syncInsuranceGreenlight(tx, project.id);
    const endorsers = await endorsersOf(tx, project);
    if (endorsers.length === 0)
      throw new AppError(
        "conflict",
        "The school asks a teacher to endorse certificate requests, and this project has no supervisor or course teacher. Name its supervisor first.",
      );
    const facts = factsOf(r!, project.title, settings);
    const title = `Endorse a certificate of insurance request for “${project.title}”`;
    const lines = [`${opts.caller.name} asks for a certificate of insurance: ${facts.what}; ${facts.period}.`];
    const url = new URL(projectLink(project.id), s.config.PUBLIC_URL).toString();
    const told = await notify(tx, {
      userIds: endorsers,
      kind: "insurance",
      title,
      body: lines.join(" "),
      link: projectLink(project.id),
      email: insuranceNoticeMail({ subject: title, lines, url, action: "Endorse or refuse" }),
    });
    return { id: r!.id, told, saved };
  });
  await publishInsurance(s, opts.projectId);
  if (saved) await publishContacts(s, opts.projectId);
  await publishNotified(s, told);
  return one(s, opts.caller, id);
}

/** The supervisor or a course teacher endorses (the office is asked) or refuses with a comment (the request ends). */
export async function endorse(
  s: S,
  opts: { caller: Caller; requestId: string; input: EndorsementInput },
): Promise<InsuranceRequestDto> {
  const input = endorsementInput.parse(opts.input);
  const settings = await getSchoolSettings(s.db);
  const { projectId, told } = await s.db.transaction(async (tx) => {
    const { request: r, projectTitle, ...project } = await requestRow(tx, opts.requestId, true);
    if (!mayEndorse(opts.caller, await endorsersOf(tx, project)))
      throw new AppError(
        "forbidden",
        "Only the project's supervisor or its course's teachers endorse its certificate requests.",
      );
    if (r.status !== "awaiting_endorsement")
      throw new AppError("conflict", "This request does not wait for an endorsement any more.");
    if (!input.endorse && input.comment.length < 2)
      throw new AppError("bad_request", "Say in a comment why you do not endorse the request, so the crew can fix it.");
    const now = new Date();
    const [updated] = await tx
      .update(insuranceRequests)
      .set({
        status: input.endorse ? "awaiting_endorsement" : "refused",
        endorsedBy: opts.caller.id,
        endorsedByName: opts.caller.name,
        endorsedAt: now,
        endorsementComment: input.comment,
        updatedAt: now,
      })
      .where(eq(insuranceRequests.id, r.id))
      .returning();
    const told = input.endorse
      ? await sendToOffice(s, tx, updated!, projectTitle, settings)
      : await tellRequester(s, tx, updated!, projectTitle, {
          title: `Certificate request not endorsed for “${projectTitle}”`,
          lines: [
            `${opts.caller.name} did not endorse the request for ${r.description}.`,
            `Their comment: ${input.comment}`,
          ],
        });
    await syncInsuranceGreenlight(tx, r.projectId);
    return { projectId: r.projectId, told };
  });
  await publishInsurance(s, projectId);
  await publishNotified(s, told);
  return one(s, opts.caller, opts.requestId);
}

/** The crew takes back a request still open; the office's link stops working. */
export async function withdraw(s: S, opts: { caller: Caller; requestId: string }): Promise<InsuranceRequestDto> {
  const projectId = await s.db.transaction(async (tx) => {
    const { request: r } = await requestRow(tx, opts.requestId, true);
    await readAccess(tx, opts.caller, r.projectId);
    if (!isOpen(r)) throw new AppError("conflict", "Only a request still waiting for an answer can be withdrawn.");
    await tx
      .update(insuranceRequests)
      .set({ status: "withdrawn", tokenHash: null, updatedAt: new Date() })
      .where(eq(insuranceRequests.id, r.id));
    await syncInsuranceGreenlight(tx, r.projectId);
    return r.projectId;
  });
  await publishInsurance(s, projectId);
  return one(s, opts.caller, opts.requestId);
}

/**
 * Revoking the office's link (sent to a wrong address, say) and, with `resend`, mailing a new one. The crew,
 * the office and admins may.
 */
export async function renewLink(
  s: S,
  opts: { caller: Caller; requestId: string; resend: boolean },
): Promise<InsuranceRequestDto> {
  const settings = await getSchoolSettings(s.db);
  const { projectId, told } = await s.db.transaction(async (tx) => {
    const { request: r, projectTitle } = await requestRow(tx, opts.requestId, true);
    if (!mayAnswer(opts.caller, settings)) await readAccess(tx, opts.caller, r.projectId);
    if (r.status !== "requested")
      throw new AppError(
        "conflict",
        "Only a request waiting for the insurance office has a link to revoke or send again.",
      );
    if (!opts.resend) {
      await tx
        .update(insuranceRequests)
        .set({ tokenHash: null, tokenExpiresAt: null, updatedAt: new Date() })
        .where(eq(insuranceRequests.id, r.id));
      return { projectId: r.projectId, told: [] };
    }
    return { projectId: r.projectId, told: await sendToOffice(s, tx, r, projectTitle, settings) };
  });
  await publishInsurance(s, projectId);
  await publishNotified(s, told);
  return one(s, opts.caller, opts.requestId);
}

/** The office's account (or an admin standing in) answers in the portal. */
export async function answerInPortal(
  s: S,
  opts: { caller: Caller; requestId: string } & (
    { fileName: string; bytes: Uint8Array } | { decline: InsuranceDeclineInput }
  ),
): Promise<InsuranceRequestDto> {
  const settings = await getSchoolSettings(s.db);
  if (!mayAnswer(opts.caller, settings))
    throw new AppError("forbidden", "Only the school's insurance office answers certificate requests.");
  await answer(s, {
    requestId: opts.requestId,
    by: { id: opts.caller.id, name: opts.caller.name },
    answer:
      "decline" in opts
        ? { kind: "decline", reason: insuranceDeclineInput.parse(opts.decline).reason }
        : { kind: "certificate", fileName: opts.fileName, bytes: opts.bytes },
    lockAndCheck: async (tx) => {
      const row = await requestRow(tx, opts.requestId, true);
      return { request: row.request, projectTitle: row.projectTitle };
    },
  });
  return one(s, opts.caller, opts.requestId);
}
