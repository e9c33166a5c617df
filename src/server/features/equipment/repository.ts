import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { ItemListQuery, ReservationState } from "../../../common/equipment.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  certifications,
  equipmentCategories,
  equipmentItems,
  equipmentKits,
  kitItems,
  maintenanceLog,
  profiles,
  projectMembers,
  projects,
  reservationItems,
  reservations,
  strikes,
  userCertifications,
} from "../../db/schema/index.ts";

export type ItemRow = typeof equipmentItems.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The same range expression as the exclusion constraint, so the overlap test is answered from its index. */
const overlaps = (from: Date, to: Date) =>
  sql`${reservationItems.active} and tstzrange(${reservationItems.startsAt}, ${reservationItems.endsAt}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;

/**
 * A column of the outer `equipment_items` row, always with its table's name: drizzle leaves the name off in a
 * query of one table, and inside the subqueries below a bare "id" would be the booking row's own id.
 */
const outer = (column: "id" | "status" | "certification_id") => sql`${equipmentItems}.${sql.identifier(column)}`;

/** An item still out past its due time is not free for anyone until it comes back. */
const stillOutLate = sql`exists (select 1 from ${reservationItems} late where late.item_id = ${outer("id")} and late.checked_out_at is not null and late.returned_at is null and late.ends_at < now())`;

/** The item needs no certification, or the person holds the one it needs. */
const certifiedFor = (userId: string) =>
  sql<boolean>`(${outer("certification_id")} is null or exists (select 1 from ${userCertifications} uc where uc.certification_id = ${outer("certification_id")} and uc.user_id = ${userId}))`;

export const freeBetween = (from: Date, to: Date) =>
  sql<boolean>`(${outer("status")} in ('available', 'checked_out') and not exists (select 1 from ${reservationItems} booked where booked.item_id = ${outer("id")} and booked.active and tstzrange(booked.starts_at, booked.ends_at, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')) and not ${stillOutLate})`;

const itemColumns = {
  item: equipmentItems,
  categoryName: equipmentCategories.name,
  certificationName: certifications.name,
};

function itemWhere(q: { search?: string; categoryId?: string; status?: string }): SQL | undefined {
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  return and(
    like
      ? or(
          ilike(equipmentItems.name, like),
          ilike(equipmentItems.brand, like),
          ilike(equipmentItems.model, like),
          ilike(equipmentItems.assetTag, like),
        )
      : undefined,
    q.categoryId ? eq(equipmentItems.categoryId, q.categoryId) : undefined,
    q.status ? eq(equipmentItems.status, q.status as ItemRow["status"]) : undefined,
  );
}

/** Items with their category's and certification's names; `extra` adds computed columns. */
function itemQuery<E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...itemColumns, ...extra })
    .from(equipmentItems)
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentItems.categoryId))
    .leftJoin(certifications, eq(certifications.id, equipmentItems.certificationId));
}

const catalogueOrder = [
  asc(equipmentCategories.name),
  asc(sql`lower(${equipmentItems.name})`),
  asc(equipmentItems.assetTag),
];

