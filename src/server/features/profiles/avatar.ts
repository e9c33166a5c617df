import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { AVATAR_TOO_LARGE, AVATAR_MAX_BYTES, AVATAR_TYPES, AVATAR_WRONG_TYPE, type AvatarType, type ProfileDto } from "../../../common/profile.ts";
import type { Services } from "../../context.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { getProfile } from "./service.ts";

const EXTENSIONS: Record<AvatarType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };
const TYPE_OF_EXTENSION: Record<string, AvatarType> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

/** The type the bytes really are; a header or a file name can say anything. */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

const avatarDir = (dataDir: string) => path.join(dataDir, "avatars");
/** The stored path is relative to DATA_DIR, so moving the folder keeps the pictures. */
const relativePath = (userId: string, type: AvatarType) => path.join("avatars", `${userId}.${EXTENSIONS[type]}`);

/** A user id becomes a file name, so anything that could climb out of the folder is refused. */
function safeId(userId: string) {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(userId)) throw new AppError("not_found", "This person has no picture.");
  return userId;
}

/**
 * Stores a new picture for the user. It is written to a temporary file and renamed into place, so
 * a reader sees the old picture or the new one, never half of one, and a crash leaves no torn file.
 */
export async function saveAvatar(
  s: Pick<Services, "db" | "config" | "events">,
  opts: { userId: string; declaredType: string | undefined; bytes: Uint8Array },
): Promise<ProfileDto> {
  const declared = opts.declaredType?.split(";")[0]?.trim().toLowerCase();
  if (!declared || !(AVATAR_TYPES as readonly string[]).includes(declared)) throw new AppError("unsupported_media_type", AVATAR_WRONG_TYPE);
  if (opts.bytes.byteLength === 0) throw new AppError("bad_request", "The picture is empty. Choose an image file.");
  if (opts.bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError("payload_too_large", AVATAR_TOO_LARGE);
  const type = sniffImageType(opts.bytes);
  if (!type) throw new AppError("unsupported_media_type", `${AVATAR_WRONG_TYPE} This file is not one, whatever its name says.`);

  const userId = safeId(opts.userId);
  const dir = avatarDir(s.config.DATA_DIR);
  await mkdir(dir, { recursive: true });
  const rel = relativePath(userId, type);
  const tmp = path.join(dir, `.${userId}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(tmp, opts.bytes);
    await rename(tmp, path.join(s.config.DATA_DIR, rel));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const [before] = await s.db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.id, userId));
  await s.db.update(profiles).set({ avatarPath: rel, updatedAt: new Date() }).where(eq(profiles.id, userId));
  // A picture of another type had another file name: remove it so only the current one is kept.
  if (before?.avatarPath && before.avatarPath !== rel) await rm(path.join(s.config.DATA_DIR, before.avatarPath), { force: true });
  return published(s, userId);
}

export async function removeAvatar(s: Pick<Services, "db" | "config" | "events">, userId: string): Promise<ProfileDto> {
  const [before] = await s.db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.id, userId));
  if (before?.avatarPath) {
    await s.db.update(profiles).set({ avatarPath: null, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await rm(path.join(s.config.DATA_DIR, before.avatarPath), { force: true });
  }
  return published(s, userId);
}

async function published(s: Pick<Services, "db" | "events">, userId: string): Promise<ProfileDto> {
  const profile = await getProfile(s.db, userId);
  if (!profile) throw new AppError("not_found", "No profile for this account");
  await s.events.publish({ type: "profile.updated", invalidate: [["profile"]], userIds: [userId] });
  return profile;
}

export async function readAvatar(s: Pick<Services, "db" | "config">, userId: string): Promise<{ bytes: Buffer; type: AvatarType }> {
  const [row] = await s.db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.id, safeId(userId)));
  const type = row?.avatarPath ? TYPE_OF_EXTENSION[path.extname(row.avatarPath).slice(1)] : undefined;
  if (!row?.avatarPath || !type) throw new AppError("not_found", "This person has no picture.");
  try {
    return { bytes: await readFile(path.join(s.config.DATA_DIR, row.avatarPath)), type };
  } catch {
    throw new AppError("not_found", "This person has no picture.");
  }
}
