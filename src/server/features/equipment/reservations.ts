import { eq, inArray, sql } from "drizzle-orm";
import {
  rejectInput,
  reservationCreateInput,
  modelName,
  type BookingConflictDetails,
  type ModelQuantity,
  type ReservationCreateInput,
  type ReservationDto,
} from "../../../common/equipment.ts";
import { can, isOffice, type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { equipmentItems, projectMembers, projects, reservationItems, reservations } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { reservationDecidedMail } from "../../mail/reservation-decided.ts";
import { isMember } from "../projects/access.ts";
import { getSchoolSettings } from "../school/service.ts";
import { EXCLUSION_VIOLATION, pgCode } from "../../lib/db-errors.ts";
import * as repo from "./repository/index.ts";
import { checkId, DAY_MS, HOUR_MS, missing, publishBookings, requireOffice, type S, when } from "./shared.ts";
import { type ItemJoined } from "./inventory.ts";
import { checkFairShare, type Booking } from "./fair-share.ts";
import { requireAccess } from "./access.ts";
import { reserveGate, withCheckoutGate } from "./gate.ts";

// ── Reservations ─────────────────────────────────────────────────────────────────────────────────

export function toReservation(
  row: repo.ReservationWithNames,
  items: Awaited<ReturnType<typeof repo.selectReservationItems>>,
  caller: Caller,
  crew: boolean,
): ReservationDto {
  const r = row.r;
  const mine = r.requesterId === caller.id || crew;
  return {
    id: r.id,
    project: { id: r.projectId, title: row.projectTitle },
    requester: { id: r.requesterId, name: row.requesterName },
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    state: r.state,
    note: r.note,
    rejectReason: r.rejectReason,
    decidedByName: r.decidedByName,
    overdue: r.state === "checked_out" && r.endsAt.getTime() < Date.now(),
    items: items
      .filter((i) => i.ri.reservationId === r.id)
      .map((i) => ({
        itemId: i.ri.itemId,
        name: i.name,
        assetTag: i.assetTag,
        kitName: i.kitName,
        checkedOutAt: i.ri.checkedOutAt?.toISOString() ?? null,
        returnedAt: i.ri.returnedAt?.toISOString() ?? null,
        returnCondition: i.ri.returnCondition,
        returnNotes: i.ri.returnNotes,
        returnPhotos: i.ri.returnPhotos,
        damaged: i.ri.damaged,
        byModel: i.ri.byModel,
        modelName: i.model.trim() ? modelName(i) : "",
      })),
    createdAt: r.createdAt.toISOString(),
    greenlightMissing: [],
    receipts: row.receipts,
    canCancel: (r.state === "requested" || r.state === "approved") && (mine || isOffice(caller.role)),
    canDecide: r.state === "requested" && isOffice(caller.role),
  };
}

/** `crew`: whether the caller is on the reservation's crew, when the caller already knows (a booking just made). */
export async function getReservation(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string; crew?: boolean },
): Promise<ReservationDto> {
  checkId(opts.id, "reservation");
  const row = await repo.selectReservation(s.db, opts.id);
  if (!row) throw missing("reservation");
  const [items, crew] = await Promise.all([
    repo.selectReservationItems(s.db, [row.r.id]),
    opts.crew ?? isMember(s.db, row.r.projectId, opts.caller.id),
  ]);
  return (await withCheckoutGate(s.db, [toReservation(row, items, opts.caller, crew)]))[0]!;
}

/**
 * Every school rule a new reservation must meet, each failure naming its rule. Double booking is not
 * among them: the database's exclusion constraint decides that, at the moment of the insert.
 */
