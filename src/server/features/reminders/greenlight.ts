import { and, eq, inArray, sql } from "drizzle-orm";
import {
  dueDateOf,
  GREENLIGHT_REMINDER_DAYS,
  leadText,
  type CourseGreenlightItem,
} from "../../../common/course-greenlight.ts";
import { formatDate } from "../../../common/datetime.ts";
import { keys } from "../../../common/query-keys.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courseGreenlights, projectActivity, projectGreenlight, projects, shootDays } from "../../db/schema/index.ts";
import { greenlightDueMail } from "../../mail/greenlight-due.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { firstShootDay, getProjectChecklist } from "../projects/greenlight.ts";
import { getSchoolSettings } from "../school/service.ts";
import { producersOf } from "../projects/access.ts";

/** The activity entry that records a deadline reminder was sent: "once" has to survive restarts and other instances. */
export const GREENLIGHT_REMINDED_KIND = "greenlight.reminded";

export type ReminderStage = "soon" | "overdue";

/**
 * Which reminder an undone item is owed today: "soon" from GREENLIGHT_REMINDER_DAYS before its due day to the
 * day itself, "overdue" once the day has passed. Each is sent once per due date, so a scan that missed a day
 * still sends it, and a moved first shoot day (a new due date) earns new ones.
 */
export function stageOn(today: string, dueDate: string): ReminderStage | null {
  if (today > dueDate) return "overdue";
  if (today >= addDays(dueDate, -GREENLIGHT_REMINDER_DAYS)) return "soon";
  return null;
}

/**
 * Tells each project's producers, leads and owner about its course deadlines: a few days before an undone item
 * is due, and once it is overdue. Only projects still before production (the checklist gates that move) of a
 * course with its own list, with a shoot day scheduled. Each project is its own transaction, holding the
 * project's row, so two scans at once cannot both send a reminder.
 */
export async function scanGreenlightDue(
  s: Pick<Services, "db" | "events" | "config">,
  opts: { now?: Date } = {},
): Promise<{ reminded: number }> {
  const today = isoDay(opts.now ?? new Date());
  const candidates = await s.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(courseGreenlights, eq(courseGreenlights.courseId, projects.courseId))
    .where(
      and(
        inArray(projects.phase, ["development", "pre_production"]),
        sql`exists (select 1 from ${shootDays} d where d.project_id = ${projects.id})`,
        sql`jsonb_path_exists(${courseGreenlights.items}, '$[*] ? (@.leadDays != null)')`,
      ),
    );
  const formats = await getSchoolSettings(s.db);
  let reminded = 0;
  for (const { id } of candidates) {
    const notified = await s.db.transaction(async (tx) => {
      const [project] = await tx
        .select({ id: projects.id, title: projects.title, phase: projects.phase, createdBy: projects.createdBy })
        .from(projects)
        .where(eq(projects.id, id))
        .for("update");
      if (!project || !["development", "pre_production"].includes(project.phase)) return [];
      const firstDay = await firstShootDay(tx, project.id);
      const due = await owed(tx, project.id, firstDay, today);
      if (due.length === 0) return [];
      const people = await producersOf(tx, project.id, project.createdBy);
      const link = `/project/${project.id}`;
      const sent: string[] = [];
      for (const { item, dueDate, stage } of due) {
        const when = formatDate(dueDate, formats, { style: "long", weekday: true, year: false });
        const overdue = stage === "overdue";
        const title = overdue ? `“${item.label}” was due ${when}` : `“${item.label}” is due ${when}`;
        const ids = await notify(tx, {
          userIds: people,
          kind: "greenlight_due",
          title,
          body: `A greenlight item of “${project.title}”, due ${leadText(item.leadDays!)}, that is not done yet.`,
          link,
          email: greenlightDueMail({
            projectTitle: project.title,
            item: item.label,
            due: when,
            overdue,
            lead: leadText(item.leadDays!),
            url: new URL(link, s.config.PUBLIC_URL).toString(),
          }),
        });
        await tx.insert(projectActivity).values({
          projectId: project.id,
          actorId: null,
          actorName: "The Portal",
          kind: GREENLIGHT_REMINDED_KIND,
          summary: overdue
            ? `The Portal told the project's leads that “${item.label}” was due ${when} and is not done`
            : `The Portal reminded the project's leads that “${item.label}” is due ${when}`,
          details: { itemKey: item.key, dueDate, stage, notified: ids.length },
        });
        sent.push(...ids);
      }
      return sent;
    });
    if (notified.length > 0) {
      reminded++;
      await publishNotified(s, [...new Set(notified)]);
      await s.events.publish({ type: "greenlight.reminded", invalidate: [keys.project(id)] });
    }
  }
  return { reminded };
}

/** The project's items with a deadline that are not done and owed a reminder today that was not sent yet. */
async function owed(tx: DbOrTx, projectId: string, firstDay: string | null, today: string) {
  const [{ items, fromCourse }, ticks, sent] = await Promise.all([
    getProjectChecklist(tx, projectId),
    tx
      .select({ key: projectGreenlight.itemKey })
      .from(projectGreenlight)
      .where(and(eq(projectGreenlight.projectId, projectId), eq(projectGreenlight.done, true))),
    tx
      .select({ details: projectActivity.details })
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, projectId), eq(projectActivity.kind, GREENLIGHT_REMINDED_KIND))),
  ]);
  if (fromCourse === null) return [];
  const done = new Set(ticks.map((t) => t.key));
  const already = new Set(
    sent.map(({ details: d }) => {
      const { itemKey, dueDate, stage } = d as { itemKey: string; dueDate: string; stage: string };
      return `${itemKey} ${dueDate} ${stage}`;
    }),
  );
  const owedNow: { item: CourseGreenlightItem; dueDate: string; stage: ReminderStage }[] = [];
  for (const item of items) {
    const dueDate = dueDateOf(firstDay, item.leadDays);
    if (dueDate === null || done.has(item.key)) continue;
    const stage = stageOn(today, dueDate);
    if (stage && !already.has(`${item.key} ${dueDate} ${stage}`)) owedNow.push({ item, dueDate, stage });
  }
  return owedNow;
}
