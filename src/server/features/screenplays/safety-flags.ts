/**
 * The breakdown's safety flags, decided: a confirmed flag puts its hazard's paperwork on the project (`safety/`)
 * and a "Safety plan" item on its greenlight checklist; a dismissed one withdraws what is still unmet.
 */
import { and, eq } from "drizzle-orm";
import {
  safetyDecisionInput,
  safetyFlagByHandInput,
  type BreakdownDetail,
  type SafetyDecisionInput,
  type SafetyFlagByHandInput,
} from "../../../common/breakdown-api.ts";
import { safetyItemLabel, suggestSafetyFlags } from "../../../common/screenplay/breakdown.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { safetyFlags } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { addProjectGreenlightItem } from "../projects/greenlight.ts";
import { recordActivity } from "../projects/index.ts";
import { addFlagRequirements, getHazardKinds, withdrawFlagRequirements } from "../safety/index.ts";
import { change, getBreakdown, publishChanged, safetyItemKey } from "./breakdown.ts";

type S = Pick<Services, "db" | "events">;

/**
 * Confirms or dismisses a suggested safety flag. Confirming adds "Safety plan: <kind> (scene N)" to the
 * project's greenlight checklist and the hazard's requirements (school's table, `safety/`) to the project; the
 * item ticks itself once they are all approved. A dismissed flag is not suggested again. A confirmed flag may
 * still be dismissed (the scene was rewritten without the stunt): its unmet requirements are withdrawn, the
 * approved ones and every decision stay on the record.
 */
export async function decideSafetyFlag(
  s: S,
  opts: { caller: Caller; id: string; input: SafetyDecisionInput },
): Promise<BreakdownDetail> {
  const input = safetyDecisionInput.parse(opts.input);
  const { sp } = await change(s, { ...opts, sceneNumber: input.sceneNumber }, async ({ tx, sp, script }) => {
    const [earlier] = await tx
      .select({ status: safetyFlags.status })
      .from(safetyFlags)
      .where(
        and(
          eq(safetyFlags.screenplayId, sp.id),
          eq(safetyFlags.sceneNumber, input.sceneNumber),
          eq(safetyFlags.kind, input.kind),
        ),
      );
    if (earlier?.status === "confirmed" && input.decision === "dismissed") {
      await tx
        .update(safetyFlags)
        .set({ status: "dismissed", decidedBy: opts.caller.id, decidedByName: opts.caller.name, decidedAt: new Date() })
        .where(
          and(
            eq(safetyFlags.screenplayId, sp.id),
            eq(safetyFlags.sceneNumber, input.sceneNumber),
            eq(safetyFlags.kind, input.kind),
          ),
        );
      if (sp.projectId) {
        const withdrawn = await withdrawFlagRequirements(tx, {
          projectId: sp.projectId,
          greenlightKey: safetyItemKey(sp.id, input.sceneNumber, input.kind),
          caller: opts.caller,
        });
        await recordActivity(tx, {
          projectId: sp.projectId,
          actor: opts.caller,
          kind: "safety.dismissed",
          summary: `${opts.caller.name} dismissed the confirmed ${input.kind} safety flag of scene ${input.sceneNumber} of “${sp.title}”${withdrawn ? `: ${withdrawn} safety requirement${withdrawn === 1 ? "" : "s"} withdrawn` : ""}`,
          details: { screenplayId: sp.id, sceneNumber: input.sceneNumber, kind: input.kind },
        });
      }
      return;
    }
    if (earlier)
      throw new AppError("conflict", `The ${input.kind} flag of scene ${input.sceneNumber} has already been decided.`);
    const scene = script.scenes.find((sc) => sc.number === input.sceneNumber)!;
    const suggestion = suggestSafetyFlags([scene]).find((f) => f.kind === input.kind);
    if (!suggestion)
      throw new AppError(
        "bad_request",
        `Scene ${input.sceneNumber} does not suggest a ${input.kind} flag; reload the breakdown.`,
      );
    if (input.decision === "confirmed" && !sp.projectId) {
      throw new AppError(
        "conflict",
        "A confirmed safety flag adds an item to its project's greenlight checklist; attach the screenplay to a project first.",
      );
    }
    const [row] = await tx
      .insert(safetyFlags)
      .values({
        screenplayId: sp.id,
        sceneNumber: input.sceneNumber,
        kind: input.kind,
        status: input.decision,
        evidence: suggestion.evidence,
        decidedBy: opts.caller.id,
        decidedByName: opts.caller.name,
      })
      .onConflictDoNothing()
      .returning({ id: safetyFlags.id });
    if (!row)
      throw new AppError("conflict", `The ${input.kind} flag of scene ${input.sceneNumber} has already been decided.`);
    if (input.decision === "confirmed" && sp.projectId)
      await putOnProject(tx, { caller: opts.caller, sp, sceneNumber: input.sceneNumber, kind: input.kind });
  });
  await publishChanged(s, sp, true);
  return getBreakdown(s, opts);
}

