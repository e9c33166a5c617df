import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  CONDITION_LABELS,
  RESERVATION_STATE_LABELS,
  PICKUP_HOURS,
  categoryInput,
  certificationInput,
  checkinInput,
  itemCreateInput,
  itemStatusInput,
  itemUpdateInput,
  kitInput,
  maintenanceInput,
  rejectInput,
  reservationCreateInput,
  type AffectedReservationsDetails,
  type AvailabilityItem,
  type AvailabilityQuery,
  type BookingConflictDetails,
  type CalendarEntryDto,
  type CalendarQuery,
  type CategoryDto,
  type CategoryInput,
  type CertificationDto,
  type CertificationInput,
  type CheckinInput,
  type DeskResultDto,
  type EquipmentSummaryDto,
  type ItemCreateInput,
  type ItemDetailDto,
  type ItemDto,
  type ItemListQuery,
  type ItemStatusInput,
  type ItemUpdateInput,
  type KitDto,
  type KitInput,
  type MaintenanceInput,
  type MyEquipmentStatus,
  type Page,
  type ReservationCreateInput,
  type ReservationDto,
  type ReservationListQuery,
  type StrikeDto,
} from "../../../common/equipment.ts";
import { can, isOffice, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  certifications,
  equipmentCategories,
  equipmentItems,
  equipmentKits,
  kitItems,
  maintenanceLog,
  profiles,
  projectGreenlight,
  projects,
  reservationItems,
  reservations,
  strikes,
  userCertifications,
} from "../../db/schema/index.ts";
import { cachePerBus, PEOPLE, type EntryScope } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { reservationDecidedMail } from "../notifications/emails/reservation-decided.ts";
import { getGreenlightItems } from "../projects/greenlight.ts";
import { isMember } from "../projects/access.ts";
import { getSchoolSettings } from "../school/service.ts";
import { formatDateTime, type DateFormats } from "../../../common/datetime.ts";
import * as repo from "./repository.ts";

type S = Pick<Services, "db" | "events" | "config">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The equipment office runs the inventory and the desk; admins may stand in for it. */
function requireOffice(c: Caller) {
  if (!isOffice(c.role)) throw new AppError("forbidden", "Only the equipment office can do this.");
}
const missing = (what: string) => new AppError("not_found", `There is no ${what} with this id.`);
const checkId = (id: string, what: string) => {
  if (!UUID.test(id)) throw missing(what);
};

/** A booking's start or end in e-mails, notices and messages, on the school's clock; bookings are kept in UTC. */
export const when = (d: Date, f: DateFormats) => `${formatDateTime(d, f, { timeZone: "UTC", weekday: true })} UTC`;

/** A PostgreSQL error code, whether the driver or Drizzle's wrapper threw it. */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
const EXCLUSION_VIOLATION = "23P01";
const UNIQUE_VIOLATION = "23505";
/** A delete that a foreign key refuses: "restrict" answers 23001, "no action" 23503. */
const STILL_REFERENCED = new Set(["23001", "23503"]);

async function publish(s: Pick<S, "events">) {
  await s.events.publish({ type: "equipment.changed", invalidate: [["equipment"], ["admin-dashboard"]] });
}

// ── Categories and certifications ────────────────────────────────────────────────────────────────

export async function listCategories(s: Pick<S, "db">): Promise<CategoryDto[]> {
  const rows = await s.db
    // The outer column is named with its table: drizzle leaves the name off in a one-table query, and a bare
    // "id" inside the subquery would be the item's own id (every count was 0).
    .select({ c: equipmentCategories, n: sql<number>`(select count(*) from ${equipmentItems} i where i.category_id = ${equipmentCategories}.${sql.identifier("id")})`.mapWith(Number) })
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
    if (STILL_REFERENCED.has(pgCode(err) ?? "")) throw new AppError("conflict", "This category still holds items: move or delete them first.");
    throw err;
  }
  await publish(s);
}

export async function listCertifications(s: Pick<S, "db">): Promise<CertificationDto[]> {
  const [certs, holders] = await Promise.all([
    s.db.select().from(certifications).orderBy(certifications.name),
    s.db
      .select({ certificationId: userCertifications.certificationId, userId: userCertifications.userId, name: profiles.fullName, grantedAt: userCertifications.grantedAt })
      .from(userCertifications)
      .innerJoin(profiles, eq(profiles.id, userCertifications.userId))
      .orderBy(profiles.fullName),
  ]);
  return certs.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    holders: holders.filter((h) => h.certificationId === c.id).map((h) => ({ userId: h.userId, name: h.name, grantedAt: h.grantedAt.toISOString() })),
  }));
}

