import { and, count, eq } from "drizzle-orm";
import {
  UNLICENSED_STATUSES,
  shootDatesProblem,
  type ActivityDto,
  type ArchivalCreateInput,
  type ArchivalUpdateInput,
  type DocumentaryListItem,
  type GreenlightBlockDetails,
  type GreenlightEntryDto,
  type InterviewCreateInput,
  type InterviewUpdateInput,
  type MemberAddInput,
  type MemberUpdateInput,
  type MilestoneCreateInput,
  type MilestoneUpdateInput,
  type Page,
  type ParticipantCreateInput,
  type ParticipantUpdateInput,
  type PhaseChangeInput,
  type ProjectCreateInput,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectListQuery,
  type ProjectUpdateInput,
  type StaleVersionDetails,
  archivalCreateInput,
  archivalUpdateInput,
  greenlightTickInput,
  interviewCreateInput,
  interviewUpdateInput,
  memberAddInput,
  memberUpdateInput,
  milestoneCreateInput,
  milestoneUpdateInput,
  participantCreateInput,
  participantUpdateInput,
  phaseChangeInput,
  projectCreateInput,
  projectUpdateInput,
} from "../../../common/project-api.ts";
import type { ProjectBlocker } from "../../../common/overview-api.ts";
import { FILM_ROLE_LABELS, filmRoleList, OVERRIDE_REASON_MIN, PHASES, PHASE_LABELS, type FilmRole, type GreenlightItem, type Phase } from "../../../common/projects.ts";
import { isAdmin, isStaff, type Caller } from "../../auth/caller.ts";
import { contactsFor, contactsVisible as contactsVisibleTo } from "./contacts.ts";
import { mayEdit, noProject, projectFor } from "./access.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { docArchival, docInterviews, docParticipants, milestones, phaseChanges, profiles, projectGreenlight, projectMembers, projects } from "../../db/schema/index.ts";
import { cachePerBus, jsonAnswers, PEOPLE, type EntryScope } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit } from "../audit/service.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { crewAddedMail } from "../notifications/emails/crew-added.ts";
import { greenlightOverrideMail } from "../notifications/emails/greenlight-override.ts";
import { phaseChangedMail } from "../notifications/emails/phase-changed.ts";
import { getGreenlightItems, getProjectGreenlightItems } from "./greenlight.ts";
import * as repo from "./repository.ts";

type S = Pick<Services, "db" | "events" | "config">;

/** The signed-in person acting. */

// ── Who may do what (DESIGN §4): everyone signed in reads; the crew, staff and admins edit ──────────


function canTick(item: GreenlightItem, caller: Caller, project: repo.ProjectRow, member: boolean): boolean {
  if (item.source !== "manual") return false;
  switch (item.tickedBy) {
    case "supervisor":
      return caller.id === project.supervisorId || isAdmin(caller.role);
    case "staff":
      return isStaff(caller.role);
    case "member":
      return mayEdit(caller, member);
  }
}

const TICKERS: Record<GreenlightItem["tickedBy"], string> = {
  supervisor: "the project's supervisor or an admin",
  staff: "staff or an admin",
  member: "the crew, staff or an admin",
};

const AUTOMATIC: Record<Exclude<GreenlightItem["source"], "manual">, string> = {
  budget: "the project's budget is approved",
  releases: "the location and talent releases are signed",
  documents: "the document is uploaded to the project",
};

/** Before production, missing greenlight items hold the production up; afterwards they no longer block anything. */
const beforeProduction = (phase: Phase) => PHASES.indexOf(phase) < PHASES.indexOf("production");

const iso = (d: Date | null) => d?.toISOString() ?? null;

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

type ListRow = Awaited<ReturnType<typeof repo.selectProjectPage>>["rows"][number];

/** What the list row and the detail both say of a project, read the same way from its row. */
const summaryOf = (p: ListRow["project"]) => ({
  id: p.id,
  title: p.title,
  type: p.type,
  course: p.course,
  academicYear: p.academicYear,
  phase: p.phase,
  logline: p.logline,
  shootStart: p.shootStart,
  shootEnd: p.shootEnd,
});
/** A person named by a join; null when the id is unset or the person is gone. */
const personRef = (id: string | null, name: string | null | undefined) => (id && name ? { id, name } : null);

