import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import {
  AVATAR_TOO_LARGE,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  AVATAR_WRONG_TYPE,
  type AvatarType,
  type ProfileDto,
} from "../../../common/profile.ts";
import type { Services } from "../../context.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { sniffFileType, storageFor } from "../../lib/storage.ts";
import { getProfile } from "./service.ts";
import { keys } from "../../../common/query-keys.ts";

const EXTENSIONS: Record<AvatarType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };
const TYPE_OF_EXTENSION: Record<string, AvatarType> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

/** The type the bytes really are (a header or a file name can say anything), if it is one a picture may be. */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  const mime = sniffFileType(bytes, "")?.mime;
  return (AVATAR_TYPES as readonly string[]).includes(mime ?? "") ? (mime as AvatarType) : null;
}

/** The storage key, "avatars/<user>.<ext>"; it is also what the profile row keeps. */
const avatarKey = (userId: string, type: AvatarType) => `avatars/${userId}.${EXTENSIONS[type]}`;

/** A user id becomes part of a key, so anything but a plain id is refused before the store sees it. */
function safeId(userId: string) {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(userId)) throw new AppError("not_found", "This person has no picture.");
  return userId;
}

type AvatarServices = Pick<Services, "db" | "config" | "events">;

/** Stores a new picture for the user, in the school's file store (a DATA_DIR folder, or the S3 bucket). */
export async function saveAvatar(
  s: AvatarServices,
  opts: { userId: string; declaredType: string | undefined; bytes: Uint8Array },
): Promise<ProfileDto> {
  const declared = opts.declaredType?.split(";")[0]?.trim().toLowerCase();
  if (!declared || !(AVATAR_TYPES as readonly string[]).includes(declared))
    throw new AppError("unsupported_media_type", AVATAR_WRONG_TYPE);
  if (opts.bytes.byteLength === 0) throw new AppError("bad_request", "The picture is empty. Choose an image file.");
  if (opts.bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError("payload_too_large", AVATAR_TOO_LARGE);
  const type = sniffImageType(opts.bytes);
  if (!type)
    throw new AppError("unsupported_media_type", `${AVATAR_WRONG_TYPE} This file is not one, whatever its name says.`);

  const userId = safeId(opts.userId);
  const key = avatarKey(userId, type);
  const store = storageFor(s.config);
  await store.put(key, opts.bytes);
  const [before] = await s.db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.id, userId));
  await s.db.update(profiles).set({ avatarPath: key, updatedAt: new Date() }).where(eq(profiles.id, userId));
  // A picture of another type had another key: remove it so only the current one is kept.
  if (before?.avatarPath && before.avatarPath !== key) await forget(s, before.avatarPath);
  return published(s, userId);
}

export async function removeAvatar(s: AvatarServices, userId: string): Promise<ProfileDto> {
  const [before] = await s.db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.id, userId));
  if (before?.avatarPath) {
    await s.db.update(profiles).set({ avatarPath: null, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await forget(s, before.avatarPath);
  }
  return published(s, userId);
}

async function published(s: Pick<Services, "db" | "events">, userId: string): Promise<ProfileDto> {
  const profile = await getProfile(s.db, userId);
  if (!profile) throw new AppError("not_found", "No profile for this account");
  await s.events.publish({ type: "profile.updated", invalidate: [keys.profile()], userIds: [userId] });
  return profile;
}

export async function readAvatar(
  s: Pick<Services, "db" | "config">,
  userId: string,
): Promise<{ bytes: Uint8Array; type: AvatarType }> {
  const [row] = await s.db
    .select({ avatarPath: profiles.avatarPath })
    .from(profiles)
    .where(eq(profiles.id, safeId(userId)));
  const type = row?.avatarPath ? TYPE_OF_EXTENSION[path.extname(row.avatarPath).slice(1)] : undefined;
  if (!row?.avatarPath || !type) throw new AppError("not_found", "This person has no picture.");
  const bytes = (await storageFor(s.config).get(row.avatarPath)) ?? (await fromOldFolder(s, row.avatarPath));
  if (!bytes) throw new AppError("not_found", "This person has no picture.");
  return { bytes, type };
}

/**
 * Portals before the file store kept pictures in DATA_DIR/avatars under the same "avatars/<file>" name.
 * Such a picture is copied into the store the first time it is asked for, so no one loses theirs.
 */
async function fromOldFolder(s: Pick<Services, "config">, key: string): Promise<Uint8Array | null> {
  try {
    const bytes = new Uint8Array(await readFile(path.join(s.config.DATA_DIR, key)));
    await storageFor(s.config).put(key, bytes);
    return bytes;
  } catch {
    return null;
  }
}

/** A removed picture goes from the store and from the old folder, wherever it was. */
async function forget(s: Pick<Services, "config">, key: string) {
  await storageFor(s.config).delete(key);
  await rm(path.join(s.config.DATA_DIR, key), { force: true });
}