async function checkRules(tx: Tx, opts: Omit<Booking, "items"> & { items: ItemJoined[] }) {
  const rules = (await getSchoolSettings(tx)).equipmentRules;
  const strikesOpen = await repo.countOpenStrikes(tx, opts.caller.id);
  if (strikesOpen >= rules.strikeLimit) {
    throw new AppError(
      "forbidden",
      `Strike limit: you have ${strikesOpen} late returns on record and the school's limit is ${rules.strikeLimit}. Ask the equipment office to clear them before you book again.`,
    );
  }
  const leadMs = rules.minLeadHours * HOUR_MS;
  if (opts.startsAt.getTime() < opts.now.getTime() + leadMs) {
    throw new AppError(
      "bad_request",
      `Minimum lead time: reservations must start at least ${rules.minLeadHours} hours from now, so the office can prepare the gear.`,
    );
  }
  if (opts.endsAt.getTime() - opts.startsAt.getTime() > rules.maxBookingDays * DAY_MS) {
    throw new AppError("bad_request", `Longest booking: a reservation may last at most ${rules.maxBookingDays} days.`);
  }
  await reserveGate(tx, opts.projectId, rules);
  const unavailable = opts.items.filter((i) => i.item.status === "retired" || i.item.status === "maintenance");
  if (unavailable.length > 0) {
    throw new AppError(
      "conflict",
      `Not bookable: ${unavailable.map((i) => `${i.item.name} (${i.item.assetTag}) is ${i.item.status === "retired" ? "retired" : "in maintenance"}`).join("; ")}.`,
    );
  }
  await requireAccess(
    tx,
    opts.caller,
    opts.items.map((i) => i.item),
  );
  // Most gear needs no certification: the person's are read only when some item asks for one.
  const held = opts.items.some((i) => i.item.certificationId)
    ? await repo.selectCertificationIds(tx, opts.caller.id)
    : new Set<string>();
  const uncertified = opts.items.filter((i) => i.item.certificationId && !held.has(i.item.certificationId));
  if (uncertified.length > 0) {
    throw new AppError(
      "forbidden",
      `Certification needed: ${uncertified.map((i) => `${i.item.name} (${i.item.assetTag}) needs “${i.certificationName}”`).join("; ")}. The equipment office grants certifications after training.`,
    );
  }
  await checkFairShare(tx, opts);
}

/** The 409 of a double booking: which items, booked when, and free items of the same categories the person may book instead. */
async function conflictError(
  s: Pick<S, "db">,
  userId: string,
  itemIds: string[],
  startsAt: Date,
  endsAt: Date,
): Promise<AppError> {
  const clashes = await repo.selectOverlapping(s.db, itemIds, startsAt, endsAt);
  const alternatives: BookingConflictDetails["alternatives"] = [];
  const seen = new Set<string>();
  for (const c of clashes) {
    if (seen.has(c.itemId)) continue;
    seen.add(c.itemId);
    const free = await repo.selectFreeInCategory(s.db, {
      categoryId: c.categoryId,
      from: startsAt,
      to: endsAt,
      exclude: [...itemIds, ...alternatives.map((a) => a.itemId)],
      userId,
      limit: 3,
    });
    alternatives.push(
      ...free.map((f) => ({ itemId: f.id, itemName: f.name, assetTag: f.assetTag, replaces: c.itemId })),
    );
  }
  const details: BookingConflictDetails = {
    conflicts: clashes.map((c) => ({
      itemId: c.itemId,
      itemName: c.itemName,
      assetTag: c.assetTag,
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
    })),
    alternatives,
  };
  const f = await getSchoolSettings(s.db);
  const named = [
    ...new Map(
      clashes.map((c) => [
        c.itemId,
        `${c.itemName} (${c.assetTag}) is booked ${when(c.startsAt, f)} – ${when(c.endsAt, f)}`,
      ]),
    ).values(),
  ];
  const offer =
    alternatives.length > 0
      ? ` Free instead: ${alternatives.map((a) => `${a.itemName} (${a.assetTag})`).join(", ")}.`
      : " Nothing else of the same kind is free then.";
  return new AppError(
    "conflict",
    `Already booked: ${named.join("; ") || "one of these items was booked a moment ago"}.${offer}`,
    details,
  );
}