function toListItem(r: ListRow, greenlightTotal: number): ProjectListItem {
  const p = r.project;
  const total = greenlightTotal + r.greenlightOwn;
  const missing = Math.max(0, total - r.greenlightDone);
  return {
    ...summaryOf(p),
    supervisor: personRef(p.supervisorId, r.supervisorName),
    memberCount: r.memberCount,
    leadNames: r.leadNames ?? [],
    nextMilestone: r.nextMilestone,
    greenlight: { done: r.greenlightDone, total },
    blockers: r.overdueMilestones + (beforeProduction(p.phase) ? missing : 0),
    isMember: !!r.isMember,
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * What holds each listed production up, item by item: the reasons behind `ProjectListItem.blockers`,
 * under the same rule (overdue milestones always; missing greenlight items before production).
 */
export async function blockerReasons(s: Pick<S, "db">, items: Pick<ProjectListItem, "id" | "phase">[]): Promise<Map<string, ProjectBlocker[]>> {
  const [checklist, details] = await Promise.all([getGreenlightItems(s.db), repo.selectBlockerDetails(s.db, items.map((i) => i.id))]);
  const ticked = new Set(details.ticked.map((t) => `${t.projectId} ${t.itemKey}`));
  const reasons = new Map<string, ProjectBlocker[]>();
  for (const item of items) {
    const missing: ProjectBlocker[] = beforeProduction(item.phase)
      ? [...checklist, ...details.own.filter((o) => o.projectId === item.id)]
          .filter((g) => !ticked.has(`${item.id} ${g.key}`))
          .map((g) => ({ kind: "greenlight", key: g.key, label: g.label }))
      : [];
    const overdue: ProjectBlocker[] = details.overdue
      .filter((m) => m.projectId === item.id)
      .map((m) => ({ kind: "milestone", id: m.id, title: m.title, dueDate: m.dueDate }));
    reasons.set(item.id, [...missing, ...overdue]);
  }
  return reasons;
}

export async function listProjects(s: Pick<S, "db">, opts: { caller: Caller; query: ProjectListQuery }): Promise<Page<ProjectListItem>> {
  const items = await getGreenlightItems(s.db);
  const page = await repo.selectProjectPage(s.db, { q: opts.query, viewerId: opts.caller.id, greenlightKeys: items.map((i) => i.key) });
  return { total: page.total, items: page.rows.map((r) => toListItem(r, items.length)) };
}

/**
 * What a list of projects, the overview and a project's answer are made of, in the events' keys: any project,
 * the lists, the overview, the people on them and the school's greenlight checklist. A screenplay autosave, a
 * budget draft, a booking or a notification leaves them be (lib/cache.ts).
 */
export const PROJECTS_SCOPE: EntryScope = { deps: [["projects"], ["projects-documentary"], ["project"], ["overview"], ...PEOPLE, ["school-settings"]] };

/**
 * The answers as browsers ask for them, kept per viewer and query until an event concerns them, so a class opening
 * the list at the same moment costs the database one page; answered a while longer while one reload runs. The
 * time only bounds what changes without an event: a milestone turning overdue at midnight.
 */
const ANSWER_MS = 30_000;
const answers = jsonAnswers({ ttlMs: ANSWER_MS, maxEntries: 1_000, staleMs: ANSWER_MS });
type ListOptions = { caller: Caller; query: ProjectListQuery };
const listKey = (list: string, opts: ListOptions) => `${list} ${opts.caller.id} ${JSON.stringify(opts.query)}`;

/** Reads a list as nobody in particular: the viewer's own marks are added afterwards (`forViewer`). */
const NOBODY: Caller = { id: "00000000-0000-4000-8000-000000000000", name: "", role: "student" };
const sharedLists = cachePerBus<unknown>({ ttlMs: ANSWER_MS, maxEntries: 100, staleMs: ANSWER_MS });
const crews = cachePerBus<Set<string>>({ ttlMs: ANSWER_MS, maxEntries: 5_000 });

/** The projects a person is on the crew of. */
export function crewProjectsOf(s: Pick<S, "db" | "events">, userId: string): Promise<Set<string>> {
  const load = async () => new Set((await s.db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, userId))).map((r) => r.id));
  return crews(s.events).get(userId, load, undefined, PROJECTS_SCOPE);
}

/**
 * A list whose answer depends on who asks only through `isMember` (every list but "mine"), read once for the
 * whole school and marked for each viewer: a class opening the overview at nine costs one read, and one small
 * read of each person's crews.
 */
export async function forViewer<T>(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; key: string; scope: EntryScope; read: (nobody: Caller) => Promise<T>; mark: (value: T, isMember: (projectId: string) => boolean) => T },
): Promise<T> {
  const [value, mine] = await Promise.all([
    sharedLists(s.events).get(opts.key, () => opts.read(NOBODY), undefined, opts.scope) as Promise<T>,
    crewProjectsOf(s, opts.caller.id),
  ]);
  return opts.mark(value, (id) => mine.has(id));
}

const markPage = <I extends { id: string; isMember: boolean }>(page: Page<I>, isMember: (id: string) => boolean): Page<I> => ({
  ...page,
  items: page.items.map((i) => ({ ...i, isMember: isMember(i.id) })),
});

