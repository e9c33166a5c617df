import type {
  AdminDashboardDto,
  BoardDto,
  BoardQuery,
  DashboardActivity,
  IcalFeedDto,
  OverviewCard,
  OverviewFilterOptions,
  OverviewFilters,
  ProjectBlocker,
  TimelineDto,
  TimelineQuery,
} from "../../../common/overview-api.ts";
import type { ProjectListItem } from "../../../common/project-api.ts";
import { PHASES, PHASE_LABELS, PROJECT_TYPE_LABELS, type Phase } from "../../../common/projects.ts";
import { ROLES } from "../../../common/roles.ts";
import { isAdmin, isStaff, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { pendingSignatures } from "../documents/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit } from "../audit/service.ts";
import { listPendingApprovals } from "../budgets/index.ts";
import { writerOf } from "../../../common/school-writer.ts";
import { getSchoolSettings } from "../school/service.ts";
import { equipmentSummary, feedReservations } from "../equipment/index.ts";
import { feedShootDays, shootDaysOf } from "../schedule/index.ts";
import { blockerReasons, forViewer, listProjects, PROJECTS_SCOPE } from "../projects/index.ts";
import { jsonAnswers } from "../../lib/cache.ts";
import { buildCalendar, type CalendarEvent } from "./ical.ts";
import { CSV_BOM, csvRow } from "../../lib/csv.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import * as repo from "./repository.ts";
import { hashToken, newToken, TOKEN_PATTERN } from "../../lib/tokens.ts";
import { keys } from "../../../common/query-keys.ts";

type S = Pick<Services, "db" | "events" | "config">;

function nextShoot(p: Pick<ProjectListItem, "shootStart" | "shootEnd">, today: string): string | null {
  if (!p.shootStart) return null;
  if (p.shootStart >= today) return p.shootStart;
  return (p.shootEnd ?? p.shootStart) >= today ? today : null;
}

/** A card says what the list row says, save the list's own columns, and the reasons behind its blocker count. */
const CARD_FIELDS = [
  "id",
  "title",
  "type",
  "course",
  "academicYear",
  "phase",
  "supervisor",
  "leadNames",
  "shootStart",
  "shootEnd",
  "greenlight",
  "isMember",
] as const;

function toCard(p: ProjectListItem, blockers: ProjectBlocker[], today: string, caller: Caller): OverviewCard {
  const shared = Object.fromEntries(CARD_FIELDS.map((k) => [k, p[k]])) as Pick<
    ProjectListItem,
    (typeof CARD_FIELDS)[number]
  >;
  return { ...shared, nextShoot: nextShoot(p, today), blockers, canEdit: p.isMember || isStaff(caller.role) };
}

// ── The board ────────────────────────────────────────────────────────────────────────────────────

/**
 * One column per phase, each a page of the projects list under the same filters (so a card shows what
 * the projects list shows), with the reasons behind each card's blockers.
 */
export async function getBoard(s: Pick<S, "db">, opts: { caller: Caller; query: BoardQuery }): Promise<BoardDto> {
  const { limit, offset, ...filters } = opts.query;
  const phases: readonly Phase[] = filters.phase ? [filters.phase] : PHASES;
  const pages = await Promise.all(
    phases.map((phase) =>
      listProjects(s, {
        caller: opts.caller,
        query: { ...filters, phase, sort: "shootStart", dir: "asc", limit, offset },
      }),
    ),
  );
  const reasons = await blockerReasons(
    s,
    pages.flatMap((p) => p.items),
  );
  const today = isoDay(new Date());
  return {
    columns: phases.map((phase, i) => ({
      phase,
      total: pages[i]!.total,
      items: pages[i]!.items.map((p) => toCard(p, reasons.get(p.id) ?? [], today, opts.caller)),
    })),
  };
}

/**
 * The board, the timeline and the filters as browsers ask for them, kept per viewer and query until an event
 * concerns projects (lib/cache.ts): at nine on a Monday the whole school opens the overview at once. A change of
 * shoot days names the overview itself; a stripboard's other changes (a screenplay's scenes) leave it alone.
 * The time bounds what turns without an event: a milestone overdue at midnight.
 */
const OVERVIEW_SCOPE = PROJECTS_SCOPE;
const answers = jsonAnswers({ ttlMs: 30_000, maxEntries: 200, staleMs: 30_000 });

/**
 * The board depends on who asks only through each card's `isMember`: read once, marked per viewer, and written
 * out per request (a board is tens of kilobytes: one kept per person would cost a large school its memory).
 */
export async function browseBoard(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; query: BoardQuery },
): Promise<string> {
  const board = await forViewer(s, {
    caller: opts.caller,
    key: `board ${JSON.stringify(opts.query)}`,
    scope: OVERVIEW_SCOPE,
    read: (nobody) => getBoard(s, { ...opts, caller: nobody }),
    mark: (b, isMember) => ({
      columns: b.columns.map((c) => ({
        ...c,
        items: c.items.map((card) => ({
          ...card,
          isMember: isMember(card.id),
          canEdit: isMember(card.id) || isStaff(opts.caller.role),
        })),
      })),
    }),
  });
  return JSON.stringify(board);
}

