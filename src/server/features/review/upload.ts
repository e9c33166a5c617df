import { randomUUID } from "node:crypto";
import path from "node:path";
import type { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import { and, eq, max } from "drizzle-orm";
import { fileTypeFromFile } from "file-type";
import {
  CUT_ACCEPTED,
  CUT_MIME_TYPES,
  CUT_UPLOAD_MAX_BYTES,
  CUT_UPLOAD_PATH,
  cutTitleSchema,
} from "../../../common/review.ts";
import type { Caller } from "../../auth/caller.ts";
import { cuts, cutVersions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueue } from "../../lib/jobs.ts";
import { storageFor } from "../../lib/storage.ts";
import { mayUpload, publishCuts, versionSummary } from "./cuts.ts";
import type { S } from "./review-shared.ts";
import { proxyJob } from "./jobs.ts";
import { stagingStore } from "./staging.ts";
import { versionFolder } from "./proxy.ts";

/**
 * Resumable uploads of cuts with the tus protocol (@tus/server): the browser sends a file of several GB in
 * pieces, and after a dropped connection or a reload asks how far it got (HEAD) and goes on from there (PATCH).
 * Every request is checked here before tus sees it: the session (the route is behind requireUser), that the
 * person may upload to the project, and that an upload under way is their own.
 *
 * Staging: the pieces are kept in DATA_DIR/uploads (`staging.ts`) until the last one, then moved into the
 * storage (a folder, or S3 by multipart upload).
 */

/** How the route hands the checked caller to tus's hooks, which see only the request; never taken from the client. */
const CALLER_HEADER = "x-portal-upload-caller";
const servers = new WeakMap<object, { tus: Server; store: FileStore }>();

function tusFor(s: S) {
  let found = servers.get(s.config);
  if (found) return found;
  const store = stagingStore(s.config);
  const tus = new Server({
    path: CUT_UPLOAD_PATH,
    datastore: store,
    maxSize: CUT_UPLOAD_MAX_BYTES,
    relativeLocation: true,
    exposedHeaders: ["Upload-Version-Id", "Upload-Cut-Id"],
    // The uploader is recorded with the upload, so its next pieces are taken only from the same person.
    onUploadCreate: async (req, upload) => ({ metadata: { ...upload.metadata, userId: callerIn(req).id } }),
    onUploadFinish: async (req, upload) => {
      try {
        const done = await finishUpload(s, callerIn(req), upload, path.join(store.directory, upload.id));
        return { status_code: 204, headers: { "Upload-Version-Id": done.versionId, "Upload-Cut-Id": done.cutId } };
      } catch (err) {
        if (err instanceof AppError)
          throw { status_code: err.status, body: JSON.stringify({ error: { code: err.code, message: err.message } }) };
        throw err;
      }
    },
  });
  found = { tus, store };
  servers.set(s.config, found);
  return found;
}

function callerIn(req: { headers: Headers }): Caller {
  const raw = req.headers.get(CALLER_HEADER);
  if (!raw) throw new Error("a cut upload reached tus without its caller");
  return JSON.parse(decodeURIComponent(raw)) as Caller;
}

/** tus's Upload-Metadata: "key base64value,key2 base64value2". */
export function parseUploadMetadata(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [k, v] = pair.trim().split(" ");
    if (k) out[k] = v ? Buffer.from(v, "base64").toString("utf8") : "";
  }
  return out;
}

/** What an upload's metadata says it is for, checked: a version of a cut, or the first of a new cut. */
function targetOf(meta: Record<string, string | null | undefined>) {
  const cutId = meta.cutId || undefined;
  const projectId = meta.projectId || undefined;
  if (!cutId) {
    const title = cutTitleSchema.safeParse(meta.title ?? "");
    if (!title.success) throw new AppError("bad_request", title.error.issues[0]?.message ?? "Give the cut a title.");
    return { projectId, title: title.data };
  }
  return { cutId };
}

