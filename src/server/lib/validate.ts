import type { Context } from "hono";
import type { z } from "zod";
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in an address are checked before a query: the database would answer a malformed uuid with an error, not "no such row". */
export const isUuid = (id: string) => UUID.test(id);
