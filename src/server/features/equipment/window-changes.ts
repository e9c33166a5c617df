import { and, eq, inArray } from "drizzle-orm";
import {
  windowCancelInput,
  windowUpdateInput,
  type WindowCancelInput,
  type WindowDto,
  type WindowUpdateInput,
} from "../../../common/equipment-fair.ts";
import { EQUIPMENT_BOOKING_KEYS, keys } from "../../../common/query-keys.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { requestWindowLots, requestWindows, windowRequests } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { windowCancelledMail, windowMovedMail } from "../../mail/window-changed.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { checkPriorities, getWindow, lotRows } from "./request-windows.ts";
import { checkId, missing, requireOffice, type S, when } from "./shared.ts";

type Window = typeof requestWindows.$inferSelect;

/** The window, locked, if it can still be changed: a drawn or cancelled window is history, kept as it was. */
async function openWindowForChange(tx: Tx, id: string, doing: "corrected" | "cancelled") {
  const [w] = await tx.select().from(requestWindows).where(eq(requestWindows.id, id)).for("update");
  if (!w) throw missing("request window");
  if (w.state === "drawn")
    throw new AppError(
      "conflict",
      `“${w.name}” has already been drawn and cannot be ${doing}: its reservations are made; change those instead.`,
    );
  if (w.state === "cancelled") throw new AppError("conflict", `“${w.name}” was already cancelled.`);
  return w;
}

const requesterIds = async (tx: Tx, windowId: string) => [
  ...new Set(
    (
      await tx
        .select({ id: windowRequests.requesterId })
        .from(windowRequests)
        .where(eq(windowRequests.windowId, windowId))
    ).map((r) => r.id),
  ),
];

/**
 * The office corrects a window before its draw, with the form it opened it with. A contested thing somebody has
 * already requested cannot be dropped: their request would vanish unseen (cancel the window to withdraw them all,
 * with a word to each). Requesters are told when the period or the deadline moves, since their plans hang on them.
 */
export async function updateWindow(
  s: S,
  opts: { caller: Caller; id: string; input: WindowUpdateInput; now?: Date },
): Promise<WindowDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "request window");
  const input = windowUpdateInput.parse(opts.input);
  const now = opts.now ?? new Date();
  const notified = await s.db.transaction(async (tx) => {
    const w = await openWindowForChange(tx, opts.id, "corrected");
    if (new Date(input.deadline) <= now)
      throw new AppError("bad_request", "The deadline for requests has passed: give a deadline still to come.");
    const wanted = await lotRows(tx, input.lots);
    const priorities = await checkPriorities(tx, input.priorities);
    const refOf = (l: { categoryId?: string | null; kitId?: string | null; itemId?: string | null }) =>
      (l.categoryId ?? l.kitId ?? l.itemId)!;
    const current = await tx.select().from(requestWindowLots).where(eq(requestWindowLots.windowId, w.id));
    const dropped = current.filter((l) => !wanted.some((x) => refOf(x) === refOf(l)));
    if (dropped.length > 0) {
      const asked = await tx
        .selectDistinct({ lotId: windowRequests.lotId })
        .from(windowRequests)
        .where(
          inArray(
            windowRequests.lotId,
            dropped.map((l) => l.id),
          ),
        );
      const kept = dropped.filter((l) => asked.some((a) => a.lotId === l.id)).map((l) => l.label);
      if (kept.length > 0)
        throw new AppError(
          "conflict",
          `${kept.join(", ")} ${kept.length === 1 ? "has" : "have"} already been requested, so the window keeps contesting ${kept.length === 1 ? "it" : "them"}: ask the requesters to withdraw, or cancel the window.`,
        );
      await tx.delete(requestWindowLots).where(
        inArray(
          requestWindowLots.id,
          dropped.map((l) => l.id),
        ),
      );
    }
    const added = wanted.filter((x) => !current.some((l) => refOf(l) === refOf(x)));
    if (added.length > 0) await tx.insert(requestWindowLots).values(added.map((l) => ({ ...l, windowId: w.id })));
    const next = {
      name: input.name,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      deadline: new Date(input.deadline),
      priorities,
    };
    await tx.update(requestWindows).set(next).where(eq(requestWindows.id, w.id));
    const moved = +next.startsAt !== +w.startsAt || +next.endsAt !== +w.endsAt || +next.deadline !== +w.deadline;
    if (!moved) return [];
    const f = await getSchoolSettings(tx);
    const range = `${when(next.startsAt, f)} – ${when(next.endsAt, f)}`;
    return notify(tx, {
      userIds: await requesterIds(tx, w.id),
      kind: "equipment",
      title: `Request window “${next.name}” has new dates`,
      body: `The period is now ${range}; requests are taken until ${when(next.deadline, f)}. Your requests stand.`,
      link: `/equipment?window=${w.id}`,
      email: windowMovedMail({
        windowName: next.name,
        range,
        deadline: when(next.deadline, f),
        url: new URL(`/equipment?window=${w.id}`, s.config.PUBLIC_URL).toString(),
      }),
    });
  });
  // The period bounds which bookings the window holds back, so the catalogue's answers change with it.
  await s.events.publish({
    type: "equipment.changed",
    invalidate: [...EQUIPMENT_BOOKING_KEYS, keys.equipmentPart("windows")],
  });
  await publishNotified(s, notified);
  return getWindow(s, opts);
}

/**
 * The office cancels a window before its draw: its requests are withdrawn, what it contested is booked first come
 * again (the booking check only holds back stock of open windows), and every requester is told, with the reason.
 * The window stays in the list, marked cancelled, so nobody wonders where it went.
 */
export async function cancelWindow(
  s: S,
  opts: { caller: Caller; id: string; input: WindowCancelInput; now?: Date },
): Promise<WindowDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "request window");
  const { reason } = windowCancelInput.parse(opts.input);
  const now = opts.now ?? new Date();
  const notified = await s.db.transaction(async (tx) => {
    const w: Window = await openWindowForChange(tx, opts.id, "cancelled");
    const people = await requesterIds(tx, w.id);
    await tx.delete(windowRequests).where(and(eq(windowRequests.windowId, w.id)));
    await tx
      .update(requestWindows)
      .set({ state: "cancelled", cancelledAt: now, cancelReason: reason || null })
      .where(eq(requestWindows.id, w.id));
    const f = await getSchoolSettings(tx);
    const range = `${when(w.startsAt, f)} – ${when(w.endsAt, f)}`;
    return notify(tx, {
      userIds: people,
      kind: "equipment",
      title: `Request window “${w.name}” was cancelled`,
      body:
        `Your requests for ${range} are withdrawn; what it contested can be booked in the catalogue again, first come.` +
        (reason ? ` The office's reason: ${reason}` : ""),
      link: "/equipment",
      email: windowCancelledMail({
        windowName: w.name,
        range,
        reason,
        url: new URL("/equipment", s.config.PUBLIC_URL).toString(),
      }),
    });
  });
  await s.events.publish({
    type: "equipment.changed",
    invalidate: [...EQUIPMENT_BOOKING_KEYS, keys.equipmentPart("windows"), keys.adminDashboard()],
  });
  await publishNotified(s, notified);
  return getWindow(s, opts);
}
