/** The school's location library and hospitals: everyone signed in reads them, staff keep them, a crew adds to them. */
import { asc, eq, ilike, inArray, or } from "drizzle-orm";
import {
  hospitalInput,
  hospitalLine,
  locationInput,
  locationUpdateInput,
  type CallSheetSite,
  type HospitalDto,
  type HospitalInput,
  type LocationDto,
  type LocationInput,
  type LocationLibraryDto,
  type LocationUpdateInput,
} from "../../../common/locations.ts";
import { keys } from "../../../common/query-keys.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { hospitals, locationPhotos, projects, schoolLocations } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { storageFor } from "../../lib/storage.ts";
import { isUuid } from "../../lib/validate.ts";
import { projectFor } from "../projects/access.ts";

export type S = Pick<Services, "db" | "events" | "config">;
type LocationRow = typeof schoolLocations.$inferSelect;
type HospitalRow = typeof hospitals.$inferSelect;

export const noLocation = () => new AppError("not_found", "There is no location with this id in the library.");
const noHospital = () => new AppError("not_found", "There is no hospital with this id in the list.");

export async function publishLocations(s: Pick<S, "events">) {
  await s.events.publish({ type: "locations.changed", invalidate: [keys.locations()] });
}

const hospitalDto = (h: HospitalRow): HospitalDto => ({
  id: h.id,
  name: h.name,
  address: h.address,
  phone: h.phone,
  emergencyPhone: h.emergencyPhone,
});

export const photoUrl = (locationId: string, photoId: string) =>
  `/storage/v1/object/locations/${locationId}/${photoId}`;

/** Staff and admins keep the library; whoever added an entry may still correct it. */
const mayChange = (caller: Caller, row: Pick<LocationRow, "addedBy">) =>
  isStaff(caller.role) || (row.addedBy !== null && row.addedBy === caller.id);

function requireKeeper(caller: Caller) {
  if (!isStaff(caller.role))
    throw new AppError("forbidden", "Only staff and administrators keep the list of hospitals.");
}

async function toDtos(db: DbOrTx, caller: Caller, rows: LocationRow[]): Promise<LocationDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const hospitalIds = rows.flatMap((r) => (r.hospitalId ? [r.hospitalId] : []));
  const projectIds = rows.flatMap((r) => (r.projectId ? [r.projectId] : []));
  const [hs, photos, ps] = await Promise.all([
    hospitalIds.length ? db.select().from(hospitals).where(inArray(hospitals.id, hospitalIds)) : [],
    db
      .select()
      .from(locationPhotos)
      .where(inArray(locationPhotos.locationId, ids))
      .orderBy(asc(locationPhotos.position), asc(locationPhotos.createdAt)),
    projectIds.length
      ? db.select({ id: projects.id, title: projects.title }).from(projects).where(inArray(projects.id, projectIds))
      : [],
  ]);
  return rows.map((r) => {
    const h = hs.find((x) => x.id === r.hospitalId);
    return {
      id: r.id,
      name: r.name,
      address: r.address,
      contactName: r.contactName,
      contactPhone: r.contactPhone,
      parking: r.parking,
      notes: r.notes,
      hospital: h ? hospitalDto(h) : null,
      photos: photos
        .filter((p) => p.locationId === r.id)
        .map((p) => ({ id: p.id, url: photoUrl(r.id, p.id), fileName: p.fileName })),
      addedByName: r.addedByName,
      projectTitle: ps.find((p) => p.id === r.projectId)?.title ?? null,
      canEdit: mayChange(caller, r),
    };
  });
}

/** The whole library: a school keeps tens of places, not thousands, so it is one answer, searched by name or address. */
export async function getLibrary(
  s: Pick<S, "db">,
  opts: { caller: Caller; search?: string },
): Promise<LocationLibraryDto> {
  const q = opts.search?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const [rows, hs] = await Promise.all([
    s.db
      .select()
      .from(schoolLocations)
      .where(like ? or(ilike(schoolLocations.name, like), ilike(schoolLocations.address, like)) : undefined)
      .orderBy(asc(schoolLocations.name))
      .limit(500),
    s.db.select().from(hospitals).orderBy(asc(hospitals.name)),
  ]);
  return {
    locations: await toDtos(s.db, opts.caller, rows),
    hospitals: hs.map(hospitalDto),
    canManage: isStaff(opts.caller.role),
  };
}

export async function locationRow(db: DbOrTx, id: string, lock = false) {
  if (!isUuid(id)) throw noLocation();
  const q = db.select().from(schoolLocations).where(eq(schoolLocations.id, id));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw noLocation();
  return row;
}

export async function getLocation(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<LocationDto> {
  const [dto] = await toDtos(s.db, opts.caller, [await locationRow(s.db, opts.id)]);
  return dto!;
}

async function checkHospital(db: DbOrTx, hospitalId: string | null | undefined) {
  if (!hospitalId) return;
  const [h] = await db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.id, hospitalId));
  if (!h) throw new AppError("bad_request", "The hospital chosen is not in the school's list. Choose another.");
}

