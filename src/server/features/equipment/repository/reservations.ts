import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DeskList } from "../../../../common/equipment.ts";
import type { ReceiptKind, ReservationState } from "../../../../common/equipment-states.ts";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../../db/client.ts";
import { preparedQuery } from "../../../db/prepared-query.ts";
import {
  equipmentItems,
  equipmentKits,
  handoverReceipts,
  profiles,
  projectMembers,
  projects,
  reservationItems,
  reservations,
} from "../../../db/schema/index.ts";
import { bookedBetween, pageOf } from "./sql.ts";

export type ReservationRow = typeof reservations.$inferSelect;

/** Reservations with their project's title and their requester's name and e-mail. */
const reservationQuery = (db: DbOrTx) =>
  db
    .select({
      r: reservations,
      projectTitle: projects.title,
      requesterName: profiles.fullName,
      requesterEmail: profiles.email,
      // Read from the receipts' index; a reservation has a handful at most.
      receipts: sql<
        ReceiptKind[]
      >`array(select distinct h.kind from ${handoverReceipts} h where h.reservation_id = ${reservations.id} order by h.kind)`,
    })
    .from(reservations)
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .innerJoin(profiles, eq(profiles.id, reservations.requesterId));

const keptReservation = preparedQuery((db) => reservationQuery(db).where(eq(reservations.id, sql.placeholder("id"))));

export async function selectReservation(db: DbOrTx, id: string, lock = false) {
  const [row] = lock
    ? await reservationQuery(db).where(eq(reservations.id, id)).for("update", { of: reservations })
    : await keptReservation(db, { id });
  return row ?? null;
}
export type ReservationWithNames = NonNullable<Awaited<ReturnType<typeof selectReservation>>>;

export async function selectReservationPage(
  db: DbOrTx,
  q: {
    state?: ReservationState;
    projectId?: string;
    visibleTo?: string;
    overdue?: boolean;
    desk?: DeskList;
    dayEnd?: string;
    limit: number;
    offset: number;
  },
) {
  const plain = !q.desk && !q.state && !q.overdue;
  const kept = plain && (q.projectId ? !q.visibleTo && projectPage : q.visibleTo && visiblePage);
  if (kept) {
    const values = { projectId: q.projectId, visibleTo: q.visibleTo, limit: q.limit, offset: q.offset };
    const [rows, [total]] = await Promise.all([kept.rows(db, values), kept.total(db, values)]);
    return { rows, total: total?.n ?? 0 };
  }
  const where = and(
    q.desk ? deskWhere(q.desk, q.dayEnd) : undefined,
    q.state ? eq(reservations.state, q.state) : undefined,
    q.projectId ? eq(reservations.projectId, q.projectId) : undefined,
    q.overdue ? and(eq(reservations.state, "checked_out"), sql`${reservations.endsAt} < now()`) : undefined,
    q.visibleTo ? visibleTo(q.visibleTo) : undefined,
  );
  // The queue reads oldest first (first come, first served); every other list shows what comes next.
  // The desk's lists read in the order the desk meets them: the next collection, the next (or longest late) return.
  const order =
    q.state === "requested"
      ? [asc(reservations.createdAt), asc(reservations.id)]
      : q.desk === "due_today"
        ? [asc(reservations.startsAt), asc(reservations.id)]
        : q.desk
          ? [asc(reservations.endsAt), asc(reservations.id)]
          : [desc(reservations.startsAt), asc(reservations.id)];
  const rows = reservationQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return pageOf(db, rows, reservations, where);
}

/**
 * A person's own and their crews' reservations, as a set of ids read by index on both halves: a test of every
 * reservation grew with the school's history.
 */
const visibleTo = (userId: string | SQLWrapper) =>
  sql`${reservations.id} in (select r.id from ${reservations} r where r.requester_id = ${userId}
          union select r.id from ${reservations} r join ${projectMembers} m on m.project_id = r.project_id where m.user_id = ${userId})`;

/**
 * A page of the lists everyone opens, a project's and a person's own, with its count, built once: the same text as
 * `selectReservationPage` builds for them.
 */