/** `listProjects` as JSON, from the cache when fresh. */
export function browseProjects(s: Pick<S, "db" | "events">, opts: ListOptions): Promise<Uint8Array<ArrayBuffer>> {
  const read = () =>
    opts.query.mine
      ? listProjects(s, opts)
      : forViewer(s, { caller: opts.caller, key: `projects ${JSON.stringify(opts.query)}`, scope: PROJECTS_SCOPE, read: (nobody) => listProjects(s, { ...opts, caller: nobody }), mark: markPage });
  return answers(s.events, listKey("projects", opts), PROJECTS_SCOPE, read);
}

/** `listDocumentaries` as JSON, from the cache when fresh. */
export function browseDocumentaries(s: Pick<S, "db" | "events">, opts: ListOptions): Promise<Uint8Array<ArrayBuffer>> {
  const read = () =>
    opts.query.mine
      ? listDocumentaries(s, opts)
      : forViewer(s, { caller: opts.caller, key: `documentary ${JSON.stringify(opts.query)}`, scope: PROJECTS_SCOPE, read: (nobody) => listDocumentaries(s, { ...opts, caller: nobody }), mark: markPage });
  return answers(s.events, listKey("documentary", opts), PROJECTS_SCOPE, read);
}

/** `getProject` as JSON, kept per viewer until an event names this project, every project or the people. */
export function viewProject(s: Pick<S, "db" | "events">, opts: { caller: Caller; id: string }): Promise<Uint8Array<ArrayBuffer>> {
  const scope = { deps: [["project", opts.id], ["projects"], ...PEOPLE, ["school-settings"]] };
  return answers(s.events, `project ${opts.caller.id} ${opts.id}`, scope, () => getProject(s, opts));
}

export async function listDocumentaries(s: Pick<S, "db">, opts: { caller: Caller; query: ProjectListQuery }): Promise<Page<DocumentaryListItem>> {
  const items = await getGreenlightItems(s.db);
  const page = await repo.selectDocumentaryPage(s.db, {
    q: opts.query,
    viewerId: opts.caller.id,
    greenlightKeys: items.map((i) => i.key),
    unlicensed: UNLICENSED_STATUSES,
  });
  return {
    total: page.total,
    items: page.rows.map((r) => ({
      ...toListItem(r, items.length),
      participantCount: r.participantCount,
      pendingConsent: r.pendingConsent,
      upcomingInterviews: r.upcomingInterviews,
      unlicensedArchive: r.unlicensedArchive,
    })),
  };
}

