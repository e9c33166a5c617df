import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { ItemListQuery } from "../../../../common/equipment.ts";
import type { DbOrTx } from "../../../db/client.ts";
import {
  certifications,
  equipmentCategories,
  equipmentItems,
  maintenanceLog,
  reservationItems,
} from "../../../db/schema/index.ts";
import { freeBetween, overlaps, pageOf, stillOutLate } from "./sql.ts";

type ItemRow = typeof equipmentItems.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/** A page of the items `where` picks, in the catalogue's order, with the count of all it picks. */
function itemPage(db: DbOrTx, where: SQL | undefined, q: { limit: number; offset: number }) {
  const rows = itemQuery(db)
    .where(where)
    .orderBy(...catalogueOrder)
    .limit(q.limit)
    .offset(q.offset);
  return pageOf(db, rows, equipmentItems, where);
}

export async function selectItemPage(db: DbOrTx, q: ItemListQuery) {
  return itemPage(db, itemWhere(q), q);
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
  q: {
    search?: string;
    categoryId?: string;
    limit: number;
    offset: number;
    onlyFree?: { from: Date; to: Date };
    /** Items to leave out: those closed to the person by their access level. */
    exclude?: string[];
  },
) {
  const free = q.onlyFree
    ? and(
        sql`${equipmentItems.status} in ('available', 'checked_out')`,
        sql`${equipmentItems.id} not in (select ${reservationItems.itemId} from ${reservationItems} where ${overlaps(q.onlyFree.from, q.onlyFree.to)})`,
        sql`not ${stillOutLate}`,
      )
    : undefined;
  const open = q.exclude?.length ? sql`${equipmentItems.id} <> all(${sql.param(q.exclude)}::uuid[])` : undefined;
  return itemPage(db, and(itemWhere(q), sql`${equipmentItems.status} <> 'retired'`, free, open), q);
}

/**
 * Which of a page's items are free between `from` and `to` (bookable, no active booking overlapping, not still
 * out late). One query, 50 index probes; who may take them is the caller's to add.
 */
export async function selectFreeAmong(db: DbOrTx, q: { ids: string[]; from: Date; to: Date }): Promise<Set<string>> {
  if (q.ids.length === 0) return new Set();
  const rows = await db
    .select({ id: equipmentItems.id, free: freeBetween(q.from, q.to) })
    .from(equipmentItems)
    .where(sql`${equipmentItems.id} = any(${sql.param(q.ids)}::uuid[])`);
  return new Set(rows.filter((r) => r.free).map((r) => r.id));
}

export async function selectMaintenance(db: DbOrTx, itemId: string) {
  return db
    .select()
    .from(maintenanceLog)
    .where(eq(maintenanceLog.itemId, itemId))
    .orderBy(desc(maintenanceLog.createdAt))
    .limit(100);
}