const keptPage = (where: () => SQL) => ({
  rows: preparedQuery((db) =>
    reservationQuery(db)
      .where(where())
      .orderBy(desc(reservations.startsAt), asc(reservations.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  ),
  total: preparedQuery((db) => db.select({ n: count() }).from(reservations).where(where())),
});
const projectPage = keptPage(() => eq(reservations.projectId, sql.placeholder("projectId")));
const visiblePage = keptPage(() => visibleTo(sql.placeholder("visibleTo")));

/**
 * The desk's lists (common/equipment.ts DESK_LISTS). "Due today" runs to the end of the desk's day (the end of the UTC
 * day when the desk does not say), and keeps an approved reservation whose start has passed uncollected while it
 * has not ended. All three are answered from the reservations' state index.
 */
function deskWhere(list: DeskList, dayEnd: string | undefined) {
  if (list === "due_today") {
    const end = dayEnd ?? `${new Date().toISOString().slice(0, 10)}T23:59:59.999Z`;
    return and(
      eq(reservations.state, "approved"),
      sql`${reservations.startsAt} <= ${end}::timestamptz`,
      sql`${reservations.endsAt} > now()`,
    );
  }
  if (list === "out_now") return eq(reservations.state, "checked_out");
  return and(eq(reservations.state, "checked_out"), sql`${reservations.endsAt} < now()`);
}

export async function selectReservationItems(db: DbOrTx, reservationIds: string[]) {
  if (reservationIds.length === 0) return [];
  return itemsOf(db, { ids: reservationIds });
}

// One text for any number of reservations (an array parameter), so that it is built once and sent by name.
const itemsOf = preparedQuery((db) =>
  db
    .select({
      ri: reservationItems,
      name: equipmentItems.name,
      assetTag: equipmentItems.assetTag,
      brand: equipmentItems.brand,
      model: equipmentItems.model,
      kitName: equipmentKits.name,
    })
    .from(reservationItems)
    .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
    .leftJoin(equipmentKits, eq(equipmentKits.id, reservationItems.kitId))
    .where(sql`${reservationItems.reservationId} = any(${sql.placeholder("ids")}::uuid[])`)
    .orderBy(asc(equipmentItems.assetTag)),
);

/** Booked items (`q` reads from reservation items) with their reservation, the item, its project and requester. */
function withBooking<Q extends PgSelect>(q: Q) {
  return q
    .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
    .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .innerJoin(profiles, eq(profiles.id, reservations.requesterId));
}

/** Reservations of an item that a maintenance or retirement would leave without it. */
export async function selectAffectedReservations(db: DbOrTx, itemId: string) {
  return withBooking(
    db
      .select({
        reservationId: reservations.id,
        projectTitle: projects.title,
        requesterName: profiles.fullName,
        startsAt: reservations.startsAt,
        endsAt: reservations.endsAt,
        state: reservations.state,
      })
      .from(reservationItems)
      .$dynamic(),
  )
    .where(
      and(
        eq(reservationItems.itemId, itemId),
        eq(reservationItems.active, true),
        inArray(reservations.state, ["requested", "approved"]),
        sql`${reservations.endsAt} > now()`,
      ),
    )
    .orderBy(asc(reservations.startsAt));
}

/** Bookings in a range, for the calendar of one item or of the whole inventory. */
export async function selectCalendar(
  db: DbOrTx,
  q: { from: Date; to: Date; itemId?: string; limit: number; offset: number },
) {
  const where = and(
    q.itemId ? eq(reservationItems.itemId, q.itemId) : undefined,
    inArray(reservations.state, ["requested", "approved", "checked_out", "returned"]),
    bookedBetween(q.from, q.to),
  );
  return withBooking(
    db
      .select({
        reservationId: reservations.id,
        itemId: equipmentItems.id,
        itemName: equipmentItems.name,
        assetTag: equipmentItems.assetTag,
        projectTitle: projects.title,
        requesterName: profiles.fullName,
        startsAt: reservationItems.startsAt,
        endsAt: reservationItems.endsAt,
        state: reservations.state,
      })
      .from(reservationItems)
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(reservationItems.startsAt), asc(equipmentItems.assetTag))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countSummary(db: DbOrTx) {
  const [row] = await db
    .select({
      outNow: sql<number>`count(*) filter (where ${reservations.state} = 'checked_out')`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where ${reservations.state} = 'checked_out' and ${reservations.endsAt} < now())`.mapWith(
          Number,
        ),
      pending: sql<number>`count(*) filter (where ${reservations.state} = 'requested')`.mapWith(Number),
    })
    .from(reservations)
    .where(inArray(reservations.state, ["requested", "checked_out"]));
  return { outNow: row?.outNow ?? 0, overdue: row?.overdue ?? 0, pending: row?.pending ?? 0 };
}

/** A person's reservations for the iCal feed: theirs and their crews', not yet over or recently over. */
export async function selectFeedReservations(db: DbOrTx, userId: string) {
  return db
    .select({ r: reservations, projectTitle: projects.title })
    .from(reservations)
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .where(
      and(
        inArray(reservations.state, ["requested", "approved", "checked_out"]),
        or(
          eq(reservations.requesterId, userId),
          sql`exists (select 1 from ${projectMembers} m where m.project_id = ${reservations.projectId} and m.user_id = ${userId})`,
        ),
      ),
    )
    .orderBy(asc(reservations.startsAt))
    .limit(500);
}

/** Items still out on a reservation: the desk's check-in, and what decides when a reservation is returned. */
export async function countStillOut(db: DbOrTx, reservationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(reservationItems)
    .where(
      and(
        eq(reservationItems.reservationId, reservationId),
        isNotNull(reservationItems.checkedOutAt),
        isNull(reservationItems.returnedAt),
      ),
    );
  return row?.n ?? 0;
}
