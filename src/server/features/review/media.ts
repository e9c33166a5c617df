import { Readable } from "node:stream";
import type { Context } from "hono";
import type { MediaKind } from "../../../common/review.ts";
import type { Caller } from "../../auth/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { storageFor } from "../../lib/storage.ts";
import { versionFor, type S, type VersionRow } from "./review-shared.ts";

/** A presigned S3 address lives this long: enough to start playing and seek; the player asks again after. */
export const PRESIGN_SECONDS = 5 * 60;

export type ByteRange = { start: number; end: number };

/**
 * The one range of a `Range: bytes=…` header for a file of `size` bytes: `a-b`, `a-` and the suffix `-n`.
 * Null means "send the whole file" (no header, another unit, several ranges, or nonsense, which RFC 9110 lets a
 * server ignore); "unsatisfiable" is a range that starts past the end (416).
 */
export function parseRange(header: string | undefined | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

const TYPES: Record<Exclude<MediaKind, "original">, string> = {
  proxy: "video/mp4",
  poster: "image/jpeg",
  strip: "image/jpeg",
};

function mediaOf(v: VersionRow, kind: MediaKind) {
  if (kind === "original") return { key: v.fileKey, type: v.mimeType, name: v.fileName };
  const key = kind === "proxy" ? v.proxyKey : kind === "poster" ? v.posterKey : v.stripKey;
  const base = v.fileName.replace(/\.[^.]*$/, "");
  const name = `${base}-${kind}.${kind === "proxy" ? "mp4" : "jpg"}`;
  return { key, type: TYPES[kind], name };
}

const notReady = (kind: MediaKind) =>
  new AppError(
    "not_found",
    kind === "proxy"
      ? "The web copy of this version is not ready yet; the original plays instead where the browser can play it."
      : "This picture of the version is not ready yet.",
  );

/**
 * A version's file answered as a browser's <video> asks for it: whole (200) or by byte range (206, 416 for a
 * range past the end), streamed from disk in pieces, or from S3 as a redirect to a short-lived signed address.
 * The caller has already decided that the person (or the guest link) may watch this version.
 */
export async function serveVersionMedia(c: Context, v: VersionRow, kind: MediaKind): Promise<Response> {
  const { key, type, name } = mediaOf(v, kind);
  if (!key) throw notReady(kind);
  const store = storageFor(c.get("services").config);
  const safeName = name.replace(/[^\x20-\x7e]|"/g, "_");
  const common: Record<string, string> = {
    "cache-control": "private, no-cache",
    "x-content-type-options": "nosniff",
  };
  if (store.kind === "s3") {
    const query = `response-content-type=${encodeURIComponent(type)}&response-content-disposition=${encodeURIComponent(`inline; filename="${safeName}"`)}`;
    const signed = store.presign(key, PRESIGN_SECONDS, query);
    if (!signed) throw notReady(kind);
    return new Response(null, { status: 302, headers: { ...common, "cache-control": "no-store", location: signed } });
  }
  const st = await store.stat(key);
  if (!st) throw notReady(kind);
  // The files under a key never change (a new upload is a new version), so the key and size make a strong tag.
  const etag = `"${v.id}-${kind}-${st.size}"`;
  const headers: Record<string, string> = {
    ...common,
    "accept-ranges": "bytes",
    "content-type": type,
    "content-disposition": `inline; filename="${safeName}"`,
    etag,
  };
  if (c.req.header("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const ifRange = c.req.header("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header("range"), st.size);
  if (range === "unsatisfiable")
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${st.size}` } });
  const { start, end } = range ?? { start: 0, end: st.size - 1 };
  const length = Math.max(0, end - start + 1);
  const head = c.req.method === "HEAD";
  const stream = head || length === 0 ? null : await store.readRange(key, start, end);
  if (!head && length > 0 && !stream) throw notReady(kind);
  return new Response(stream ? (Readable.toWeb(stream) as ReadableStream) : null, {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      "content-length": String(length),
      ...(range ? { "content-range": `bytes ${start}-${end}/${st.size}` } : {}),
    },
  });
}

/** The route's check before serving: whoever may read the cut's project watches its versions. */
export async function versionForWatching(s: S, { caller, versionId }: { caller: Caller; versionId: string }) {
  return (await versionFor(s.db, caller, versionId)).version;
}
