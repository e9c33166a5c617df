/** PostgreSQL's error codes (SQLSTATE) the portal answers differently, and how to read one from a thrown error. */

/** A booking that overlaps another, refused by an exclusion constraint. */
export const EXCLUSION_VIOLATION = "23P01";
export const UNIQUE_VIOLATION = "23505";
/** A delete that a foreign key refuses: "restrict" answers 23001, "no action" 23503. */
export const STILL_REFERENCED = new Set(["23001", "23503"]);
/** A table the migrations have not made yet. */
export const UNDEFINED_TABLE = "42P01";

/** A PostgreSQL error code, whether the driver or Drizzle's wrapper threw it. */
export function pgCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
