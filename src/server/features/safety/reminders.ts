/**
 * Reminders of hazard paperwork coming due: 7 and 2 days before a requirement's due date, and once it is late,
 * to the project's producers (its owner, leads and producers) and to whoever decides it. A reminder is written
 * down in `safety_reminders` in the same transaction as its notification, keyed by requirement, due date and
 * stage, so it is sent once however often the scan runs, and a moved shoot day (a new due date) earns new ones.
 */
import { eq, inArray } from "drizzle-orm";
import { formatDate } from "../../../common/datetime.ts";
import { dueDateOf, UNMET } from "../../../common/safety.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import type { Services } from "../../context.ts";
import { projects, safetyReminders, safetyRequirements } from "../../db/schema/index.ts";
import { safetyDueMail } from "../../mail/safety-due.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { producersOf } from "../projects/access.ts";
import { getSchoolSettings } from "../school/service.ts";
import { approversOf } from "./approvers.ts";
import { requirementKeys, sceneDays } from "./requirements.ts";

export const REMINDER_DAYS = [7, 2] as const;
export type ReminderStage = "7" | "2" | "late";

/** The reminder a requirement due on `dueDate` is owed today: the nearest of 7 and 2 days before, or late. */
export function stageOn(today: string, dueDate: string): ReminderStage | null {
  if (today > dueDate) return "late";
  if (today >= addDays(dueDate, -2)) return "2";
  if (today >= addDays(dueDate, -7)) return "7";
  return null;
}

export async function scanSafetyDue(
  s: Pick<Services, "db" | "events" | "config">,
  opts: { now?: Date } = {},
): Promise<{ reminded: number }> {
  const today = isoDay(opts.now ?? new Date());
  const open = await s.db
    .select({
      r: safetyRequirements,
      title: projects.title,
      ownerId: projects.createdBy,
      supervisorId: projects.supervisorId,
    })
    .from(safetyRequirements)
    .innerJoin(projects, eq(projects.id, safetyRequirements.projectId))
    .where(inArray(safetyRequirements.status, [...UNMET]));
  if (open.length === 0) return { reminded: 0 };
  const days = await sceneDays(s.db, [...new Set(open.map((o) => o.r.projectId))]);
  const owed = open.flatMap((o) => {
    const dueDate = dueDateOf(days.get(`${o.r.projectId} ${o.r.sceneNumber}`) ?? null, o.r.leadDays, o.r.businessDays);
    const stage = dueDate ? stageOn(today, dueDate) : null;
    return dueDate && stage ? [{ ...o, dueDate, stage }] : [];
  });
  if (owed.length === 0) return { reminded: 0 };
  const formats = await getSchoolSettings(s.db);
  let reminded = 0;
  const notified = new Set<string>();
  const projectsTouched = new Set<string>();
  for (const o of owed) {
    const ids = await s.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(safetyReminders)
        .values({ requirementId: o.r.id, dueDate: o.dueDate, stage: o.stage })
        .onConflictDoNothing()
        .returning({ id: safetyReminders.requirementId });
      if (!claimed) return [];
      const [producers, approvers] = await Promise.all([
        producersOf(tx, o.r.projectId, o.ownerId),
        approversOf(tx, o.r, o.supervisorId),
      ]);
      const due = formatDate(o.dueDate, formats, { style: "long", weekday: true, year: false });
      const late = o.stage === "late";
      const link = `/project/${o.r.projectId}?tab=safety`;
      const url = new URL(link, s.config.PUBLIC_URL).toString();
      const title = late ? `“${o.r.label}” was due ${due}` : `“${o.r.label}” is due ${due}`;
      const body = `Scene ${o.r.sceneNumber} of “${o.title}”: its shoot day is blocked until this is approved.`;
      const mail = (approver: boolean) =>
        safetyDueMail({
          projectTitle: o.title,
          requirement: o.r.label,
          scene: o.r.sceneNumber,
          due,
          late,
          approver,
          url,
        });
      const onlyApprovers = approvers.filter((id) => !producers.includes(id));
      return [
        ...(await notify(tx, { userIds: producers, kind: "safety", title, body, link, email: mail(false) })),
        ...(await notify(tx, { userIds: onlyApprovers, kind: "safety", title, body, link, email: mail(true) })),
      ];
    });
    if (ids.length > 0) {
      reminded++;
      ids.forEach((id) => notified.add(id));
      projectsTouched.add(o.r.projectId);
    }
  }
  if (notified.size > 0) await publishNotified(s, [...notified]);
  for (const id of projectsTouched)
    await s.events.publish({ type: "safety.reminded", invalidate: requirementKeys(id).slice(0, 1) });
  return { reminded };
}
