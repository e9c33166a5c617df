import { and, asc, eq, ilike } from "drizzle-orm";
import { keys } from "../../../common/query-keys.ts";
import { DECISION_LABELS, decisionInput, type CutReview, type DecisionInput } from "../../../common/review.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { cuts, cutVersions, milestones } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { cutDecidedMail } from "../../mail/cut-decided.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { projectFor } from "../projects/access.ts";
import { recordActivity } from "../projects/index.ts";
import { crewOf, cutPagePath, mayDecide, noCut, versionFor, versionRow, versionsOf, type S } from "./review-shared.ts";

/** The cut page's answer: the cut, its versions with their decisions and open notes, and what the caller may do. */
export async function getCutReview(s: Pick<S, "db">, opts: { caller: Caller; cutId: string }): Promise<CutReview> {
  if (!isUuid(opts.cutId)) throw noCut();
  const [cut] = await s.db.select().from(cuts).where(eq(cuts.id, opts.cutId));
  if (!cut) throw noCut();
  const access = await projectFor(s.db, opts.caller, cut.projectId);
  return {
    cut: {
      id: cut.id,
      projectId: cut.projectId,
      title: cut.title,
      createdAt: cut.createdAt.toISOString(),
      versions: await versionsOf(s.db, cut.id),
    },
    projectTitle: access.project.title,
    supervisorName: access.project.supervisorName,
    canEdit: access.canEdit,
    canDecide: mayDecide(opts.caller, access.project),
    me: opts.caller.id,
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The production's post milestone, ticked: the first open one whose title names picture lock, else post (as in
 * "Post-production done"); one named "Picture lock", due today, is made when the project has neither.
 */
async function tickPostMilestone(tx: Tx, projectId: string, caller: Caller): Promise<string> {
  const find = async (words: string) =>
    (
      await tx
        .select()
        .from(milestones)
        .where(and(eq(milestones.projectId, projectId), ilike(milestones.title, `%${words}%`)))
        .orderBy(asc(milestones.done), asc(milestones.dueDate))
    )[0];
  const found = (await find("picture lock")) ?? (await find("post"));
  if (found?.done) return found.title;
  if (found) {
    await tx
      .update(milestones)
      .set({ done: true, doneAt: new Date(), doneBy: caller.id })
      .where(eq(milestones.id, found.id));
    return found.title;
  }
  await tx
    .insert(milestones)
    .values({ projectId, title: "Picture lock", dueDate: today(), done: true, doneAt: new Date(), doneBy: caller.id });
  return "Picture lock";
}

/**
 * The supervisor's decision on a version: approved (with or without picture lock) or changes requested, with an
 * optional note. The project's supervisor decides (admins too, as for the greenlight's supervisor items); a new
 * decision replaces the last. Picture lock ticks the post milestone; the delivery item reads the version itself.
 * The crew hears of every decision.
 */
export async function decideVersion(
  s: S,
  opts: { caller: Caller; versionId: string; input: DecisionInput },
): Promise<CutReview> {
  const input = decisionInput.parse(opts.input);
  const { cut, access } = await versionFor(s.db, opts.caller, opts.versionId);
  if (!mayDecide(opts.caller, access.project))
    throw new AppError(
      "forbidden",
      access.project.supervisorName
        ? `Only the project's supervisor, ${access.project.supervisorName}, approves a cut or asks for changes.`
        : "Only the project's supervisor approves a cut or asks for changes, and this project has none yet: name one on the project first.",
    );
  let notified: string[] = [];
  await s.db.transaction(async (tx) => {
    const { version } = await versionRow(tx, opts.versionId, true);
    const note = input.note ? input.note : null;
    await tx
      .update(cutVersions)
      .set({
        decision: input.decision,
        pictureLock: input.decision === "approved" && input.pictureLock,
        decisionNote: note,
        decidedBy: opts.caller.id,
        decidedByName: opts.caller.name,
        decidedAt: new Date(),
      })
      .where(eq(cutVersions.id, version.id));
    const locked = input.decision === "approved" && input.pictureLock;
    const milestone = locked ? await tickPostMilestone(tx, cut.projectId, opts.caller) : null;
    const what =
      input.decision === "approved"
        ? `approved ${cut.title} v${version.number}${locked ? " as picture lock" : ""}`
        : `asked for changes to ${cut.title} v${version.number}`;
    await recordActivity(tx, {
      projectId: cut.projectId,
      actor: opts.caller,
      kind: `review.${input.decision}`,
      summary: `${opts.caller.name} ${what}${milestone ? ` (milestone “${milestone}” done)` : ""}${note ? `: ${note}` : ""}`,
      details: { cutId: cut.id, versionId: version.id, pictureLock: locked },
    });
    const link = cutPagePath(cut.projectId, cut.id, version.id);
    const outcome =
      input.decision === "approved" ? (locked ? "approved as picture lock" : "approved") : "changes requested";
    notified = await notify(tx, {
      userIds: await crewOf(tx, cut.projectId, opts.caller.id),
      kind: "review",
      title:
        input.decision === "approved"
          ? `${cut.title} v${version.number} ${outcome}`
          : `Changes requested on ${cut.title} v${version.number}`,
      body: `${DECISION_LABELS[input.decision]} by ${opts.caller.name}${note ? `: ${note}` : "."}`,
      link,
      email: cutDecidedMail({
        decidedBy: opts.caller.name,
        projectTitle: access.project.title,
        cut: `${cut.title} v${version.number}`,
        outcome,
        note,
        url: new URL(link, s.config.PUBLIC_URL).toString(),
      }),
    });
  });
  await s.events.publish({
    type: "review.decided",
    // The project's key reaches its milestones, activity and delivery checklist.
    invalidate: [keys.cut(cut.id), keys.project(cut.projectId), keys.projects(), keys.overview()],
    data: { versionId: opts.versionId, cutId: cut.id },
  });
  await publishNotified(s, notified);
  return getCutReview(s, { caller: opts.caller, cutId: cut.id });
}
