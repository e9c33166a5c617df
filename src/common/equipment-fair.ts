/**
 * Fair share of equipment per course, and the request windows whose contested stock a lottery allots: what
 * /rest/v1/equipment/fair-share… and /rest/v1/equipment/windows… accept (zod, read by the routes and the forms)
 * and what they answer. Instants are ISO 8601 strings; bookings are read in UTC like every reservation.
 */
import { z } from "zod";
import { isUuid } from "./ids.ts";
import { DAY_MS, isoDay, utcMidnight } from "./time.ts";

/** Whom a limit counts: each student's own bookings, or each project's (all its crew together). */
export const LIMIT_SCOPES = ["student", "project"] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

/**
 * The reservation states a limit counts: what still holds or is about to hold gear. A cancelled, rejected or
 * returned booking no longer takes anyone's share.
 */
export const COUNTED_STATES = ["requested", "approved", "checked_out"] as const;

const id = (what: string) => z.string(`Choose ${what}`).trim().refine(isUuid, `There is no ${what} with this id.`);
const limit = (what: string) =>
  z
    .number(`${what} is a whole number`)
    .int(`${what} is a whole number`)
    .min(1, `${what} is at least 1 (leave it empty for no limit).`)
    .max(50, `${what} is at most 50.`)
    .nullable();
const scope = z.enum(LIMIT_SCOPES, { message: "A limit counts per student or per project." });

/** PUT /rest/v1/equipment/fair-share/:courseId. A null limit is no limit. */
export const fairShareInput = z.object({
  maxActive: limit("Bookings at a time"),
  activeScope: scope,
  maxDaysPerWeek: limit("Booked days per week").refine(
    (n) => n === null || n <= 7,
    "A week has 7 days: booked days per week is at most 7.",
  ),
  daysScope: scope,
});
export type FairShareInput = z.infer<typeof fairShareInput>;

export interface FairShareDto extends FairShareInput {
  course: { id: string; code: string; title: string; term: string };
  /** The equipment office and the course's teachers set the limits. */
  canEdit: boolean;
  updatedByName: string | null;
}

export const scopeWord = (s: LimitScope) => (s === "student" ? "per student" : "per project");

/**
 * The calendar days (UTC, like every booking) a booking covers, grouped by the Monday of their ISO week. A
 * booking from Friday 18:00 to Monday 09:00 covers Friday, Saturday and Sunday of one week and Monday of the
 * next: a day counts when any part of it is booked, and a day booked twice is one booked day.
 */
export function bookedDaysByWeek(startsAt: Date, endsAt: Date): Map<string, string[]> {
  const weeks = new Map<string, string[]>();
  const last = isoDay(new Date(endsAt.getTime() - 1));
  for (let day = isoDay(startsAt); day <= last; day = isoDay(new Date(utcMidnight(day).getTime() + DAY_MS))) {
    const weekday = (utcMidnight(day).getUTCDay() + 6) % 7;
    const monday = isoDay(new Date(utcMidnight(day).getTime() - weekday * DAY_MS));
    weeks.set(monday, [...(weeks.get(monday) ?? []), day]);
  }
  return weeks;
}

// ── Request windows ──────────────────────────────────────────────────────────────────────────────

export const LOT_KINDS = ["category", "kit", "item"] as const;
export type LotKind = (typeof LOT_KINDS)[number];

const instant = (what: string) => z.iso.datetime({ offset: true, message: `${what} looks like 2026-12-05T00:00:00Z` });

/** POST /rest/v1/equipment/windows: the office opens a window for a contested period. */
export const windowCreateInput = z
  .object({
    name: z
      .string("Give the window a name")
      .trim()
      .min(1, "Give the window a name, such as “First weekend of December”.")
      .max(120, "A window's name is at most 120 characters."),
    startsAt: instant("The period's start"),
    endsAt: instant("The period's end"),
    deadline: instant("The deadline for requests"),
    lots: z
      .array(
        z.object({ kind: z.enum(LOT_KINDS, { message: "Contest a category, a kit or an item." }), id: id("thing") }),
      )
      .min(1, "Name at least one category, kit or item the window allots.")
      .max(20, "A window contests at most 20 things."),
    /** Course ids, the first drawn first; courses left out draw after every listed one. */
    priorities: z.array(id("course")).max(20, "A window ranks at most 20 courses.").default([]),
  })
  .refine((w) => w.endsAt > w.startsAt, { message: "The period must end after it starts.", path: ["endsAt"] })
  .refine((w) => w.deadline <= w.startsAt, {
    message: "The deadline for requests must come before the period starts.",
    path: ["deadline"],
  });
export type WindowCreateInput = z.input<typeof windowCreateInput>;

/** POST /rest/v1/equipment/windows/:id/requests: one unit of one contested thing, for one project. */
export const windowRequestInput = z.object({ lotId: id("contested thing"), projectId: id("project") });
export type WindowRequestInput = z.infer<typeof windowRequestInput>;

/** PUT /rest/v1/equipment/windows/:id: the office corrects a window before its draw, with the same form. */
export const windowUpdateInput = windowCreateInput;
export type WindowUpdateInput = WindowCreateInput;

/** POST /rest/v1/equipment/windows/:id/cancel: the reason, if given, is passed on to every requester. */
export const windowCancelInput = z.object({
  reason: z.string("A reason is text").trim().max(500, "A reason is at most 500 characters.").default(""),
});
export type WindowCancelInput = z.input<typeof windowCancelInput>;

export const WINDOW_STATES = ["open", "drawn", "cancelled"] as const;
export type WindowState = (typeof WINDOW_STATES)[number];

export interface WindowRequestDto {
  id: string;
  lotId: string;
  project: { id: string; title: string };
  requester: { id: string; name: string };
  createdAt: string;
  /** After the draw: the place drawn (1 = first), whether it won, the reservation made and why, in words. */
  position: number | null;
  won: boolean | null;
  reservationId: string | null;
  explanation: string | null;
  canWithdraw: boolean;
}

export interface WindowLotDto {
  id: string;
  kind: LotKind;
  label: string;
  requestCount: number;
}

export interface WindowDto {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  deadline: string;
  state: WindowState;
  /** Open and before its deadline: requests are taken. */
  accepting: boolean;
  lots: WindowLotDto[];
  priorities: { id: string; code: string; rank: number }[];
  /** The office sees every request; anyone else their own and their crews'. */
  requests: WindowRequestDto[];
  drawnAt: string | null;
  drawnByName: string | null;
  canDraw: boolean;
  /** Before the draw the office may correct or cancel the window. */
  canChange: boolean;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The contested things as the form sends them back, for the office's edit form. */
  lotRefs: { kind: LotKind; id: string }[];
}

export const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};
