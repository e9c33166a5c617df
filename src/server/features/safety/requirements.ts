/**
 * A project's hazard requirements: created when a safety flag is confirmed, withdrawn when it is dismissed, a
 * document attached by the crew, decided by the approver. Due dates are read, never stored: they follow the
 * scene's shoot day on the stripboard, so moving a scene moves them and nothing goes stale.
 */
import { and, asc, eq, inArray, isNull, min, ne, or, sql } from "drizzle-orm";
import { keys } from "../../../common/query-keys.ts";
import { isAdmin, isStaff, ROLE_LABELS } from "../../../common/roles.ts";
import {
  APPROVER_ROLE_LABELS,
  attachInput,
  decisionInput,
  dueDateOf,
  leadText,
  UNMET,
  type AttachInput,
  type AwaitingDto,
  type DecisionInput,
  type RequirementDto,
  type RequirementEvent,
  type SafetyDto,
} from "../../../common/safety.ts";
import { isoDay } from "../../../common/time.ts";
import { DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from "../../../common/documents.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  documents,
  profiles,
  projects,
  safetyRequirementEvents,
  safetyRequirements,
  scheduleStrips,
  shootDays,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { projectFor } from "../projects/access.ts";
import { setProjectItemDone } from "../projects/greenlight.ts";
import { formatDate } from "../../../common/datetime.ts";
import { publishNotified } from "../inbox/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { getHazardKinds } from "./kinds.ts";
import { noticeSubmitted } from "./notices.ts";

type S = Pick<Services, "db" | "events">;
export type RequirementRow = typeof safetyRequirements.$inferSelect;

const noRequirement = () => new AppError("not_found", "There is no such safety requirement in this project.");

/** Who may decide: the named approver, or anyone of the approver role; administrators always (the school's fallback). */
export function mayDecide(
  caller: Pick<Caller, "id" | "role">,
  row: Pick<RequirementRow, "approverRole" | "approverUserId">,
) {
  if (isAdmin(caller.role)) return true;
  if (row.approverUserId) return row.approverUserId === caller.id;
  return row.approverRole === "staff" && isStaff(caller.role);
}

/** The events a change of requirements publishes: the project's list, its stripboard and greenlight, the overview. */
export const requirementKeys = (projectId: string) => [
  keys.safety(projectId),
  keys.safetyAwaiting(),
  keys.schedule(projectId),
  keys.project(projectId),
  keys.projects(),
  keys.overview(),
];

/** Adds the requirements of a confirmed flag's hazard kind, in the flag's transaction; answers how many. */
export async function addFlagRequirements(
  tx: DbOrTx,
  opts: { projectId: string; screenplayId: string; sceneNumber: string; kind: string; greenlightKey: string },
): Promise<number> {
  const kind = (await getHazardKinds(tx)).find((k) => k.key === opts.kind);
  if (!kind || kind.requirements.length === 0) return 0;
  const named = kind.requirements.flatMap((r) => r.approverUserId ?? []);
  const names = new Map(
    named.length
      ? (
          await tx
            .select({ id: profiles.id, name: profiles.fullName })
            .from(profiles)
            .where(inArray(profiles.id, named))
        ).map((p) => [p.id, p.name])
      : [],
  );
  await tx
    .insert(safetyRequirements)
    .values(
      kind.requirements.map((r) => ({
        projectId: opts.projectId,
        screenplayId: opts.screenplayId,
        sceneNumber: opts.sceneNumber,
        kind: kind.key,
        kindLabel: kind.label,
        greenlightKey: opts.greenlightKey,
        label: r.label,
        category: r.category,
        approverRole: r.approverRole,
        approverUserId: r.approverUserId && names.has(r.approverUserId) ? r.approverUserId : null,
        approverName: (r.approverUserId && names.get(r.approverUserId)) || APPROVER_ROLE_LABELS[r.approverRole],
        leadDays: r.leadDays,
        businessDays: r.businessDays,
      })),
    )
    // A flag dismissed and flagged again opens its withdrawn requirements anew, as the table says now.
    .onConflictDoUpdate({
      target: [safetyRequirements.projectId, safetyRequirements.greenlightKey, safetyRequirements.label],
      set: {
        status: "open",
        documentId: null,
        category: sql`excluded.category`,
        approverRole: sql`excluded.approver_role`,
        approverUserId: sql`excluded.approver_user_id`,
        approverName: sql`excluded.approver_name`,
        leadDays: sql`excluded.lead_days`,
        businessDays: sql`excluded.business_days`,
        updatedAt: new Date(),
      },
      setWhere: eq(safetyRequirements.status, "withdrawn"),
    });
  return kind.requirements.length;
}

/**
 * A dismissed flag withdraws its requirements still unmet; approved ones stay as they were decided. Every step
 * already taken stays in each requirement's history.
 */
export async function withdrawFlagRequirements(
  tx: DbOrTx,
  opts: { projectId: string; greenlightKey: string; caller: Caller },
): Promise<number> {
  const withdrawn = await tx
    .update(safetyRequirements)
    .set({ status: "withdrawn", updatedAt: new Date() })
    .where(
      and(
        eq(safetyRequirements.projectId, opts.projectId),
        eq(safetyRequirements.greenlightKey, opts.greenlightKey),
        inArray(safetyRequirements.status, [...UNMET]),
      ),
    )
    .returning({ id: safetyRequirements.id });
  if (withdrawn.length > 0)
    await tx.insert(safetyRequirementEvents).values(
      withdrawn.map((w) => ({
        requirementId: w.id,
        action: "withdrawn",
        comment: "The safety flag was dismissed.",
        byId: opts.caller.id,
        byName: opts.caller.name,
      })),
    );
  return withdrawn.length;
}

/** The first shoot day of each scheduled scene of a project. */
export async function sceneDays(db: DbOrTx, projectIds: string[]): Promise<Map<string, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ projectId: scheduleStrips.projectId, scene: scheduleStrips.sceneNumber, day: min(shootDays.date) })
    .from(scheduleStrips)
    .innerJoin(shootDays, eq(shootDays.id, scheduleStrips.shootDayId))
    .where(inArray(scheduleStrips.projectId, projectIds))
    .groupBy(scheduleStrips.projectId, scheduleStrips.sceneNumber);
  return new Map(rows.filter((r) => r.day).map((r) => [`${r.projectId} ${r.scene}`, r.day!]));
}