/**
 * The crew flags a hazard by hand where the script's words suggest none (a stunt the action lines leave out, or a
 * school's own kind without a keyword rule): the same greenlight item and requirements as a confirmed suggestion.
 * A flag dismissed before may be flagged again; removing it is dismissing it (`decideSafetyFlag`).
 */
export async function flagSafetyByHand(
  s: S,
  opts: { caller: Caller; id: string; input: SafetyFlagByHandInput },
): Promise<BreakdownDetail> {
  const input = safetyFlagByHandInput.parse(opts.input);
  const kind = (await getHazardKinds(s.db)).find((k) => k.key === input.kind);
  if (!kind) throw new AppError("bad_request", "Choose a hazard from the school's list.");
  const { sp } = await change(s, { ...opts, sceneNumber: input.sceneNumber }, async ({ tx, sp }) => {
    if (!sp.projectId)
      throw new AppError(
        "conflict",
        "A safety flag puts its paperwork on the screenplay's project; attach the screenplay to a project first.",
      );
    const where = and(
      eq(safetyFlags.screenplayId, sp.id),
      eq(safetyFlags.sceneNumber, input.sceneNumber),
      eq(safetyFlags.kind, kind.key),
    );
    const [earlier] = await tx.select({ status: safetyFlags.status }).from(safetyFlags).where(where);
    if (earlier?.status === "confirmed")
      throw new AppError("conflict", `Scene ${input.sceneNumber} is already flagged for ${kind.label.toLowerCase()}.`);
    const decided = {
      status: "confirmed" as const,
      byHand: true,
      decidedBy: opts.caller.id,
      decidedByName: opts.caller.name,
    };
    if (earlier)
      await tx
        .update(safetyFlags)
        .set({ ...decided, decidedAt: new Date() })
        .where(where);
    else
      await tx
        .insert(safetyFlags)
        .values({ screenplayId: sp.id, sceneNumber: input.sceneNumber, kind: kind.key, evidence: "", ...decided });
    await putOnProject(tx, {
      caller: opts.caller,
      sp,
      sceneNumber: input.sceneNumber,
      kind: kind.key,
      kindLabel: kind.label,
    });
  });
  await publishChanged(s, sp, true);
  return getBreakdown(s, opts);
}

/** A confirmed flag's greenlight item and its hazard's requirements, with a line in the project's activity. */
async function putOnProject(
  tx: Tx,
  opts: {
    caller: Caller;
    sp: { id: string; title: string; projectId: string | null };
    sceneNumber: string;
    kind: string;
    kindLabel?: string;
  },
) {
  const { sp, sceneNumber, kind } = opts;
  if (!sp.projectId) return;
  const label = safetyItemLabel(kind, sceneNumber, opts.kindLabel);
  const key = safetyItemKey(sp.id, sceneNumber, kind);
  await addProjectGreenlightItem(tx, { projectId: sp.projectId, key, label, tickedBy: "staff" });
  const required = await addFlagRequirements(tx, {
    projectId: sp.projectId,
    screenplayId: sp.id,
    sceneNumber,
    kind,
    greenlightKey: key,
  });
  await recordActivity(tx, {
    projectId: sp.projectId,
    actor: opts.caller,
    kind: "safety.confirmed",
    summary: `${opts.caller.name} ${opts.kindLabel ? "flagged" : "confirmed"} a ${opts.kindLabel?.toLowerCase() ?? kind} safety flag in scene ${sceneNumber} of “${sp.title}”: “${label}” added to the greenlight checklist${required ? `, with ${required} safety requirement${required === 1 ? "" : "s"}` : ""}`,
    details: { screenplayId: sp.id, sceneNumber, kind },
  });
}
