import { randomBytes } from "node:crypto";
import aws4 from "aws4";
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import path from "node:path";
import type { Config } from "../config.ts";
import { AppError } from "./errors.ts";

/**
 * Where files live. Keys are "<bucket>/<path>" of plain segments; callers decide who may read or write
 * a key, the store only keeps bytes: on local disk, or in an S3-compatible bucket (S3_* settings).
 */
export interface Storage {
  kind: "local" | "s3";
  /**
   * Every object the store holds, a page at a time, so memory stays flat whatever it holds (backups read it).
   * Keys are listed as they are, portal's or not: whoever reads the list decides what to do with a stranger.
   */
  list(): AsyncIterable<StoredObject>;
  /** Writes the whole object or nothing: a reader never sees half a file. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /**
   * Big files (a cut of several GB) without holding them in memory: the file at `file` becomes the object
   * (moved when the store is a folder on the same disk, else copied; S3 gets it by multipart upload).
   */
  putFile(key: string, file: string): Promise<void>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Bytes `start` to `end` (both included) of the object, as a stream; null when there is no such object. */
  readRange(key: string, start: number, end: number): Promise<Readable | null>;
  /**
   * A short-lived GET address of the object that needs no session (S3's query signing); null for a folder.
   * `query` adds signed parameters, such as S3's response-content-type.
   */
  presign(key: string, seconds: number, query?: string): string | null;
  /** Where a folder keeps the object on disk, for a tool that reads files (ffmpeg); null for S3. */
  localPath(key: string): string | null;
}

export interface StoredObject {
  key: string;
  size: number;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether a key is one the portal could have written (so a backup may carry it and a restore put it back). */
export function isStorageKey(key: string): boolean {
  const parts = key.split("/");
  return parts.length >= 2 && parts.every((p) => SEGMENT.test(p) && !p.includes(".."));
}

/** A key becomes a file path, so anything that could climb out of the store is refused. */
export function checkKey(key: string): string[] {
  if (!isStorageKey(key)) throw new AppError("bad_request", "This is not a valid file address.");
  return key.split("/");
}

export function createLocalStorage(root: string): Storage {
  const file = (key: string) => path.join(root, ...checkKey(key));
  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      // Dot files are put's half-written temporaries (no segment of a key starts with a dot).
      if (e.name.startsWith(".")) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) yield* walk(full, `${prefix}${e.name}/`);
      else if (e.isFile()) {
        // A file deleted since the folder was read is simply no longer there.
        const size = await stat(full).then(
          (st) => st.size,
          (err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? null : Promise.reject(err)),
        );
        if (size !== null) yield { key: `${prefix}${e.name}`, size };
      }
    }
  }
  return {
    kind: "local",
    list: () => walk(root, ""),
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Same folder as the target, so the rename is atomic on one file system.
      const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(tmp, bytes, { flag: "wx" });
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(file(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async putFile(key, from) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        // A rename across file systems fails (EXDEV): then the bytes are copied, still behind a temporary name.
        await rename(from, tmp).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== "EXDEV") throw err;
          await copyFile(from, tmp);
          await rm(from, { force: true });
        });
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async stat(key) {
      try {
        const st = await stat(file(key));
        return st.isFile() ? { size: st.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async readRange(key, start, end) {
      // Opened first, so a missing file is a null answer and not an error in the middle of a response.
      const handle = await open(file(key), "r").catch((err: NodeJS.ErrnoException) =>
        err.code === "ENOENT" ? null : Promise.reject(err),
      );
      if (!handle) return null;
      return handle.createReadStream({ start, end });
    },
    presign: () => null,
    localPath: (key) => file(key),
  };
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects per LIST answer (S3 gives at most 1000); smaller only to test the paging. */
  listPageSize?: number;
}

/** Percent-encoding as SigV4 wants it: everything but A–Z a–z 0–9 - _ . ~ (encodeURIComponent leaves !'()* as they are). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const xmlText = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : (XML_ENTITIES[e] ?? whole),
  );
const xmlField = (xml: string, tag: string) => {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return m ? xmlText(m[1]!) : undefined;
};

/** One ListObjectsV2 answer: a flat document whose few fields are read without an XML library. */
function parseListPage(xml: string): { objects: StoredObject[]; truncated: boolean; next?: string } {
  const objects: StoredObject[] = [];
  for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = xmlField(contents!, "Key");
    const size = Number(xmlField(contents!, "Size"));
    if (key === undefined || !Number.isSafeInteger(size))
      throw new Error(`S3 LIST answered an object without a key or size: ${contents!.slice(0, 200)}`);
    objects.push({ key, size });
  }
  return { objects, truncated: xmlField(xml, "IsTruncated") === "true", next: xmlField(xml, "NextContinuationToken") };
}