export async function selectItemPage(db: DbOrTx, q: ItemListQuery) {
  const where = itemWhere(q);
  const [rows, [total]] = await Promise.all([
    itemQuery(db)
      .where(where)
      .orderBy(...catalogueOrder)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(equipmentItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Holds each item (until the transaction ends) for one booking at a time, taken in one order. Concurrent
 * inserts of overlapping ranges that meet only at the exclusion constraint can wait on each other in a
 * cycle, and PostgreSQL then ends one with "deadlock detected" (a 500) instead of a clear conflict.
 */
export async function lockItemsForBooking(tx: DbOrTx, itemIds: string[]) {
  const ids = sql.join(
    [...itemIds].sort().map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(id, 0)) from unnest(array[${ids}]::text[]) as id`);
}

export async function selectItemsWhere(db: DbOrTx, where: SQL | undefined) {
  return itemQuery(db).where(where).orderBy(asc(equipmentCategories.name), asc(equipmentItems.assetTag));
}

export async function selectItem(db: DbOrTx, where: SQL) {
  const [row] = await selectItemsWhere(db, where);
  return row ?? null;
}

/**
 * A page of the catalogue (items not retired) in its order. With `onlyFree` the range decides which items
 * qualify: the busy items of the range come from the range's own GiST index, one anti-join for all.
 */
export async function selectCataloguePage(
  db: DbOrTx,
  q: { search?: string; categoryId?: string; limit: number; offset: number; onlyFree?: { from: Date; to: Date } },
) {
  const free = q.onlyFree
    ? and(
        sql`${equipmentItems.status} in ('available', 'checked_out')`,
        sql`${equipmentItems.id} not in (select ${reservationItems.itemId} from ${reservationItems} where ${overlaps(q.onlyFree.from, q.onlyFree.to)})`,
        sql`not ${stillOutLate}`,
      )
    : undefined;
  const where = and(itemWhere(q), sql`${equipmentItems.status} <> 'retired'`, free);
  const [rows, [total]] = await Promise.all([
    itemQuery(db)
      .where(where)
      .orderBy(...catalogueOrder)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(equipmentItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * For the items of a page: free between `from` and `to` (bookable, no active booking overlapping, not still
 * out late) and whether the person holds the certification each needs. One query, 50 index probes.
 */
export async function selectFreeAmong(db: DbOrTx, q: { ids: string[]; from: Date; to: Date; userId: string }) {
  if (q.ids.length === 0) return new Map<string, { free: boolean; certified: boolean }>();
  const rows = await db
    .select({ id: equipmentItems.id, free: freeBetween(q.from, q.to), certified: certifiedFor(q.userId) })
    .from(equipmentItems)
    .where(sql`${equipmentItems.id} = any(${sql.param(q.ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, { free: r.free, certified: r.certified }]));
}

export async function selectKits(db: DbOrTx, range?: { from: Date; to: Date }, userId?: string) {
  const kits = await db.select().from(equipmentKits).orderBy(asc(equipmentKits.name));
  if (kits.length === 0) return [];
  const members = await db
    .select({
      kitId: kitItems.kitId,
      id: equipmentItems.id,
      name: equipmentItems.name,
      assetTag: equipmentItems.assetTag,
      status: equipmentItems.status,
      free: range ? freeBetween(range.from, range.to) : sql<boolean>`true`,
      certificationName: certifications.name,
      certified: userId ? certifiedFor(userId) : sql<boolean>`true`,
    })
    .from(kitItems)
    .innerJoin(equipmentItems, eq(equipmentItems.id, kitItems.itemId))
    .leftJoin(certifications, eq(certifications.id, equipmentItems.certificationId))
    .where(
      inArray(
        kitItems.kitId,
        kits.map((k) => k.id),
      ),
    )
    .orderBy(asc(equipmentItems.assetTag));
  return kits.map((k) => ({ kit: k, items: members.filter((m) => m.kitId === k.id) }));
}

export async function selectKitItemIds(db: DbOrTx, kitIds: string[]) {
  if (kitIds.length === 0) return [];
  return db
    .select({ kitId: kitItems.kitId, kitName: equipmentKits.name, itemId: kitItems.itemId })
    .from(kitItems)
    .innerJoin(equipmentKits, eq(equipmentKits.id, kitItems.kitId))
    .where(inArray(kitItems.kitId, kitIds));
}

/** Active bookings overlapping the range for these items: the "which item, when" of a conflict. */
export async function selectOverlapping(
  db: DbOrTx,
  itemIds: string[],
  from: Date,
  to: Date,
  excludeReservation?: string,
) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: reservationItems.itemId,
      itemName: equipmentItems.name,
      assetTag: equipmentItems.assetTag,
      categoryId: equipmentItems.categoryId,
      startsAt: reservationItems.startsAt,
      endsAt: reservationItems.endsAt,
    })
    .from(reservationItems)
    .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
    .where(
      and(
        inArray(reservationItems.itemId, itemIds),
        overlaps(from, to),
        excludeReservation ? sql`${reservationItems.reservationId} <> ${excludeReservation}` : undefined,
      ),
    )
    .orderBy(asc(reservationItems.startsAt));
}

/** Free items of a category for the range, other than those named: the alternatives offered on a conflict. */
export async function selectFreeInCategory(
  db: DbOrTx,
  q: { categoryId: string; from: Date; to: Date; exclude: string[]; userId: string; limit: number },
) {
  return db
    .select({ id: equipmentItems.id, name: equipmentItems.name, assetTag: equipmentItems.assetTag })
    .from(equipmentItems)
    .where(
      and(
        eq(equipmentItems.categoryId, q.categoryId),
        freeBetween(q.from, q.to),
        q.exclude.length ? notInArray(equipmentItems.id, q.exclude) : undefined,
        certifiedFor(q.userId),
      ),
    )
    .orderBy(asc(equipmentItems.name), asc(equipmentItems.assetTag))
    .limit(q.limit);
}

export async function selectCertificationIds(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ id: userCertifications.certificationId })
    .from(userCertifications)
    .where(eq(userCertifications.userId, userId));
  return new Set(rows.map((r) => r.id));
}

