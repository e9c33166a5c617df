import { TWO_STEP_SETUP_REQUIRED_CODE } from "../../common/two-step.ts";
import { recordTiming } from "./perf.ts";

/** An error answered by the server: `message` is written for people and may be shown as is. */
/** A failed request's message for a person: the server's own words, or a general sentence. */
export const errorText = (err: unknown) => (err instanceof ApiError ? err.message : "An unexpected error occurred");

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A query's retry rule for things a 4xx refused: a missing or forbidden thing will not appear by asking again. */
export const retryUnlessRefused = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

export const RATE_LIMIT_PATTERN = /too many (failed )?(login )?attempts|rate limit|too many requests/i;

type RateLimitHandler = (error: ApiError) => void;
let onRateLimited: RateLimitHandler | null = null;

/** The auth provider registers here: SPEC §4, a rate-limit error signs the user out and clears auth state. */
export function setRateLimitHandler(handler: RateLimitHandler | null) {
  onRateLimited = handler;
}

type TwoStepRequiredHandler = () => void;
let onTwoStepRequired: TwoStepRequiredHandler | null = null;

/**
 * The auth provider registers here: the server refuses everything but the two-step setup to a person the school
 * requires it of (403 `two_step_setup_required`), and the app then leads them to the setup instead of an error.
 */
export function setTwoStepRequiredHandler(handler: TwoStepRequiredHandler | null) {
  onTwoStepRequired = handler;
}

/**
 * While the server answers 503 (its database is briefly out of reach) the app says so in one place and
 * reads again by itself. Only requests that may safely be repeated are repeated: a read, or a PUT/DELETE
 * that sets a state. A POST could be done twice, so it fails with the server's sentence and the form keeps
 * what was typed for the person to send again.
 */
export const UNAVAILABLE_TEXT =
  "The portal is briefly unavailable. Nothing you typed is lost; it will try again in a few seconds.";
const REPEATABLE = new Set(["GET", "PUT", "DELETE"]);
/** How long reads keep trying before they fail like any other error (the error screen offers Try again). */
const UNAVAILABLE_GIVE_UP_MS = 2 * 60 * 1000;

let unavailableSince: number | null = null;
const availabilityListeners = new Set<() => void>();
function setUnavailable(down: boolean) {
  if (down === (unavailableSince !== null)) return;
  unavailableSince = down ? Date.now() : null;
  for (const l of availabilityListeners) l();
}
/** For `useSyncExternalStore`: whether the portal said it is briefly unavailable and has not answered since. */
export const availability = {
  subscribe(listener: () => void) {
    availabilityListeners.add(listener);
    return () => void availabilityListeners.delete(listener);
  },
  isUnavailable: () => unavailableSince !== null,
  /** Asks the server whether it can serve again (its readiness), and says so when it can. */
  async recheck() {
    try {
      if ((await fetch("/readyz", { cache: "no-store" })).ok) setUnavailable(false);
    } catch {
      /* still out of reach */
    }
  },
};

/** Seconds the server asked to wait, kept between 1 and 30 whatever it said. */
function retryDelayMs(res: Response) {
  const seconds = Number(res.headers.get("retry-after"));
  return Math.min(30, Math.max(1, Number.isFinite(seconds) ? seconds : 5)) * 1000;
}

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError"));
    });
  });
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  /** A raw body (a file upload) sent with its own content type, instead of `json`. */
  raw?: { body: Blob; contentType: string };
  /** Headers of the request's own, such as a public link's token; the content type is still set from `json`/`raw`. */
  headers?: Record<string, string>;
  /** `"bytes"`: the answer's body as bytes (a PDF to draw, an image), whatever its type. */
  as?: "bytes";
  signal?: AbortSignal;
}

/** Reads an error body of either shape the server sends: ours `{error:{code,message}}` or better-auth's `{code,message}`. */
async function toApiError(res: Response): Promise<ApiError> {
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const err = body?.error && typeof body.error === "object" ? body.error : body;
  const message =
    typeof err?.message === "string" && err.message ? err.message : res.statusText || "An unexpected error occurred";
  return new ApiError(res.status, message, err?.code, err?.details);
}

export function api(path: string, opts: ApiOptions & { as: "bytes" }): Promise<Uint8Array>;
export function api<T = unknown>(path: string, opts?: ApiOptions): Promise<T>;
export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const started = performance.now();
  const method = opts.method ?? (opts.json === undefined && opts.raw === undefined ? "GET" : "POST");
  const type = opts.raw
    ? { "content-type": opts.raw.contentType }
    : opts.json === undefined
      ? undefined
      : { "content-type": "application/json" };
  const headers = opts.headers ? { ...opts.headers, ...type } : type;
  try {
    let res: Response;
    for (let firstTry = Date.now(); ;) {
      try {
        res = await fetch(path, {
          method,
          credentials: "same-origin",
          headers,
          body: opts.raw ? opts.raw.body : opts.json === undefined ? undefined : JSON.stringify(opts.json),
          signal: opts.signal,
        });
      } catch (err) {
        if ((err as Error)?.name === "AbortError") throw err;
        throw new ApiError(0, "Cannot reach The Portal. Check your connection and try again.");
      }
      if (res.status !== 503) {
        setUnavailable(false);
        break;
      }
      setUnavailable(true);
      if (!REPEATABLE.has(method) || Date.now() - firstTry > UNAVAILABLE_GIVE_UP_MS) break;
      await wait(retryDelayMs(res), opts.signal);
    }
    if (!res.ok) {
      const error = await toApiError(res);
      if (res.status === 429 && RATE_LIMIT_PATTERN.test(error.message)) onRateLimited?.(error);
      if (res.status === 403 && error.code === TWO_STEP_SETUP_REQUIRED_CODE) onTwoStepRequired?.();
      throw error;
    }
    if (opts.as === "bytes") return new Uint8Array(await res.arrayBuffer()) as T;
    if (res.status === 204) return undefined as T;
    const answered = res.headers.get("content-type") ?? "";
    return (answered.includes("application/json") ? await res.json() : await res.text()) as T;
  } finally {
    recordTiming("api", `${method} ${path.split("?")[0]}`, performance.now() - started);
  }
}
