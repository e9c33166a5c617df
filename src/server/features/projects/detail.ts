import {
  type ActivityDto,
  type GreenlightEntryDto,
  type Page,
  type ProjectDetail,
} from "../../../common/project-api.ts";
import { type FilmRole, type GreenlightItem } from "../../../common/projects.ts";
import { isAdmin, isStaff, type Caller } from "../../auth/caller.ts";
import { contactsFor, contactsVisible as contactsVisibleTo } from "./contacts.ts";
import { mayEdit, noProject } from "./access.ts";
import { isUuid } from "../../lib/validate.ts";
import { firstShootDay, getProjectChecklist, getProjectGreenlightItems } from "./greenlight.ts";
import { dueDateOf, isOverdue } from "../../../common/course-greenlight.ts";
import { isoDay } from "../../../common/time.ts";
import * as repo from "./repository.ts";
import { iso, personRef, type S, summaryOf } from "./shared.ts";

// ── Who may do what (DESIGN §4): everyone signed in reads; the crew, staff and admins edit ──────────

export function canTick(item: GreenlightItem, caller: Caller, project: repo.ProjectRow, member: boolean): boolean {
  if (item.source !== "manual") return false;
  switch (item.tickedBy) {
    // Only staff supervise (`assertSupervisor`); a supervisor moved to another role no longer ticks, and what a
    // student is shown follows from their role and crew alone (`viewProject` keeps it per standing).
    case "supervisor":
      return (isStaff(caller.role) && caller.id === project.supervisorId) || isAdmin(caller.role);
    case "staff":
      return isStaff(caller.role);
    case "member":
      return mayEdit(caller, member);
  }
}

export const TICKERS: Record<GreenlightItem["tickedBy"], string> = {
  supervisor: "the project's supervisor or an admin",
  staff: "staff or an admin",
  member: "the crew, staff or an admin",
};

export const AUTOMATIC: Record<Exclude<GreenlightItem["source"], "manual">, string> = {
  budget: "the project's budget is approved",
  releases: "the location and talent releases are signed",
  documents: "the document is uploaded to the project",
  insurance: "every certificate of insurance the project asked for is issued",
};

// ── One project ──────────────────────────────────────────────────────────────────────────────────

const toActivity = (a: Awaited<ReturnType<typeof repo.selectActivityRows>>[number]): ActivityDto => ({
  id: a.id,
  kind: a.kind,
  summary: a.summary,
  actorName: a.actorName,
  createdAt: a.createdAt.toISOString(),
});

export async function getProject(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<ProjectDetail> {
  if (!isUuid(opts.id)) throw noProject();
  const header = await repo.selectProjectHeader(s.db, opts.id);
  if (!header) throw noProject();
  const p = header.project;
  const ofChecklist = getProjectChecklist(s.db, p.id);
  const [members, ms, ticks, history, activity, items, documentary, firstDay, checklist] = await Promise.all([
    repo.selectMembers(s.db, p.id),
    repo.selectMilestones(s.db, p.id),
    repo.selectGreenlightTicks(s.db, p.id),
    repo.selectPhaseHistory(s.db, p.id),
    repo.selectActivityRows(s.db, p.id, { limit: 20, offset: 0 }),
    getProjectGreenlightItems(s.db, p.id, ofChecklist),
    p.type === "documentary" ? repo.selectDocumentary(s.db, p.id) : Promise.resolve(null),
    firstShootDay(s.db, p.id),
    ofChecklist,
  ]);
  const today = isoDay(new Date());
  const member = members.some((m) => m.member.userId === opts.caller.id);
  const contactsVisible = contactsVisibleTo(opts.caller, member);
  const tickOf = new Map(ticks.map((t) => [t.tick.itemKey, t]));
  const greenlight: GreenlightEntryDto[] = items.map((item) => {
    const t = tickOf.get(item.key);
    const done = !!t?.tick.done;
    return {
      key: item.key,
      label: item.label,
      source: item.source,
      tickedBy: item.tickedBy,
      done,
      note: t?.tick.note ?? null,
      doneByName: done ? (t?.doneByName ?? null) : null,
      doneAt: done ? iso(t?.tick.doneAt ?? null) : null,
      canTick: canTick(item, opts.caller, p, member),
      leadDays: item.leadDays ?? null,
      dueDate: dueDateOf(firstDay, item.leadDays ?? null),
      overdue: isOverdue(dueDateOf(firstDay, item.leadDays ?? null), done, today),
    };
  });
  return {
    ...summaryOf(p),
    synopsis: p.synopsis,
    targetRuntimeMinutes: p.targetRuntimeMinutes,
    format: p.format,
    locations: p.locations,
    supervisor: personRef(p.supervisorId, header.supervisorName),
    createdBy: personRef(p.createdBy, header.creatorName),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    version: p.version,
    members: members.map((m) =>
      contactsFor(
        {
          userId: m.member.userId,
          name: m.name,
          email: m.email,
          roles: m.member.roles as FilmRole[],
          isLead: m.member.isLead,
          addedAt: m.member.addedAt.toISOString(),
        },
        contactsVisible,
      ),
    ),
    contactsVisible,
    milestones: ms.map((m) => ({
      id: m.milestone.id,
      title: m.milestone.title,
      dueDate: m.milestone.dueDate,
      done: m.milestone.done,
      doneAt: iso(m.milestone.doneAt),
      doneByName: m.milestone.done ? m.doneByName : null,
      overdue: !!m.overdue,
    })),
    greenlight,
    greenlightComplete: greenlight.every((g) => g.done),
    greenlightDeadlines: {
      courseCode: checklist.fromCourse,
      firstShootDay: firstDay,
      hasLeads: greenlight.some((g) => g.leadDays !== null),
    },
    phaseHistory: history.map((h) => ({
      id: h.id,
      from: h.fromPhase,
      to: h.toPhase,
      reason: h.reason,
      overrideReason: h.overrideReason,
      changedByName: h.changedByName,
      createdAt: h.createdAt.toISOString(),
    })),
    activity: activity.map(toActivity),
    documentary: documentary && {
      participants: documentary.participants.map((d) => ({
        id: d.id,
        name: d.name,
        description: d.description,
        consentStatus: d.consentStatus,
        createdAt: d.createdAt.toISOString(),
      })),
      interviews: documentary.interviews.map(({ interview: i, participantName }) => ({
        id: i.id,
        subject: i.subject,
        participantId: i.participantId,
        participantName,
        scheduledAt: iso(i.scheduledAt),
        place: i.place,
        status: i.status,
        createdAt: i.createdAt.toISOString(),
      })),
      archival: documentary.archival.map((a) => ({
        id: a.id,
        title: a.title,
        source: a.source,
        licenceStatus: a.licenceStatus,
        notes: a.notes,
        createdAt: a.createdAt.toISOString(),
      })),
    },
    isMember: member,
    canEdit: mayEdit(opts.caller, member),
    canOverrideGreenlight: isStaff(opts.caller.role),
    canDelete: isAdmin(opts.caller.role),
  };
}

export async function getActivity(
  s: Pick<S, "db">,
  opts: { id: string; limit: number; offset: number },
): Promise<Page<ActivityDto>> {
  if (!isUuid(opts.id) || !(await repo.selectProject(s.db, opts.id))) throw noProject();
  const page = await repo.selectActivity(s.db, opts.id, opts);
  return { total: page.total, items: page.rows.map(toActivity) };
}
