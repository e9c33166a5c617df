import { and, eq, inArray, sql } from "drizzle-orm";
import {
  categoryInput,
  certificationInput,
  itemCreateInput,
  itemStatusInput,
  itemUpdateInput,
  kitInput,
  maintenanceInput,
  type AffectedReservationsDetails,
  type CategoryDto,
  type CategoryInput,
  type CertificationDto,
  type CertificationInput,
  type ItemCreateInput,
  type ItemDetailDto,
  type ItemDto,
  type ItemListQuery,
  type ItemStatusInput,
  type ItemUpdateInput,
  type KitDto,
  type KitInput,
  type MaintenanceInput,
  type Page,
} from "../../../common/equipment.ts";
import { type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  certifications,
  equipmentCategories,
  equipmentItems,
  equipmentKits,
  kitItems,
  maintenanceLog,
  profiles,
  userCertifications,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { pgCode, STILL_REFERENCED, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import * as repo from "./repository.ts";
import { checkId, DAY_MS, missing, publish, requireOffice, type S } from "./shared.ts";

// ── Categories and certifications ────────────────────────────────────────────────────────────────

export async function listCategories(s: Pick<S, "db">): Promise<CategoryDto[]> {
  const rows = await s.db
    // The outer column is named with its table: drizzle leaves the name off in a one-table query, and a bare
    // "id" inside the subquery would be the item's own id (every count was 0).
    .select({
      c: equipmentCategories,
      n: sql<number>`(select count(*) from ${equipmentItems} i where i.category_id = ${equipmentCategories}.${sql.identifier("id")})`.mapWith(
        Number,
      ),
    })
    .from(equipmentCategories)
    .orderBy(equipmentCategories.name);
  return rows.map(({ c, n }) => ({ id: c.id, name: c.name, description: c.description, itemCount: n }));
}

const taken = (what: string, name: string) => new AppError("conflict", `There is already ${what} called “${name}”.`);

export async function createCategory(s: S, opts: { caller: Caller; input: CategoryInput }): Promise<CategoryDto> {
  requireOffice(opts.caller);
  const input = categoryInput.parse(opts.input);
  try {
    const [row] = await s.db.insert(equipmentCategories).values(input).returning();
    await publish(s);
    return { id: row!.id, name: row!.name, description: row!.description, itemCount: 0 };
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw taken("a category", input.name);
    throw err;
  }
}

export async function deleteCategory(s: S, opts: { caller: Caller; id: string }): Promise<void> {
  requireOffice(opts.caller);
  checkId(opts.id, "category");
  try {
    const gone = await s.db.delete(equipmentCategories).where(eq(equipmentCategories.id, opts.id)).returning();
    if (gone.length === 0) throw missing("category");
  } catch (err) {
    if (STILL_REFERENCED.has(pgCode(err) ?? ""))
      throw new AppError("conflict", "This category still holds items: move or delete them first.");
    throw err;
  }
  await publish(s);
}

export async function listCertifications(s: Pick<S, "db">): Promise<CertificationDto[]> {
  const [certs, holders] = await Promise.all([
    s.db.select().from(certifications).orderBy(certifications.name),
    s.db
      .select({
        certificationId: userCertifications.certificationId,
        userId: userCertifications.userId,
        name: profiles.fullName,
        grantedAt: userCertifications.grantedAt,
      })
      .from(userCertifications)
      .innerJoin(profiles, eq(profiles.id, userCertifications.userId))
      .orderBy(profiles.fullName),
  ]);
  return certs.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    holders: holders
      .filter((h) => h.certificationId === c.id)
      .map((h) => ({ userId: h.userId, name: h.name, grantedAt: h.grantedAt.toISOString() })),
  }));
}

export async function createCertification(
  s: S,
  opts: { caller: Caller; input: CertificationInput },
): Promise<CertificationDto> {
  requireOffice(opts.caller);
  const input = certificationInput.parse(opts.input);
  try {
    const [row] = await s.db.insert(certifications).values(input).returning();
    await publish(s);
    return { id: row!.id, name: row!.name, description: row!.description, holders: [] };
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw taken("a certification", input.name);
    throw err;
  }
}

export async function grantCertification(
  s: S,
  opts: { caller: Caller; id: string; userId: string },
): Promise<CertificationDto[]> {
  requireOffice(opts.caller);
  checkId(opts.id, "certification");
  const [cert] = await s.db.select().from(certifications).where(eq(certifications.id, opts.id));
  if (!cert) throw missing("certification");
  const [person] = await s.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, opts.userId), eq(profiles.active, true)));
  if (!person) throw new AppError("bad_request", "There is no active person with this id to certify.");
  await s.db
    .insert(userCertifications)
    .values({ userId: person.id, certificationId: cert.id, grantedBy: opts.caller.id })
    .onConflictDoNothing();
  await publish(s);
  return listCertifications(s);
}

