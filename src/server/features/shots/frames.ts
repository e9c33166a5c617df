import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { FRAME_ACCEPTED, SHOT_LIMITS, type ShotDto } from "../../../common/shots.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { shots } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { storageFor } from "../../lib/storage.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordActivity } from "../projects/index.ts";
import { numbered, noShot, projectOf, publishChanged, shotRows, type S } from "./shared.ts";

const FRAME_TYPES: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg" };

/**
 * What a frame really is, read from its bytes (never its name or the browser's word): a PNG or a JPEG within
 * the size limit, or a refusal that says what to do.
 */
export async function checkFrame(bytes: Uint8Array): Promise<{ mime: string; ext: string }> {
  if (bytes.byteLength === 0) throw new AppError("bad_request", "The frame is empty. Choose a picture or draw one.");
  if (bytes.byteLength > SHOT_LIMITS.frameBytes)
    throw new AppError(
      "payload_too_large",
      `A frame is at most ${SHOT_LIMITS.frameBytes / 1024 / 1024} MB. Make the picture smaller, then upload it again.`,
    );
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && FRAME_TYPES[type.mime];
  if (!type || !ext)
    throw new AppError(
      "unsupported_media_type",
      `A storyboard frame must be a ${FRAME_ACCEPTED} picture; the portal checks what the file contains, not its name.`,
    );
  return { mime: type.mime, ext };
}

const frameKey = (projectId: string, shotId: string, ext: string) =>
  `shots/${projectId}/${shotId}/${randomUUID()}.${ext}`;

/** Removes a file no row points at any more; a failure leaves an orphan in storage, never a row without its file. */
export async function removeStoredFrame(s: Pick<Services, "config"> & Partial<Pick<Services, "log">>, key: string) {
  try {
    await storageFor(s.config).delete(key);
  } catch (err) {
    s.log?.warn({ err, key }, "a replaced or deleted storyboard frame could not be removed from storage");
  }
}

/** Sets a shot's frame, uploaded or drawn, replacing the one it had. */
export async function putFrame(
  s: S,
  opts: { caller: Caller; projectId: string; shotId: string; bytes: Uint8Array; drawn: boolean },
): Promise<ShotDto> {
  const type = await checkFrame(opts.bytes);
  const store = storageFor(s.config);
  let stored: string | null = null;
  try {
    const { dto, replaced, projectId } = await s.db.transaction(async (tx) => {
      const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
      if (!isUuid(opts.shotId)) throw noShot();
      const [row] = await tx.select().from(shots).where(eq(shots.id, opts.shotId)).for("update");
      if (!row || row.projectId !== project.id) throw noShot();
      const key = frameKey(project.id, row.id, type.ext);
      await store.put(key, opts.bytes);
      stored = key;
      await tx
        .update(shots)
        .set({ frameKey: key, frameType: type.mime, frameDrawn: opts.drawn, updatedAt: new Date() })
        .where(eq(shots.id, row.id));
      const dto = numbered(await shotRows(tx, project.id, [row.sceneNumber])).find((x) => x.id === row.id)!;
      await recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: "shots.frame",
        summary: `${opts.caller.name} ${opts.drawn ? "drew" : "uploaded"} the storyboard frame of shot ${dto.number}`,
      });
      return { dto, replaced: row.frameKey, projectId: project.id };
    });
    if (replaced) await removeStoredFrame(s, replaced);
    await publishChanged(s, projectId);
    return dto;
  } catch (err) {
    if (stored) await removeStoredFrame(s, stored);
    throw err;
  }
}

export async function deleteFrame(s: S, opts: { caller: Caller; projectId: string; shotId: string }) {
  const { key, projectId } = await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    if (!isUuid(opts.shotId)) throw noShot();
    const [row] = await tx.select().from(shots).where(eq(shots.id, opts.shotId)).for("update");
    if (!row || row.projectId !== project.id) throw noShot();
    if (!row.frameKey) throw new AppError("not_found", "This shot has no frame to remove.");
    await tx
      .update(shots)
      .set({ frameKey: null, frameType: null, frameDrawn: false, updatedAt: new Date() })
      .where(eq(shots.id, row.id));
    return { key: row.frameKey, projectId: project.id };
  });
  await removeStoredFrame(s, key);
  await publishChanged(s, projectId);
  return { id: opts.shotId };
}

/** A frame's bytes, for everyone who may read the project. */
export async function readFrame(
  s: Pick<S, "db" | "config">,
  opts: { caller: Caller; projectId: string; shotId: string },
) {
  const project = await projectOf(s.db, opts.caller, opts.projectId);
  if (!isUuid(opts.shotId)) throw noShot();
  const [row] = await s.db.select().from(shots).where(eq(shots.id, opts.shotId));
  if (!row || row.projectId !== project.id) throw noShot();
  if (!row.frameKey || !row.frameType) throw new AppError("not_found", "This shot has no storyboard frame yet.");
  const bytes = await storageFor(s.config).get(row.frameKey);
  if (!bytes) throw new AppError("not_found", "The frame's file is missing from storage.");
  return {
    bytes,
    contentType: row.frameType,
    fileName: `frame-${row.sceneNumber}-${row.id.slice(0, 8)}.${FRAME_TYPES[row.frameType] ?? "png"}`,
  };
}
