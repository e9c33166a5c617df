import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { uploadNameQuery } from "../../common/upload.ts";
import type { AppEnv } from "../env.ts";
import { AppError } from "./errors.ts";
import { query } from "./validate.ts";

const MB = 1024 * 1024;

/** The app's 1 MB limit for JSON does not fit a file: uploads carry the UPLOAD_MAX_MB setting, checked while reading. */
export const uploadLimit = (c: Context<AppEnv>, next: () => Promise<void>) =>
  bodyLimit({
    maxSize: c.get("services").config.UPLOAD_MAX_MB * MB,
    onError: () => {
      throw new AppError(
        "payload_too_large",
        `The file is larger than ${c.get("services").config.UPLOAD_MAX_MB} MB. Make it smaller or split it, then upload it again.`,
      );
    },
  })(c, next);

/** The headers of a stored file sent back: never sniffed, never cached by others, never run as a page of the portal. */
export const fileHeaders = (type: string, fileName: string, inline: boolean) => ({
  "content-type": type,
  "content-disposition": `${inline ? "inline" : "attachment"}; filename="${fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  "cache-control": "private, no-store",
  "x-content-type-options": "nosniff",
  // A stored file opened directly must never run as a page of the portal (a PDF needs the browser's own viewer).
  ...(type === "application/pdf"
    ? {}
    : { "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox" }),
});

/** Only types a browser shows safely are opened in place; everything else is downloaded. */
export const INLINE_TYPES = new Set(["application/pdf", "image/png", "image/jpeg", "image/webp", "text/plain"]);

/**
 * A raw upload behind `uploadLimit`: its query (the file's name, and what else `shape` reads there) checked before
 * the body is read, then the file's bytes. Every upload route reads its file this way.
 */
export async function readUpload<Q extends z.ZodType<{ name: string }> = typeof uploadNameQuery>(
  c: Context<AppEnv>,
  shape?: Q,
): Promise<{ q: z.infer<Q>; fileName: string; bytes: Uint8Array }> {
  const q = query(c, shape ?? uploadNameQuery) as z.infer<Q>;
  return { q, fileName: q.name, bytes: new Uint8Array(await c.req.arrayBuffer()) };
}
