import { and, asc, count, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  certifications,
  equipmentItems,
  equipmentKits,
  kitItems,
  reservationItems,
  strikes,
  userCertifications,
} from "../../../db/schema/index.ts";
import { certifiedFor, freeBetween, overlaps } from "./sql.ts";

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

/** The kits with their items, and whether each item is free in `range`; who may take them is the caller's to add. */
export async function selectKits(db: DbOrTx, range?: { from: Date; to: Date }) {
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
      certificationId: equipmentItems.certificationId,
      certificationName: certifications.name,
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