/**
 * The project a booking is for, with its course for the fair share, and whether the caller is on its crew: one
 * statement, built once, where a request sent three.
 */
const bookedProject = preparedQuery((db) =>
  db
    .select({
      id: projects.id,
      title: projects.title,
      courseId: projects.courseId,
      crew: sql<boolean>`exists(select 1 from ${projectMembers} m where m.project_id = ${projects.id} and m.user_id = ${sql.placeholder("userId")})`,
    })
    .from(projects)
    .where(eq(projects.id, sql.placeholder("projectId"))),
);

export async function createReservation(
  s: S,
  opts: { caller: Caller; input: ReservationCreateInput; now?: Date },
): Promise<ReservationDto> {
  const input = reservationCreateInput.parse(opts.input);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const [project] = await bookedProject(s.db, { projectId: input.projectId, userId: opts.caller.id });
  if (!project) throw new AppError("bad_request", "There is no such project: choose one of yours from the list.");
  const crew = project.crew;
  if (!crew && !can(opts.caller.role, "equipment.reserve-any")) {
    throw new AppError(
      "forbidden",
      `Only the crew of “${project.title}”, staff and the equipment office can book equipment for it.`,
    );
  }
  const fromKits = await repo.selectKitItemIds(s.db, input.kitIds);
  const missingKits = input.kitIds.filter((k) => !fromKits.some((f) => f.kitId === k));
  if (missingKits.length > 0)
    throw new AppError(
      "bad_request",
      "One of the kits does not exist (or holds no items): choose kits from the catalogue.",
    );
  const kitOf = new Map(fromKits.map((f) => [f.itemId, f.kitId]));
  let itemIds = [...new Set([...input.itemIds, ...fromKits.map((f) => f.itemId)])];
  const chosen = itemIds.length;
  let id: string;
  try {
    id = await s.db.transaction(async (tx) => {
      itemIds = [...itemIds.slice(0, chosen), ...(await unitsOfModels(tx, input.models, startsAt, endsAt, itemIds))];
      const byModel = new Set(itemIds.slice(chosen));
      const items = await repo.selectItemsWhere(tx, inArray(equipmentItems.id, itemIds));
      if (items.length !== itemIds.length)
        throw new AppError("bad_request", "Some of these items do not exist: choose them from the catalogue.");
      await repo.lockItemsForBooking(tx, itemIds);
      await checkRules(tx, {
        caller: opts.caller,
        projectId: project.id,
        project,
        startsAt,
        endsAt,
        items,
        now: opts.now ?? new Date(),
      });
      const [row] = await tx
        .insert(reservations)
        .values({ projectId: project.id, requesterId: opts.caller.id, startsAt, endsAt, note: input.note })
        .returning({ id: reservations.id });
      await tx.insert(reservationItems).values(
        itemIds.map((itemId) => ({
          reservationId: row!.id,
          itemId,
          kitId: kitOf.get(itemId) ?? null,
          startsAt,
          endsAt,
          byModel: byModel.has(itemId),
        })),
      );
      return row!.id;
    });
  } catch (err) {
    if (pgCode(err) === EXCLUSION_VIOLATION) throw await conflictError(s, opts.caller.id, itemIds, startsAt, endsAt);
    throw err;
  }
  await publishBookings(s);
  return getReservation(s, { caller: opts.caller, id, crew });
}

/**
 * Units standing in for "n × model": under the model's lock, the first free units by asset tag. Fewer free than asked
 * is a refusal that says how many are free, so the person can ask for that many or choose other dates.
 */