/** The timeline is the same for everyone who asks the same question. */
export function browseTimeline(s: Pick<S, "db" | "events">, opts: { caller: Caller; query: TimelineQuery }) {
  return answers(s.events, `timeline ${JSON.stringify(opts.query)}`, OVERVIEW_SCOPE, () => getTimeline(s, opts));
}

export function browseFilterOptions(s: Pick<S, "db" | "events">) {
  return answers(s.events, "filters", OVERVIEW_SCOPE, () => getFilterOptions(s));
}

export async function getFilterOptions(s: Pick<S, "db">): Promise<OverviewFilterOptions> {
  return repo.selectFilterOptions(s.db);
}

// ── The timeline ─────────────────────────────────────────────────────────────────────────────────

/** Each shoot with its scheduled shoot days in the window (from the project's schedule). */
async function withShootDays<T extends { id: string }>(
  s: Pick<S, "db">,
  rows: T[],
  from: string,
  to: string,
): Promise<(T & { shootDays: string[] })[]> {
  const days = await shootDaysOf(
    s.db,
    rows.map((r) => r.id),
    from,
    to,
  );
  return rows.map((r) => ({ ...r, shootDays: days.filter((d) => d.projectId === r.id).map((d) => d.date) }));
}

export async function getTimeline(
  s: Pick<S, "db">,
  opts: { caller: Caller; query: TimelineQuery },
): Promise<TimelineDto> {
  const { from: asked, weeks, limit, offset, ...filters } = opts.query;
  const today = isoDay(new Date());
  const from = asked ?? today;
  const to = addDays(from, weeks * 7 - 1);
  const page = await repo.selectShootsBetween(s.db, { from, to, filters, viewerId: opts.caller.id, limit, offset });
  return { from, to, today, total: page.total, items: await withShootDays(s, page.rows, from, to) };
}

// ── The CSV export ───────────────────────────────────────────────────────────────────────────────

const EXPORT_PAGE = 100;

export const CSV_HEADER = [
  "Title",
  "Type",
  "Phase",
  "Course",
  "Academic year",
  "Supervisor",
  "Leads",
  "Shoot start",
  "Shoot end",
  "Greenlight done",
  "Greenlight total",
  "Blockers",
];

export function describeBlocker(b: ProjectBlocker): string {
  return b.kind === "greenlight"
    ? `Greenlight missing: ${b.label}`
    : `Milestone overdue: ${b.title} (due ${b.dueDate})`;
}

export const exportFilename = (now: Date) => `productions-${isoDay(now)}.csv`;

/**
 * The filtered list as CSV lines, read a page at a time from the database so an export of every
 * production never holds the whole table in memory.
 */
export async function* exportCsv(
  s: Pick<S, "db">,
  opts: { caller: Caller; filters: OverviewFilters },
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CSV_HEADER);
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const page = await listProjects(s, {
      caller: opts.caller,
      query: { ...opts.filters, sort: "title", dir: "asc", limit: EXPORT_PAGE, offset },
    });
    const reasons = await blockerReasons(s, page.items);
    for (const p of page.items) {
      yield csvRow([
        p.title,
        PROJECT_TYPE_LABELS[p.type],
        PHASE_LABELS[p.phase],
        p.course,
        p.academicYear,
        p.supervisor?.name ?? "",
        p.leadNames.join("; "),
        p.shootStart ?? "",
        p.shootEnd ?? "",
        String(p.greenlight.done),
        String(p.greenlight.total),
        (reasons.get(p.id) ?? []).map(describeBlocker).join("; "),
      ]);
    }
    if (page.items.length < EXPORT_PAGE) return;
  }
}

// ── The personal iCal feed ───────────────────────────────────────────────────────────────────────

const TOKEN = TOKEN_PATTERN;

const feedUrl = (s: Pick<S, "config">, token: string) => `${s.config.PUBLIC_URL}/rest/v1/ical/${token}.ics`;

