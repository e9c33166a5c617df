import pino from "pino";

export type Logger = pino.Logger;

// Passwords, tokens and cookies must never reach a log line, whatever object is logged.
const redact = {
  paths: [
    "password",
    "newPassword",
    "currentPassword",
    "token",
    "*.password",
    "*.newPassword",
    "*.token",
    "headers.cookie",
    "headers.authorization",
    "*.headers.cookie",
    "*.headers.authorization",
  ],
  censor: "[redacted]",
};

/**
 * A failed query's values are session tokens, reset tokens and e-mail addresses: Drizzle writes them into
 * its error's message ("…\nparams: …") and `params`, PostgreSQL into `detail` ("Key (email)=(…)"). Only
 * the statement, the error's code and where it stopped are kept; that is what an operator needs to act.
 */
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
/** What PostgreSQL's and node-postgres's errors carry besides values: safe to keep. */
const SAFE_ERROR_FIELDS = [
  "code",
  "errno",
  "syscall",
  "severity",
  "constraint",
  "table",
  "column",
  "schema",
  "dataType",
  "routine",
  "query",
] as const;

/** An error's message without the values of a failed query. */
export function safeErrorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(PARAMS_IN_MESSAGE, "");
}

/** An error as a log may hold it: type, message, statement, codes and stack frames, the same for its causes. */
export function safeError(err: Error, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message: safeErrorMessage(err) };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_ERROR_FIELDS) {
    const v = fields[key];
    if (typeof v === "string" || typeof v === "number") out[key] = v;
  }
  // The stack's first lines repeat the message, values included: only the frames are kept.
  if (typeof err.stack === "string")
    out.stack = err.stack
      .split("\n")
      .filter((l) => /^\s+at /.test(l))
      .join("\n");
  if (err.cause !== undefined && depth < 5) out.cause = scrub(err.cause, depth + 1);
  if (err instanceof AggregateError && depth < 5) out.errors = err.errors.slice(0, 5).map((e) => scrub(e, depth + 1));
  return out;
}

/** Walks what is about to be logged and replaces every error, wherever it sits, by its safe form. */
function scrub(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return safeError(value, depth);
  if (typeof value === "string") return value.replace(PARAMS_IN_MESSAGE, "");
  if (depth >= 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrub(v, depth + 1);
  return out;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact,
      base: undefined,
      // `err` is read here, before pino's own serializer (which copies every field of an error) sees it.
      formatters: { log: (obj) => scrub(obj) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === "string" ? safeErrorMessage(a) : a)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}
