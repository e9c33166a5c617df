import { isOffice, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { formatDateTime, type DateFormats } from "../../../common/datetime.ts";
import { EQUIPMENT_BOOKING_KEYS, keys } from "../../../common/query-keys.ts";
import { isUuid } from "../../../common/ids.ts";

export type S = Pick<Services, "db" | "events" | "config">;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The equipment office runs the inventory and the desk; admins may stand in for it. */
export function requireOffice(c: Caller) {
  if (!isOffice(c.role)) throw new AppError("forbidden", "Only the equipment office can do this.");
}
export const missing = (what: string) => new AppError("not_found", `There is no ${what} with this id.`);
export const checkId = (id: string, what: string) => {
  if (!isUuid(id)) throw missing(what);
};

/** A booking's start or end in e-mails, notices and messages, on the school's clock; bookings are kept in UTC. */
export const when = (d: Date, f: DateFormats) => `${formatDateTime(d, f, { timeZone: "UTC", weekday: true })} UTC`;

export async function publish(s: Pick<S, "events">) {
  await s.events.publish({ type: "equipment.changed", invalidate: [keys.equipment(), keys.adminDashboard()] });
}

/** A reservation requested, decided or cancelled: what is booked changed, the inventory did not. */
export async function publishBookings(s: Pick<S, "events">) {
  await s.events.publish({ type: "equipment.changed", invalidate: [...EQUIPMENT_BOOKING_KEYS, keys.adminDashboard()] });
}