export async function countOpenStrikes(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(strikes)
    .where(and(eq(strikes.userId, userId), isNull(strikes.clearedAt)));
  return row?.n ?? 0;
}

// ── Reservations ─────────────────────────────────────────────────────────────────────────────────

const reservationColumns = {
  r: reservations,
  projectTitle: projects.title,
  requesterName: profiles.fullName,
  requesterEmail: profiles.email,
};

export async function selectReservation(db: DbOrTx, id: string, lock = false) {
  const q = db
    .select(reservationColumns)
    .from(reservations)
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .innerJoin(profiles, eq(profiles.id, reservations.requesterId))
    .where(eq(reservations.id, id));
  const [row] = lock ? await q.for("update", { of: reservations }) : await q;
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
    limit: number;
    offset: number;
  },
) {
  const where = and(
    q.state ? eq(reservations.state, q.state) : undefined,
    q.projectId ? eq(reservations.projectId, q.projectId) : undefined,
    q.overdue ? and(eq(reservations.state, "checked_out"), sql`${reservations.endsAt} < now()`) : undefined,
    // A person's own and their crews' reservations, as a set of ids read by index on both halves: a test of
    // every reservation grew with the school's history.
    q.visibleTo
      ? sql`${reservations.id} in (select r.id from ${reservations} r where r.requester_id = ${q.visibleTo}
          union select r.id from ${reservations} r join ${projectMembers} m on m.project_id = r.project_id where m.user_id = ${q.visibleTo})`
      : undefined,
  );
  // The queue reads oldest first (first come, first served); every other list shows what comes next.
  const order =
    q.state === "requested"
      ? [asc(reservations.createdAt), asc(reservations.id)]
      : [desc(reservations.startsAt), asc(reservations.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(reservationColumns)
      .from(reservations)
      .innerJoin(projects, eq(projects.id, reservations.projectId))
      .innerJoin(profiles, eq(profiles.id, reservations.requesterId))
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(reservations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectReservationItems(db: DbOrTx, reservationIds: string[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      ri: reservationItems,
      name: equipmentItems.name,
      assetTag: equipmentItems.assetTag,
      kitName: equipmentKits.name,
    })
    .from(reservationItems)
    .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
    .leftJoin(equipmentKits, eq(equipmentKits.id, reservationItems.kitId))
    .where(inArray(reservationItems.reservationId, reservationIds))
    .orderBy(asc(equipmentItems.assetTag));
}

/** Reservations of an item that a maintenance or retirement would leave without it. */
export async function selectAffectedReservations(db: DbOrTx, itemId: string) {
  return db
    .select({
      reservationId: reservations.id,
      projectTitle: projects.title,
      requesterName: profiles.fullName,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      state: reservations.state,
    })
    .from(reservationItems)
    .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .innerJoin(profiles, eq(profiles.id, reservations.requesterId))
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
    sql`tstzrange(${reservationItems.startsAt}, ${reservationItems.endsAt}, '[)') && tstzrange(${q.from.toISOString()}::timestamptz, ${q.to.toISOString()}::timestamptz, '[)')`,
  );
  return db
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
    .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
    .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .innerJoin(profiles, eq(profiles.id, reservations.requesterId))
    .where(where)
    .orderBy(asc(reservationItems.startsAt), asc(equipmentItems.assetTag))
    .limit(q.limit)
    .offset(q.offset);
}

export async function selectMaintenance(db: DbOrTx, itemId: string) {
  return db
    .select()
    .from(maintenanceLog)
    .where(eq(maintenanceLog.itemId, itemId))
    .orderBy(desc(maintenanceLog.createdAt))
    .limit(100);
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