export async function revokeCertification(
  s: S,
  opts: { caller: Caller; id: string; userId: string },
): Promise<CertificationDto[]> {
  requireOffice(opts.caller);
  checkId(opts.id, "certification");
  await s.db
    .delete(userCertifications)
    .where(and(eq(userCertifications.certificationId, opts.id), eq(userCertifications.userId, opts.userId)));
  await publish(s);
  return listCertifications(s);
}

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
  condition: i.condition,
  status: i.status,
  location: i.location,
  photoUrl: i.photoUrl,
  notes: i.notes,
  certification: i.certificationId && certificationName ? { id: i.certificationId, name: certificationName } : null,
  updatedAt: i.updatedAt.toISOString(),
});

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
  const input = itemCreateInput.parse(opts.input);
  await assertReferences(s.db, input);
  let id: string;
  try {
    [{ id }] = (await s.db.insert(equipmentItems).values(input).returning({ id: equipmentItems.id })) as [
      { id: string },
    ];
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
  const input = itemUpdateInput.parse(opts.input);
  await assertReferences(s.db, input);
  try {
    const rows = await s.db
      .update(equipmentItems)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(equipmentItems.id, opts.id))
      .returning({ id: equipmentItems.id });
    if (rows.length === 0) throw missing("item");
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

// ── Kits ─────────────────────────────────────────────────────────────────────────────────────────

const toKit = (k: Awaited<ReturnType<typeof repo.selectKits>>[number], withFree: boolean): KitDto => ({
  id: k.kit.id,
  name: k.kit.name,
  description: k.kit.description,
  items: k.items.map((i) => ({ id: i.id, name: i.name, assetTag: i.assetTag, status: i.status })),
  ...(withFree ? { free: k.items.length > 0 && k.items.every((i) => i.free) } : {}),
  missingCertifications: [
    ...new Set(k.items.filter((i) => !i.certified && i.certificationName).map((i) => i.certificationName!)),
  ].sort(),
});

/** The kits, with whether each is free in the range and which certifications its items need that the person lacks. */
export async function listKits(
  s: Pick<S, "db">,
  opts: { from?: string; to?: string; userId?: string } = {},
): Promise<KitDto[]> {
  const range = opts.from && opts.to ? { from: new Date(opts.from), to: new Date(opts.to) } : undefined;
  if (range && !(range.to > range.from))
    throw new AppError("bad_request", "The end of the range must come after its start.");
  return (await repo.selectKits(s.db, range, opts.userId)).map((k) => toKit(k, !!range));
}

async function writeKit(s: S, opts: { caller: Caller; id?: string; input: KitInput }): Promise<KitDto[]> {
  requireOffice(opts.caller);
  const input = kitInput.parse(opts.input);
  const itemIds = [...new Set(input.itemIds)];
  try {
    await s.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: equipmentItems.id })
        .from(equipmentItems)
        .where(inArray(equipmentItems.id, itemIds));
      if (found.length !== itemIds.length)
        throw new AppError("bad_request", "Some of the kit's items do not exist: choose them from the inventory.");
      let kitId = opts.id;
      if (kitId) {
        const rows = await tx
          .update(equipmentKits)
          .set({ name: input.name, description: input.description })
          .where(eq(equipmentKits.id, kitId))
          .returning();
        if (rows.length === 0) throw missing("kit");
        await tx.delete(kitItems).where(eq(kitItems.kitId, kitId));
      } else {
        [{ id: kitId }] = (await tx
          .insert(equipmentKits)
          .values({ name: input.name, description: input.description })
          .returning({ id: equipmentKits.id })) as [{ id: string }];
      }
      await tx.insert(kitItems).values(itemIds.map((itemId) => ({ kitId: kitId!, itemId })));
    });
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) {
      throw new AppError(
        "conflict",
        `Either a kit is already called “${input.name}”, or one of these items already belongs to another kit (an item is in one kit at most).`,
      );
    }
    throw err;
  }
  await publish(s);
  return listKits(s);
}

export const createKit = (s: S, opts: { caller: Caller; input: KitInput }) => writeKit(s, opts);
export function updateKit(s: S, opts: { caller: Caller; id: string; input: KitInput }) {
  checkId(opts.id, "kit");
  return writeKit(s, opts);
}
export async function deleteKit(s: S, opts: { caller: Caller; id: string }): Promise<void> {
  requireOffice(opts.caller);
  checkId(opts.id, "kit");
  const gone = await s.db.delete(equipmentKits).where(eq(equipmentKits.id, opts.id)).returning();
  if (gone.length === 0) throw missing("kit");
  await publish(s);
}
