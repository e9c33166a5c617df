import type { Context } from "hono";
import type { z } from "zod";
import { isUuid } from "../../common/ids.ts";
import { AppError } from "./errors.ts";

/** Parses and validates a JSON body; a malformed body is a clear 400, never a 500. */
export async function body<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  return schema.parse(raw);
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return schema.parse(c.req.query());
}

/** Ids in an address are checked before a query: the database would answer a malformed uuid with an error, not "no such row". */
export { isUuid } from "../../common/ids.ts";

/** A part of the address that is not an id (a section, a key, a file name); "" when absent. */
export const pathParam = (c: Context, name: string) => c.req.param(name) ?? "";

/**
 * An id in the address: a malformed one names nothing, so it is the not-found the service would give
 * for an unknown id ("There is no project with this id."), answered before any query is made.
 */
export function idParam(c: Context, name: string, what: string): string {
  const id = pathParam(c, name);
  if (!isUuid(id)) throw new AppError("not_found", `There is no ${what} with this id.`);
  return id;
}
