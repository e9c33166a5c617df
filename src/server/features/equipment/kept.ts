import { cachePerBus, jsonAnswers, type EntryScope } from "../../lib/cache.ts";
import { keys } from "../../../common/query-keys.ts";
import * as repo from "./repository/index.ts";
import type { S } from "./shared.ts";

/**
 * Answers kept until an event names their part of `equipment` (lib/cache.ts). A reservation's request, decision or
 * cancellation names only what it changes (EQUIPMENT_BOOKING_KEYS), so a class reserving at nine leaves the
 * inventory's pages, the categories, the certifications and each person's status kept; check-out, check-in and
 * inventory changes name all of `equipment`.
 */
export const part = keys.equipmentPart;
export const INVENTORY_SCOPE: EntryScope = {
  deps: [part("items"), part("item"), part("categories"), part("certifications")],
};

/**
 * Which of a page's items are free in a range, for everyone asking alike: kept a few seconds, the time an item
 * turning late (the only change without an event) may take to show, and until the next booking.
 */
export const FREE_MS = 5_000;
const freeCache = cachePerBus<Set<string>>({ ttlMs: FREE_MS, maxEntries: 1_000 });
export const FREE_SCOPE: EntryScope = { deps: [part("availability"), part("items"), part("item")] };

export function freeAmong(s: Pick<S, "db" | "events">, ids: string[], r: { from: Date; to: Date }) {
  const key = `${r.from.toISOString()} ${r.to.toISOString()} ${ids.join(",")}`;
  return freeCache(s.events).get(key, () => repo.selectFreeAmong(s.db, { ids, ...r }), undefined, FREE_SCOPE);
}

/** The certifications a person holds, kept until a certification is granted, revoked or removed. */
const heldCache = cachePerBus<Set<string>>({ ttlMs: 5 * 60_000, maxEntries: 5_000 });

export function heldCertifications(s: Pick<S, "db" | "events">, userId: string): Promise<Set<string>> {
  return heldCache(s.events).get(userId, () => repo.selectCertificationIds(s.db, userId), undefined, {
    deps: [part("certifications")],
    userId,
  });
}

/**
 * The answers as browsers ask for them, as JSON per person and query: those assembled from the free flags live as
 * long as they do; the rest until an event names them.
 */
export const shortAnswers = jsonAnswers({ ttlMs: FREE_MS, maxEntries: 2_000 });
export const keptAnswers = jsonAnswers({ ttlMs: 5 * 60_000, maxEntries: 5_000, staleMs: 30_000 });