/**
 * An S3-compatible bucket, addressed path-style (<endpoint>/<bucket>/<key>) so any S3-compatible server
 * works; requests are signed with AWS Signature Version 4. A PUT is stored whole or not at all by S3 itself.
 */
export function createS3Storage(opts: S3Options): Storage {
  const base = new URL(opts.endpoint);
  const bucketPath = `${base.pathname.replace(/\/$/, "")}/${opts.bucket}`;
  /** Every request to the bucket, signed with AWS Signature Version 4 (the query string is part of what is signed). */
  const signedFetch = async (
    method: "GET" | "PUT" | "DELETE" | "POST" | "HEAD",
    pathname: string,
    query: Record<string, string> = {},
    body?: Uint8Array,
    extra: Record<string, string> = {},
  ) => {
    const search = Object.entries(query)
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
      .join("&");
    const target = search ? `${pathname}?${search}` : pathname;
    const signed = aws4.sign(
      {
        host: base.host,
        path: target,
        method,
        service: "s3",
        region: opts.region,
        headers: {
          ...extra,
          ...(body ? { "content-type": "application/octet-stream", "content-length": String(body.byteLength) } : {}),
        },
        body: body ? Buffer.from(body) : undefined,
      },
      { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    );
    const headers = Object.fromEntries(
      Object.entries(signed.headers ?? {})
        .filter(([h]) => h.toLowerCase() !== "host" && h.toLowerCase() !== "content-length")
        .map(([h, v]) => [h, String(v)]),
    );
    return fetch(new URL(target, base), { method, headers, body: body ? Buffer.from(body) : undefined });
  };
  const objectPath = (key: string) => `${bucketPath}/${checkKey(key).map(encodeURIComponent).join("/")}`;
  const send = (method: "GET" | "PUT" | "DELETE", key: string, body?: Uint8Array) =>
    signedFetch(method, objectPath(key), {}, body);
  // S3 explains an error in an XML document: its code and message make one line an operator can act on.
  const fail = async (what: string, res: Response) => {
    const body = await res.text();
    const code = xmlField(body, "Code");
    return new Error(
      `S3 ${what} answered ${res.status}${code ? ` ${code}` : ""}: ${(xmlField(body, "Message") ?? body).slice(0, 300)}`,
    );
  };
  const pageSize = String(opts.listPageSize ?? 1000);
  return {
    kind: "s3",
    async *list() {
      // ListObjectsV2, one page after another: the continuation token says where the next one starts.
      let token: string | undefined;
      do {
        const res = await signedFetch("GET", bucketPath, {
          "list-type": "2",
          "max-keys": pageSize,
          ...(token ? { "continuation-token": token } : {}),
        });
        if (!res.ok) throw await fail("LIST", res);
        const page = parseListPage(await res.text());
        yield* page.objects;
        if (page.truncated && !page.next)
          throw new Error("S3 LIST answered a truncated page without a continuation token");
        token = page.truncated ? page.next : undefined;
      } while (token);
    },
    async put(key, bytes) {
      const res = await send("PUT", key, bytes);
      if (!res.ok) throw await fail("PUT", res);
    },
    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) return null;
      if (!res.ok) throw await fail("GET", res);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send("DELETE", key);
      if (!res.ok && res.status !== 404) throw await fail("DELETE", res);
    },
    async putFile(key, file) {
      const size = (await stat(file)).size;
      if (size <= S3_PART_BYTES) {
        await this.put(key, new Uint8Array(await readFile(file)));
        await rm(file, { force: true });
        return;
      }
      // A multipart upload: one part in memory at a time, and S3 joins them into the object only when told to.
      const start = await signedFetch("POST", objectPath(key), { uploads: "" });
      if (!start.ok) throw await fail("CreateMultipartUpload", start);
      const uploadId = xmlField(await start.text(), "UploadId");
      if (!uploadId) throw new Error("S3 CreateMultipartUpload answered no UploadId");
      const parts: string[] = [];
      const handle = await open(file, "r");
      try {
        for (let n = 1, at = 0; at < size; n++, at += S3_PART_BYTES) {
          const chunk = new Uint8Array(Math.min(S3_PART_BYTES, size - at));
          await handle.read(chunk, 0, chunk.byteLength, at);
          const res = await signedFetch("PUT", objectPath(key), { partNumber: String(n), uploadId }, chunk);
          if (!res.ok) throw await fail("UploadPart", res);
          parts.push(`<Part><PartNumber>${n}</PartNumber><ETag>${res.headers.get("etag") ?? ""}</ETag></Part>`);
        }
        const xml = `<CompleteMultipartUpload>${parts.join("")}</CompleteMultipartUpload>`;
        const done = await signedFetch("POST", objectPath(key), { uploadId }, new TextEncoder().encode(xml));
        // S3 may answer 200 with an error document when joining the parts failed late.
        const text = await done.text();
        if (!done.ok || text.includes("<Error>"))
          throw new Error(`S3 CompleteMultipartUpload answered ${done.status}: ${text.slice(0, 300)}`);
      } catch (err) {
        await signedFetch("DELETE", objectPath(key), { uploadId }).catch(() => undefined);
        throw err;
      } finally {
        await handle.close();
      }
      await rm(file, { force: true });
    },
    async stat(key) {
      const res = await signedFetch("HEAD", objectPath(key));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 HEAD answered ${res.status}`);
      return { size: Number(res.headers.get("content-length") ?? 0) };
    },
    async readRange(key, start, end) {
      const res = await signedFetch("GET", objectPath(key), {}, undefined, { range: `bytes=${start}-${end}` });
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw await fail("GET", res);
      return Readable.fromWeb(res.body as import("node:stream/web").ReadableStream);
    },
    localPath: () => null,
    presign(key, seconds, query) {
      // Query signing: the address itself carries the signature and its expiry, so the browser needs no key.
      const signed = aws4.sign(
        {
          host: base.host,
          path: `${objectPath(key)}?X-Amz-Expires=${Math.round(seconds)}${query ? `&${query}` : ""}`,
          method: "GET",
          service: "s3",
          region: opts.region,
          signQuery: true,
        },
        { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      );
      return new URL(signed.path!, base).toString();
    },
  };
}

/** Parts of a multipart upload: S3 wants at least 5 MB but the last; 16 MB keeps a 20 GB cut under its 10,000 parts. */
const S3_PART_BYTES = 16 * 1024 * 1024;

const stores = new Map<string, Storage>();

type StorageConfig = Pick<
  Config,
  "DATA_DIR" | "S3_ENDPOINT" | "S3_BUCKET" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
>;

/** The bucket when S3_* are set, else a folder of DATA_DIR; built on first use, so jobs and routes share it. */
export function storageFor(config: StorageConfig): Storage {
  const id = config.S3_ENDPOINT ? `${config.S3_ENDPOINT} ${config.S3_BUCKET}` : path.join(config.DATA_DIR, "storage");
  let store = stores.get(id);
  if (!store) {
    store =
      config.S3_ENDPOINT && config.S3_BUCKET
        ? createS3Storage({
            endpoint: config.S3_ENDPOINT,
            bucket: config.S3_BUCKET,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
            secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
          })
        : createLocalStorage(id);
    stores.set(id, store);
  }
  return store;
}

// ── What a file really is ────────────────────────────────────────────────────────────────────────

export interface FileType {
  mime: string;
  ext: string;
  label: string;
}

const PDF: FileType = { mime: "application/pdf", ext: "pdf", label: "PDF" };
const OFFICE: Record<string, FileType> = {
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ext: "docx",
    label: "Word document",
  },
  xlsx: {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ext: "xlsx",
    label: "Excel spreadsheet",
  },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ext: "pptx",
    label: "PowerPoint presentation",
  },
  odt: { mime: "application/vnd.oasis.opendocument.text", ext: "odt", label: "OpenDocument text" },
  ods: { mime: "application/vnd.oasis.opendocument.spreadsheet", ext: "ods", label: "OpenDocument spreadsheet" },
};

export const ACCEPTED_FILES = "PDF, PNG, JPEG, WebP, Word, Excel, PowerPoint, OpenDocument, plain text or CSV";

export const HEIC: FileType = { mime: "image/heic", ext: "heic", label: "HEIC photo" };
/** The brands of an ISO-BMFF "ftyp" box that mark a HEIF/HEIC still image (a phone camera's default). */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** Which sniffed types an upload may be, and how its message names them. */
export interface UploadRule {
  mimes: ReadonlySet<string>;
  accepted: string;
}

/** Files the portal keeps in general (documents): everything sniffFileType knows except HEIC, which few browsers show. */
export const GENERAL_UPLOADS: UploadRule = {
  mimes: new Set([
    "application/pdf",
    "image/png",
    "image/jpeg",
    "image/webp",
    "text/plain",
    "text/csv",
    ...Object.values(OFFICE).map((t) => t.mime),
  ]),
  accepted: ACCEPTED_FILES,
};

/**
 * The type the bytes really are, from their first bytes; the name only tells which of the zip-based
 * office formats a zip is, or whether text is CSV. Null when the portal does not keep this kind of file.
 */
export function sniffFileType(bytes: Uint8Array, fileName: string): FileType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  const ext = path.extname(fileName).slice(1).toLowerCase();
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF;
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: "image/png", ext: "png", label: "PNG image" };
  if (starts([0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg", label: "JPEG image" };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { mime: "image/webp", ext: "webp", label: "WebP image" };
  if (starts([0x66, 0x74, 0x79, 0x70], 4) && HEIF_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12))))
    return HEIC;
  if (starts([0x50, 0x4b, 0x03, 0x04])) return OFFICE[ext] ?? null;
  if (isText(bytes))
    return ext === "csv"
      ? { mime: "text/csv", ext: "csv", label: "CSV" }
      : { mime: "text/plain", ext: "txt", label: "text" };
  return null;
}

function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The size and type checks every upload passes, with the message a person reads. */
export function checkUpload(
  config: Pick<Config, "UPLOAD_MAX_MB">,
  bytes: Uint8Array,
  fileName: string,
  rule: UploadRule = GENERAL_UPLOADS,
): FileType {
  if (bytes.byteLength === 0) throw new AppError("bad_request", "The file is empty. Choose another file.");
  if (bytes.byteLength > config.UPLOAD_MAX_MB * 1024 * 1024) {
    throw new AppError(
      "payload_too_large",
      `The file is larger than ${config.UPLOAD_MAX_MB} MB. Make it smaller or split it, then upload it again.`,
    );
  }
  const type = sniffFileType(bytes, fileName);
  if (!type || !rule.mimes.has(type.mime)) {
    throw new AppError(
      "unsupported_media_type",
      `This kind of file cannot be kept here. Upload a ${rule.accepted} file; the portal checks what the file contains, not its name.`,
    );
  }
  return type;
}