export async function getIcalFeed(s: Pick<S, "db">, opts: { caller: Caller }): Promise<IcalFeedDto> {
  return { active: await repo.hasIcalToken(s.db, opts.caller.id), url: null };
}

/** A new secret each time: the previous URL stops working at once, which is how a leaked one is revoked. */
export async function rotateIcalToken(s: Pick<S, "db" | "config">, opts: { caller: Caller }): Promise<IcalFeedDto> {
  const token = newToken();
  await repo.setIcalTokenHash(s.db, opts.caller.id, hashToken(token));
  return { active: true, url: feedUrl(s, token) };
}

const noFeed = () =>
  new AppError(
    "not_found",
    "There is no calendar feed at this address. Create a new feed URL on the production overview.",
  );

export async function renderIcalFeed(s: Pick<S, "db" | "config">, opts: { token: string }): Promise<string> {
  if (!TOKEN.test(opts.token)) throw noFeed();
  const owner = await repo.selectFeedOwner(s.db, hashToken(opts.token));
  if (!owner) throw noFeed();
  const shoots = await repo.selectFeedShoots(s.db, owner.id);
  const host = new URL(s.config.PUBLIC_URL).hostname;
  const events: CalendarEvent[] = shoots.map((p) => {
    const link = `${s.config.PUBLIC_URL}/project/${p.id}`;
    return {
      uid: `shoot-${p.id}@${host}`,
      stamp: p.updatedAt,
      start: p.shootStart,
      lastDay: p.shootEnd,
      summary: `Shoot: ${p.title}`,
      description: [
        `${PROJECT_TYPE_LABELS[p.type]}, ${PHASE_LABELS[p.phase].toLowerCase()}`,
        p.course ? `Course: ${p.course}` : null,
        p.supervisorName ? `Supervisor: ${p.supervisorName}` : null,
        link,
      ]
        .filter(Boolean)
        .join("\n"),
      location: p.locations.join("; "),
      url: link,
    };
  });
  for (const { day, projectTitle } of await feedShootDays(s.db, owner.id, repo.FEED_MAX_EVENTS)) {
    const link = `${s.config.PUBLIC_URL}/project/${day.projectId}?tab=schedule`;
    events.push({
      uid: `shoot-day-${day.id}@${host}`,
      stamp: day.updatedAt,
      start: day.date,
      lastDay: day.date,
      summary: `Shoot day: ${projectTitle} (call ${day.generalCall})`,
      description: [`Crew call ${day.generalCall}`, day.notes || null, link].filter(Boolean).join("\n"),
      location: [day.location, day.address].filter(Boolean).join(", "),
      url: link,
    });
  }
  events.push(...(await feedReservations(s, { userId: owner.id, host })));
  return buildCalendar({ name: `Shoots of ${owner.name}`, events });
}

// ── The admin dashboard ──────────────────────────────────────────────────────────────────────────

const ACTIVITY_SIZE = 20;
const DEAD_SHOWN = 10;

const AUDIT_ACTIONS: Record<string, string> = {
  "user.created": "created the account of",
  "user.role_changed": "changed the role of",
  "user.deactivated": "deactivated",
  "user.reactivated": "reactivated",
  "user.updated": "updated the account of",
  "invitation.created": "invited",
  "invitation.resent": "sent the invitation again to",
  "invitation.revoked": "revoked the invitation of",
  "invitation.accepted": "accepted the invitation as",
  "project.deleted": "deleted the project",
  "school.settings_changed": "changed the school settings of",
  "job.retried": "retried the dead job",
};

const PENDING_APPROVALS = {
  sources: ["Budget approvals", "Equipment reservations", "Document signatures"],
  explanation:
    "Budgets waiting for their approver and documents out for signature wait here, oldest first, until they are decided or signed; equipment reservations to confirm are counted in the equipment section.",
};

/** Monday to Sunday of the week of `today`. */
function weekOf(today: string): { from: string; to: string } {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(today, -weekday);
  return { from, to: addDays(from, 6) };
}

