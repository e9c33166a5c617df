/** Photos of a library location: pictures a browser shows, checked by what the file holds, kept in storage. */
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { LOCATION_PHOTOS_MAX, type LocationDto } from "../../../common/locations.ts";
import type { Caller } from "../../auth/caller.ts";
import { isStaff } from "../../auth/caller.ts";
import { locationPhotos } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { checkUpload, storageFor } from "../../lib/storage.ts";
import { isUuid } from "../../lib/validate.ts";
import { getLocation, locationRow, publishLocations, type S } from "./library.ts";

const PHOTO_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);
const noPhoto = () => new AppError("not_found", "There is no such photo of this location.");

async function changeable(s: S, caller: Caller, locationId: string) {
  const row = await locationRow(s.db, locationId);
  if (!isStaff(caller.role) && row.addedBy !== caller.id)
    throw new AppError(
      "forbidden",
      "Only staff, administrators and whoever added this location can change its photos.",
    );
  return row;
}

export async function addPhoto(
  s: S,
  opts: { caller: Caller; locationId: string; fileName: string; bytes: Uint8Array },
): Promise<LocationDto> {
  const row = await changeable(s, opts.caller, opts.locationId);
  const type = checkUpload(s.config, opts.bytes, opts.fileName);
  if (!PHOTO_TYPES.has(type.mime))
    throw new AppError(
      "unsupported_media_type",
      `A photo is a PNG, JPEG or WebP picture; this file is a ${type.label}. The portal checks what the file contains, not its name.`,
    );
  const [n] = await s.db.select({ n: count() }).from(locationPhotos).where(eq(locationPhotos.locationId, row.id));
  if ((n?.n ?? 0) >= LOCATION_PHOTOS_MAX)
    throw new AppError("conflict", `A location keeps at most ${LOCATION_PHOTOS_MAX} photos; remove one first.`);
  const id = randomUUID();
  const storageKey = `locations/${row.id}/${id}.${type.ext}`;
  await storageFor(s.config).put(storageKey, opts.bytes);
  await s.db.insert(locationPhotos).values({
    id,
    locationId: row.id,
    fileName: opts.fileName.slice(0, 200),
    contentType: type.mime,
    storageKey,
    position: n?.n ?? 0,
  });
  await publishLocations(s);
  return getLocation(s, { caller: opts.caller, id: row.id });
}

export async function removePhoto(
  s: S,
  opts: { caller: Caller; locationId: string; photoId: string },
): Promise<LocationDto> {
  const row = await changeable(s, opts.caller, opts.locationId);
  if (!isUuid(opts.photoId)) throw noPhoto();
  const [gone] = await s.db
    .delete(locationPhotos)
    .where(and(eq(locationPhotos.id, opts.photoId), eq(locationPhotos.locationId, row.id)))
    .returning({ key: locationPhotos.storageKey });
  if (!gone) throw noPhoto();
  await storageFor(s.config).delete(gone.key);
  await publishLocations(s);
  return getLocation(s, { caller: opts.caller, id: row.id });
}

/** Everyone signed in reads the library, its photos included. */
export async function readPhoto(
  s: S,
  opts: { locationId: string; photoId: string },
): Promise<{ bytes: Uint8Array; type: string; fileName: string }> {
  if (!isUuid(opts.locationId) || !isUuid(opts.photoId)) throw noPhoto();
  const [photo] = await s.db
    .select()
    .from(locationPhotos)
    .where(and(eq(locationPhotos.id, opts.photoId), eq(locationPhotos.locationId, opts.locationId)));
  if (!photo) throw noPhoto();
  const stored = await storageFor(s.config).get(photo.storageKey);
  if (!stored) throw noPhoto();
  return { bytes: stored, type: photo.contentType, fileName: photo.fileName };
}
