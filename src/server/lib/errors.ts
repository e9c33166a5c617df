import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { Logger } from "./logger.ts";

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_many_requests"
  | "payload_too_large"
  | "unsupported_media_type"
  | "internal";

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
};

/** The one error type of the domain: `message` is shown to people, `cause` only reaches the log. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  get status() {
    return STATUS[this.code];
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** Maps any thrown value to a response in one place; a 500 never shows internals. */
export function errorResponse(err: unknown, c: Context, log: Logger): Response {
  if (err instanceof AppError) {
    return c.json<ErrorBody>({ error: { code: err.code, message: err.message, details: err.details } }, err.status);
  }
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const where = first?.path.length ? `${first.path.join(".")}: ` : "";
    return c.json<ErrorBody>(
      { error: { code: "bad_request", message: `${where}${first?.message ?? "Invalid input"}`, details: err.issues } },
      400,
    );
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code: ErrorCode = err.status === 413 ? "payload_too_large" : err.status === 401 ? "unauthorized" : "bad_request";
    return c.json<ErrorBody>({ error: { code, message: err.message || "Bad request" } }, err.status);
  }
  log.error({ err, path: c.req.path, method: c.req.method }, "unhandled error");
  return c.json<ErrorBody>({ error: { code: "internal", message: "An unexpected error occurred" } }, 500);
}
