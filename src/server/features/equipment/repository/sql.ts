import { count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../../db/client.ts";
import {
  equipmentItems,
  kitItems,
  requestWindowLots,
  reservationItems,
  userCertifications,
} from "../../../db/schema/index.ts";

/**
 * A booking's [start, end) meets [from, to): the same range expression as the exclusion constraint, so the
 * overlap test is answered from its index.
 */
const rangeMeets = (start: AnyPgColumn | SQL, end: AnyPgColumn | SQL, from: Date, to: Date) =>
  sql`tstzrange(${start}, ${end}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;

/** Any booking of the range, active or not (the calendar shows returned ones too). */
export const bookedBetween = (from: Date, to: Date) =>
  rangeMeets(reservationItems.startsAt, reservationItems.endsAt, from, to);

/** An active booking of the range. */
export const overlaps = (from: Date, to: Date) => sql`${reservationItems.active} and ${bookedBetween(from, to)}`;

/**
 * A column of the outer `equipment_items` row, always with its table's name: drizzle leaves the name off in a
 * query of one table, and inside the subqueries below a bare "id" would be the booking row's own id.
 */
const outer = (column: "id" | "status" | "certification_id") => sql`${equipmentItems}.${sql.identifier(column)}`;

/** An item still out past its due time is not free for anyone until it comes back. */
export const stillOutLate = sql`exists (select 1 from ${reservationItems} late where late.item_id = ${outer("id")} and late.checked_out_at is not null and late.returned_at is null and late.ends_at < now())`;

/** The item needs no certification, or the person holds the one it needs. */
export const certifiedFor = (userId: string) =>
  sql<boolean>`(${outer("certification_id")} is null or exists (select 1 from ${userCertifications} uc where uc.certification_id = ${outer("certification_id")} and uc.user_id = ${userId}))`;

/** Bookable, no active booking overlapping the range, and not still out late. */
export const freeBetween = (from: Date, to: Date) =>
  sql<boolean>`(${outer("status")} in ('available', 'checked_out') and not exists (select 1 from ${reservationItems} booked where booked.item_id = ${outer("id")} and booked.active and ${rangeMeets(sql`booked.starts_at`, sql`booked.ends_at`, from, to)}) and not ${stillOutLate})`;

/** A page of rows and the count of every row of `table` the same condition matches, read side by side. */
export async function pageOf<R>(db: DbOrTx, rows: PromiseLike<R[]>, table: PgTable, where: SQL | undefined) {
  const [page, [total]] = await Promise.all([rows, db.select({ n: count() }).from(table).where(where)]);
  return { rows: page, total: total?.n ?? 0 };
}

/** The items a request window's lot stands for: the item, the kit's items, or every item of the category. */
export const lotItems = (db: DbOrTx, lot: typeof requestWindowLots.$inferSelect) =>
  lot.kind === "item"
    ? eq(equipmentItems.id, lot.itemId!)
    : lot.kind === "kit"
      ? inArray(
          equipmentItems.id,
          db.select({ id: kitItems.itemId }).from(kitItems).where(eq(kitItems.kitId, lot.kitId!)),
        )
      : eq(equipmentItems.categoryId, lot.categoryId!);