export async function getSafety(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string; today?: string },
): Promise<SafetyDto> {
  const { project, canEdit } = await projectFor(s.db, opts.caller, opts.projectId);
  const rows = await s.db
    .select({ r: safetyRequirements, documentTitle: documents.title })
    .from(safetyRequirements)
    .leftJoin(documents, eq(documents.id, safetyRequirements.documentId))
    .where(eq(safetyRequirements.projectId, project.id))
    .orderBy(asc(safetyRequirements.createdAt), asc(safetyRequirements.label));
  const [days, events] = await Promise.all([
    sceneDays(s.db, [project.id]),
    rows.length
      ? s.db
          .select()
          .from(safetyRequirementEvents)
          .where(
            inArray(
              safetyRequirementEvents.requirementId,
              rows.map((x) => x.r.id),
            ),
          )
          .orderBy(asc(safetyRequirementEvents.at))
      : Promise.resolve([]),
  ]);
  const today = opts.today ?? isoDay(new Date());
  const history = new Map<string, RequirementEvent[]>();
  for (const e of events) {
    const list = history.get(e.requirementId) ?? [];
    list.push({
      action: e.action as RequirementEvent["action"],
      comment: e.comment,
      documentTitle: e.documentTitle,
      byName: e.byName,
      at: e.at.toISOString(),
    });
    history.set(e.requirementId, list);
  }
  const requirements: RequirementDto[] = rows.map(({ r, documentTitle }) => {
    const shootDay = days.get(`${r.projectId} ${r.sceneNumber}`) ?? null;
    const dueDate = dueDateOf(shootDay, r.leadDays, r.businessDays);
    const unmet = UNMET.includes(r.status);
    return {
      id: r.id,
      projectId: r.projectId,
      kind: r.kind,
      kindLabel: r.kindLabel,
      sceneNumber: r.sceneNumber,
      label: r.label,
      category: r.category as DocumentCategory,
      approverName: r.approverName,
      leadDays: r.leadDays,
      businessDays: r.businessDays,
      status: r.status,
      shootDay,
      dueDate,
      late: unmet && dueDate !== null && today > dueDate,
      document: r.documentId && documentTitle ? { id: r.documentId, title: documentTitle } : null,
      history: history.get(r.id) ?? [],
      canAttach: canEdit && r.status !== "approved" && r.status !== "withdrawn",
      canDecide: r.status === "submitted" && mayDecide(opts.caller, r),
    };
  });
  // The unmet first, the soonest due first; the withdrawn last.
  const rank = (x: RequirementDto) => (x.status === "withdrawn" ? 2 : x.status === "approved" ? 1 : 0);
  requirements.sort(
    (a, b) =>
      rank(a) - rank(b) || (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || a.label.localeCompare(b.label),
  );
  return { projectId: project.id, requirements };
}

async function lockedRequirement(tx: DbOrTx, projectId: string, requirementId: string) {
  const [row] = await tx
    .select()
    .from(safetyRequirements)
    .where(and(eq(safetyRequirements.id, requirementId), eq(safetyRequirements.projectId, projectId)))
    .for("update");
  if (!row) throw noRequirement();
  return row;
}

/** The crew attaches one of the project's documents, of the required category; the approver is then to decide. */
export async function attachDocument(
  s: S & Pick<Services, "config">,
  opts: { caller: Caller; projectId: string; requirementId: string; input: AttachInput },
): Promise<SafetyDto> {
  const input = attachInput.parse(opts.input);
  const formats = await getSchoolSettings(s.db);
  const notified = await s.db.transaction(async (tx) => {
    const { project } = await projectFor(tx, opts.caller, opts.projectId, {
      need: "edit",
      lock: true,
      denied: "Only the project's crew and staff attach its safety documents.",
    });
    const row = await lockedRequirement(tx, project.id, opts.requirementId);
    if (row.status === "approved" || row.status === "withdrawn")
      throw new AppError("conflict", `“${row.label}” is ${row.status}; nothing more to attach.`);
    const [doc] = await tx
      .select({
        id: documents.id,
        title: documents.title,
        category: documents.category,
        deletedAt: documents.deletedAt,
      })
      .from(documents)
      .where(and(eq(documents.id, input.documentId), eq(documents.projectId, project.id)));
    if (!doc || doc.deletedAt) throw new AppError("bad_request", "Choose one of this project's documents.");
    if (doc.category !== row.category)
      throw new AppError(
        "bad_request",
        `“${row.label}” needs a document filed under ${DOCUMENT_CATEGORY_LABELS[row.category as DocumentCategory]}; “${doc.title}” is filed under ${DOCUMENT_CATEGORY_LABELS[doc.category]}.`,
      );
    await tx
      .update(safetyRequirements)
      .set({ documentId: doc.id, status: "submitted", updatedAt: new Date() })
      .where(eq(safetyRequirements.id, row.id));
    await tx.insert(safetyRequirementEvents).values({
      requirementId: row.id,
      action: "submitted",
      documentId: doc.id,
      documentTitle: doc.title,
      byId: opts.caller.id,
      byName: opts.caller.name,
    });
    const shootDay = (await sceneDays(tx, [project.id])).get(`${project.id} ${row.sceneNumber}`) ?? null;
    const dueDate = dueDateOf(shootDay, row.leadDays, row.businessDays);
    const due = dueDate
      ? formatDate(dueDate, formats, { style: "long", weekday: true, year: false })
      : `${leadText(row.leadDays, row.businessDays)} before the shoot`;
    return noticeSubmitted(tx, s, { caller: opts.caller, project, row, documentTitle: doc.title, due });
  });
  await s.events.publish({ type: "safety.changed", invalidate: requirementKeys(opts.projectId) });
  await publishNotified(s, notified);
  return getSafety(s, opts);
}

/** The approver approves, asks for changes or refuses, with a comment; the flag's greenlight item follows. */
export async function decideRequirement(
  s: S,
  opts: { caller: Caller; projectId: string; requirementId: string; input: DecisionInput },
): Promise<SafetyDto> {
  const input = decisionInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const { project } = await projectFor(tx, opts.caller, opts.projectId, { lock: true });
    const row = await lockedRequirement(tx, project.id, opts.requirementId);
    if (!mayDecide(opts.caller, row))
      throw new AppError(
        "forbidden",
        `Only ${row.approverUserId ? row.approverName : ROLE_LABELS[row.approverRole === "admin" ? "admin" : "staff"].toLowerCase()} decides “${row.label}”.`,
      );
    if (row.status !== "submitted")
      throw new AppError(
        "conflict",
        row.status === "approved" || row.status === "refused" || row.status === "withdrawn"
          ? `“${row.label}” has already been ${row.status}.`
          : `“${row.label}” has no document waiting for a decision; the crew attaches one first.`,
      );
    await tx
      .update(safetyRequirements)
      .set({ status: input.decision, updatedAt: new Date() })
      .where(eq(safetyRequirements.id, row.id));
    await tx.insert(safetyRequirementEvents).values({
      requirementId: row.id,
      action: input.decision,
      comment: input.comment,
      documentId: row.documentId,
      byId: opts.caller.id,
      byName: opts.caller.name,
    });
    await syncFlagItem(tx, project.id, row.greenlightKey);
  });
  await s.events.publish({ type: "safety.changed", invalidate: requirementKeys(opts.projectId) });
  return getSafety(s, opts);
}

