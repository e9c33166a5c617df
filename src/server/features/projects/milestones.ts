import { and, eq } from "drizzle-orm";
import {
  type MilestoneCreateInput,
  type MilestoneUpdateInput,
  type ProjectDetail,
  milestoneCreateInput,
  milestoneUpdateInput,
} from "../../../common/project-api.ts";
import { type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { milestones } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { change, sentence } from "./projects.ts";

// ── Milestones ───────────────────────────────────────────────────────────────────────────────────

async function milestoneOf(tx: Tx, projectId: string, milestoneId: string) {
  const missing = () => new AppError("not_found", "There is no milestone with this id on this project.");
  if (!isUuid(milestoneId)) throw missing();
  const [row] = await tx
    .select()
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)));
  if (!row) throw missing();
  return row;
}

export async function createMilestone(
  s: S,
  opts: { caller: Caller; id: string; input: MilestoneCreateInput },
): Promise<ProjectDetail> {
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

export async function updateMilestone(
  s: S,
  opts: { caller: Caller; id: string; milestoneId: string; input: MilestoneUpdateInput },
): Promise<ProjectDetail> {
  const input = milestoneUpdateInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const before = await milestoneOf(tx, project.id, opts.milestoneId);
    const doneChanged = input.done !== undefined && input.done !== before.done;
    await tx
      .update(milestones)
      .set({
        title: input.title ?? before.title,
        dueDate: input.dueDate ?? before.dueDate,
        ...(doneChanged
          ? { done: input.done, doneAt: input.done ? new Date() : null, doneBy: input.done ? opts.caller.id : null }
          : {}),
      })
      .where(eq(milestones.id, before.id));
    await repo.touchProject(tx, project.id);
    const title = input.title ?? before.title;
    const parts: string[] = [];
    if (input.title !== undefined && input.title !== before.title)
      parts.push(`renamed “${before.title}” to “${input.title}”`);
    if (input.dueDate !== undefined && input.dueDate !== before.dueDate)
      parts.push(`moved “${title}” to ${input.dueDate}`);
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

export async function deleteMilestone(
  s: S,
  opts: { caller: Caller; id: string; milestoneId: string },
): Promise<ProjectDetail> {
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
