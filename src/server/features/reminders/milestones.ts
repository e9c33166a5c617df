import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { formatDate } from "../../../common/datetime.ts";
import { DAY_MS } from "../../../common/time.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { milestones, projectActivity, projectMembers, projects } from "../../db/schema/index.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { milestoneDueMail } from "../../mail/milestone-due.ts";
import { getSchoolSettings } from "../school/service.ts";
import { keys } from "../../../common/query-keys.ts";

/** How long before a milestone is due its crew is told. */
export const MILESTONE_NOTICE_HOURS = 48;
/** The activity entry that records a reminder was sent: "once" has to survive restarts and other instances. */
export const REMINDED_KIND = "milestone.reminded";

const utcDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Milestones carry a date, not a time, and the school keeps no time zone, so a milestone is due at the
 * end of its day in UTC. "Due within 48 hours" — its end lies in (now, now + 48 h] — is then a due date
 * between today and the day after now + 24 h, which the database can answer from its date index.
 */
export function noticeWindow(now: Date): { from: string; to: string } {
  return {
    from: utcDate(now.getTime()),
    to: utcDate(now.getTime() + (MILESTONE_NOTICE_HOURS * 60 * 60 * 1000 - DAY_MS)),
  };
}

export interface ScanResult {
  /** Milestones whose crew was told in this scan. */
  reminded: number;
}

/**
 * Tells each crew about its milestones due within 48 hours and not done, once per milestone and due
 * date: moving the date earns a new reminder, a second scan does not. Each milestone is its own
 * transaction, holding the milestone's row, so two scans at once (a retried one beside the next) cannot
 * both send it, and one failing project does not hold the others' news back.
 */
export async function scanMilestonesDue(
  s: Pick<Services, "db" | "events" | "config">,
  opts: { now?: Date } = {},
): Promise<ScanResult> {
  const { from, to } = noticeWindow(opts.now ?? new Date());
  const due = await s.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.done, false), gte(milestones.dueDate, from), lte(milestones.dueDate, to)))
    .orderBy(asc(milestones.dueDate));
  let reminded = 0;
  const formats = await getSchoolSettings(s.db);
  for (const { id } of due) {
    const notified = await s.db.transaction(async (tx) => {
      const [m] = await tx
        .select({
          id: milestones.id,
          title: milestones.title,
          dueDate: milestones.dueDate,
          done: milestones.done,
          projectId: projects.id,
          projectTitle: projects.title,
        })
        .from(milestones)
        .innerJoin(projects, eq(projects.id, milestones.projectId))
        .where(eq(milestones.id, id))
        .for("update", { of: milestones });
      // Ticked, moved or deleted since the list above was read.
      if (!m || m.done || m.dueDate < from || m.dueDate > to) return null;
      if (await alreadyReminded(tx, m.projectId, m.id, m.dueDate)) return null;
      const crew = await tx
        .select({ id: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, m.projectId));
      const when = formatDate(m.dueDate, formats, { style: "long", weekday: true, year: false });
      const link = `/project/${m.projectId}`;
      const ids = await notify(tx, {
        userIds: crew.map((c) => c.id),
        kind: "milestone_due",
        title: `“${m.title}” is due ${when}`,
        body: `A milestone of “${m.projectTitle}” that is not done yet.`,
        link,
        email: milestoneDueMail({
          projectTitle: m.projectTitle,
          milestone: m.title,
          due: when,
          url: new URL(link, s.config.PUBLIC_URL).toString(),
        }),
      });
      await tx.insert(projectActivity).values({
        projectId: m.projectId,
        actorId: null,
        actorName: "The Portal",
        kind: REMINDED_KIND,
        summary: `The Portal reminded the crew that “${m.title}” is due ${when}`,
        details: { milestoneId: m.id, dueDate: m.dueDate, notified: ids.length },
      });
      return ids;
    });
    if (notified) {
      reminded++;
      await publishNotified(s, notified);
    }
  }
  if (reminded > 0) await s.events.publish({ type: "milestones.reminded", invalidate: [keys.projects()] });
  return { reminded };
}

async function alreadyReminded(tx: DbOrTx, projectId: string, milestoneId: string, dueDate: string) {
  const [row] = await tx
    .select({ id: projectActivity.id })
    .from(projectActivity)
    .where(
      and(
        eq(projectActivity.projectId, projectId),
        eq(projectActivity.kind, REMINDED_KIND),
        sql`${projectActivity.details}->>'milestoneId' = ${milestoneId}`,
        sql`${projectActivity.details}->>'dueDate' = ${dueDate}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