const toActivity = (a: Awaited<ReturnType<typeof repo.selectActivity>>["rows"][number]): ActivityDto => ({
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
  const [members, ms, ticks, history, activity, items, documentary] = await Promise.all([
    repo.selectMembers(s.db, p.id),
    repo.selectMilestones(s.db, p.id),
    repo.selectGreenlightTicks(s.db, p.id),
    repo.selectPhaseHistory(s.db, p.id),
    repo.selectActivity(s.db, p.id, { limit: 20, offset: 0 }),
    getProjectGreenlightItems(s.db, p.id),
    p.type === "documentary" ? repo.selectDocumentary(s.db, p.id) : Promise.resolve(null),
  ]);
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
    phaseHistory: history.map((h) => ({
      id: h.id,
      from: h.fromPhase,
      to: h.toPhase,
      reason: h.reason,
      overrideReason: h.overrideReason,
      changedByName: h.changedByName,
      createdAt: h.createdAt.toISOString(),
    })),
    activity: activity.rows.map(toActivity),
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

export async function getActivity(s: Pick<S, "db">, opts: { id: string; limit: number; offset: number }): Promise<Page<ActivityDto>> {
  if (!isUuid(opts.id) || !(await repo.selectProject(s.db, opts.id))) throw noProject();
  const page = await repo.selectActivity(s.db, opts.id, opts);
  return { total: page.total, items: page.rows.map(toActivity) };
}

// ── Changing ─────────────────────────────────────────────────────────────────────────────────────

interface Change {
  tx: Tx;
  project: repo.ProjectRow;
  member: boolean;
}

/** What a change hands back: who got a notification (their tabs refetch the notification centre). */
interface Outcome {
  notified?: string[];
}

/**
 * The one path of every change to a project: the project row is locked for the transaction (two
 * changes to one project run one after the other), the caller's right to edit is checked, and after
 * the commit every open tab is told to refetch. Answers the project as it now is.
 */
async function change(s: S, opts: { caller: Caller; id: string; editorsOnly?: boolean }, work: (c: Change) => Promise<Outcome | void>): Promise<ProjectDetail> {
  if (!isUuid(opts.id)) throw noProject();
  const outcome = await s.db.transaction(async (tx) => {
    const { project, member } = await projectFor(tx, opts.caller, opts.id, { need: opts.editorsOnly === false ? "read" : "edit", lock: true });
    return (await work({ tx, project, member })) ?? {};
  });
  await publishProjectChanged(s, opts.id);
  await publishNotified(s, outcome.notified ?? []);
  return getProject(s, opts);
}

async function publishProjectChanged(s: Pick<S, "events">, id: string) {
  // Every signed-in person may read every project, so every open list and page refetches.
  await s.events.publish({ type: "project.changed", invalidate: [["projects"], ["projects-documentary"], ["project", id], ["overview"], ["admin-dashboard"]], data: { id } });
}

const projectLink = (id: string) => `/project/${id}`;
const projectUrl = (s: Pick<S, "config">, id: string) => new URL(projectLink(id), s.config.PUBLIC_URL).toString();

async function assertSupervisor(tx: Tx, userId: string) {
  const [person] = await tx.select({ role: profiles.role, active: profiles.active }).from(profiles).where(eq(profiles.id, userId));
  if (!person || !person.active) throw new AppError("bad_request", "There is no active member of staff with this id to supervise the project.");
  if (!isStaff(person.role)) throw new AppError("bad_request", "The supervisor must be a member of staff.");
}

export async function createProject(s: S, opts: { caller: Caller; input: ProjectCreateInput }): Promise<ProjectDetail> {
  const { myRoles, ...fields } = projectCreateInput.parse(opts.input);
  const problem = shootDatesProblem(fields.shootStart, fields.shootEnd);
  if (problem) throw new AppError("bad_request", problem);
  const id = await s.db.transaction(async (tx) => {
    if (fields.supervisorId) await assertSupervisor(tx, fields.supervisorId);
    const [row] = await tx
      .insert(projects)
      .values({ ...fields, createdBy: opts.caller.id })
      .returning({ id: projects.id });
    await tx.insert(projectMembers).values({ projectId: row!.id, userId: opts.caller.id, roles: myRoles, isLead: true });
    await repo.recordActivity(tx, {
      projectId: row!.id,
      actor: opts.caller,
      kind: "project.created",
      summary: `${opts.caller.name} created the project, as ${filmRoleList(myRoles).toLowerCase()}`,
    });
    return row!.id;
  });
  await publishProjectChanged(s, id);
  return getProject(s, { caller: opts.caller, id });
}

const FIELD_NAMES: Record<Exclude<keyof ProjectUpdateInput, "version">, string> = {
  title: "the title",
  type: "the type",
  course: "the course",
  academicYear: "the academic year",
  logline: "the logline",
  synopsis: "the synopsis",
  targetRuntimeMinutes: "the target runtime",
  format: "the format",
  shootStart: "the shoot dates",
  shootEnd: "the shoot dates",
  locations: "the locations",
  supervisorId: "the supervisor",
};

const sentence = (parts: string[]) => (parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`);

/** A save names the version it edited; an older one is refused with the project as it now is, so nothing is overwritten unseen. */
export async function updateProject(s: S, opts: { caller: Caller; id: string; input: ProjectUpdateInput }): Promise<ProjectDetail> {
  const { version, ...input } = projectUpdateInput.parse(opts.input);
  try {
    return await change(s, opts, async ({ tx, project }) => {
      if (project.version !== version) throw new StaleVersion();
      const changed = (Object.keys(input) as (keyof typeof input)[]).filter(
        (k) => input[k] !== undefined && JSON.stringify(input[k]) !== JSON.stringify(project[k]),
      );
      if (changed.length === 0) return;
      const next = { ...project, ...Object.fromEntries(changed.map((k) => [k, input[k]])) };
      const problem = shootDatesProblem(next.shootStart, next.shootEnd);
      if (problem) throw new AppError("bad_request", problem);
      if (changed.includes("supervisorId") && next.supervisorId) await assertSupervisor(tx, next.supervisorId);
      await tx
        .update(projects)
        .set({ ...Object.fromEntries(changed.map((k) => [k, input[k]])), version: project.version + 1, updatedAt: new Date() })
        .where(eq(projects.id, project.id));
      await repo.recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: "project.edited",
        summary: `${opts.caller.name} edited ${sentence([...new Set(changed.map((k) => FIELD_NAMES[k]))])}`,
        details: { fields: changed },
      });
    });
  } catch (err) {
    if (!(err instanceof StaleVersion)) throw err;
    const current = await getProject(s, opts);
    throw new AppError(
      "conflict",
      "Someone else saved this project after you opened it. Review their changes, then save yours again.",
      { current } satisfies StaleVersionDetails,
    );
  }
}

class StaleVersion extends Error {}

/** Admins only: a project's history goes with it, so the deletion is kept in the audit log. */
export async function deleteProject(s: S, opts: { caller: Caller; id: string }): Promise<void> {
  if (!isUuid(opts.id)) throw noProject();
  if (!isAdmin(opts.caller.role)) throw new AppError("forbidden", "Only an admin can delete a project.");
  await s.db.transaction(async (tx) => {
    const [gone] = await tx.delete(projects).where(eq(projects.id, opts.id)).returning();
    if (!gone) throw noProject();
    await recordAudit(tx, opts.caller, {
      action: "project.deleted",
      targetType: "project",
      targetId: gone.id,
      targetLabel: gone.title,
      details: { type: gone.type, phase: gone.phase, academicYear: gone.academicYear },
    });
  });
  await publishProjectChanged(s, opts.id);
}

// ── Crew ─────────────────────────────────────────────────────────────────────────────────────────

async function leadCount(tx: Tx, projectId: string) {
  const [row] = await tx.select({ n: count() }).from(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.isLead, true)));
  return row?.n ?? 0;
}

async function crewMember(tx: Tx, projectId: string, userId: string) {
  const [row] = await tx
    .select({ member: projectMembers, name: profiles.fullName })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (!row) throw new AppError("not_found", "This person is not on the crew of this project.");
  return row;
}

const LAST_LEAD = "A project needs at least one lead: make someone else a lead first.";

export async function addMember(s: S, opts: { caller: Caller; id: string; input: MemberAddInput }): Promise<ProjectDetail> {
  const input = memberAddInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const [person] = await tx.select().from(profiles).where(and(eq(profiles.id, input.userId), eq(profiles.active, true)));
    if (!person) throw new AppError("bad_request", "There is no active person with this id to add to the crew.");
    const added = await tx.insert(projectMembers).values({ projectId: project.id, userId: person.id, roles: input.roles, isLead: input.isLead }).onConflictDoNothing().returning();
    if (added.length === 0) throw new AppError("conflict", `${person.fullName} is already on the crew.`);
    await repo.touchProject(tx, project.id);
    const roles = filmRoleList(input.roles);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "crew.added",
      summary: `${opts.caller.name} added ${person.fullName} to the crew as ${roles.toLowerCase()}${input.isLead ? " (lead)" : ""}`,
      details: { userId: person.id, roles: input.roles, isLead: input.isLead },
    });
    if (person.id === opts.caller.id) return;
    const notified = await notify(tx, {
      userIds: [person.id],
      kind: "crew_added",
      title: `You are on the crew of “${project.title}”`,
      body: `${opts.caller.name} added you as ${roles.toLowerCase()}${input.isLead ? ", as a lead" : ""}.`,
      link: projectLink(project.id),
      email: crewAddedMail({ addedBy: opts.caller.name, projectTitle: project.title, roles: input.roles.map((r) => FILM_ROLE_LABELS[r]), isLead: input.isLead, url: projectUrl(s, project.id) }),
    });
    return { notified };
  });
}

export async function updateMember(s: S, opts: { caller: Caller; id: string; userId: string; input: MemberUpdateInput }): Promise<ProjectDetail> {
  const input = memberUpdateInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const { member, name } = await crewMember(tx, project.id, opts.userId);
    if (member.isLead && input.isLead === false && (await leadCount(tx, project.id)) <= 1) throw new AppError("conflict", LAST_LEAD);
    const roles = input.roles ?? member.roles;
    const isLead = input.isLead ?? member.isLead;
    await tx.update(projectMembers).set({ roles, isLead }).where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, member.userId)));
    await repo.touchProject(tx, project.id);
    const parts: string[] = [];
    if (input.roles && JSON.stringify(input.roles) !== JSON.stringify(member.roles)) parts.push(`${name} is now ${filmRoleList(roles).toLowerCase()}`);
    if (isLead !== member.isLead) parts.push(isLead ? `${name} is now a lead` : `${name} is no longer a lead`);
    if (parts.length > 0) {
      await repo.recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: "crew.changed",
        summary: `${opts.caller.name} changed the crew: ${parts.join("; ")}`,
        details: { userId: member.userId, roles, isLead },
      });
    }
  });
}

export async function removeMember(s: S, opts: { caller: Caller; id: string; userId: string }): Promise<ProjectDetail> {
  return change(s, opts, async ({ tx, project }) => {
    const { member, name } = await crewMember(tx, project.id, opts.userId);
    if (member.isLead && (await leadCount(tx, project.id)) <= 1) throw new AppError("conflict", LAST_LEAD);
    await tx.delete(projectMembers).where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, member.userId)));
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "crew.removed",
      summary: member.userId === opts.caller.id ? `${name} left the crew` : `${opts.caller.name} removed ${name} from the crew`,
      details: { userId: member.userId },
    });
  });
}

// ── Milestones ───────────────────────────────────────────────────────────────────────────────────

async function milestoneOf(tx: Tx, projectId: string, milestoneId: string) {
  const missing = () => new AppError("not_found", "There is no milestone with this id on this project.");
  if (!isUuid(milestoneId)) throw missing();
  const [row] = await tx.select().from(milestones).where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)));
  if (!row) throw missing();
  return row;
}

export async function createMilestone(s: S, opts: { caller: Caller; id: string; input: MilestoneCreateInput }): Promise<ProjectDetail> {
  const input = milestoneCreateInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    await tx.insert(milestones).values({ projectId: project.id, title: input.title, dueDate: input.dueDate });
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "milestone.added",
      summary: `${opts.caller.name} added the milestone “${input.title}”, due ${input.dueDate}`,
    });
  });
}

export async function updateMilestone(s: S, opts: { caller: Caller; id: string; milestoneId: string; input: MilestoneUpdateInput }): Promise<ProjectDetail> {
  const input = milestoneUpdateInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const before = await milestoneOf(tx, project.id, opts.milestoneId);
    const doneChanged = input.done !== undefined && input.done !== before.done;
    await tx
      .update(milestones)
      .set({
        title: input.title ?? before.title,
        dueDate: input.dueDate ?? before.dueDate,
        ...(doneChanged ? { done: input.done, doneAt: input.done ? new Date() : null, doneBy: input.done ? opts.caller.id : null } : {}),
      })
      .where(eq(milestones.id, before.id));
    await repo.touchProject(tx, project.id);
    const title = input.title ?? before.title;
    const parts: string[] = [];
    if (input.title !== undefined && input.title !== before.title) parts.push(`renamed “${before.title}” to “${input.title}”`);
    if (input.dueDate !== undefined && input.dueDate !== before.dueDate) parts.push(`moved “${title}” to ${input.dueDate}`);
    if (doneChanged) parts.push(input.done ? `marked “${title}” done` : `reopened “${title}”`);
    if (parts.length > 0) {
      await repo.recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: doneChanged && input.done ? "milestone.done" : "milestone.changed",
        summary: `${opts.caller.name} ${sentence(parts)}`,
        details: { milestoneId: before.id },
      });
    }
  });
}

export async function deleteMilestone(s: S, opts: { caller: Caller; id: string; milestoneId: string }): Promise<ProjectDetail> {
  return change(s, opts, async ({ tx, project }) => {
    const before = await milestoneOf(tx, project.id, opts.milestoneId);
    await tx.delete(milestones).where(eq(milestones.id, before.id));
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "milestone.removed",
      summary: `${opts.caller.name} removed the milestone “${before.title}”`,
    });
  });
}

// ── Phase and greenlight ─────────────────────────────────────────────────────────────────────────

async function missingGreenlight(tx: Tx, projectId: string) {
  const [items, ticks] = await Promise.all([getProjectGreenlightItems(tx, projectId), repo.selectGreenlightTicks(tx, projectId)]);
  const done = new Set(ticks.filter((t) => t.tick.done).map((t) => t.tick.itemKey));
  return items.filter((i) => !done.has(i.key));
}

/**
 * Moves the project to another phase, with who, when and why on record. Moving from before production
 * to production or later needs the whole greenlight checklist, unless staff or an admin override it in
 * writing; the crew (and the supervisor) hear of every move.
 */
export async function changePhase(s: S, opts: { caller: Caller; id: string; input: PhaseChangeInput }): Promise<ProjectDetail> {
  const input = phaseChangeInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const from = project.phase;
    if (from === input.to) throw new AppError("conflict", `The project is already in ${PHASE_LABELS[from]}.`);
    let override: { reason: string; missing: GreenlightItem[] } | null = null;
    if (beforeProduction(from) && !beforeProduction(input.to)) {
      const missing = await missingGreenlight(tx, project.id);
      if (missing.length > 0) {
        const list = missing.map((m) => m.label).join(", ");
        const details: GreenlightBlockDetails = { missing: missing.map((m) => ({ key: m.key, label: m.label })), canOverride: isStaff(opts.caller.role) };
        if (!isStaff(opts.caller.role)) {
          throw new AppError("conflict", `The greenlight checklist is not complete: ${list}. Staff can move the project into production with a written reason.`, details);
        }
        if (!input.overrideReason || input.overrideReason.length < OVERRIDE_REASON_MIN) {
          throw new AppError(
            "conflict",
            `The greenlight checklist is not complete: ${list}. To move into production anyway, write why in the override reason (at least ${OVERRIDE_REASON_MIN} characters).`,
            details,
          );
        }
        override = { reason: input.overrideReason, missing };
      }
    }
    await tx.update(projects).set({ phase: input.to, updatedAt: new Date() }).where(eq(projects.id, project.id));
    await tx.insert(phaseChanges).values({
      projectId: project.id,
      fromPhase: from,
      toPhase: input.to,
      reason: input.reason,
      overrideReason: override?.reason ?? null,
      changedBy: opts.caller.id,
      changedByName: opts.caller.name,
    });
    const to = PHASE_LABELS[input.to];
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: override ? "phase.override" : "phase.changed",
      summary: override
        ? `${opts.caller.name} moved the project to ${to} past the greenlight checklist (${override.missing.map((m) => m.label).join(", ")} still open): ${input.reason}. Override: ${override.reason}`
        : `${opts.caller.name} moved the project to ${to}: ${input.reason}`,
      details: { from, to: input.to, ...(override ? { overrideReason: override.reason, missing: override.missing.map((m) => m.key) } : {}) },
    });

    const crew = await repo.selectMembers(tx, project.id);
    const audience = [...crew.map((m) => m.member.userId), ...(project.supervisorId ? [project.supervisorId] : [])].filter((id) => id !== opts.caller.id);
    const notified = await notify(tx, {
      userIds: audience,
      kind: "phase_changed",
      title: `“${project.title}” moved to ${to}`,
      body: `${opts.caller.name}: ${input.reason}`,
      link: projectLink(project.id),
      email: phaseChangedMail({ changedBy: opts.caller.name, projectTitle: project.title, from: PHASE_LABELS[from], to, reason: input.reason, url: projectUrl(s, project.id) }),
    });
    if (override) {
      const missing = override.missing.map((m) => m.label);
      notified.push(
        ...(await notify(tx, {
          userIds: crew.map((m) => m.member.userId).filter((id) => id !== opts.caller.id),
          kind: "greenlight_override",
          title: `“${project.title}” went into production past its greenlight checklist`,
          body: `${opts.caller.name} overrode: ${override.reason}. Still open: ${missing.join(", ")}.`,
          link: projectLink(project.id),
          email: greenlightOverrideMail({ overriddenBy: opts.caller.name, projectTitle: project.title, missing, reason: override.reason, url: projectUrl(s, project.id) }),
        })),
      );
    }
    return { notified: [...new Set(notified)] };
  });
}

/** Ticks or unticks a manual greenlight item; the others are fed by their features (feedGreenlight). */
export async function tickGreenlight(s: S, opts: { caller: Caller; id: string; key: string; input: { done: boolean; note?: string } }): Promise<ProjectDetail> {
  const input = greenlightTickInput.parse(opts.input);
  return change(s, { ...opts, editorsOnly: false }, async ({ tx, project, member }) => {
    const item = (await getProjectGreenlightItems(tx, project.id)).find((i) => i.key === opts.key);
    if (!item) throw new AppError("not_found", "There is no greenlight item with this key.");
    if (item.source !== "manual") throw new AppError("conflict", `This item is ticked automatically when ${AUTOMATIC[item.source]}.`);
    if (!canTick(item, opts.caller, project, member)) {
      throw new AppError("forbidden", `Only ${TICKERS[item.tickedBy]} can tick “${item.label}”.`);
    }
    const values = { done: input.done, note: input.note || null, doneBy: input.done ? opts.caller.id : null, doneAt: input.done ? new Date() : null };
    await tx
      .insert(projectGreenlight)
      .values({ projectId: project.id, itemKey: item.key, ...values })
      .onConflictDoUpdate({ target: [projectGreenlight.projectId, projectGreenlight.itemKey], set: values });
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: input.done ? "greenlight.ticked" : "greenlight.unticked",
      summary: `${opts.caller.name} ${input.done ? "ticked" : "unticked"} “${item.label}”${input.note ? `: ${input.note}` : ""}`,
      details: { key: item.key },
    });
  });
}

// ── Documentary details ──────────────────────────────────────────────────────────────────────────

export const DOC_SECTIONS = ["participants", "interviews", "archival"] as const;
export type DocSection = (typeof DOC_SECTIONS)[number];

const DOC_NOUN: Record<DocSection, string> = { participants: "participant", interviews: "interview", archival: "archival item" };

function requireDocumentary(project: repo.ProjectRow) {
  if (project.type !== "documentary") throw new AppError("conflict", "Participants, interviews and archival sources belong to documentary projects; this project is not one.");
}

async function participantOfProject(tx: Tx, projectId: string, participantId: string | null | undefined) {
  if (!participantId) return;
  const [row] = isUuid(participantId)
    ? await tx.select({ id: docParticipants.id }).from(docParticipants).where(and(eq(docParticipants.id, participantId), eq(docParticipants.projectId, projectId)))
    : [];
  if (!row) throw new AppError("bad_request", "The interview's participant is not a participant of this project.");
}

const docMissing = (section: DocSection) => new AppError("not_found", `There is no ${DOC_NOUN[section]} with this id on this project.`);

export type DocCreate =
  | { section: "participants"; input: ParticipantCreateInput }
  | { section: "interviews"; input: InterviewCreateInput }
  | { section: "archival"; input: ArchivalCreateInput };
export type DocUpdate =
  | { section: "participants"; input: ParticipantUpdateInput }
  | { section: "interviews"; input: InterviewUpdateInput }
  | { section: "archival"; input: ArchivalUpdateInput };

export async function createDocItem(s: S, opts: { caller: Caller; id: string; item: DocCreate }): Promise<ProjectDetail> {
  return change(s, opts, async ({ tx, project }) => {
    requireDocumentary(project);
    let label: string;
    switch (opts.item.section) {
      case "participants": {
        const input = participantCreateInput.parse(opts.item.input);
        await tx.insert(docParticipants).values({ projectId: project.id, ...input });
        label = input.name;
        break;
      }
      case "interviews": {
        const input = interviewCreateInput.parse(opts.item.input);
        await participantOfProject(tx, project.id, input.participantId);
        await tx.insert(docInterviews).values({ projectId: project.id, ...input, scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null });
        label = input.subject;
        break;
      }
      case "archival": {
        const input = archivalCreateInput.parse(opts.item.input);
        await tx.insert(docArchival).values({ projectId: project.id, ...input });
        label = input.title;
        break;
      }
    }
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: `documentary.${opts.item.section}.added`,
      summary: `${opts.caller.name} added the ${DOC_NOUN[opts.item.section]} “${label}”`,
    });
  });
}

export async function updateDocItem(s: S, opts: { caller: Caller; id: string; itemId: string; item: DocUpdate }): Promise<ProjectDetail> {
  const section = opts.item.section;
  return change(s, opts, async ({ tx, project }) => {
    requireDocumentary(project);
    if (!isUuid(opts.itemId)) throw docMissing(section);
    let label: string | undefined;
    let status = "";
    switch (opts.item.section) {
      case "participants": {
        const input = participantUpdateInput.parse(opts.item.input);
        const [row] = await tx.update(docParticipants).set(input).where(and(eq(docParticipants.id, opts.itemId), eq(docParticipants.projectId, project.id))).returning();
        label = row?.name;
        if (input.consentStatus) status = ` (consent: ${input.consentStatus.replace("_", " ")})`;
        break;
      }
      case "interviews": {
        const input = interviewUpdateInput.parse(opts.item.input);
        await participantOfProject(tx, project.id, input.participantId);
        const { scheduledAt, ...rest } = input;
        const [row] = await tx
          .update(docInterviews)
          .set({ ...rest, ...(scheduledAt !== undefined ? { scheduledAt: scheduledAt ? new Date(scheduledAt) : null } : {}) })
          .where(and(eq(docInterviews.id, opts.itemId), eq(docInterviews.projectId, project.id)))
          .returning();
        label = row?.subject;
        if (input.status) status = ` (${input.status})`;
        break;
      }
      case "archival": {
        const input = archivalUpdateInput.parse(opts.item.input);
        const [row] = await tx.update(docArchival).set(input).where(and(eq(docArchival.id, opts.itemId), eq(docArchival.projectId, project.id))).returning();
        label = row?.title;
        if (input.licenceStatus) status = ` (licence: ${input.licenceStatus.replace("_", " ")})`;
        break;
      }
    }
    if (label === undefined) throw docMissing(section);
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: `documentary.${section}.changed`,
      summary: `${opts.caller.name} updated the ${DOC_NOUN[section]} “${label}”${status}`,
    });
  });
}

export async function deleteDocItem(s: S, opts: { caller: Caller; id: string; section: DocSection; itemId: string }): Promise<ProjectDetail> {
  return change(s, opts, async ({ tx, project }) => {
    requireDocumentary(project);
    if (!isUuid(opts.itemId)) throw docMissing(opts.section);
    const table = { participants: docParticipants, interviews: docInterviews, archival: docArchival }[opts.section];
    const [row] = await tx.delete(table).where(and(eq(table.id, opts.itemId), eq(table.projectId, project.id))).returning();
    if (!row) throw docMissing(opts.section);
    const label = "name" in row ? row.name : "subject" in row ? row.subject : row.title;
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: `documentary.${opts.section}.removed`,
      summary: `${opts.caller.name} removed the ${DOC_NOUN[opts.section]} “${label}”`,
    });
  });
}