export async function createCertification(s: S, opts: { caller: Caller; input: CertificationInput }): Promise<CertificationDto> {
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

export async function grantCertification(s: S, opts: { caller: Caller; id: string; userId: string }): Promise<CertificationDto[]> {
  requireOffice(opts.caller);
  checkId(opts.id, "certification");
  const [cert] = await s.db.select().from(certifications).where(eq(certifications.id, opts.id));
  if (!cert) throw missing("certification");
  const [person] = await s.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, opts.userId), eq(profiles.active, true)));
  if (!person) throw new AppError("bad_request", "There is no active person with this id to certify.");
  await s.db.insert(userCertifications).values({ userId: person.id, certificationId: cert.id, grantedBy: opts.caller.id }).onConflictDoNothing();
  await publish(s);
  return listCertifications(s);
}

export async function revokeCertification(s: S, opts: { caller: Caller; id: string; userId: string }): Promise<CertificationDto[]> {
  requireOffice(opts.caller);
  checkId(opts.id, "certification");
  await s.db.delete(userCertifications).where(and(eq(userCertifications.certificationId, opts.id), eq(userCertifications.userId, opts.userId)));
  await publish(s);
  return listCertifications(s);
}

// ── Items ────────────────────────────────────────────────────────────────────────────────────────

type ItemJoined = Awaited<ReturnType<typeof repo.selectItemsWhere>>[number];

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
    repo.selectCalendar(s.db, { itemId: opts.id, from: now, to: new Date(now.getTime() + 120 * DAY_MS), limit: 20, offset: 0 }),
  ]);
  return {
    ...toItem(row),
    maintenance: log.map((m) => ({ id: m.id, kind: m.kind, note: m.note, costMinor: m.costMinor, byName: m.byName, createdAt: m.createdAt.toISOString() })),
    upcoming: upcoming.map((u) => ({ reservationId: u.reservationId, projectTitle: u.projectTitle, startsAt: u.startsAt.toISOString(), endsAt: u.endsAt.toISOString(), state: u.state })),
  };
}

/** The item's form names a category and a certification by id; a wrong one is the caller's mistake, a 400. */
async function assertReferences(db: DbOrTx, input: { categoryId?: string; certificationId?: string | null }) {
  if (input.categoryId) {
    const [c] = await db.select({ id: equipmentCategories.id }).from(equipmentCategories).where(eq(equipmentCategories.id, input.categoryId));
    if (!c) throw new AppError("bad_request", "There is no such category: choose one from the list.");
  }
  if (input.certificationId) {
    const [c] = await db.select({ id: certifications.id }).from(certifications).where(eq(certifications.id, input.certificationId));
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
    [{ id }] = (await s.db.insert(equipmentItems).values(input).returning({ id: equipmentItems.id })) as [{ id: string }];
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw tagTaken(input.assetTag);
    throw err;
  }
  await publish(s);
  return getItem(s, { id });
}

export async function updateItem(s: S, opts: { caller: Caller; id: string; input: ItemUpdateInput }): Promise<ItemDetailDto> {
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
export async function setItemStatus(s: S, opts: { caller: Caller; id: string; input: ItemStatusInput }): Promise<ItemDetailDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "item");
  const input = itemStatusInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const [item] = await tx.select().from(equipmentItems).where(eq(equipmentItems.id, opts.id)).for("update");
    if (!item) throw missing("item");
    if (item.status === input.status) return;
    if (item.status === "checked_out") throw new AppError("conflict", `${item.name} (${item.assetTag}) is checked out: check it in at the desk first.`);
    if (input.status !== "available" && !input.confirm) {
      const affected = await repo.selectAffectedReservations(tx, item.id);
      if (affected.length > 0) {
        throw new AppError(
          "conflict",
          `${affected.length === 1 ? "1 reservation counts" : `${affected.length} reservations count`} on ${item.name} (${item.assetTag}). Tell the borrowers, then confirm.`,
          {
            affected: affected.map((a) => ({ ...a, startsAt: a.startsAt.toISOString(), endsAt: a.endsAt.toISOString() })),
          } satisfies AffectedReservationsDetails,
        );
      }
    }
    await tx.update(equipmentItems).set({ status: input.status, updatedAt: new Date() }).where(eq(equipmentItems.id, item.id));
    await tx.insert(maintenanceLog).values({ itemId: item.id, kind: STATUS_LOG[input.status], note: input.note, byId: opts.caller.id, byName: opts.caller.name });
  });
  await publish(s);
  return getItem(s, opts);
}

export async function addMaintenance(s: S, opts: { caller: Caller; id: string; input: MaintenanceInput }): Promise<ItemDetailDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "item");
  const input = maintenanceInput.parse(opts.input);
  const [item] = await s.db.select({ id: equipmentItems.id }).from(equipmentItems).where(eq(equipmentItems.id, opts.id));
  if (!item) throw missing("item");
  await s.db.insert(maintenanceLog).values({ itemId: item.id, ...input, byId: opts.caller.id, byName: opts.caller.name });
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
  missingCertifications: [...new Set(k.items.filter((i) => !i.certified && i.certificationName).map((i) => i.certificationName!))].sort(),
});

