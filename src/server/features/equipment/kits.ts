// Kits: items the office lends together under one name.
import { eq, inArray } from "drizzle-orm";
import { kitInput, type KitDto, type KitInput } from "../../../common/equipment.ts";
import { type Caller } from "../../auth/caller.ts";
import { equipmentItems, equipmentKits, kitItems } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { pgCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import * as repo from "./repository/index.ts";
import { checkId, missing, publish, requireOffice, type S } from "./shared.ts";
import { cachePerBus } from "../../lib/cache.ts";
import { placeAccessLevel } from "./access-levels.ts";
import { ACCESS_DEPS, accessFor, type Access } from "./access.ts";
import { FREE_MS, FREE_SCOPE, INVENTORY_SCOPE, heldCertifications, part, shortAnswers } from "./kept.ts";

// ── Kits ─────────────────────────────────────────────────────────────────────────────────────────

const toKit = (
  k: Awaited<ReturnType<typeof repo.selectKits>>[number],
  withFree: boolean,
  held: Set<string> | null,
  access: Access | null,
): KitDto => ({
  id: k.kit.id,
  name: k.kit.name,
  description: k.kit.description,
  items: k.items.map((i) => ({ id: i.id, name: i.name, assetTag: i.assetTag, status: i.status })),
  ...(withFree ? { free: k.items.length > 0 && k.items.every((i) => i.free) } : {}),
  missingCertifications: [
    ...new Set(
      k.items
        .filter((i) => held && i.certificationId && !held.has(i.certificationId) && i.certificationName)
        .map((i) => i.certificationName!),
    ),
  ].sort(),
  closed:
    access?.kit(
      k.kit.id,
      k.items.map((i) => i.id),
    ) ?? null,
});

/**
 * The kits, with whether each is free in the range, and for a person which certifications its items need that they
 * lack and whether its access level closes it to them.
 */
export async function listKits(
  s: Pick<S, "db" | "events">,
  opts: { from?: string; to?: string; caller?: Caller } = {},
): Promise<KitDto[]> {
  const range = opts.from && opts.to ? { from: new Date(opts.from), to: new Date(opts.to) } : undefined;
  if (range && !(range.to > range.from))
    throw new AppError("bad_request", "The end of the range must come after its start.");
  const [kits, held, access] = await Promise.all([
    kitsCache(s.events).get(
      range ? `${range.from.toISOString()} ${range.to.toISOString()}` : "",
      () => repo.selectKits(s.db, range),
      undefined,
      KITS_SCOPE,
    ),
    opts.caller ? heldCertifications(s, opts.caller.id) : null,
    opts.caller ? accessFor(s, opts.caller) : null,
  ]);
  return kits.map((k) => toKit(k, !!range, held, access));
}

/** The kits and which of their items are free in a range, for everyone alike, kept as long as the free flags (kept.ts). */
const kitsCache = cachePerBus<Awaited<ReturnType<typeof repo.selectKits>>>({ ttlMs: FREE_MS, maxEntries: 500 });
const KITS_SCOPE = { deps: [part("kits"), ...FREE_SCOPE.deps, ...INVENTORY_SCOPE.deps] };

/** The kits for a person and range, as JSON, as long as the free flags and the access they are made of. */
export function browseKits(s: Pick<S, "db" | "events">, opts: { from?: string; to?: string; caller: Caller }) {
  return shortAnswers(
    s.events,
    `kits ${opts.caller.id} ${opts.from ?? ""} ${opts.to ?? ""}`,
    { deps: [...KITS_SCOPE.deps, ...ACCESS_DEPS], userId: opts.caller.id },
    () => listKits(s, opts),
  );
}

async function writeKit(s: S, opts: { caller: Caller; id?: string; input: KitInput }): Promise<KitDto[]> {
  requireOffice(opts.caller);
  const input = kitInput.parse(opts.input);
  const itemIds = [...new Set(input.itemIds)];
  try {
    await s.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: equipmentItems.id })
        .from(equipmentItems)
        .where(inArray(equipmentItems.id, itemIds));
      if (found.length !== itemIds.length)
        throw new AppError("bad_request", "Some of the kit's items do not exist: choose them from the inventory.");
      let kitId = opts.id;
      if (kitId) {
        const rows = await tx
          .update(equipmentKits)
          .set({ name: input.name, description: input.description })
          .where(eq(equipmentKits.id, kitId))
          .returning();
        if (rows.length === 0) throw missing("kit");
        await tx.delete(kitItems).where(eq(kitItems.kitId, kitId));
      } else {
        [{ id: kitId }] = (await tx
          .insert(equipmentKits)
          .values({ name: input.name, description: input.description })
          .returning({ id: equipmentKits.id })) as [{ id: string }];
      }
      await tx.insert(kitItems).values(itemIds.map((itemId) => ({ kitId: kitId!, itemId })));
      if (input.accessLevelId !== undefined) await placeAccessLevel(tx, "kit", kitId!, input.accessLevelId);
    });
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) {
      throw new AppError(
        "conflict",
        `Either a kit is already called “${input.name}”, or one of these items already belongs to another kit (an item is in one kit at most).`,
      );
    }
    throw err;
  }
  await publish(s);
  return listKits(s);
}

export const createKit = (s: S, opts: { caller: Caller; input: KitInput }) => writeKit(s, opts);
export function updateKit(s: S, opts: { caller: Caller; id: string; input: KitInput }) {
  checkId(opts.id, "kit");
  return writeKit(s, opts);
}
export async function deleteKit(s: S, opts: { caller: Caller; id: string }): Promise<void> {
  requireOffice(opts.caller);
  checkId(opts.id, "kit");
  const gone = await s.db.delete(equipmentKits).where(eq(equipmentKits.id, opts.id)).returning();
  if (gone.length === 0) throw missing("kit");
  await publish(s);
}
