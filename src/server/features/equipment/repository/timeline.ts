import { and, asc, sql } from "drizzle-orm";
import { TIMELINE_UNITS_MAX, type ModelRef } from "../../../../common/equipment.ts";
import { type ReservationState } from "../../../../common/equipment-states.ts";
import type { DbOrTx } from "../../../db/client.ts";
import {
  equipmentItems,
  maintenanceLog,
  profiles,
  projects,
  reservationItems,
  reservations,
} from "../../../db/schema/index.ts";
import { sameModel } from "./models.ts";

export interface TimelineBookingRow {
  reservationId: string;
  title: string;
  requesterName: string;
  state: ReservationState;
  startsAt: string;
  endsAt: string;
  /** When it is due back (the bar of gear out late runs on past it, to now). */
  dueAt: string;
  checkedOutAt: string | null;
  returnedAt: string | null;
}
export interface TimelineMaintenanceRow {
  startsAt: string;
  endsAt: string | null;
  note: string;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A model's units with what each holds in [from, to): its bookings (as they stand: held, out, late, back) and its
 * periods in maintenance. One query, however many units: each unit's bookings and periods are gathered beside it.
 * A period in maintenance runs from a "sent to maintenance" entry or a damaged return to the next entry putting the
 * unit back in service (or retiring it); without one it has not ended.
 */
export async function selectModelTimeline(db: DbOrTx, q: { model: ModelRef; from: Date; to: Date; now: Date }) {
  const range = sql`tstzrange(${ts(q.from)}, ${ts(q.to)}, '[)')`;
  // Gear out runs on past its due time until it is back; gear back ends when it came back.
  const bookingEnd = sql`case when ri.returned_at is not null then ri.returned_at when ri.checked_out_at is not null then greatest(ri.ends_at, ${ts(q.now)}) else ri.ends_at end`;
  const bookingStart = sql`coalesce(least(ri.checked_out_at, ri.starts_at), ri.starts_at)`;
  const ended = (at: ReturnType<typeof sql>) =>
    sql`(select min(e.created_at) from ${maintenanceLog} e where e.item_id = ${equipmentItems}.id and e.kind in ('back_in_service', 'retired') and e.created_at > ${at})`;
  const bookings = sql<TimelineBookingRow[]>`coalesce((
    select json_agg(json_build_object(
      'reservationId', r.id, 'title', p.title, 'requesterName', pr.full_name, 'state', r.state,
      'startsAt', ${bookingStart}, 'endsAt', ${bookingEnd}, 'dueAt', ri.ends_at,
      'checkedOutAt', ri.checked_out_at, 'returnedAt', ri.returned_at) order by ri.starts_at)
    from ${reservationItems} ri
    join ${reservations} r on r.id = ri.reservation_id
    join ${projects} p on p.id = r.project_id
    join ${profiles} pr on pr.id = r.requester_id
    where ri.item_id = ${equipmentItems}.id
      and (ri.active or ri.checked_out_at is not null)
      and r.state in ('requested', 'approved', 'checked_out', 'returned')
      and tstzrange(${bookingStart}, ${bookingEnd}, '[)') && ${range}
  ), '[]'::json)`;
  const maintenance = sql<TimelineMaintenanceRow[]>`coalesce((
    select json_agg(json_build_object('startsAt', m.starts_at, 'endsAt', m.ends_at, 'note', m.note) order by m.starts_at)
    from (
      select l.created_at as starts_at, ${ended(sql`l.created_at`)} as ends_at, l.note
      from ${maintenanceLog} l where l.item_id = ${equipmentItems}.id and l.kind = 'to_maintenance'
      union all
      select d.returned_at, ${ended(sql`d.returned_at`)}, d.return_notes
      from ${reservationItems} d where d.item_id = ${equipmentItems}.id and d.damaged and d.returned_at is not null
    ) m
    where m.starts_at < ${ts(q.to)} and (m.ends_at is null or m.ends_at > ${ts(q.from)})
  ), '[]'::json)`;
  return db
    .select({
      itemId: equipmentItems.id,
      assetTag: equipmentItems.assetTag,
      name: equipmentItems.name,
      brand: equipmentItems.brand,
      model: equipmentItems.model,
      status: equipmentItems.status,
      dayRateMinor: equipmentItems.dayRateMinor,
      bookings,
      maintenance,
    })
    .from(equipmentItems)
    .where(and(sameModel(q.model), sql`${equipmentItems.status} <> 'retired'`))
    .orderBy(asc(equipmentItems.assetTag))
    .limit(TIMELINE_UNITS_MAX);
}
