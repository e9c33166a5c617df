import { and, eq, isNull, sql } from "drizzle-orm";
import { PICKUP_HOURS, type DeskResultDto, type StrikeDto } from "../../../common/equipment.ts";
import { type Caller } from "../../auth/caller.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { equipmentItems, profiles, projects, reservationItems, reservations, strikes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { notify } from "../inbox/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { EXCLUSION_VIOLATION, pgCode } from "../../lib/db-errors.ts";
import * as repo from "./repository/index.ts";
import { HOUR_MS, publish, requireOffice, type S, when } from "./shared.ts";
import { getReservation } from "./reservations.ts";
import { checkoutGate } from "./gate.ts";

// ── The desk ─────────────────────────────────────────────────────────────────────────────────────

export async function itemByTag(tx: DbOrTx, tag: string) {
  const [item] = await tx.select().from(equipmentItems).where(eq(equipmentItems.assetTag, tag)).for("update");
  if (!item)
    throw new AppError("not_found", `No item carries the asset tag ${tag}. Check the label and type it again.`);
  return item;
}

/**
 * Hands out one item of an approved reservation, found by its tag. It may be collected up to
 * PICKUP_HOURS early; its booked range then starts now, which the exclusion constraint refuses if
 * someone else holds the item in between.
 */