/** The kits, with whether each is free in the range and which certifications its items need that the person lacks. */
export async function listKits(s: Pick<S, "db">, opts: { from?: string; to?: string; userId?: string } = {}): Promise<KitDto[]> {
  const range = opts.from && opts.to ? { from: new Date(opts.from), to: new Date(opts.to) } : undefined;
  if (range && !(range.to > range.from)) throw new AppError("bad_request", "The end of the range must come after its start.");
  return (await repo.selectKits(s.db, range, opts.userId)).map((k) => toKit(k, !!range));
}

async function writeKit(s: S, opts: { caller: Caller; id?: string; input: KitInput }): Promise<KitDto[]> {
  requireOffice(opts.caller);
  const input = kitInput.parse(opts.input);
  const itemIds = [...new Set(input.itemIds)];
  try {
    await s.db.transaction(async (tx) => {
      const found = await tx.select({ id: equipmentItems.id }).from(equipmentItems).where(inArray(equipmentItems.id, itemIds));
      if (found.length !== itemIds.length) throw new AppError("bad_request", "Some of the kit's items do not exist: choose them from the inventory.");
      let kitId = opts.id;
      if (kitId) {
        const rows = await tx.update(equipmentKits).set({ name: input.name, description: input.description }).where(eq(equipmentKits.id, kitId)).returning();
        if (rows.length === 0) throw missing("kit");
        await tx.delete(kitItems).where(eq(kitItems.kitId, kitId));
      } else {
        [{ id: kitId }] = (await tx.insert(equipmentKits).values({ name: input.name, description: input.description }).returning({ id: equipmentKits.id })) as [{ id: string }];
      }
      await tx.insert(kitItems).values(itemIds.map((itemId) => ({ kitId: kitId!, itemId })));
    });
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) {
      throw new AppError("conflict", `Either a kit is already called “${input.name}”, or one of these items already belongs to another kit (an item is in one kit at most).`);
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

// ── The catalogue ────────────────────────────────────────────────────────────────────────────────

function range(from: string, to: string) {
  const r = { from: new Date(from), to: new Date(to) };
  if (!(r.to > r.from)) throw new AppError("bad_request", "The end of the range must come after its start.");
  return r;
}

/**
 * Which items a catalogue page shows does not depend on the range (unless only free ones are asked for),
 * so the page is kept per filter for a few seconds and until the next domain event, like the answers
 * below; each range then costs one small query over the page's items.
 */
/** The catalogue is made of the inventory and its bookings (every change publishes `equipment`) and of the people. */
const CATALOGUE_SCOPE: EntryScope = { deps: [["equipment"], ...PEOPLE, ["school-settings"]] };
const pageCache = cachePerBus<Awaited<ReturnType<typeof repo.selectCataloguePage>>>({ ttlMs: 5_000, maxEntries: 200 });

export async function availability(s: Pick<S, "db" | "events">, opts: { caller: Caller; query: AvailabilityQuery }): Promise<Page<AvailabilityItem>> {
  const q = opts.query;
  const r = range(q.from, q.to);
  const filter = { search: q.search, categoryId: q.categoryId, limit: q.limit, offset: q.offset };
  const page = q.onlyFree
    ? await repo.selectCataloguePage(s.db, { ...filter, onlyFree: r })
    : await pageCache(s.events).get(JSON.stringify(filter), () => repo.selectCataloguePage(s.db, filter), undefined, CATALOGUE_SCOPE);
  const checks = await repo.selectFreeAmong(s.db, { ids: page.rows.map((row) => row.item.id), ...r, userId: opts.caller.id });
  return {
    total: page.total,
    items: page.rows.map((row) => {
      const i = toItem(row);
      const check = checks.get(i.id) ?? { free: false, certified: false };
      return {
        id: i.id,
        name: i.name,
        brand: i.brand,
        model: i.model,
        assetTag: i.assetTag,
        status: i.status,
        condition: i.condition,
        photoUrl: i.photoUrl,
        certification: i.certification,
        category: i.category,
        free: check.free,
        certified: check.certified,
      };
    }),
  };
}

/**
 * The catalogue as browsers ask for it, as JSON text per person and query, for a few seconds and until the
 * next domain event (every booking, check-out and inventory change publishes one; lib/cache.ts): a class
 * planning the same shoot weekend costs the database one page. The range is part of the key, and an item
 * turning late (the only change without an event) shows within the few seconds.
 */
const CATALOGUE_CACHE_MS = 5_000;
const catalogueCache = cachePerBus<string>({ ttlMs: CATALOGUE_CACHE_MS, maxEntries: 400 });

export function browseAvailability(s: Pick<S, "db" | "events">, opts: { caller: Caller; query: AvailabilityQuery }): Promise<string> {
  const key = `${opts.caller.id} ${JSON.stringify(opts.query)}`;
  return catalogueCache(s.events).get(key, async () => JSON.stringify(await availability(s, opts)), undefined, CATALOGUE_SCOPE);
}

export async function myStatus(s: Pick<S, "db">, opts: { caller: Caller }): Promise<MyEquipmentStatus> {
  const [rules, open, certs] = await Promise.all([
    getSchoolSettings(s.db).then((x) => x.equipmentRules),
    repo.countOpenStrikes(s.db, opts.caller.id),
    s.db
      .select({ id: certifications.id, name: certifications.name })
      .from(userCertifications)
      .innerJoin(certifications, eq(certifications.id, userCertifications.certificationId))
      .where(eq(userCertifications.userId, opts.caller.id)),
  ]);
  return { strikes: open, strikeLimit: rules.strikeLimit, blocked: open >= rules.strikeLimit, certifications: certs };
}

// ── Reservations ─────────────────────────────────────────────────────────────────────────────────

function toReservation(row: repo.ReservationWithNames, items: Awaited<ReturnType<typeof repo.selectReservationItems>>, caller: Caller, crew: boolean): ReservationDto {
  const r = row.r;
  const mine = r.requesterId === caller.id || crew;
  return {
    id: r.id,
    project: { id: r.projectId, title: row.projectTitle },
    requester: { id: r.requesterId, name: row.requesterName },
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    state: r.state,
    note: r.note,
    rejectReason: r.rejectReason,
    decidedByName: r.decidedByName,
    overdue: r.state === "checked_out" && r.endsAt.getTime() < Date.now(),
    items: items
      .filter((i) => i.ri.reservationId === r.id)
      .map((i) => ({
        itemId: i.ri.itemId,
        name: i.name,
        assetTag: i.assetTag,
        kitName: i.kitName,
        checkedOutAt: i.ri.checkedOutAt?.toISOString() ?? null,
        returnedAt: i.ri.returnedAt?.toISOString() ?? null,
        returnCondition: i.ri.returnCondition,
        returnNotes: i.ri.returnNotes,
        returnPhotos: i.ri.returnPhotos,
        damaged: i.ri.damaged,
      })),
    createdAt: r.createdAt.toISOString(),
    canCancel: (r.state === "requested" || r.state === "approved") && (mine || isOffice(caller.role)),
    canDecide: r.state === "requested" && isOffice(caller.role),
  };
}

export async function getReservation(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<ReservationDto> {
  checkId(opts.id, "reservation");
  const row = await repo.selectReservation(s.db, opts.id);
  if (!row) throw missing("reservation");
  const [items, crew] = await Promise.all([repo.selectReservationItems(s.db, [row.r.id]), isMember(s.db, row.r.projectId, opts.caller.id)]);
  return toReservation(row, items, opts.caller, crew);
}

/**
 * The office sees every reservation; everyone else sees their own and their crews', or a given project's
 * (projects are open to everyone signed in, and so is what they have booked).
 */
export async function listReservations(s: Pick<S, "db">, opts: { caller: Caller; query: ReservationListQuery }): Promise<Page<ReservationDto>> {
  const q = opts.query;
  const visibleTo = q.mine || (!isOffice(opts.caller.role) && !q.projectId) ? opts.caller.id : undefined;
  const page = await repo.selectReservationPage(s.db, { ...q, visibleTo });
  const items = await repo.selectReservationItems(s.db, page.rows.map((r) => r.r.id));
  const crewOf = new Set<string>();
  for (const projectId of new Set(page.rows.map((r) => r.r.projectId))) {
    if (await isMember(s.db, projectId, opts.caller.id)) crewOf.add(projectId);
  }
  return { total: page.total, items: page.rows.map((r) => toReservation(r, items, opts.caller, crewOf.has(r.r.projectId))) };
}

async function greenlit(db: DbOrTx, projectId: string) {
  const keys = (await getGreenlightItems(db)).map((i) => i.key);
  const done = await db
    .select({ key: projectGreenlight.itemKey })
    .from(projectGreenlight)
    .where(and(eq(projectGreenlight.projectId, projectId), eq(projectGreenlight.done, true)));
  const ticked = new Set(done.map((d) => d.key));
  return keys.every((k) => ticked.has(k));
}

/**
 * Every school rule a new reservation must meet, each failure naming its rule. Double booking is not
 * among them: the database's exclusion constraint decides that, at the moment of the insert.
 */
async function checkRules(tx: Tx, opts: { caller: Caller; projectId: string; startsAt: Date; endsAt: Date; items: ItemJoined[]; now: Date }) {
  const rules = (await getSchoolSettings(tx)).equipmentRules;
  const strikesOpen = await repo.countOpenStrikes(tx, opts.caller.id);
  if (strikesOpen >= rules.strikeLimit) {
    throw new AppError(
      "forbidden",
      `Strike limit: you have ${strikesOpen} late returns on record and the school's limit is ${rules.strikeLimit}. Ask the equipment office to clear them before you book again.`,
    );
  }
  const leadMs = rules.minLeadHours * HOUR_MS;
  if (opts.startsAt.getTime() < opts.now.getTime() + leadMs) {
    throw new AppError("bad_request", `Minimum lead time: reservations must start at least ${rules.minLeadHours} hours from now, so the office can prepare the gear.`);
  }
  if (opts.endsAt.getTime() - opts.startsAt.getTime() > rules.maxBookingDays * DAY_MS) {
    throw new AppError("bad_request", `Longest booking: a reservation may last at most ${rules.maxBookingDays} days.`);
  }
  if (rules.requireGreenlight && !(await greenlit(tx, opts.projectId))) {
    throw new AppError("bad_request", "Greenlight required: the school lets only productions with a complete greenlight checklist book equipment.");
  }
  const unavailable = opts.items.filter((i) => i.item.status === "retired" || i.item.status === "maintenance");
  if (unavailable.length > 0) {
    throw new AppError("conflict", `Not bookable: ${unavailable.map((i) => `${i.item.name} (${i.item.assetTag}) is ${i.item.status === "retired" ? "retired" : "in maintenance"}`).join("; ")}.`);
  }
  const held = await repo.selectCertificationIds(tx, opts.caller.id);
  const uncertified = opts.items.filter((i) => i.item.certificationId && !held.has(i.item.certificationId));
  if (uncertified.length > 0) {
    throw new AppError(
      "forbidden",
      `Certification needed: ${uncertified.map((i) => `${i.item.name} (${i.item.assetTag}) needs “${i.certificationName}”`).join("; ")}. The equipment office grants certifications after training.`,
    );
  }
}

/** The 409 of a double booking: which items, booked when, and free items of the same categories the person may book instead. */
async function conflictError(s: Pick<S, "db">, userId: string, itemIds: string[], startsAt: Date, endsAt: Date): Promise<AppError> {
  const clashes = await repo.selectOverlapping(s.db, itemIds, startsAt, endsAt);
  const alternatives: BookingConflictDetails["alternatives"] = [];
  const seen = new Set<string>();
  for (const c of clashes) {
    if (seen.has(c.itemId)) continue;
    seen.add(c.itemId);
    const free = await repo.selectFreeInCategory(s.db, { categoryId: c.categoryId, from: startsAt, to: endsAt, exclude: [...itemIds, ...alternatives.map((a) => a.itemId)], userId, limit: 3 });
    alternatives.push(...free.map((f) => ({ itemId: f.id, itemName: f.name, assetTag: f.assetTag, replaces: c.itemId })));
  }
  const details: BookingConflictDetails = {
    conflicts: clashes.map((c) => ({ itemId: c.itemId, itemName: c.itemName, assetTag: c.assetTag, startsAt: c.startsAt.toISOString(), endsAt: c.endsAt.toISOString() })),
    alternatives,
  };
  const f = await getSchoolSettings(s.db);
  const named = [...new Map(clashes.map((c) => [c.itemId, `${c.itemName} (${c.assetTag}) is booked ${when(c.startsAt, f)} – ${when(c.endsAt, f)}`])).values()];
  const offer = alternatives.length > 0 ? ` Free instead: ${alternatives.map((a) => `${a.itemName} (${a.assetTag})`).join(", ")}.` : " Nothing else of the same kind is free then.";
  return new AppError("conflict", `Already booked: ${named.join("; ") || "one of these items was booked a moment ago"}.${offer}`, details);
}

export async function createReservation(s: S, opts: { caller: Caller; input: ReservationCreateInput; now?: Date }): Promise<ReservationDto> {
  const input = reservationCreateInput.parse(opts.input);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const [project] = await s.db.select({ id: projects.id, title: projects.title }).from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw new AppError("bad_request", "There is no such project: choose one of yours from the list.");
  const crew = await isMember(s.db, project.id, opts.caller.id);
  if (!crew && !can(opts.caller.role, "equipment.reserve-any")) {
    throw new AppError("forbidden", `Only the crew of “${project.title}”, staff and the equipment office can book equipment for it.`);
  }
  const fromKits = await repo.selectKitItemIds(s.db, input.kitIds);
  const missingKits = input.kitIds.filter((k) => !fromKits.some((f) => f.kitId === k));
  if (missingKits.length > 0) throw new AppError("bad_request", "One of the kits does not exist (or holds no items): choose kits from the catalogue.");
  const kitOf = new Map(fromKits.map((f) => [f.itemId, f.kitId]));
  const itemIds = [...new Set([...input.itemIds, ...fromKits.map((f) => f.itemId)])];
  let id: string;
  try {
    id = await s.db.transaction(async (tx) => {
      const items = await repo.selectItemsWhere(tx, inArray(equipmentItems.id, itemIds));
      if (items.length !== itemIds.length) throw new AppError("bad_request", "Some of these items do not exist: choose them from the catalogue.");
      await repo.lockItemsForBooking(tx, itemIds);
      await checkRules(tx, { caller: opts.caller, projectId: project.id, startsAt, endsAt, items, now: opts.now ?? new Date() });
      const [row] = await tx
        .insert(reservations)
        .values({ projectId: project.id, requesterId: opts.caller.id, startsAt, endsAt, note: input.note })
        .returning({ id: reservations.id });
      await tx.insert(reservationItems).values(itemIds.map((itemId) => ({ reservationId: row!.id, itemId, kitId: kitOf.get(itemId) ?? null, startsAt, endsAt })));
      return row!.id;
    });
  } catch (err) {
    if (pgCode(err) === EXCLUSION_VIOLATION) throw await conflictError(s, opts.caller.id, itemIds, startsAt, endsAt);
    throw err;
  }
  await publish(s);
  return getReservation(s, { caller: opts.caller, id });
}

/** Releases the items' ranges, so a rejected, cancelled or returned reservation no longer holds anything. */
const release = (tx: Tx, reservationId: string) => tx.update(reservationItems).set({ active: false }).where(eq(reservationItems.reservationId, reservationId));

async function decide(s: S, opts: { caller: Caller; id: string; approve: boolean; reason?: string }): Promise<ReservationDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "reservation");
  const notified = await s.db.transaction(async (tx) => {
    const row = await repo.selectReservation(tx, opts.id, true);
    if (!row) throw missing("reservation");
    if (row.r.state !== "requested") throw new AppError("conflict", `This reservation is already ${row.r.state.replace("_", " ")}: only a request can be approved or rejected.`);
    await tx
      .update(reservations)
      .set({
        state: opts.approve ? "approved" : "rejected",
        rejectReason: opts.approve ? null : opts.reason!,
        decidedBy: opts.caller.id,
        decidedByName: opts.caller.name,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(reservations.id, row.r.id));
    if (!opts.approve) await release(tx, row.r.id);
    const link = `/equipment?reservation=${row.r.id}`;
    const f = await getSchoolSettings(tx);
    const range = `${when(row.r.startsAt, f)} – ${when(row.r.endsAt, f)}`;
    return notify(tx, {
      userIds: [row.r.requesterId],
      kind: "equipment",
      title: opts.approve ? `Your equipment for “${row.projectTitle}” is approved` : `Your equipment request for “${row.projectTitle}” was refused`,
      body: opts.approve ? `Collect it at the desk from ${when(row.r.startsAt, f)}.` : `Reason: ${opts.reason}`,
      link,
      email: reservationDecidedMail({
        approved: opts.approve,
        projectTitle: row.projectTitle,
        range,
        reason: opts.reason ?? null,
        decidedBy: opts.caller.name,
        url: new URL(link, s.config.PUBLIC_URL).toString(),
      }),
    });
  });
  await publish(s);
  await publishNotified(s, notified);
  return getReservation(s, opts);
}

export const approveReservation = (s: S, opts: { caller: Caller; id: string }) => decide(s, { ...opts, approve: true });
export const rejectReservation = (s: S, opts: { caller: Caller; id: string; input: { reason: string } }) =>
  decide(s, { ...opts, approve: false, reason: rejectInput.parse(opts.input).reason });

export async function cancelReservation(s: S, opts: { caller: Caller; id: string }): Promise<ReservationDto> {
  checkId(opts.id, "reservation");
  await s.db.transaction(async (tx) => {
    const row = await repo.selectReservation(tx, opts.id, true);
    if (!row) throw missing("reservation");
    const mine = row.r.requesterId === opts.caller.id || (await isMember(tx, row.r.projectId, opts.caller.id));
    if (!mine && !isOffice(opts.caller.role)) throw new AppError("forbidden", "Only the crew of the project and the equipment office can cancel this reservation.");
    if (row.r.state !== "requested" && row.r.state !== "approved") {
      throw new AppError("conflict", `This reservation is ${row.r.state.replace("_", " ")}: only a requested or approved one can be cancelled.`);
    }
    await tx.update(reservations).set({ state: "cancelled", updatedAt: new Date() }).where(eq(reservations.id, row.r.id));
    await release(tx, row.r.id);
  });
  await publish(s);
  return getReservation(s, opts);
}

// ── The desk ─────────────────────────────────────────────────────────────────────────────────────

async function itemByTag(tx: DbOrTx, tag: string) {
  const [item] = await tx.select().from(equipmentItems).where(eq(equipmentItems.assetTag, tag)).for("update");
  if (!item) throw new AppError("not_found", `No item carries the asset tag ${tag}. Check the label and type it again.`);
  return item;
}

/**
 * Hands out one item of an approved reservation, found by its tag. It may be collected up to
 * PICKUP_HOURS early; its booked range then starts now, which the exclusion constraint refuses if
 * someone else holds the item in between.
 */
export async function checkOut(s: S, opts: { caller: Caller; assetTag: string; now?: Date }): Promise<DeskResultDto> {
  requireOffice(opts.caller);
  const now = opts.now ?? new Date();
  let reservationId: string;
  try {
    reservationId = await s.db.transaction(async (tx) => {
      const item = await itemByTag(tx, opts.assetTag);
      if (item.status === "checked_out") throw new AppError("conflict", `${item.name} (${item.assetTag}) is already checked out: check it in first.`);
      if (item.status !== "available") throw new AppError("conflict", `${item.name} (${item.assetTag}) is ${item.status === "retired" ? "retired" : "in maintenance"} and cannot go out.`);
      const [line] = await tx
        .select({ ri: reservationItems, state: reservations.state })
        .from(reservationItems)
        .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
        .where(
          and(
            eq(reservationItems.itemId, item.id),
            eq(reservationItems.active, true),
            isNull(reservationItems.checkedOutAt),
            inArray(reservations.state, ["approved", "checked_out"]),
            sql`${reservationItems.startsAt} <= ${new Date(now.getTime() + PICKUP_HOURS * HOUR_MS).toISOString()}::timestamptz`,
            sql`${reservationItems.endsAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(reservationItems.startsAt)
        .limit(1)
        .for("update", { of: reservationItems });
      if (!line) {
        throw new AppError("conflict", `${item.name} (${item.assetTag}) has no approved reservation to collect now (collection opens ${PICKUP_HOURS} hours before the start).`);
      }
      await tx
        .update(reservationItems)
        .set({ checkedOutAt: now, startsAt: sql`least(${reservationItems.startsAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(reservationItems.id, line.ri.id));
      await tx.update(equipmentItems).set({ status: "checked_out", updatedAt: now }).where(eq(equipmentItems.id, item.id));
      await tx
        .update(reservations)
        .set({
          state: "checked_out",
          startsAt: sql`least(${reservations.startsAt}, ${now.toISOString()}::timestamptz)`,
          checkedOutAt: sql`coalesce(${reservations.checkedOutAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(reservations.id, line.ri.reservationId));
      return line.ri.reservationId;
    });
  } catch (err) {
    if (pgCode(err) === EXCLUSION_VIOLATION) {
      throw new AppError("conflict", `${opts.assetTag} is booked by someone else before this reservation starts: it can be collected only once that booking ends.`);
    }
    throw err;
  }
  await publish(s);
  return deskResult(s, opts.caller, reservationId, opts.assetTag, "checked out");
}

async function deskResult(s: Pick<S, "db">, caller: Caller, reservationId: string, tag: string, verb: string): Promise<DeskResultDto> {
  const reservation = await getReservation(s, { caller, id: reservationId });
  const [item] = await s.db.select().from(equipmentItems).where(eq(equipmentItems.assetTag, tag));
  const left = reservation.items.filter((i) => (verb === "checked out" ? !i.checkedOutAt : i.checkedOutAt && !i.returnedAt)).length;
  const rest = left === 0 ? "Nothing else of this reservation is waiting." : `${left} more item${left === 1 ? "" : "s"} of this reservation ${verb === "checked out" ? "still to hand out" : "still out"}.`;
  return {
    reservation,
    item: { id: item!.id, name: item!.name, assetTag: item!.assetTag, status: item!.status },
    message: `${item!.name} (${item!.assetTag}) ${verb} for “${reservation.project.title}”. ${rest}`,
  };
}

/**
 * Takes one item back: its condition is recorded, damage sends it to maintenance with a log entry,
 * and a return after the due time is a strike for the borrower. When the last item is back the
 * reservation is returned and releases whatever was never collected.
 */
export async function checkIn(s: S, opts: { caller: Caller; input: CheckinInput; now?: Date }): Promise<DeskResultDto> {
  requireOffice(opts.caller);
  const input = checkinInput.parse(opts.input);
  const now = opts.now ?? new Date();
  const { reservationId, notified } = await s.db.transaction(async (tx) => {
    const item = await itemByTag(tx, input.assetTag);
    const [line] = await tx
      .select({ ri: reservationItems, r: reservations, projectTitle: projects.title })
      .from(reservationItems)
      .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
      .innerJoin(projects, eq(projects.id, reservations.projectId))
      .where(and(eq(reservationItems.itemId, item.id), sql`${reservationItems.checkedOutAt} is not null`, isNull(reservationItems.returnedAt)))
      .for("update", { of: reservationItems });
    if (!line) throw new AppError("conflict", `${item.name} (${item.assetTag}) is not checked out, so there is nothing to check in.`);
    const damaged = input.damaged || input.condition === "damaged";
    await tx
      .update(reservationItems)
      .set({ returnedAt: now, returnCondition: input.condition, returnNotes: input.notes, damaged, active: false })
      .where(eq(reservationItems.id, line.ri.id));
    await tx
      .update(equipmentItems)
      .set({ status: damaged ? "maintenance" : "available", condition: input.condition, updatedAt: now })
      .where(eq(equipmentItems.id, item.id));
    if (damaged) {
      await tx.insert(maintenanceLog).values({
        itemId: item.id,
        kind: "damage",
        note: `Returned ${CONDITION_LABELS[input.condition].toLowerCase()} from “${line.projectTitle}”: ${input.notes || "no notes"}`,
        byId: opts.caller.id,
        byName: opts.caller.name,
      });
    }
    let notified: string[] = [];
    if (now.getTime() > line.r.endsAt.getTime()) notified = await recordStrike(tx, line.r, now);
    if ((await repo.countStillOut(tx, line.r.id)) === 0) {
      await tx.update(reservations).set({ state: "returned", returnedAt: now, updatedAt: now }).where(eq(reservations.id, line.r.id));
      await release(tx, line.r.id);
    }
    return { reservationId: line.r.id, notified };
  });
  await publish(s);
  await publishNotified(s, notified);
  return deskResult(s, opts.caller, reservationId, input.assetTag, "checked in");
}

/** One strike per late reservation, whoever notices first (the overdue scan or the desk). */
export async function recordStrike(tx: Tx, r: repo.ReservationRow, now: Date): Promise<string[]> {
  const hours = Math.max(1, Math.round((now.getTime() - r.endsAt.getTime()) / HOUR_MS));
  const settings = await getSchoolSettings(tx);
  const added = await tx
    .insert(strikes)
    .values({ userId: r.requesterId, reservationId: r.id, reason: `Late return: due ${when(r.endsAt, settings)}, ${hours} hour${hours === 1 ? "" : "s"} late at the time it was noticed.` })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0) return [];
  const rules = (await getSchoolSettings(tx)).equipmentRules;
  const open = await repo.countOpenStrikes(tx, r.requesterId);
  return notify(tx, {
    userIds: [r.requesterId],
    kind: "equipment",
    title: "A late return counts as a strike",
    body:
      open >= rules.strikeLimit
        ? `You now have ${open} strikes, the school's limit: you cannot book equipment until the equipment office clears them.`
        : `You have ${open} of the ${rules.strikeLimit} strikes the school allows before booking is blocked.`,
    link: "/equipment",
  });
}

export async function listStrikes(s: Pick<S, "db">, opts: { caller: Caller }): Promise<StrikeDto[]> {
  requireOffice(opts.caller);
  const rows = await s.db
    .select({ k: strikes, name: profiles.fullName })
    .from(strikes)
    .innerJoin(profiles, eq(profiles.id, strikes.userId))
    .where(isNull(strikes.clearedAt))
    .orderBy(profiles.fullName, strikes.createdAt)
    .limit(500);
  return rows.map(({ k, name }) => ({ id: k.id, userId: k.userId, userName: name, reservationId: k.reservationId, reason: k.reason, createdAt: k.createdAt.toISOString() }));
}

/** The office clears every open strike of a person at once: that is what lifts a block. */
export async function clearStrikes(s: S, opts: { caller: Caller; userId: string }): Promise<StrikeDto[]> {
  requireOffice(opts.caller);
  await s.db
    .update(strikes)
    .set({ clearedAt: new Date(), clearedBy: opts.caller.id })
    .where(and(eq(strikes.userId, opts.userId), isNull(strikes.clearedAt)));
  await publish(s);
  return listStrikes(s, opts);
}

// ── Calendars and the dashboard ──────────────────────────────────────────────────────────────────

export async function calendar(s: Pick<S, "db">, opts: { itemId?: string; query: CalendarQuery }): Promise<CalendarEntryDto[]> {
  const q = opts.query;
  if (opts.itemId) checkId(opts.itemId, "item");
  const rows = await repo.selectCalendar(s.db, { ...q, ...range(q.from, q.to), itemId: opts.itemId });
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

export const equipmentSummary = (s: Pick<S, "db">): Promise<EquipmentSummaryDto> => repo.countSummary(s.db);

/** The person's reservations (their own and their crews') as timed events of their iCal feed. */
export async function feedReservations(s: Pick<S, "db" | "config">, opts: { userId: string; host: string }) {
  const rows = await repo.selectFeedReservations(s.db, opts.userId);
  const f = await getSchoolSettings(s.db);
  return rows.map(({ r, projectTitle }) => {
    const link = `${s.config.PUBLIC_URL}/project/${r.projectId}`;
    return {
      uid: `equipment-${r.id}@${opts.host}`,
      stamp: r.updatedAt,
      start: r.startsAt.toISOString().slice(0, 10),
      lastDay: r.endsAt.toISOString().slice(0, 10),
      at: { start: r.startsAt, end: r.endsAt },
      summary: `Equipment (${RESERVATION_STATE_LABELS[r.state].toLowerCase()}): ${projectTitle}`,
      description: `Collect at the equipment desk; due back ${when(r.endsAt, f)}.\n${link}`,
      location: "Equipment desk",
      url: link,
    };
  });
}
