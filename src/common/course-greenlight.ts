/**
 * A course's own greenlight checklist and its deadlines (issue: "a course has its own greenlight checklist
 * … and its own deadlines counted back from the first shoot day"). The shapes the course page sends and the
 * rule that turns a lead time into a date, read alike by the server (the project's greenlight, the reminders)
 * and the web (the course page's preview).
 */
import { z } from "zod";
import type { GreenlightItem } from "./projects.ts";
import { distinctKeys, GREENLIGHT_ITEMS_MAX, greenlightItemSchema } from "./school.ts";
import { addDays } from "./time.ts";

/** The longest lead a deadline may have: a year before the first shoot day. */
export const LEAD_DAYS_MAX = 365;
/** How many days before an undone item is due its people are reminded (and again on the day it is overdue). */
export const GREENLIGHT_REMINDER_DAYS = 3;

export const LEAD_UNITS = ["weeks", "days"] as const;
export type LeadUnit = (typeof LEAD_UNITS)[number];

/** A checklist item with its deadline: `leadDays` before the project's first shoot day, or none (null). */
export interface CourseGreenlightItem extends GreenlightItem {
  leadDays: number | null;
}

export const courseGreenlightItemSchema = greenlightItemSchema.extend({
  leadDays: z
    .number("A deadline is a number of days before the first shoot day.")
    .int("A deadline is a whole number of days or weeks before the first shoot day.")
    .min(0, "A deadline cannot fall after the first shoot day.")
    .max(LEAD_DAYS_MAX, `A deadline may be at most ${LEAD_DAYS_MAX} days (52 weeks) before the first shoot day.`)
    .nullable()
    .default(null),
});

/** PUT /rest/v1/courses/:id/greenlight: the course's whole checklist, in its order. */
export const courseGreenlightInput = z.object({
  items: z
    .array(courseGreenlightItemSchema, "The course's checklist must be a list of items.")
    .min(1, "The course's checklist needs at least one item.")
    .max(GREENLIGHT_ITEMS_MAX, `The course's checklist may hold at most ${GREENLIGHT_ITEMS_MAX} items.`)
    .superRefine(distinctKeys),
});
export type CourseGreenlightInput = z.input<typeof courseGreenlightInput>;

/** GET and PUT /rest/v1/courses/:id/greenlight. */
export interface CourseGreenlightDto {
  courseId: string;
  /** Nobody has edited the course's list: it is the school's, and follows the school's changes. */
  followsSchool: boolean;
  items: CourseGreenlightItem[];
  /** The school's list, so the page can say which items are the school's automatic ones. */
  schoolItems: GreenlightItem[];
  /** The course's teachers and admins. */
  canEdit: boolean;
}

/** The day an item is due: its lead before the first shoot day; none without a lead or a shoot day. */
export function dueDateOf(firstShootDay: string | null, leadDays: number | null): string | null {
  if (firstShootDay === null || leadDays === null) return null;
  return addDays(firstShootDay, -leadDays);
}

/** Overdue: the due day has passed (an item is due by the end of its day) and the item is not done. */
export const isOverdue = (dueDate: string | null, done: boolean, today: string) =>
  !done && dueDate !== null && dueDate < today;

/** A lead as people read it and type it: whole weeks as weeks, anything else as days. */
export function leadParts(leadDays: number): { amount: number; unit: LeadUnit } {
  return leadDays > 0 && leadDays % 7 === 0
    ? { amount: leadDays / 7, unit: "weeks" }
    : { amount: leadDays, unit: "days" };
}

export const leadDaysOf = (amount: number, unit: LeadUnit) => (unit === "weeks" ? amount * 7 : amount);

export function leadText(leadDays: number): string {
  if (leadDays === 0) return "on the first shoot day";
  const { amount, unit } = leadParts(leadDays);
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit} before the first shoot day`;
}

/** A school list read as a course's starting point: the same items, no deadlines yet. */
export const fromSchool = (items: GreenlightItem[]): CourseGreenlightItem[] =>
  items.map((i) => ({ ...i, leadDays: null }));

/**
 * A course's list as it reads today: an item on the school's list takes the school's source (its ticks come from
 * that feature), any other item is ticked by hand, also one whose school item the school has since removed.
 */
export function alignSources(items: CourseGreenlightItem[], school: GreenlightItem[]): CourseGreenlightItem[] {
  const source = new Map(school.map((i) => [i.key, i.source]));
  return items.map((i) => {
    const s = source.get(i.key) ?? "manual";
    return s === i.source ? i : { ...i, source: s };
  });
}