export async function checkOut(s: S, opts: { caller: Caller; assetTag: string; now?: Date }): Promise<DeskResultDto> {
  requireOffice(opts.caller);
  const now = opts.now ?? new Date();
  let reservationId: string;
  try {
    reservationId = await s.db.transaction(async (tx) => {
      const item = await itemByTag(tx, opts.assetTag);
      if (item.status === "checked_out")
        throw new AppError("conflict", `${item.name} (${item.assetTag}) is already checked out: check it in first.`);
      if (item.status !== "available")
        throw new AppError(
          "conflict",
          `${item.name} (${item.assetTag}) is ${item.status === "retired" ? "retired" : "in maintenance"} and cannot go out.`,
        );
      const line = await lineToCollect(tx, item, now);
      if (!line) {
        throw new AppError(
          "conflict",
          `${item.name} (${item.assetTag}) has no approved reservation to collect now (collection opens ${PICKUP_HOURS} hours before the start).`,
        );
      }
      await checkoutGate(tx, line.project);
      await tx
        .update(reservationItems)
        .set({
          checkedOutAt: now,
          startsAt: sql`least(${reservationItems.startsAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(reservationItems.id, line.ri.id));
      await tx
        .update(equipmentItems)
        .set({ status: "checked_out", updatedAt: now })
        .where(eq(equipmentItems.id, item.id));
      await tx
        .update(reservations)
        .set({
          state: "checked_out",
          startsAt: sql`least(${reservations.startsAt}, ${now.toISOString()}::timestamptz)`,
          checkedOutAt: sql`coalesce(${reservations.checkedOutAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(reservations.id, line.ri.reservationId));
      return line.ri.reservationId;
    });
  } catch (err) {
    if (pgCode(err) === EXCLUSION_VIOLATION) {
      throw new AppError(
        "conflict",
        `${opts.assetTag} is booked by someone else before this reservation starts: it can be collected only once that booking ends.`,
      );
    }
    throw err;
  }
  await publish(s);
  return deskResult(s, opts.caller, reservationId, opts.assetTag, "checked out");
}

/**
 * The booking the scanned unit goes out on: its own, or else a line booked by model that it may take (the stand-in
 * unit is swapped for the scanned one; the exclusion constraint refuses it if the scanned unit is held then).
 */
async function lineToCollect(tx: Tx, item: typeof equipmentItems.$inferSelect, now: Date) {
  const pickupUntil = new Date(now.getTime() + PICKUP_HOURS * HOUR_MS);
  const own = await lineOfItem(tx, item.id, pickupUntil, now);
  if (own) return own;
  const stand = await repo.selectModelLineFor(tx, { item, pickupUntil, now });
  if (!stand) return null;
  await tx.update(reservationItems).set({ itemId: item.id }).where(eq(reservationItems.id, stand.id));
  return lineOfItem(tx, item.id, pickupUntil, now);
}

async function lineOfItem(tx: Tx, itemId: string, pickupUntil: Date, now: Date) {
  const [line] = await tx
    .select({ ri: reservationItems, project: { id: projects.id, title: projects.title } })
    .from(reservationItems)
    .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .where(and(eq(reservationItems.itemId, itemId), repo.collectable(pickupUntil, now)))
    .orderBy(reservationItems.startsAt)
    .limit(1)
    .for("update", { of: reservationItems });
  return line ?? null;
}

export async function deskResult(
  s: Pick<S, "db">,
  caller: Caller,
  reservationId: string,
  tag: string,
  verb: string,
  /** Every tag of the desk action, when it took several of this reservation at once. */
  all: string[] = [tag],
): Promise<DeskResultDto> {
  const reservation = await getReservation(s, { caller, id: reservationId });
  const [item] = await s.db.select().from(equipmentItems).where(eq(equipmentItems.assetTag, tag));
  const left = reservation.items.filter((i) =>
    verb === "checked out" ? !i.checkedOutAt : i.checkedOutAt && !i.returnedAt,
  ).length;
  const rest =
    left === 0
      ? "Nothing else of this reservation is waiting."
      : `${left} more item${left === 1 ? "" : "s"} of this reservation ${verb === "checked out" ? "still to hand out" : "still out"}.`;
  return {
    reservation,
    item: { id: item!.id, name: item!.name, assetTag: item!.assetTag, status: item!.status },
    message: `${all.length > 1 ? all.join(", ") : `${item!.name} (${item!.assetTag})`} ${verb} for “${reservation.project.title}”. ${rest}`,
  };
}

/** One strike per late reservation, whoever notices first (the overdue scan or the desk). */
export async function recordStrike(tx: Tx, r: repo.ReservationRow, now: Date): Promise<string[]> {
  const hours = Math.max(1, Math.round((now.getTime() - r.endsAt.getTime()) / HOUR_MS));
  const settings = await getSchoolSettings(tx);
  const added = await tx
    .insert(strikes)
    .values({
      userId: r.requesterId,
      reservationId: r.id,
      reason: `Late return: due ${when(r.endsAt, settings)}, ${hours} hour${hours === 1 ? "" : "s"} late at the time it was noticed.`,
    })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0) return [];
  const rules = (await getSchoolSettings(tx)).equipmentRules;
  const open = await repo.countOpenStrikes(tx, r.requesterId);
  return notify(tx, {
    userIds: [r.requesterId],
    kind: "equipment",
    title: "A late return counts as a strike",
    body:
      open >= rules.strikeLimit
        ? `You now have ${open} strikes, the school's limit: you cannot book equipment until the equipment office clears them.`
        : `You have ${open} of the ${rules.strikeLimit} strikes the school allows before booking is blocked.`,
    link: "/equipment",
  });
}

export async function listStrikes(s: Pick<S, "db">, opts: { caller: Caller }): Promise<StrikeDto[]> {
  requireOffice(opts.caller);
  const rows = await s.db
    .select({ k: strikes, name: profiles.fullName })
    .from(strikes)
    .innerJoin(profiles, eq(profiles.id, strikes.userId))
    .where(isNull(strikes.clearedAt))
    .orderBy(profiles.fullName, strikes.createdAt)
    .limit(500);
  return rows.map(({ k, name }) => ({
    id: k.id,
    userId: k.userId,
    userName: name,
    reservationId: k.reservationId,
    reason: k.reason,
    createdAt: k.createdAt.toISOString(),
  }));
}

/** The office clears every open strike of a person at once: that is what lifts a block. */
export async function clearStrikes(s: S, opts: { caller: Caller; userId: string }): Promise<StrikeDto[]> {
  requireOffice(opts.caller);
  await s.db
    .update(strikes)
    .set({ clearedAt: new Date(), clearedBy: opts.caller.id })
    .where(and(eq(strikes.userId, opts.userId), isNull(strikes.clearedAt)));
  await publish(s);
  return listStrikes(s, opts);
}
