/** The admin dashboard, and a dead job's retry from it. */
import type { AdminDashboardDto, DashboardActivity } from "../../../common/overview-api.ts";
import { PHASES } from "../../../common/projects.ts";
import { can, ROLES } from "../../../common/roles.ts";
import { isAdmin, type Caller } from "../../auth/caller.ts";
import { pendingSignatures } from "../documents/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit } from "../audit/service.ts";
import { listPendingApprovals } from "../budgets/index.ts";
import { writerOf } from "../../../common/school-writer.ts";
import { getSchoolSettings } from "../school/service.ts";
import { equipmentSummary } from "../equipment/index.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import * as repo from "./repository.ts";
import { keys } from "../../../common/query-keys.ts";
import type { S } from "./shared.ts";
import { withShootDays } from "./timeline.ts";

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
  if (!can(opts.caller.role, "dashboard"))
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
