import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { ItemDetailDto } from "../../../common/equipment.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { equipmentItems, projectMembers, reservationItems, reservations } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { checkUpload, storageFor } from "../../lib/storage.ts";
import { isOffice } from "../../auth/caller.ts";
import { getItem } from "./inventory.ts";
import { keys } from "../../../common/query-keys.ts";

type S = Pick<Services, "db" | "events" | "config">;

/** The `equipment` bucket: item photos under items/<itemId>/, condition photos under returns/<reservationItemId>/. */
export const BUCKET = "equipment";
const PHOTO_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);
/** Enough to show the damage from several sides; more belongs in the maintenance log's notes. */
export const MAX_RETURN_PHOTOS = 6;

const urlOf = (key: string) => `/storage/v1/object/${key}`;
/** Only addresses this bucket gave out are ever deleted: an item imported with an outside address keeps it. */
const keyOf = (url: string) =>
  url.startsWith(`/storage/v1/object/${BUCKET}/`) ? url.slice("/storage/v1/object/".length) : null;

function office(caller: Caller) {
  if (!isOffice(caller.role)) throw new AppError("forbidden", "Only the equipment office can do this.");
}

/** The shared size and type checks, then only the pictures a browser shows. */
function checkPhoto(config: S["config"], bytes: Uint8Array, fileName: string) {
  const type = checkUpload(config, bytes, fileName);
  if (!PHOTO_TYPES.has(type.mime)) {
    throw new AppError(
      "unsupported_media_type",
      `A photo is a PNG, JPEG or WebP picture; this file is a ${type.label}. The portal checks what the file contains, not its name.`,
    );
  }
  return type;
}

async function publish(s: Pick<S, "events">) {
  await s.events.publish({ type: "equipment.changed", invalidate: [keys.equipment()] });
}

/** Stores a new photo of the item and forgets the one it replaces. */
export async function setItemPhoto(
  s: S,
  opts: { caller: Caller; itemId: string; fileName: string; bytes: Uint8Array },
): Promise<ItemDetailDto> {
  office(opts.caller);
  const before = await getItem(s, { id: opts.itemId });
  const type = checkPhoto(s.config, opts.bytes, opts.fileName);
  const key = `${BUCKET}/items/${opts.itemId}/${randomUUID()}.${type.ext}`;
  await storageFor(s.config).put(key, opts.bytes);
  await s.db
    .update(equipmentItems)
    .set({ photoUrl: urlOf(key), updatedAt: new Date() })
    .where(eq(equipmentItems.id, opts.itemId));
  const old = keyOf(before.photoUrl);
  if (old) await storageFor(s.config).delete(old);
  await publish(s);
  return getItem(s, { id: opts.itemId });
}

export async function removeItemPhoto(s: S, opts: { caller: Caller; itemId: string }): Promise<ItemDetailDto> {
  office(opts.caller);
  const before = await getItem(s, { id: opts.itemId });
  await s.db
    .update(equipmentItems)
    .set({ photoUrl: "", updatedAt: new Date() })
    .where(eq(equipmentItems.id, opts.itemId));
  const old = keyOf(before.photoUrl);
  if (old) await storageFor(s.config).delete(old);
  await publish(s);
  return getItem(s, { id: opts.itemId });
}

/**
 * A condition photo taken at check-in, added to the item's latest return (the desk checks the item in,
 * then sends each photo with its asset tag, so a failed photo never undoes a check-in).
 */
export async function addReturnPhoto(
  s: S,
  opts: { caller: Caller; assetTag: string; fileName: string; bytes: Uint8Array },
): Promise<{ photos: string[] }> {
  office(opts.caller);
  const type = checkPhoto(s.config, opts.bytes, opts.fileName);
  const [line] = await s.db
    .select({ id: reservationItems.id, photos: reservationItems.returnPhotos })
    .from(reservationItems)
    .innerJoin(equipmentItems, eq(equipmentItems.id, reservationItems.itemId))
    .where(and(eq(equipmentItems.assetTag, opts.assetTag.trim().toUpperCase()), isNotNull(reservationItems.returnedAt)))
    .orderBy(desc(reservationItems.returnedAt))
    .limit(1);
  if (!line)
    throw new AppError(
      "conflict",
      `Item ${opts.assetTag} has not been checked in: check it in first, then add its photos.`,
    );
  if (line.photos.length >= MAX_RETURN_PHOTOS)
    throw new AppError("conflict", `A return keeps at most ${MAX_RETURN_PHOTOS} photos.`);
  const key = `${BUCKET}/returns/${line.id}/${randomUUID()}.${type.ext}`;
  await storageFor(s.config).put(key, opts.bytes);
  const [row] = await s.db
    .update(reservationItems)
    .set({ returnPhotos: sql`array_append(${reservationItems.returnPhotos}, ${urlOf(key)})` })
    .where(eq(reservationItems.id, line.id))
    .returning({ photos: reservationItems.returnPhotos });
  await publish(s);
  return { photos: row?.photos ?? [] };
}

const FILE = /^[0-9a-f-]{36}\.(png|jpg|webp)$/;
const MIME: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

/**
 * Reading a photo: an item's photo is for everyone signed in (the catalogue is); a condition photo is for
 * the office, the borrower and the borrower's crew, like the reservation it belongs to.
 */
export async function readPhoto(
  s: S,
  opts: { caller: Caller; kind: string; ownerId: string; file: string },
): Promise<{ bytes: Uint8Array; type: string }> {
  const match = FILE.exec(opts.file);
  if (!match || !/^[0-9a-f-]{36}$/.test(opts.ownerId) || (opts.kind !== "items" && opts.kind !== "returns"))
    throw new AppError("not_found", "There is no such photo.");
  if (opts.kind === "returns" && !isOffice(opts.caller.role)) {
    const [allowed] = await s.db
      .select({ one: sql`1` })
      .from(reservationItems)
      .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
      .leftJoin(
        projectMembers,
        and(eq(projectMembers.projectId, reservations.projectId), eq(projectMembers.userId, opts.caller.id)),
      )
      .where(
        and(
          eq(reservationItems.id, opts.ownerId),
          sql`(${reservations.requesterId} = ${opts.caller.id} or ${projectMembers.userId} is not null)`,
        ),
      );
    if (!allowed) throw new AppError("not_found", "There is no such photo.");
  }
  const bytes = await storageFor(s.config).get(`${BUCKET}/${opts.kind}/${opts.ownerId}/${opts.file}`);
  if (!bytes) throw new AppError("not_found", "There is no such photo.");
  return { bytes, type: MIME[match[1]!]! };
}
