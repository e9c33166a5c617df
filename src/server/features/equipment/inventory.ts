import { eq, inArray } from "drizzle-orm";
import {
  itemCreateInput,
  itemStatusInput,
  itemUpdateInput,
  maintenanceInput,
  type AffectedReservationsDetails,
  type ItemCreateInput,
  type ItemDetailDto,
  type ItemDto,
  type ItemListQuery,
  type ItemStatusInput,
  type ItemUpdateInput,
  type MaintenanceInput,
  type Page,
} from "../../../common/equipment.ts";
import { type Caller } from "../../auth/caller.ts";
import { type DbOrTx } from "../../db/client.ts";
import { certifications, equipmentCategories, equipmentItems, maintenanceLog } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { pgCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import * as repo from "./repository/index.ts";
import { placeAccessLevel } from "./access-levels.ts";
import { checkId, DAY_MS, missing, publish, requireOffice, type S } from "./shared.ts";

// ── Items ────────────────────────────────────────────────────────────────────────────────────────

export type ItemJoined = Awaited<ReturnType<typeof repo.selectItemsWhere>>[number];

export const toItem = ({ item: i, categoryName, certificationName }: ItemJoined): ItemDto => ({
  id: i.id,
  category: { id: i.categoryId, name: categoryName },
  name: i.name,
  brand: i.brand,
  model: i.model,
  serialNumber: i.serialNumber,
  assetTag: i.assetTag,
  valueMinor: i.valueMinor,
  dayRateMinor: i.dayRateMinor,
  condition: i.condition,
  status: i.status,
  location: i.location,
  photoUrl: i.photoUrl,
  notes: i.notes,
  certification: i.certificationId && certificationName ? { id: i.certificationId, name: certificationName } : null,
  updatedAt: i.updatedAt.toISOString(),
});

/** The equipment room's day rate of each item asked for (null where it keeps none), for a budget's rental lines. */
export async function dayRatesOf(db: DbOrTx, itemIds: string[]): Promise<Map<string, number | null>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: equipmentItems.id, rate: equipmentItems.dayRateMinor })
    .from(equipmentItems)
    .where(inArray(equipmentItems.id, [...new Set(itemIds)]));
  return new Map(rows.map((r) => [r.id, r.rate]));
}

export async function listItems(s: Pick<S, "db">, opts: { query: ItemListQuery }): Promise<Page<ItemDto>> {
  const page = await repo.selectItemPage(s.db, opts.query);
  return { total: page.total, items: page.rows.map(toItem) };
}

export async function getItem(s: Pick<S, "db">, opts: { id: string }): Promise<ItemDetailDto> {
  checkId(opts.id, "item");
  const row = await repo.selectItem(s.db, eq(equipmentItems.id, opts.id));
  if (!row) throw missing("item");
  const now = new Date();
  const [log, upcoming] = await Promise.all([
    repo.selectMaintenance(s.db, opts.id),
    repo.selectCalendar(s.db, {
      itemId: opts.id,
      from: now,
      to: new Date(now.getTime() + 120 * DAY_MS),
      limit: 20,
      offset: 0,
    }),
  ]);
  return {
    ...toItem(row),
    maintenance: log.map((m) => ({
      id: m.id,
      kind: m.kind,
      note: m.note,
      costMinor: m.costMinor,
      byName: m.byName,
      createdAt: m.createdAt.toISOString(),
    })),
    upcoming: upcoming.map((u) => ({
      reservationId: u.reservationId,
      projectTitle: u.projectTitle,
      startsAt: u.startsAt.toISOString(),
      endsAt: u.endsAt.toISOString(),
      state: u.state,
    })),
  };
}

/** The item's form names a category and a certification by id; a wrong one is the caller's mistake, a 400. */
async function assertReferences(db: DbOrTx, input: { categoryId?: string; certificationId?: string | null }) {
  if (input.categoryId) {
    const [c] = await db
      .select({ id: equipmentCategories.id })
      .from(equipmentCategories)
      .where(eq(equipmentCategories.id, input.categoryId));
    if (!c) throw new AppError("bad_request", "There is no such category: choose one from the list.");
  }
  if (input.certificationId) {
    const [c] = await db
      .select({ id: certifications.id })
      .from(certifications)
      .where(eq(certifications.id, input.certificationId));
    if (!c) throw new AppError("bad_request", "There is no such certification: choose one from the list.");
  }
}

