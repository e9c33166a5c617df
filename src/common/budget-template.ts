/**
 * A course's budget template and the lines a project's empty budget starts from (the course's template, or its
 * schedule: shoot days × a day rate per crew and cast member, one line per reserved piece of equipment).
 */
import { z } from "zod";
import {
  BUDGET_UNITS,
  DESCRIPTION_MAX,
  FRINGES_MAX,
  fringesList,
  globalsList,
  QUANTITY_MAX,
  RATE_MAX,
  type BudgetUnit,
} from "./budget.ts";
import type { BudgetGlobal, Fringe } from "./budget-rules.ts";
import { UUID_PATTERN } from "./ids.ts";
import type { NumberFormat } from "./number-input.ts";

export const TEMPLATE_LINES_MAX = 300;

const whole = (what: string, max: number) =>
  z
    .number(`${what} must be a number.`)
    .int(`${what} must be a whole number of the smallest unit.`)
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} is too large.`);

export const budgetTemplateLine = z.object({
  accountCode: z.string("Choose an account for each line.").trim().min(1, "Choose an account for each line.").max(10),
  description: z
    .string("Each line needs a description.")
    .trim()
    .min(1, "Each line needs a description.")
    .max(DESCRIPTION_MAX, `A description may be at most ${DESCRIPTION_MAX} characters long.`),
  /** Hundredths, as a budget line's. */
  quantity: whole("The quantity", QUANTITY_MAX),
  units: z.enum(BUDGET_UNITS, `Units are one of: ${BUDGET_UNITS.join(", ")}.`),
  /** Minor units of the school's currency. */
  rate: whole("The rate", RATE_MAX),
  /** The template's fringes on this line (a labour line's); absent in templates saved before fringes. */
  fringeIds: z
    .array(z.string().regex(UUID_PATTERN, "A fringe's id must be a UUID."), "A line's fringes must be a list.")
    .max(FRINGES_MAX, `A line takes at most ${FRINGES_MAX} fringes.`)
    .optional(),
  /** The template's global the quantity is (SHOOT_DAYS): the server sets the quantity to its value. */
  quantityGlobal: z.string("A line's global is its name.").trim().max(40).nullable().optional(),
});
export type BudgetTemplateLine = z.infer<typeof budgetTemplateLine>;

/** PUT /rest/v1/budget-templates/:courseId: the whole template. */
export const budgetTemplateInput = z.object({
  lines: z
    .array(budgetTemplateLine, "The template's lines must be a list.")
    .max(TEMPLATE_LINES_MAX, `A template may hold at most ${TEMPLATE_LINES_MAX} lines.`),
  /** Left out: the template has none (a save is the whole template). */
  fringes: fringesList.optional(),
  globals: globalsList.optional(),
});
export type BudgetTemplateInput = z.infer<typeof budgetTemplateInput>;

export interface BudgetTemplateDto {
  courseId: string;
  lines: BudgetTemplateLine[];
  fringes: Fringe[];
  globals: BudgetGlobal[];
  updatedByName: string | null;
  updatedAt: string | null;
  canEdit: boolean;
  currency: string;
  numberFormat: NumberFormat;
}

export const BUDGET_STARTS = ["template", "schedule"] as const;
export type BudgetStart = (typeof BUDGET_STARTS)[number];
export const budgetStartQuery = z.object({
  from: z.enum(BUDGET_STARTS, "Start from the course template or from the schedule."),
});

/** A line offered to the sheet: a template line, with a note when the start has something to say about it. */
export interface BudgetStartLine extends BudgetTemplateLine {
  notes?: string;
}

/**
 * GET /rest/v1/budgets/:projectId/start?from=: lines to add to the sheet, with the fringes and globals they
 * name (the course template's); nothing is saved by it.
 */
export interface BudgetStartDto {
  from: BudgetStart;
  lines: BudgetStartLine[];
  fringes: Fringe[];
  globals: BudgetGlobal[];
  /** What the producer should know about the lines (rates left at 0, no course, no shoot days). */
  notes: string[];
}

/** The unit a crew member's or actor's line is counted in. */
export const DAY_UNIT: BudgetUnit = "days";

/**
 * The template line whose description names a role or "cast" gives its day rate and account: the first line
 * whose description contains the label, ignoring case. A rule in one place, so the schedule's lines and the
 * template editor's hint agree.
 */
export function templateRateFor(
  template: readonly BudgetTemplateLine[],
  labels: readonly string[],
): BudgetTemplateLine | undefined {
  const wanted = labels.map((l) => l.trim().toLowerCase()).filter(Boolean);
  return template.find((t) => wanted.some((w) => t.description.toLowerCase().includes(w)));
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The days a rental house charges for a reservation from `startsAt` to `endsAt` (ISO instants): every 24
 * hours begun counts as a day, and a reservation of a few hours as one.
 */
export function rentalDays(startsAt: string, endsAt: string): number {
  const ms = Date.parse(endsAt) - Date.parse(startsAt);
  return Number.isFinite(ms) && ms > 0 ? Math.max(1, Math.ceil(ms / DAY_MS)) : 1;
}
