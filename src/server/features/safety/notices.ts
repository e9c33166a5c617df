/**
 * The approver's notice that a document waits for their decision: in the app and by e-mail (through the jobs
 * queue, in the attaching transaction), once per attachment. The reminders (`reminders.ts`) follow as the date nears.
 */
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { safetyRequirements } from "../../db/schema/index.ts";
import { safetySubmittedMail } from "../../mail/safety-submitted.ts";
import { notify } from "../inbox/service.ts";
import { approversOf } from "./approvers.ts";

export async function noticeSubmitted(
  tx: DbOrTx,
  s: Pick<Services, "config">,
  opts: {
    caller: Caller;
    project: { id: string; title: string; supervisorId: string | null };
    row: typeof safetyRequirements.$inferSelect;
    documentTitle: string;
    /** The due date as people read it, or the lead time of an unscheduled scene. */
    due: string;
  },
): Promise<string[]> {
  const { row, project } = opts;
  // Whoever attaches knows already, even when they may decide it themselves (an administrator).
  const approvers = (await approversOf(tx, row, project.supervisorId)).filter((id) => id !== opts.caller.id);
  const link = `/project/${project.id}?tab=safety`;
  return notify(tx, {
    userIds: approvers,
    kind: "safety",
    title: `“${row.label}” awaits your decision`,
    body: `${opts.caller.name} attached “${opts.documentTitle}” for scene ${row.sceneNumber} of “${project.title}”, due ${opts.due}.`,
    link,
    email: safetySubmittedMail({
      projectTitle: project.title,
      requirement: row.label,
      scene: row.sceneNumber,
      document: opts.documentTitle,
      by: opts.caller.name,
      due: opts.due,
      url: new URL(link, s.config.PUBLIC_URL).toString(),
    }),
  });
}