const tagTaken = (tag: string) => new AppError("conflict", `Another item already carries the asset tag ${tag}.`);

export async function createItem(s: S, opts: { caller: Caller; input: ItemCreateInput }): Promise<ItemDetailDto> {
  requireOffice(opts.caller);
  const { accessLevelId, dayRateForModel, ...input } = itemCreateInput.parse(opts.input);
  await assertReferences(s.db, input);
  let id: string;
  try {
    id = await s.db.transaction(async (tx) => {
      const [row] = await tx.insert(equipmentItems).values(input).returning({ id: equipmentItems.id });
      if (accessLevelId) await placeAccessLevel(tx, "item", row!.id, accessLevelId);
      if (dayRateForModel) await repo.setModelDayRate(tx, input, input.dayRateMinor);
      return row!.id;
    });
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw tagTaken(input.assetTag);
    throw err;
  }
  await publish(s);
  return getItem(s, { id });
}

export async function updateItem(
  s: S,
  opts: { caller: Caller; id: string; input: ItemUpdateInput },
): Promise<ItemDetailDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "item");
  const { accessLevelId, dayRateForModel, ...input } = itemUpdateInput.parse(opts.input);
  await assertReferences(s.db, input);
  try {
    await s.db.transaction(async (tx) => {
      const rows = await tx
        .update(equipmentItems)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(equipmentItems.id, opts.id))
        .returning({
          brand: equipmentItems.brand,
          model: equipmentItems.model,
          dayRateMinor: equipmentItems.dayRateMinor,
        });
      if (rows.length === 0) throw missing("item");
      if (accessLevelId !== undefined) await placeAccessLevel(tx, "item", opts.id, accessLevelId);
      if (dayRateForModel) await repo.setModelDayRate(tx, rows[0]!, rows[0]!.dayRateMinor);
    });
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw tagTaken(input.assetTag ?? "");
    throw err;
  }
  await publish(s);
  return getItem(s, opts);
}

const STATUS_LOG = { maintenance: "to_maintenance", retired: "retired", available: "back_in_service" } as const;

/**
 * Maintenance and retirement take an item out of the reservations that count on it: the first call
 * answers 409 with those reservations, and the office repeats it with `confirm` once it has seen them.
 */
export async function setItemStatus(
  s: S,
  opts: { caller: Caller; id: string; input: ItemStatusInput },
): Promise<ItemDetailDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "item");
  const input = itemStatusInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const [item] = await tx.select().from(equipmentItems).where(eq(equipmentItems.id, opts.id)).for("update");
    if (!item) throw missing("item");
    if (item.status === input.status) return;
    if (item.status === "checked_out")
      throw new AppError("conflict", `${item.name} (${item.assetTag}) is checked out: check it in at the desk first.`);
    if (input.status !== "available" && !input.confirm) {
      const affected = await repo.selectAffectedReservations(tx, item.id);
      if (affected.length > 0) {
        throw new AppError(
          "conflict",
          `${affected.length === 1 ? "1 reservation counts" : `${affected.length} reservations count`} on ${item.name} (${item.assetTag}). Tell the borrowers, then confirm.`,
          {
            affected: affected.map((a) => ({
              ...a,
              startsAt: a.startsAt.toISOString(),
              endsAt: a.endsAt.toISOString(),
            })),
          } satisfies AffectedReservationsDetails,
        );
      }
    }
    await tx
      .update(equipmentItems)
      .set({ status: input.status, updatedAt: new Date() })
      .where(eq(equipmentItems.id, item.id));
    await tx.insert(maintenanceLog).values({
      itemId: item.id,
      kind: STATUS_LOG[input.status],
      note: input.note,
      byId: opts.caller.id,
      byName: opts.caller.name,
    });
  });
  await publish(s);
  return getItem(s, opts);
}

export async function addMaintenance(
  s: S,
  opts: { caller: Caller; id: string; input: MaintenanceInput },
): Promise<ItemDetailDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "item");
  const input = maintenanceInput.parse(opts.input);
  const [item] = await s.db
    .select({ id: equipmentItems.id })
    .from(equipmentItems)
    .where(eq(equipmentItems.id, opts.id));
  if (!item) throw missing("item");
  await s.db
    .insert(maintenanceLog)
    .values({ itemId: item.id, ...input, byId: opts.caller.id, byName: opts.caller.name });
  await publish(s);
  return getItem(s, opts);
}
