// The office's timeline of a model: each unit's bookings and maintenance over a range of days.
import {
  modelName,
  timelineQuery,
  type ModelTimelineDto,
  type TimelineBarDto,
  type TimelineQuery,
} from "../../../common/equipment.ts";
import type { Caller } from "../../auth/caller.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./repository/index.ts";
import { requireOffice, type S } from "./shared.ts";

const iso = (t: string) => new Date(t).toISOString();

/** A booking as the timeline draws it: back, out (late past its due time), or held as requested or approved. */
export function bookingBar(b: repo.TimelineBookingRow, now: Date): TimelineBarDto {
  const kind = b.returnedAt
    ? "returned"
    : b.checkedOutAt
      ? Date.parse(b.dueAt) < now.getTime()
        ? "late"
        : "out"
      : b.state === "requested"
        ? "requested"
        : "approved";
  return {
    kind,
    startsAt: iso(b.startsAt),
    endsAt: iso(b.endsAt),
    reservationId: b.reservationId,
    title: b.title,
    requesterName: b.requesterName,
  };
}

export async function modelTimeline(
  s: Pick<S, "db">,
  opts: { caller: Caller; query: TimelineQuery; now?: Date },
): Promise<ModelTimelineDto> {
  requireOffice(opts.caller);
  const q = timelineQuery.parse(opts.query);
  const now = opts.now ?? new Date();
  const from = new Date(q.from);
  const to = new Date(q.to);
  const rows = await repo.selectModelTimeline(s.db, { model: q, from, to, now });
  if (rows.length === 0)
    throw new AppError("not_found", `No unit of ${modelName(q)} is in the inventory: check the brand and model.`);
  const rates = new Set(rows.map((u) => u.dayRateMinor));
  return {
    name: modelName(rows[0]!),
    brand: rows[0]!.brand,
    model: rows[0]!.model,
    dayRateMinor: rates.size === 1 ? rows[0]!.dayRateMinor : null,
    dayRatesDiffer: rates.size > 1,
    from: from.toISOString(),
    to: to.toISOString(),
    units: rows.map((u) => ({
      itemId: u.itemId,
      assetTag: u.assetTag,
      name: u.name,
      status: u.status,
      bars: [
        ...u.bookings.map((b) => bookingBar(b, now)),
        ...u.maintenance.map((m): TimelineBarDto => ({
          kind: "maintenance",
          startsAt: iso(m.startsAt),
          endsAt: m.endsAt ? iso(m.endsAt) : null,
          reservationId: null,
          title: m.note || "In maintenance",
          requesterName: "",
        })),
      ].sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    })),
  };
}
