// Access levels: which gear a person may book, and why the rest is closed to them (issue: booking rules by course).
import {
  closedReason,
  type AccessLevelDto,
  type ClosedGear,
  type ItemAccessDto,
} from "../../../common/equipment-access.ts";
import { can, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cachePerBus } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { keys, type QueryKeyOf } from "../../../common/query-keys.ts";
import * as repo from "./repository/index.ts";
import { part } from "./kept.ts";
import { checkId, type S } from "./shared.ts";

/**
 * What an answer about access is made of: the levels and what carries them (`equipment`, `access`, which every
 * inventory change names too), and the courses, whose rosters and titles grant and name levels. A booking names
 * neither, so a class reserving keeps these.
 */
export const ACCESS_DEPS: QueryKeyOf[] = [part("access"), keys.courses()];

export interface AccessRules {
  levels: Map<string, Omit<AccessLevelDto, "itemCount" | "kitCount">>;
  /** The level an item carries itself. */
  itemLevel: Map<string, string>;
  kitLevel: Map<string, string>;
  /** The kit of an item, for the items of kits that carry a level. */
  kitOf: Map<string, string>;
}

export async function loadAccessRules(db: DbOrTx): Promise<AccessRules> {
  const r = await repo.selectAccessRules(db);
  const levels: AccessRules["levels"] = new Map();
  for (const l of r.levels) {
    const courses = r.byCourse.filter((c) => c.levelId === l.id).map(({ levelId: _, ...c }) => c);
    const certifications = r.byCertification.filter((c) => c.levelId === l.id).map(({ levelId: _, ...c }) => c);
    const reason = closedReason({
      name: l.name,
      courses: [...new Set(courses.map((c) => c.title))],
      certifications: certifications.map((c) => c.name),
    });
    levels.set(l.id, { id: l.id, name: l.name, courses, certifications, reason });
  }
  return {
    levels,
    itemLevel: new Map(r.items.map((i) => [i.itemId, i.levelId])),
    kitLevel: new Map(r.kits.map((k) => [k.kitId, k.levelId])),
    kitOf: new Map(r.inKits.map((k) => [k.itemId, k.kitId])),
  };
}

/** The rules, the same for everyone: kept until a level, the inventory or a course changes. */
const rulesCache = cachePerBus<AccessRules>({ ttlMs: 5 * 60_000, maxEntries: 1 });
export const accessRules = (s: Pick<S, "db" | "events">) =>
  rulesCache(s.events).get("rules", () => loadAccessRules(s.db), undefined, { deps: ACCESS_DEPS });

/** The levels a person holds, kept until a level, a course's roster or a certification changes. */
const heldCache = cachePerBus<Set<string>>({ ttlMs: 5 * 60_000, maxEntries: 5_000 });
const heldLevels = (s: Pick<S, "db" | "events">, userId: string) =>
  heldCache(s.events).get(userId, () => repo.selectHeldLevels(s.db, userId), undefined, {
    deps: [...ACCESS_DEPS, part("certifications")],
    userId,
  });

/** What one person may book: the gear closed to them and why. */
export interface Access {
  item(itemId: string): ClosedGear | null;
  kit(kitId: string, itemIds: string[]): ClosedGear | null;
  /** Every item closed to the person (for "Only what I may book"). */
  closedItemIds(): string[];
  /** The same for everyone holding the same levels: what a page kept per filter may be keyed by. */
  key: string;
}

const OPEN: Access = { item: () => null, kit: () => null, closedItemIds: () => [], key: "all" };

export function accessOf(rules: AccessRules, held: Set<string>): Access {
  const closing = (levelId: string | undefined): ClosedGear | null => {
    const level = levelId && !held.has(levelId) ? rules.levels.get(levelId) : undefined;
    return level ? { level: level.name, reason: level.reason } : null;
  };
  const item = (itemId: string) => {
    const kit = rules.kitOf.get(itemId);
    return closing(rules.itemLevel.get(itemId)) ?? closing(kit && rules.kitLevel.get(kit));
  };
  return {
    item,
    kit: (kitId, itemIds) => closing(rules.kitLevel.get(kitId)) ?? itemIds.map(item).find((c) => c) ?? null,
    closedItemIds: () => [...new Set([...rules.itemLevel.keys(), ...rules.kitOf.keys()])].filter((i) => item(i)),
    key: [...held].sort().join(","),
  };
}

/** Staff, the office and admins book every level; a student what their courses and certifications open. */
export async function accessFor(s: Pick<S, "db" | "events">, caller: Caller): Promise<Access> {
  if (can(caller.role, "equipment.any-level")) return OPEN;
  const [rules, held] = await Promise.all([accessRules(s), heldLevels(s, caller.id)]);
  return accessOf(rules, held);
}

/**
 * Refuses a reservation holding gear closed to the person, with the reason the catalogue shows. Read afresh in
 * the booking's transaction, as the other booking rules are, so a grant or a drop a moment ago counts.
 */
export async function requireAccess(
  tx: DbOrTx,
  caller: Caller,
  items: { id: string; name: string; assetTag: string }[],
) {
  if (can(caller.role, "equipment.any-level")) return;
  // Most bookings pass: the whole school's rules are read only to say why one does not.
  if (
    await repo.allOpenTo(
      tx,
      caller.id,
      items.map((i) => i.id),
    )
  )
    return;
  const [rules, held] = await Promise.all([loadAccessRules(tx), repo.selectHeldLevels(tx, caller.id)]);
  const access = accessOf(rules, held);
  const closed = items.flatMap((i) => {
    const c = access.item(i.id);
    return c ? [`${i.name} (${i.assetTag}): ${c.reason}`] : [];
  });
  if (closed.length > 0)
    throw new AppError(
      "forbidden",
      `Not open to you: ${closed.join("; ")}. Ask the equipment office if this is wrong.`,
    );
}

/** What an item's page says about its level: the level it needs, for everyone, and whether it is closed to the caller. */
export async function itemAccess(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; id: string },
): Promise<ItemAccessDto> {
  checkId(opts.id, "item");
  const [rules, access] = await Promise.all([accessRules(s), accessFor(s, opts.caller)]);
  return { level: accessOf(rules, new Set()).item(opts.id), closed: access.item(opts.id) };
}
