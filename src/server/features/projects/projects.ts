import { eq } from "drizzle-orm";
import {
  type ProjectCreateInput,
  type ProjectDetail,
  type ProjectUpdateInput,
  type StaleVersionDetails,
  projectCreateInput,
  projectUpdateInput,
} from "../../../common/project-api.ts";
import { filmRoleList, shootDatesProblem } from "../../../common/projects.ts";
import { isAdmin, isStaff, type Caller } from "../../auth/caller.ts";
import { noProject, projectFor } from "./access.ts";
import type { Tx } from "../../db/client.ts";
import { profiles, projectMembers, projects } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit } from "../audit/service.ts";
import { publishNotified } from "../inbox/service.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { getProject } from "./detail.ts";
import { courseForProject } from "../courses/index.ts";
import { keys } from "../../../common/query-keys.ts";

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
export async function change(
  s: S,
  opts: { caller: Caller; id: string; editorsOnly?: boolean },
  work: (c: Change) => Promise<Outcome | void>,
): Promise<ProjectDetail> {
  if (!isUuid(opts.id)) throw noProject();
  const outcome = await s.db.transaction(async (tx) => {
    const { project, member } = await projectFor(tx, opts.caller, opts.id, {
      need: opts.editorsOnly === false ? "read" : "edit",
      lock: true,
    });
    return (await work({ tx, project, member })) ?? {};
  });
  await publishProjectChanged(s, opts.id);
  await publishNotified(s, outcome.notified ?? []);
  return getProject(s, opts);
}

async function publishProjectChanged(s: Pick<S, "events">, id: string) {
  // Every signed-in person may read every project, so every open list and page refetches.
  await s.events.publish({
    type: "project.changed",
    invalidate: [keys.projects(), keys.projectsDocumentary(), keys.project(id), keys.overview(), keys.adminDashboard()],
    data: { id },
  });
}

export const projectLink = (id: string) => `/project/${id}`;
export const projectUrl = (s: Pick<S, "config">, id: string) =>
  new URL(projectLink(id), s.config.PUBLIC_URL).toString();

async function assertSupervisor(tx: Tx, userId: string) {
  const [person] = await tx
    .select({ role: profiles.role, active: profiles.active })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!person || !person.active)
    throw new AppError("bad_request", "There is no active member of staff with this id to supervise the project.");
  if (!isStaff(person.role)) throw new AppError("bad_request", "The supervisor must be a member of staff.");
}

export async function createProject(s: S, opts: { caller: Caller; input: ProjectCreateInput }): Promise<ProjectDetail> {
  const { myRoles, ...fields } = projectCreateInput.parse(opts.input);
  const problem = shootDatesProblem(fields.shootStart, fields.shootEnd);
  if (problem) throw new AppError("bad_request", problem);
  const id = await s.db.transaction(async (tx) => {
    if (fields.supervisorId) await assertSupervisor(tx, fields.supervisorId);
    if (fields.courseId) {
      const course = await courseForProject(tx, opts.caller, fields.courseId);
      fields.course = course.code;
      fields.supervisorId ??= course.defaultSupervisorId;
    }
    const [row] = await tx
      .insert(projects)
      .values({ ...fields, createdBy: opts.caller.id })
      .returning({ id: projects.id });
    await tx
      .insert(projectMembers)
      .values({ projectId: row!.id, userId: opts.caller.id, roles: myRoles, isLead: true });
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
  courseId: "the course",
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

export const sentence = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

/** A save names the version it edited; an older one is refused with the project as it now is, so nothing is overwritten unseen. */
export async function updateProject(
  s: S,
  opts: { caller: Caller; id: string; input: ProjectUpdateInput },
): Promise<ProjectDetail> {
  const { version, ...input } = projectUpdateInput.parse(opts.input);
  try {
    return await change(s, opts, async ({ tx, project }) => {
      if (project.version !== version) throw new StaleVersion();
      const changed = (Object.keys(input) as (keyof typeof input)[]).filter(
        (k) => input[k] !== undefined && JSON.stringify(input[k]) !== JSON.stringify(project[k]),
      );
      if (changed.length === 0) return;
      // Picking a course names the project by its code, and gives a project nobody supervises its teacher.
      if (changed.includes("courseId") && input.courseId) {
        const course = await courseForProject(tx, opts.caller, input.courseId);
        input.course = course.code;
        if (!changed.includes("course") && course.code !== project.course) changed.push("course");
        const supervisor = input.supervisorId !== undefined ? input.supervisorId : project.supervisorId;
        if (!supervisor && course.defaultSupervisorId) {
          input.supervisorId = course.defaultSupervisorId;
          if (!changed.includes("supervisorId")) changed.push("supervisorId");
        }
      }
      const next = { ...project, ...Object.fromEntries(changed.map((k) => [k, input[k]])) };
      const problem = shootDatesProblem(next.shootStart, next.shootEnd);
      if (problem) throw new AppError("bad_request", problem);
      if (changed.includes("supervisorId") && next.supervisorId) await assertSupervisor(tx, next.supervisorId);
      await tx
        .update(projects)
        .set({
          ...Object.fromEntries(changed.map((k) => [k, input[k]])),
          version: project.version + 1,
          updatedAt: new Date(),
        })
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