/** The flag's "Safety plan" item ticks itself once every one of its requirements still standing is approved. */
async function syncFlagItem(tx: DbOrTx, projectId: string, greenlightKey: string) {
  const rows = await tx
    .select({ status: safetyRequirements.status })
    .from(safetyRequirements)
    .where(
      and(
        eq(safetyRequirements.projectId, projectId),
        eq(safetyRequirements.greenlightKey, greenlightKey),
        ne(safetyRequirements.status, "withdrawn"),
      ),
    );
  // Only an approval can complete the set, and an approval is final, so nothing here unticks a hand's tick.
  if (rows.length === 0 || !rows.every((r) => r.status === "approved")) return;
  await setProjectItemDone(tx, {
    projectId,
    key: greenlightKey,
    done: true,
    note: "Every safety requirement approved",
  });
}

/** The requirements with a document waiting for this person's decision, across the school, the soonest due first. */
export async function listAwaiting(s: Pick<S, "db">, opts: { caller: Caller; today?: string }): Promise<AwaitingDto> {
  const mine = isAdmin(opts.caller.role)
    ? undefined
    : isStaff(opts.caller.role)
      ? or(
          eq(safetyRequirements.approverUserId, opts.caller.id),
          and(isNull(safetyRequirements.approverUserId), eq(safetyRequirements.approverRole, "staff")),
        )
      : eq(safetyRequirements.approverUserId, opts.caller.id);
  const rows = await s.db
    .select({ r: safetyRequirements, projectTitle: projects.title })
    .from(safetyRequirements)
    .innerJoin(projects, eq(projects.id, safetyRequirements.projectId))
    .where(and(eq(safetyRequirements.status, "submitted"), mine))
    .limit(200);
  const days = await sceneDays(s.db, [...new Set(rows.map((x) => x.r.projectId))]);
  const items = rows.map(({ r, projectTitle }) => ({
    id: r.id,
    projectId: r.projectId,
    projectTitle,
    label: r.label,
    kindLabel: r.kindLabel,
    sceneNumber: r.sceneNumber,
    dueDate: dueDateOf(days.get(`${r.projectId} ${r.sceneNumber}`) ?? null, r.leadDays, r.businessDays),
  }));
  items.sort((a, b) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || a.label.localeCompare(b.label));
  return { items };
}
