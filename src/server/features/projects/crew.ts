import { and, count, eq } from "drizzle-orm";
import {
  type MemberAddInput,
  type MemberUpdateInput,
  type ProjectDetail,
  memberAddInput,
  memberUpdateInput,
} from "../../../common/project-api.ts";
import { FILM_ROLE_LABELS, filmRoleList } from "../../../common/projects.ts";
import { type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { profiles, projectMembers } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { notify } from "../inbox/service.ts";
import { crewAddedMail } from "../../mail/crew-added.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { change, projectLink, projectUrl } from "./projects.ts";

// ── Crew ─────────────────────────────────────────────────────────────────────────────────────────

async function leadCount(tx: Tx, projectId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.isLead, true)));
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

export async function addMember(
  s: S,
  opts: { caller: Caller; id: string; input: MemberAddInput },
): Promise<ProjectDetail> {
  const input = memberAddInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const [person] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, input.userId), eq(profiles.active, true)));
    if (!person) throw new AppError("bad_request", "There is no active person with this id to add to the crew.");
    const added = await tx
      .insert(projectMembers)
      .values({ projectId: project.id, userId: person.id, roles: input.roles, isLead: input.isLead })
      .onConflictDoNothing()
      .returning();
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
      email: crewAddedMail({
        addedBy: opts.caller.name,
        projectTitle: project.title,
        roles: input.roles.map((r) => FILM_ROLE_LABELS[r]),
        isLead: input.isLead,
        url: projectUrl(s, project.id),
      }),
    });
    return { notified };
  });
}

export async function updateMember(
  s: S,
  opts: { caller: Caller; id: string; userId: string; input: MemberUpdateInput },
): Promise<ProjectDetail> {
  const input = memberUpdateInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const { member, name } = await crewMember(tx, project.id, opts.userId);
    if (member.isLead && input.isLead === false && (await leadCount(tx, project.id)) <= 1)
      throw new AppError("conflict", LAST_LEAD);
    const roles = input.roles ?? member.roles;
    const isLead = input.isLead ?? member.isLead;
    await tx
      .update(projectMembers)
      .set({ roles, isLead })
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, member.userId)));
    await repo.touchProject(tx, project.id);
    const parts: string[] = [];
    if (input.roles && JSON.stringify(input.roles) !== JSON.stringify(member.roles))
      parts.push(`${name} is now ${filmRoleList(roles).toLowerCase()}`);
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
    await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, member.userId)));
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "crew.removed",
      summary:
        member.userId === opts.caller.id
          ? `${name} left the crew`
          : `${opts.caller.name} removed ${name} from the crew`,
      details: { userId: member.userId },
    });
  });
}
