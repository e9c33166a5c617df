/**
 * Reminders to the insurance office of requests that wait for it: two business days after it was asked, and on the
 * day the school's lead time before the first insured day runs out. Each is written down in `insurance_reminders`
 * in the transaction that sends it, keyed by request and stage, so it goes once however often the scan runs. The
 * mail carries a fresh link (only the link's hash is kept, so the first one cannot be sent again).
 */
import { and, eq } from "drizzle-orm";
import { formatDate } from "../../../common/datetime.ts";
import { addBusinessDays, isoDay } from "../../../common/time.ts";
import type { SchoolSettings } from "../../../common/school.ts";
import { insuranceReminders, insuranceRequests, projects } from "../../db/schema/index.ts";
import { publishNotified } from "../inbox/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { sendToOffice } from "./office.ts";
import { publishInsurance, type RequestRow, type S } from "./shared.ts";

/** Business days a request waits with the office before it is reminded. */
export const INSURANCE_WAITING_DAYS = 2;
export const INSURANCE_REMINDER_STAGES = ["waiting", "due"] as const;
export type InsuranceReminderStage = (typeof INSURANCE_REMINDER_STAGES)[number];

/** The day the office was asked: the teacher's endorsement, or the request itself when none was needed. */
const askedDay = (r: Pick<RequestRow, "endorsedAt" | "createdAt">) => isoDay(r.endorsedAt ?? r.createdAt);

/** The last day the office has its whole lead time before the certificate must start. */
export const leadRunsOut = (startsOn: string, leadDays: number) => addBusinessDays(startsOn, -leadDays);

/**
 * The reminders a request waiting with the office is owed on `today`. None on the day it was asked (the request
 * itself went then), none once its last insured day is past: nothing is left to cover.
 */
export function stagesOwed(
  today: string,
  r: Pick<RequestRow, "endorsedAt" | "createdAt" | "startsOn" | "endsOn">,
  leadDays: number,
): InsuranceReminderStage[] {
  const asked = askedDay(r);
  if (today <= asked || today > r.endsOn) return [];
  return [
    ...(today >= addBusinessDays(asked, INSURANCE_WAITING_DAYS) ? (["waiting"] as const) : []),
    ...(today >= leadRunsOut(r.startsOn, leadDays) ? (["due"] as const) : []),
  ];
}

function reminderText(stage: InsuranceReminderStage, r: RequestRow, settings: SchoolSettings) {
  const d = (day: string) => formatDate(day, settings, { style: "long", weekday: true });
  return stage === "due"
    ? `This request still waits for you, and the certificate is needed from ${d(r.startsOn)}: the school's lead time of ${settings.insuranceLeadDays} business days runs out on ${d(leadRunsOut(r.startsOn, settings.insuranceLeadDays))}.`
    : `This request has waited for you since ${d(askedDay(r))}.`;
}

export async function scanInsuranceWaiting(s: S, opts: { now?: Date } = {}): Promise<{ reminded: number }> {
  const today = isoDay(opts.now ?? new Date());
  const settings = await getSchoolSettings(s.db);
  if (!settings.insuranceOfficeUserId && !settings.insuranceOfficeEmail) return { reminded: 0 };
  const waiting = await s.db
    .select({ r: insuranceRequests })
    .from(insuranceRequests)
    .where(eq(insuranceRequests.status, "requested"));
  const owed = waiting
    .map(({ r }) => ({ r, stages: stagesOwed(today, r, settings.insuranceLeadDays) }))
    .filter((o) => o.stages.length > 0);
  let reminded = 0;
  for (const o of owed) {
    const told = await s.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ r: insuranceRequests, title: projects.title })
        .from(insuranceRequests)
        .innerJoin(projects, eq(projects.id, insuranceRequests.projectId))
        .where(and(eq(insuranceRequests.id, o.r.id), eq(insuranceRequests.status, "requested")))
        .for("update", { of: insuranceRequests });
      if (!row) return null;
      const claimed = await tx
        .insert(insuranceReminders)
        .values(o.stages.map((stage) => ({ requestId: o.r.id, stage })))
        .onConflictDoNothing()
        .returning({ stage: insuranceReminders.stage });
      if (claimed.length === 0) return null;
      // Both owed at once (a late scan, a short lead): the more urgent one says it all, and neither comes again.
      const stage: InsuranceReminderStage = claimed.some((c) => c.stage === "due") ? "due" : "waiting";
      return sendToOffice(s, tx, row.r, row.title, settings, reminderText(stage, row.r, settings));
    });
    if (told === null) continue;
    reminded++;
    await publishInsurance(s, o.r.projectId);
    await publishNotified(s, told);
  }
  return { reminded };
}
