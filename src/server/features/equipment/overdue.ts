import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { DUE_NOTICE_HOURS } from "../../../common/equipment.ts";
import type { Services } from "../../context.ts";
import { equipmentItems, projects, reservationItems, reservations } from "../../db/schema/index.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { equipmentDueMail } from "../../mail/equipment-due.ts";
import { getSchoolSettings } from "../school/service.ts";
import { recordStrike } from "./desk.ts";
import { when } from "./shared.ts";
import { keys } from "../../../common/query-keys.ts";

export interface EquipmentScanResult {
  dueSoon: number;
  late: number;
}

/**
 * Tells borrowers about gear due back within DUE_NOTICE_HOURS and about gear that is late, each once per
 * reservation (the reservation row records it); a late reservation also earns its borrower a strike.
 * Each reservation is its own transaction holding its row, so two scans at once never both send.
 */
export async function scanEquipmentDue(
  s: Pick<Services, "db" | "events" | "config">,
  opts: { now?: Date } = {},
): Promise<EquipmentScanResult> {
  const now = opts.now ?? new Date();
  const soon = new Date(now.getTime() + DUE_NOTICE_HOURS * 3_600_000);
  const candidates = await s.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.state, "checked_out"),
        sql`((${reservations.endsAt} <= ${now.toISOString()}::timestamptz and ${reservations.lateRemindedAt} is null) or (${reservations.endsAt} > ${now.toISOString()}::timestamptz and ${reservations.endsAt} <= ${soon.toISOString()}::timestamptz and ${reservations.dueRemindedAt} is null))`,
      ),
    );
  const result: EquipmentScanResult = { dueSoon: 0, late: 0 };
  for (const { id } of candidates) {
    const outcome = await s.db.transaction(async (tx) => {
      const [r] = await tx
        .select({ r: reservations, projectTitle: projects.title })
        .from(reservations)
        .innerJoin(projects, eq(projects.id, reservations.projectId))
        .where(eq(reservations.id, id))
        .for("update", { of: reservations });
      if (!r || r.r.state !== "checked_out") return null;
      const late = r.r.endsAt.getTime() <= now.getTime();
      if (late ? r.r.lateRemindedAt : r.r.dueRemindedAt || r.r.endsAt > soon) return null;
      const out = await tx
        .select({ name: equipmentItems.name, tag: equipmentItems.assetTag })
        .from(reservationItems)
        .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
        .where(
          and(
            eq(reservationItems.reservationId, id),
            isNotNull(reservationItems.checkedOutAt),
            isNull(reservationItems.returnedAt),
          ),
        );
      const link = "/equipment";
      const due = when(r.r.endsAt, await getSchoolSettings(tx));
      const notified = await notify(tx, {
        userIds: [r.r.requesterId],
        kind: "equipment",
        title: late
          ? `Overdue: the equipment for “${r.projectTitle}”`
          : `Equipment for “${r.projectTitle}” is due back ${due}`,
        body: `Still out: ${out.map((o) => `${o.name} (${o.tag})`).join(", ")}.`,
        link,
        email: equipmentDueMail({
          late,
          projectTitle: r.projectTitle,
          due,
          items: out.map((o) => `${o.name} (${o.tag})`),
          url: new URL(link, s.config.PUBLIC_URL).toString(),
        }),
      });
      await tx
        .update(reservations)
        .set(late ? { lateRemindedAt: now, dueRemindedAt: r.r.dueRemindedAt ?? now } : { dueRemindedAt: now })
        .where(eq(reservations.id, id));
      if (late) notified.push(...(await recordStrike(tx, r.r, now)));
      return { late, notified };
    });
    if (!outcome) continue;
    if (outcome.late) result.late++;
    else result.dueSoon++;
    await publishNotified(s, outcome.notified);
  }
  if (result.late + result.dueSoon > 0)
    await s.events.publish({ type: "equipment.changed", invalidate: [keys.equipment(), keys.adminDashboard()] });
  return result;
}
