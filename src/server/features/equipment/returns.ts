import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  checkinInput,
  type CheckinInput,
  type DeskResultDto,
  type ReturnLine,
  type ReturnResultDto,
} from "../../../common/equipment.ts";
import { CONDITION_LABELS, receiptUrl } from "../../../common/equipment-states.ts";
import { type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { equipmentItems, maintenanceLog, projects, reservationItems, reservations } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { publishNotified } from "../inbox/service.ts";
import * as repo from "./repository/index.ts";
import { publish, requireOffice, type S } from "./shared.ts";
import { deskResult, itemByTag, recordStrike } from "./desk.ts";
import { signatureOf, writeReceipt } from "./handover.ts";
import { getReservation, release } from "./reservations.ts";

// ── Returns at the desk: the items brought back at once, their condition, one signature, a return receipt ──────────

/**
 * Takes back the listed items (one is the list of one): each item's condition is recorded, damage sends it to
 * maintenance with a log entry, and a return after the due time is a strike for the borrower. A reservation whose
 * last item is back is returned and releases whatever was never collected; one that still has gear out stays out.
 * All or nothing: a tag that is not out refuses the whole list, so the receipt never lists half a return. Then one
 * receipt per reservation, signed once by the person returning (or marked as returned without a signature).
 */
export async function checkIn(
  s: S,
  opts: { caller: Caller; input: CheckinInput; now?: Date },
): Promise<ReturnResultDto> {
  requireOffice(opts.caller);
  const input = checkinInput.parse(opts.input);
  if (input.items.length === 0) throw new AppError("bad_request", "Type or scan the asset tag of what comes back.");
  const twice = input.items.find((l, i) => input.items.findIndex((m) => m.assetTag === l.assetTag) !== i);
  if (twice) throw new AppError("bad_request", `${twice.assetTag} is on the return list twice: remove one.`);
  const png = signatureOf(
    input,
    "The person returning signs on the pad. If nobody is here to sign, tick “Returned without a signature”.",
  );
  const now = opts.now ?? new Date();
  // Items are locked in one order, so two lists taken back at once never wait on each other in a circle.
  const lines = [...input.items].sort((a, b) => a.assetTag.localeCompare(b.assetTag));
  const { byReservation, notified } = await s.db.transaction(async (tx) => {
    const byReservation = new Map<string, { row: repo.ReservationRow; tags: string[] }>();
    for (const line of lines) {
      const r = await takeBack(tx, opts.caller, line, now);
      const entry = byReservation.get(r.id) ?? { row: r, tags: [] };
      entry.tags.push(line.assetTag);
      byReservation.set(r.id, entry);
    }
    const notified: string[] = [];
    for (const { row } of byReservation.values()) {
      if (now.getTime() > row.endsAt.getTime()) notified.push(...(await recordStrike(tx, row, now)));
      if ((await repo.countStillOut(tx, row.id)) === 0) {
        await tx
          .update(reservations)
          .set({ state: "returned", returnedAt: now, updatedAt: now })
          .where(eq(reservations.id, row.id));
        await release(tx, row.id);
      }
    }
    return { byReservation, notified };
  });
  await publishNotified(s, notified);

  const results: DeskResultDto[] = [];
  for (const [id, { tags }] of byReservation) {
    const reservation = await getReservation(s, { caller: opts.caller, id });
    await writeReceipt(s, {
      kind: "check_in",
      caller: opts.caller,
      reservation,
      tags,
      png,
      now,
      returnedBy: input.returnedBy,
    });
    results.push(await deskResult(s, opts.caller, id, tags.at(-1)!, "checked in", tags));
  }
  // Announced once the receipts exist, so the lists that refetch show their links.
  await publish(s);
  const last = results.at(-1)!;
  const lastId = last.reservation.id;
  const items = await s.db
    .select({
      id: equipmentItems.id,
      name: equipmentItems.name,
      assetTag: equipmentItems.assetTag,
      status: equipmentItems.status,
    })
    .from(equipmentItems)
    .where(
      inArray(
        equipmentItems.assetTag,
        lines.map((l) => l.assetTag),
      ),
    )
    .orderBy(equipmentItems.assetTag);
  return {
    ...last,
    message: results.map((r) => r.message).join(" "),
    items,
    receiptUrl: receiptUrl(lastId, "check_in"),
    receiptUrls: [...byReservation.keys()].map((id) => receiptUrl(id, "check_in")),
  };
}

/** One item back from the booking it is out on; answers that booking's reservation. */
async function takeBack(tx: Tx, caller: Caller, input: ReturnLine, now: Date) {
  const item = await itemByTag(tx, input.assetTag);
  const [line] = await tx
    .select({ ri: reservationItems, r: reservations, projectTitle: projects.title })
    .from(reservationItems)
    .innerJoin(reservations, eq(reservations.id, reservationItems.reservationId))
    .innerJoin(projects, eq(projects.id, reservations.projectId))
    .where(
      and(
        eq(reservationItems.itemId, item.id),
        sql`${reservationItems.checkedOutAt} is not null`,
        isNull(reservationItems.returnedAt),
      ),
    )
    .for("update", { of: reservationItems });
  if (!line)
    throw new AppError(
      "conflict",
      `${item.name} (${item.assetTag}) is not checked out, so there is nothing to check in.`,
    );
  const damaged = input.damaged || input.condition === "damaged";
  await tx
    .update(reservationItems)
    .set({ returnedAt: now, returnCondition: input.condition, returnNotes: input.notes, damaged, active: false })
    .where(eq(reservationItems.id, line.ri.id));
  await tx
    .update(equipmentItems)
    .set({ status: damaged ? "maintenance" : "available", condition: input.condition, updatedAt: now })
    .where(eq(equipmentItems.id, item.id));
  if (damaged) {
    await tx.insert(maintenanceLog).values({
      itemId: item.id,
      kind: "damage",
      note: `Returned ${CONDITION_LABELS[input.condition].toLowerCase()} from “${line.projectTitle}”: ${input.notes || "no notes"}`,
      byId: caller.id,
      byName: caller.name,
    });
  }
  return line.r;
}