async function unitsOfModels(tx: Tx, models: ModelQuantity[], from: Date, to: Date, taken: string[]) {
  await repo.lockModels(tx, models);
  const picked: string[] = [];
  for (const m of models) {
    const units = await repo.selectFreeUnits(tx, { model: m, from, to, n: m.quantity, exclude: [...taken, ...picked] });
    if (units.length < m.quantity) {
      throw new AppError(
        "conflict",
        `Not enough free: ${units.length === 0 ? "no" : `only ${units.length}`} ${modelName(m)} free then, and you asked for ${m.quantity}. Ask for fewer or choose other dates.`,
      );
    }
    picked.push(...units.map((u) => u.id));
  }
  return picked;
}

/** Releases the items' ranges, so a rejected, cancelled or returned reservation no longer holds anything. */
export const release = (tx: Tx, reservationId: string) =>
  tx.update(reservationItems).set({ active: false }).where(eq(reservationItems.reservationId, reservationId));

async function decide(
  s: S,
  opts: { caller: Caller; id: string; approve: boolean; reason?: string },
): Promise<ReservationDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "reservation");
  const notified = await s.db.transaction(async (tx) => {
    const row = await repo.selectReservation(tx, opts.id, true);
    if (!row) throw missing("reservation");
    if (row.r.state !== "requested")
      throw new AppError(
        "conflict",
        `This reservation is already ${row.r.state.replace("_", " ")}: only a request can be approved or rejected.`,
      );
    await tx
      .update(reservations)
      .set({
        state: opts.approve ? "approved" : "rejected",
        rejectReason: opts.approve ? null : opts.reason!,
        decidedBy: opts.caller.id,
        decidedByName: opts.caller.name,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(reservations.id, row.r.id));
    if (!opts.approve) await release(tx, row.r.id);
    const link = `/equipment?reservation=${row.r.id}`;
    const f = await getSchoolSettings(tx);
    const range = `${when(row.r.startsAt, f)} – ${when(row.r.endsAt, f)}`;
    return notify(tx, {
      userIds: [row.r.requesterId],
      kind: "equipment",
      title: opts.approve
        ? `Your equipment for “${row.projectTitle}” is approved`
        : `Your equipment request for “${row.projectTitle}” was refused`,
      body: opts.approve ? `Collect it at the desk from ${when(row.r.startsAt, f)}.` : `Reason: ${opts.reason}`,
      link,
      email: reservationDecidedMail({
        approved: opts.approve,
        projectTitle: row.projectTitle,
        range,
        reason: opts.reason ?? null,
        decidedBy: opts.caller.name,
        url: new URL(link, s.config.PUBLIC_URL).toString(),
      }),
    });
  });
  await publishBookings(s);
  await publishNotified(s, notified);
  return getReservation(s, opts);
}

export const approveReservation = (s: S, opts: { caller: Caller; id: string }) => decide(s, { ...opts, approve: true });
export const rejectReservation = (s: S, opts: { caller: Caller; id: string; input: { reason: string } }) =>
  decide(s, { ...opts, approve: false, reason: rejectInput.parse(opts.input).reason });

export async function cancelReservation(s: S, opts: { caller: Caller; id: string }): Promise<ReservationDto> {
  checkId(opts.id, "reservation");
  await s.db.transaction(async (tx) => {
    const row = await repo.selectReservation(tx, opts.id, true);
    if (!row) throw missing("reservation");
    const mine = row.r.requesterId === opts.caller.id || (await isMember(tx, row.r.projectId, opts.caller.id));
    if (!mine && !isOffice(opts.caller.role))
      throw new AppError(
        "forbidden",
        "Only the crew of the project and the equipment office can cancel this reservation.",
      );
    if (row.r.state !== "requested" && row.r.state !== "approved") {
      throw new AppError(
        "conflict",
        `This reservation is ${row.r.state.replace("_", " ")}: only a requested or approved one can be cancelled.`,
      );
    }
    await tx
      .update(reservations)
      .set({ state: "cancelled", updatedAt: new Date() })
      .where(eq(reservations.id, row.r.id));
    await release(tx, row.r.id);
  });
  await publishBookings(s);
  return getReservation(s, opts);
}