/**
 * One tus request of a signed-in person. A new upload is checked against its metadata; a later one against the
 * upload it continues (its uploader and, again, the right to upload, which may have been withdrawn meanwhile).
 */
export async function handleCutUpload(s: S, caller: Caller, req: Request): Promise<Response> {
  const { tus, store } = tusFor(s);
  const method = req.method;
  if (method === "GET") throw new AppError("not_found", "An upload is not read back here; open the cut instead.");
  if (method === "POST") {
    await mayUpload(s.db, caller, targetOf(parseUploadMetadata(req.headers.get("upload-metadata"))));
  } else if (method !== "OPTIONS") {
    const id = new URL(req.url).pathname.split("/").pop() ?? "";
    const upload = await store.getUpload(id).catch(() => null);
    if (!upload) throw new AppError("not_found", "This upload is no longer here. Start it again.");
    if (upload.metadata?.userId !== caller.id)
      throw new AppError("forbidden", "This upload was started by someone else.");
    await mayUpload(s.db, caller, targetOf(upload.metadata ?? {}));
  }
  const headers = new Headers(req.headers);
  headers.set(CALLER_HEADER, encodeURIComponent(JSON.stringify(caller)));
  const hasBody = method === "PATCH" || method === "POST";
  return tus.handleWeb(
    new Request(req.url, {
      method,
      headers,
      body: hasBody ? req.body : undefined,
      // A stream body must say so in Node's fetch.
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit),
  );
}

/**
 * The last piece arrived: the file is checked by its content, moved into the storage, and becomes the next
 * version of its cut (a new cut for a first upload); the proxy job is queued. A refused file is removed.
 */
async function finishUpload(s: S, caller: Caller, upload: Upload, staged: string) {
  const { store } = tusFor(s);
  const meta = upload.metadata ?? {};
  const type = await fileTypeFromFile(staged).catch(() => undefined);
  if (!type || !(CUT_MIME_TYPES as readonly string[]).includes(type.mime)) {
    await store.remove(upload.id).catch(() => undefined);
    throw new AppError(
      "unsupported_media_type",
      `This file is not a video the portal can keep. Upload an ${CUT_ACCEPTED} file; the portal checks what the file contains, not its name.`,
    );
  }
  const target = targetOf(meta);
  const projectId = await mayUpload(s.db, caller, target);
  const cutId = target.cutId ?? randomUUID();
  const versionId = randomUUID();
  const key = `${versionFolder(projectId, cutId, versionId)}/original.${type.ext}`;
  const files = storageFor(s.config);
  await files.putFile(key, staged);
  await store.configstore.delete(upload.id);
  const fileName = (meta.filename || `cut.${type.ext}`).replace(/[\\/\u0000-\u001f]/g, "_").slice(0, 200);
  try {
    const row = await s.db.transaction(async (tx) => {
      if (!target.cutId) {
        await tx.insert(cuts).values({ id: cutId, projectId, title: target.title!, createdBy: caller.id });
      } else {
        // The cut's row is held, so two uploads finishing together take numbers one after the other.
        await tx.select({ id: cuts.id }).from(cuts).where(eq(cuts.id, cutId)).for("update");
      }
      const [last] = await tx
        .select({ n: max(cutVersions.number) })
        .from(cutVersions)
        .where(and(eq(cutVersions.cutId, cutId)));
      const [row] = await tx
        .insert(cutVersions)
        .values({
          id: versionId,
          cutId,
          number: (last?.n ?? 0) + 1,
          fileKey: key,
          fileName,
          fileSize: upload.size ?? upload.offset,
          mimeType: type.mime,
          uploadedBy: caller.id,
          uploadedByName: caller.name,
        })
        .returning();
      await enqueue(tx, proxyJob, { versionId }, { dedupeKey: `review.proxy:${versionId}` });
      return row!;
    });
    await publishCuts(s, projectId, cutId);
    return { cutId, versionId, version: versionSummary(row) };
  } catch (err) {
    await files.delete(key).catch(() => undefined);
    throw err;
  }
}
