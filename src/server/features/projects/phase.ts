import { eq } from "drizzle-orm";
import {
  type GreenlightBlockDetails,
  type PhaseChangeInput,
  type ProjectDetail,
  greenlightTickInput,
  phaseChangeInput,
} from "../../../common/project-api.ts";
import { OVERRIDE_REASON_MIN, PHASE_LABELS, type GreenlightItem } from "../../../common/projects.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import { phaseChanges, projectGreenlight, projects } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { notify } from "../inbox/service.ts";
import { greenlightOverrideMail } from "../../mail/greenlight-override.ts";
import { phaseChangedMail } from "../../mail/phase-changed.ts";
import { getProjectGreenlightItems, missingGreenlightItems } from "./greenlight.ts";
import * as repo from "./repository.ts";
import { beforeProduction, type S } from "./shared.ts";
import { AUTOMATIC, canTick, TICKERS } from "./detail.ts";
import { change, projectLink, projectUrl } from "./projects.ts";

// ── Phase and greenlight ─────────────────────────────────────────────────────────────────────────

/**
 * Moves the project to another phase, with who, when and why on record. Moving from before production
 * to production or later needs the whole greenlight checklist, unless staff or an admin override it in
 * writing; the crew (and the supervisor) hear of every move.
 */
export async function changePhase(
  s: S,
  opts: { caller: Caller; id: string; input: PhaseChangeInput },
): Promise<ProjectDetail> {
  const input = phaseChangeInput.parse(opts.input);
  return change(s, opts, async ({ tx, project }) => {
    const from = project.phase;
    if (from === input.to) throw new AppError("conflict", `The project is already in ${PHASE_LABELS[from]}.`);
    let override: { reason: string; missing: GreenlightItem[] } | null = null;
    if (beforeProduction(from) && !beforeProduction(input.to)) {
      const missing = await missingGreenlightItems(tx, project.id);
      if (missing.length > 0) {
        const list = missing.map((m) => m.label).join(", ");
        const details: GreenlightBlockDetails = {
          missing: missing.map((m) => ({ key: m.key, label: m.label })),
          canOverride: isStaff(opts.caller.role),
        };
        if (!isStaff(opts.caller.role)) {
          throw new AppError(
            "conflict",
            `The greenlight checklist is not complete: ${list}. Staff can move the project into production with a written reason.`,
            details,
          );
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
      details: {
        from,
        to: input.to,
        ...(override ? { overrideReason: override.reason, missing: override.missing.map((m) => m.key) } : {}),
      },
    });

    const crew = await repo.selectMembers(tx, project.id);
    const audience = [
      ...crew.map((m) => m.member.userId),
      ...(project.supervisorId ? [project.supervisorId] : []),
    ].filter((id) => id !== opts.caller.id);
    const notified = await notify(tx, {
      userIds: audience,
      kind: "phase_changed",
      title: `“${project.title}” moved to ${to}`,
      body: `${opts.caller.name}: ${input.reason}`,
      link: projectLink(project.id),
      email: phaseChangedMail({
        changedBy: opts.caller.name,
        projectTitle: project.title,
        from: PHASE_LABELS[from],
        to,
        reason: input.reason,
        url: projectUrl(s, project.id),
      }),
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
          email: greenlightOverrideMail({
            overriddenBy: opts.caller.name,
            projectTitle: project.title,
            missing,
            reason: override.reason,
            url: projectUrl(s, project.id),
          }),
        })),
      );
    }
    return { notified: [...new Set(notified)] };
  });
}

/** Ticks or unticks a manual greenlight item; the others are fed by their features (feedGreenlight). */
export async function tickGreenlight(
  s: S,
  opts: { caller: Caller; id: string; key: string; input: { done: boolean; note?: string } },
): Promise<ProjectDetail> {
  const input = greenlightTickInput.parse(opts.input);
  return change(s, { ...opts, editorsOnly: false }, async ({ tx, project, member }) => {
    const item = (await getProjectGreenlightItems(tx, project.id)).find((i) => i.key === opts.key);
    if (!item) throw new AppError("not_found", "There is no greenlight item with this key.");
    if (item.source !== "manual")
      throw new AppError("conflict", `This item is ticked automatically when ${AUTOMATIC[item.source]}.`);
    if (!canTick(item, opts.caller, project, member)) {
      throw new AppError("forbidden", `Only ${TICKERS[item.tickedBy]} can tick “${item.label}”.`);
    }
    const values = {
      done: input.done,
      note: input.note || null,
      doneBy: input.done ? opts.caller.id : null,
      doneAt: input.done ? new Date() : null,
    };
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
