import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { Logger } from "./logger.ts";

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  /** A 403 of its own: the web app leads the person to the two-step setup instead of showing an error. */
  | "two_step_setup_required"
  | "not_found"
  | "conflict"
  /** A 410: the thing was there and is no more (an expired or revoked link), so asking again will not help. */
  | "gone"
  | "too_many_requests"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unavailable"
  | "internal";

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 503> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  two_step_setup_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_many_requests: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
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

/** Seconds a client is asked to wait before trying again while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE =
  "The portal is briefly unavailable. Nothing you typed is lost; it will try again in a few seconds.";

/**
 * Network errors of node-postgres, and PostgreSQL's connection-exception class (08), shutdowns (57P0x) and
 * full connection slots (53300): the database is down or out of reach, not the request wrong.
 */
const UNAVAILABLE_NET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Cannot use a pool after calling end/i;

/** Whether an error (or anything in its cause chain) says the database cannot be reached at the moment. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 6) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (UNAVAILABLE_NET_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code)))
    return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** The one answer while the database cannot be reached: 503, when to try again, and a sentence for people. */
export function unavailableResponse(c: Context): Response {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.json<ErrorBody>({ error: { code: "unavailable", message: UNAVAILABLE_MESSAGE } }, 503);
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
    const code: ErrorCode =
      err.status === 413 ? "payload_too_large" : err.status === 401 ? "unauthorized" : "bad_request";
    return c.json<ErrorBody>({ error: { code, message: err.message || "Bad request" } }, err.status);
  }
  if (isDatabaseUnavailable(err)) {
    // At warn: an outage is the operator's alarm (readyz), not a fault of this request.
    log.warn({ err, path: c.req.path, method: c.req.method }, "database unavailable");
    return unavailableResponse(c);
  }
  log.error({ err, path: c.req.path, method: c.req.method }, "unhandled error");
  return c.json<ErrorBody>({ error: { code: "internal", message: "An unexpected error occurred" } }, 500);
}
