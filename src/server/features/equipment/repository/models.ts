import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { ModelRef } from "../../../../common/equipment.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { equipmentItems, reservationItems, reservations } from "../../../db/schema/index.ts";
import { freeBetween } from "./sql.ts";

/**
 * A model is an item's brand and model name, compared trimmed and without case; an item without a model name is
 * a model of none. Two expressions, the same on both sides of every comparison.
 */
const brandKey = sql`lower(trim(${equipmentItems}.brand))`;
const modelKey = sql`lower(trim(${equipmentItems}.model))`;
export const sameModel = (m: ModelRef): SQL =>
  sql`(${brandKey} = lower(trim(${m.brand})) and ${modelKey} = lower(trim(${m.model})) and ${modelKey} <> '')`;

/** The day rate of every unit of a model (an item without a model name is none: nothing changes). */
export async function setModelDayRate(tx: DbOrTx, m: ModelRef, dayRateMinor: number | null) {
  await tx.update(equipmentItems).set({ dayRateMinor, updatedAt: new Date() }).where(sameModel(m));
}

/**
 * Holds a model for one booking at a time (until the transaction ends): the free units are counted and taken
 * under it, so two requests for the last unit never both see it free.
 */
export async function lockModels(tx: DbOrTx, models: ModelRef[]) {
  const keys = [...new Set(models.map((m) => `model:${m.brand.trim().toLowerCase()}|${m.model.trim().toLowerCase()}`))]
    .sort()
    .map((k) => sql`${k}`);
  if (keys.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(array[${sql.join(keys, sql`, `)}]::text[]) as k`,
  );
}

/** Up to `n` units of the model free over the range (bookable, not held, not out late), by asset tag. */
export async function selectFreeUnits(
  db: DbOrTx,
  q: { model: ModelRef; from: Date; to: Date; n: number; exclude: string[] },
) {
  return db
    .select({ id: equipmentItems.id })
    .from(equipmentItems)
    .where(
      and(
        sameModel(q.model),
        eq(equipmentItems.status, "available"),
        freeBetween(q.from, q.to),
        q.exclude.length ? notInArray(equipmentItems.id, q.exclude) : undefined,
      ),
    )
    .orderBy(asc(equipmentItems.assetTag))
    .limit(q.n);
}

/**
 * The catalogue by model for a range: each model with a photo of one of its units, its units, and how many are
 * free then. One grouped query, paged in the database.
 */
export async function selectModelPage(
  db: DbOrTx,
  q: { from: Date; to: Date; search?: string; limit: number; offset: number },
) {
  const where = and(
    sql`${modelKey} <> ''`,
    sql`${equipmentItems.status} <> 'retired'`,
    q.search
      ? sql`(${equipmentItems.brand} || ' ' || ${equipmentItems.model} || ' ' || ${equipmentItems.name}) ilike ${`%${q.search}%`}`
      : undefined,
  );
  const rows = await db
    .select({
      brand: sql<string>`mode() within group (order by trim(${equipmentItems.brand}))`,
      model: sql<string>`mode() within group (order by trim(${equipmentItems.model}))`,
      name: sql<string>`min(${equipmentItems.name})`,
      photoUrl: sql<string>`coalesce(max(nullif(${equipmentItems.photoUrl}, '')), '')`,
      units: sql<number>`count(*)`.mapWith(Number),
      free: sql<number>`count(*) filter (where ${equipmentItems.status} = 'available' and ${freeBetween(q.from, q.to)})`.mapWith(
        Number,
      ),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(equipmentItems)
    .where(where)
    .groupBy(brandKey, modelKey)
    .orderBy(brandKey, modelKey)
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total: rows[0]?.total ?? (q.offset > 0 ? await countModels(db, where) : 0) };
}

async function countModels(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct (${brandKey}, ${modelKey}))`.mapWith(Number) })
    .from(equipmentItems)
    .where(where);
  return row?.n ?? 0;
}

/** A booked line the desk may hand out now: held, not yet out, approved, and open for collection. */
export const collectable = (pickupUntil: Date, now: Date) =>
  and(
    eq(reservationItems.active, true),
    isNull(reservationItems.checkedOutAt),
    inArray(reservations.state, ["approved", "checked_out"]),
    sql`${reservationItems.startsAt} <= ${pickupUntil.toISOString()}::timestamptz`,
    sql`${reservationItems.endsAt} > ${now.toISOString()}::timestamptz`,
  );

/**
 * A line booked by model that the scanned unit may take at the desk: an approved reservation collectable now,
 * its stand-in not yet handed out and of the same model as the scanned unit. The earliest start first.
 */
export async function selectModelLineFor(
  tx: DbOrTx,
  q: { item: { brand: string; model: string }; pickupUntil: Date; now: Date; reservationId?: string },
) {
  const [line] = await tx
    .select({ ri: reservationItems })
    .from(reservationItems)
    .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
    .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
    .where(
      and(
        eq(reservationItems.byModel, true),
        collectable(q.pickupUntil, q.now),
        q.reservationId ? eq(reservations.id, q.reservationId) : undefined,
        sameModel(q.item),
      ),
    )
    .orderBy(asc(reservationItems.startsAt), asc(reservationItems.id))
    .limit(1)
    .for("update", { of: reservationItems });
  return line?.ri ?? null;
}
