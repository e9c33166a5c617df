/**
 * HTTP range requests over the storage (RFC 9110 §14), so a browser's video element can seek in a version it
 * plays through a guest link. A stand-in until the media service's `serveVersionMedia` is merged (the lead
 * switches the guest route to it): it reads the stored object whole, fine for the demo's small files.
 */
import type { Context } from "hono";
import { AppError } from "../../lib/errors.ts";
import { storageFor } from "../../lib/storage.ts";
import type { Config } from "../../config.ts";

export type ByteRange = { start: number; end: number };

/**
 * The one range a `Range` header asks of `size` bytes: null to send the whole (no header, or a form this server
 * does not serve, such as several ranges), "unsatisfiable" when it lies past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

/** Answers a stored object with range support: 200 whole, 206 a part, 416 a part past the end. */
export async function serveStoredRange(
  c: Context,
  config: Config,
  key: string,
  contentType: string,
): Promise<Response> {
  const bytes = await storageFor(config).get(key);
  if (!bytes) throw new AppError("not_found", "This file is not in the storage any more.");
  const size = bytes.byteLength;
  const headers: Record<string, string> = {
    "content-type": contentType,
    "accept-ranges": "bytes",
    // Only the guest whose grant opened it may read it; no shared cache keeps it.
    "cache-control": "private, no-store",
  };
  const range = c.req.method === "HEAD" ? null : parseRange(c.req.header("range"), size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  }
  if (!range) {
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(bytes), {
      status: 200,
      headers: { ...headers, "content-length": String(size) },
    });
  }
  const part = new Uint8Array(bytes.subarray(range.start, range.end + 1));
  return new Response(part, {
    status: 206,
    headers: {
      ...headers,
      "content-length": String(part.byteLength),
      "content-range": `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}