/** Anyone signed in may add a place; naming a project, they must be on its crew (or staff). */
export async function createLocation(s: S, opts: { caller: Caller; input: LocationInput }): Promise<LocationDto> {
  const input = locationInput.parse(opts.input);
  const id = await s.db.transaction(async (tx) => {
    if (input.projectId)
      await projectFor(tx, opts.caller, input.projectId, {
        need: "edit",
        denied: "Only the project's crew, staff and admins can add a location in its name.",
      });
    await checkHospital(tx, input.hospitalId);
    const [row] = await tx
      .insert(schoolLocations)
      .values({
        ...input,
        projectId: input.projectId ?? null,
        addedBy: opts.caller.id,
        addedByName: opts.caller.name,
      })
      .returning({ id: schoolLocations.id });
    return row!.id;
  });
  await publishLocations(s);
  return getLocation(s, { caller: opts.caller, id });
}

export async function updateLocation(
  s: S,
  opts: { caller: Caller; id: string; input: LocationUpdateInput },
): Promise<LocationDto> {
  const input = locationUpdateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const row = await locationRow(tx, opts.id, true);
    if (!mayChange(opts.caller, row))
      throw new AppError("forbidden", "Only staff, administrators and whoever added this location can change it.");
    await checkHospital(tx, input.hospitalId);
    await tx
      .update(schoolLocations)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(schoolLocations.id, row.id));
  });
  await publishLocations(s);
  return getLocation(s, opts);
}

/** Days that used the place keep their copied name and address; their call sheets fall back to the typed hospital. */
export async function deleteLocation(s: S, opts: { caller: Caller; id: string }): Promise<{ ok: true }> {
  const stored = await s.db.transaction(async (tx) => {
    const row = await locationRow(tx, opts.id, true);
    if (!mayChange(opts.caller, row))
      throw new AppError("forbidden", "Only staff, administrators and whoever added this location can remove it.");
    const photos = await tx
      .select({ key: locationPhotos.storageKey })
      .from(locationPhotos)
      .where(eq(locationPhotos.locationId, row.id));
    await tx.delete(schoolLocations).where(eq(schoolLocations.id, row.id));
    return photos.map((p) => p.key);
  });
  const storage = storageFor(s.config);
  for (const key of stored) await storage.delete(key);
  await publishLocations(s);
  return { ok: true };
}

export async function createHospital(s: S, opts: { caller: Caller; input: HospitalInput }): Promise<HospitalDto> {
  requireKeeper(opts.caller);
  const input = hospitalInput.parse(opts.input);
  const [row] = await s.db.insert(hospitals).values(input).returning();
  await publishLocations(s);
  return hospitalDto(row!);
}

export async function updateHospital(
  s: S,
  opts: { caller: Caller; id: string; input: HospitalInput },
): Promise<HospitalDto> {
  requireKeeper(opts.caller);
  if (!isUuid(opts.id)) throw noHospital();
  const input = hospitalInput.parse(opts.input);
  const [row] = await s.db
    .update(hospitals)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(hospitals.id, opts.id))
    .returning();
  if (!row) throw noHospital();
  await publishLocations(s);
  return hospitalDto(row);
}

export async function deleteHospital(s: S, opts: { caller: Caller; id: string }): Promise<{ ok: true }> {
  requireKeeper(opts.caller);
  if (!isUuid(opts.id)) throw noHospital();
  const [row] = await s.db.delete(hospitals).where(eq(hospitals.id, opts.id)).returning({ id: hospitals.id });
  if (!row) throw noHospital();
  await publishLocations(s);
  return { ok: true };
}

// ── For the schedule ─────────────────────────────────────────────────────────────────────────────

/** What a shoot day copies when it picks a library location: its name, address and nearest hospital as text. */
export async function dayFieldsFrom(db: DbOrTx, locationId: string) {
  const site = await siteOf(db, locationId);
  if (!site) throw new AppError("bad_request", "The location chosen is not in the school's library. Choose another.");
  const [row] = await db
    .select({ address: schoolLocations.address })
    .from(schoolLocations)
    .where(eq(schoolLocations.id, locationId));
  return {
    location: site.name,
    address: row?.address ?? "",
    hospital: site.hospital ? hospitalLine(site.hospital) : "",
  };
}

/** A day's library location as its call sheet shows it, read when the sheet is, so a corrected phone number reaches it. */
export async function siteOf(db: DbOrTx, locationId: string | null): Promise<CallSheetSite | null> {
  if (!locationId || !isUuid(locationId)) return null;
  const [row] = await db
    .select({ location: schoolLocations, hospital: hospitals })
    .from(schoolLocations)
    .leftJoin(hospitals, eq(hospitals.id, schoolLocations.hospitalId))
    .where(eq(schoolLocations.id, locationId));
  if (!row) return null;
  const { location: l, hospital: h } = row;
  return {
    locationId: l.id,
    name: l.name,
    contactName: l.contactName,
    contactPhone: l.contactPhone,
    parking: l.parking,
    hospital: h ? { name: h.name, address: h.address, phone: h.phone, emergencyPhone: h.emergencyPhone } : null,
  };
}