export async function getDashboard(s: Pick<S, "db">, opts: { caller: Caller }): Promise<AdminDashboardDto> {
  if (!isStaff(opts.caller.role))
    throw new AppError("forbidden", "The admin dashboard is for staff and administrators.");
  const week = weekOf(isoDay(new Date()));
  const [phases, shoots, jobCounts, dead, [activity, audit], people, signatures, budgets, equipment, settings] =
    await Promise.all([
      repo.countByPhase(s.db),
      repo.selectShootsBetween(s.db, { ...week, filters: {}, viewerId: opts.caller.id, limit: 20, offset: 0 }),
      repo.countJobs(s.db),
      repo.selectDeadJobs(s.db, DEAD_SHOWN),
      repo.selectRecentLogs(s.db, ACTIVITY_SIZE),
      repo.countPeople(s.db),
      pendingSignatures(s.db, opts.caller),
      listPendingApprovals(s, { caller: opts.caller }),
      equipmentSummary(s),
      getSchoolSettings(s.db),
    ]);
  const writer = writerOf(settings);
  const jobsBy = new Map(jobCounts.map((j) => [j.status, j.n]));
  const recentActivity: DashboardActivity[] = [
    ...activity.map((a) => ({
      id: a.id,
      source: "project" as const,
      actorName: a.actorName,
      summary: a.summary,
      projectId: a.projectId,
      projectTitle: a.projectTitle,
      createdAt: a.createdAt,
    })),
    ...audit.map((a) => ({
      id: a.id,
      source: "audit" as const,
      actorName: a.actorName,
      summary: `${a.actorName} ${AUDIT_ACTIONS[a.action] ?? a.action}${a.targetLabel ? ` ${a.targetLabel}` : ""}`,
      projectId: null,
      projectTitle: null,
      createdAt: a.createdAt,
    })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, ACTIVITY_SIZE)
    .map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }));
  return {
    productionsByPhase: PHASES.map((phase) => ({ phase, count: phases.find((p) => p.phase === phase)?.n ?? 0 })),
    shootsThisWeek: { ...week, total: shoots.total, items: await withShootDays(s, shoots.rows, week.from, week.to) },
    jobs: {
      pending: jobsBy.get("pending") ?? 0,
      running: jobsBy.get("running") ?? 0,
      dead: jobsBy.get("dead") ?? 0,
      recentDead: dead.map((j) => ({ ...j, updatedAt: j.updatedAt.toISOString() })),
    },
    recentActivity,
    people: ROLES.map((role) => ({
      role,
      active: people.find((p) => p.role === role && p.active)?.n ?? 0,
      deactivated: people.find((p) => p.role === role && !p.active)?.n ?? 0,
    })),
    pendingApprovals: {
      ...PENDING_APPROVALS,
      total: signatures.total + budgets.length,
      items: [
        ...budgets.map((b) => ({
          kind: "budget" as const,
          id: b.id,
          title: `${b.projectTitle}, version ${b.number}`,
          detail: `${writer.money(b.total, b.currency)} · submitted by ${b.submittedByName ?? "the team"} · approver ${b.approverEmail ?? "not named"}`,
          link: `/project/${b.projectId}?tab=budget`,
          since: b.submittedAt,
        })),
        ...signatures.items.map((p) => ({
          kind: "signature" as const,
          id: p.submissionId,
          title: `${p.documentTitle} (${p.projectTitle})`,
          detail: `Waiting for ${p.waitingFor.join(", ")}; expires ${p.expiresAt.slice(0, 10)}`,
          link: `/project/${p.projectId}?tab=documents`,
          since: p.sentAt,
        })),
      ].sort((a, b) => a.since.localeCompare(b.since)),
    },
    equipment,
    canRetryJobs: isAdmin(opts.caller.role),
  };
}

/** A dead job gets a fresh set of attempts, at once; the audit log keeps why it had died. */
export async function retryJob(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; id: string },
): Promise<{ id: string; status: "pending" }> {
  if (!isAdmin(opts.caller.role)) throw new AppError("forbidden", "Only an administrator can retry a job.");
  const missing = () => new AppError("not_found", "There is no job with this id.");
  if (!isUuid(opts.id)) throw missing();
  await s.db.transaction(async (tx) => {
    const job = await repo.selectJobForUpdate(tx, opts.id);
    if (!job) throw missing();
    if (job.status !== "dead")
      throw new AppError("conflict", `This job is ${job.status}, not dead: only a dead job can be retried.`);
    if (job.dedupeKey && (await repo.queuedTwin(tx, job.dedupeKey, job.id))) {
      throw new AppError("conflict", "The same job is already queued again, so this one is not retried.");
    }
    await repo.requeueJob(tx, job.id);
    await recordAudit(tx, opts.caller, {
      action: "job.retried",
      targetType: "job",
      targetId: job.id,
      targetLabel: job.type,
      details: { attempts: job.attempts, lastError: job.lastError },
    });
  });
  await s.events.publish({ type: "job.retried", invalidate: [keys.adminDashboard(), keys.auditLog()] });
  return { id: opts.id, status: "pending" };
}
