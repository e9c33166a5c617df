/** What the insurance topics share: the services, the row, who may endorse and answer, the answer's shape. */
import { and, eq } from "drizzle-orm";
import {
  OPEN_INSURANCE_STATUSES,
  INSURANCE_SUBJECT_LABELS,
  INSURANCE_PARTY_KIND_LABELS,
  type InsuranceRequestDto,
} from "../../../common/insurance.ts";
import { keys } from "../../../common/query-keys.ts";
import type { SchoolSettings } from "../../../common/school.ts";
import { formatDate } from "../../../common/datetime.ts";
import { isAdmin, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courseTeachers, insuranceRequests, projects } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import type { InsuranceRequestFacts } from "../../mail/insurance.ts";
import { partiesFor } from "./parties.ts";

export type S = Pick<Services, "db" | "events" | "config">;
export type RequestRow = typeof insuranceRequests.$inferSelect;

export const noRequest = () => new AppError("not_found", "There is no certificate request with this id.");
export const projectLink = (projectId: string) => `/project/${projectId}?tab=insurance`;

export async function publishInsurance(s: Pick<S, "events">, projectId: string) {
  await s.events.publish({
    type: "insurance.changed",
    // The greenlight's insurance item follows the requests: the project and the lists that count its ticks.
    invalidate: [
      keys.insurance(projectId),
      keys.insurance(),
      keys.project(projectId),
      keys.projects(),
      keys.adminDashboard(),
    ],
    data: { projectId },
  });
}

export async function requestRow(db: DbOrTx, id: string, lock = false) {
  if (!isUuid(id)) throw noRequest();
  const q = db
    .select({
      request: insuranceRequests,
      projectTitle: projects.title,
      supervisorId: projects.supervisorId,
      courseId: projects.courseId,
    })
    .from(insuranceRequests)
    .innerJoin(projects, eq(projects.id, insuranceRequests.projectId))
    .where(eq(insuranceRequests.id, id));
  const [row] = lock ? await q.for("update", { of: insuranceRequests }) : await q;
  if (!row) throw noRequest();
  return row;
}

/** The teachers who may endorse a project's requests: its supervisor and the teachers of its course. */
export async function endorsersOf(
  db: DbOrTx,
  project: { supervisorId: string | null; courseId: string | null },
): Promise<string[]> {
  const teachers = project.courseId
    ? await db
        .select({ id: courseTeachers.userId })
        .from(courseTeachers)
        .where(and(eq(courseTeachers.courseId, project.courseId)))
    : [];
  return [...new Set([...(project.supervisorId ? [project.supervisorId] : []), ...teachers.map((t) => t.id)])];
}

/** An administrator stands in for a teacher who is away; nobody else endorses. */
export const mayEndorse = (caller: Caller, endorsers: readonly string[]) =>
  endorsers.includes(caller.id) || isAdmin(caller.role);

/** The office's account answers in the portal; an administrator may stand in for it. */
export const mayAnswer = (caller: Caller, settings: SchoolSettings) =>
  (settings.insuranceOfficeUserId !== null && settings.insuranceOfficeUserId === caller.id) || isAdmin(caller.role);

export const isOpen = (r: Pick<RequestRow, "status">) => OPEN_INSURANCE_STATUSES.includes(r.status);

export const linkOpen = (r: RequestRow, now = Date.now()) =>
  r.status === "requested" && r.tokenHash !== null && (r.tokenExpiresAt?.getTime() ?? 0) > now;

export function toDto(
  r: RequestRow,
  projectTitle: string,
  may: { endorse: boolean; answer: boolean; edit: boolean; contacts: boolean },
): InsuranceRequestDto {
  const open = linkOpen(r);
  return {
    id: r.id,
    projectId: r.projectId,
    projectTitle,
    subject: r.subject,
    description: r.description,
    address: r.address,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    holderName: r.holderName,
    holderAddress: r.holderAddress,
    notes: r.notes,
    parties: partiesFor(r.parties, may.contacts),
    contactsVisible: may.contacts,
    status: r.status,
    requestedByName: r.requestedByName,
    createdAt: r.createdAt.toISOString(),
    endorsedByName: r.endorsedByName,
    endorsedAt: r.endorsedAt?.toISOString() ?? null,
    endorsementComment: r.endorsementComment,
    answeredByName: r.answeredByName,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    declineReason: r.declineReason,
    documentId: r.documentId,
    linkOpen: open,
    linkExpiresAt: open ? (r.tokenExpiresAt?.toISOString() ?? null) : null,
    canEndorse: may.endorse && r.status === "awaiting_endorsement",
    canAnswer: may.answer && r.status === "requested",
    canWithdraw: may.edit && isOpen(r),
  };
}

/** The request in ready strings, for the e-mails. */
export function factsOf(r: RequestRow, projectTitle: string, settings: SchoolSettings): InsuranceRequestFacts {
  const d = (day: string) => formatDate(day, settings, { style: "long" });
  return {
    projectTitle,
    requestedBy: r.requestedByName,
    what: `${INSURANCE_SUBJECT_LABELS[r.subject].toLowerCase()}: ${r.description}`,
    address: r.address,
    period: r.startsOn === r.endsOn ? d(r.startsOn) : `${d(r.startsOn)} to ${d(r.endsOn)}`,
    holder: `${r.holderName}, ${r.holderAddress}`,
    covers: r.parties.map((p) =>
      [`${INSURANCE_PARTY_KIND_LABELS[p.kind]}: ${p.name}`, p.address].filter(Boolean).join(", "),
    ),
    notes: r.notes,
  };
}
