/**
 * Safe working days and minors' hours: the pure rules the schedule's day checks apply (sources "hours" and
 * "minor"), shared with the web so a form can say what a typed time means. Times are "HH:MM" wall-clock times
 * of a shoot day; a wrap at or before the call is the next morning (wrap 01:00 after a 16:00 call).
 */
import { z } from "zod";
import { DAY_MS } from "./time.ts";

/** Film-school handbooks' limits: a 12-hour day, a 10-hour turnaround, a meal within 6 hours of call. */
export const MAX_DAY_MINUTES = 12 * 60;
export const MIN_TURNAROUND_MINUTES = 10 * 60;
export const MAX_BEFORE_MEAL_MINUTES = 6 * 60;
/** Below this age a cast member is a minor (18 in the schools' handbooks the issue names). */
export const ADULT_AGE = 18;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function minutesOf(time: string): number {
  const m = HHMM.exec(time);
  if (!m) throw new Error(`Not a time of day: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Minutes from a call to a wrap: in (0, 24 h]. A wrap at or before the call is read as the next day, because a
 * shoot day never ends before it starts, and a night shoot wraps after midnight.
 */
export function minutesToWrap(call: string, wrap: string): number {
  const d = minutesOf(wrap) - minutesOf(call);
  return d > 0 ? d : d + 24 * 60;
}

/** Minutes from a call to a later time the same working day (a meal): in [0, 24 h), after midnight when earlier. */
export function minutesToLater(call: string, later: string): number {
  const d = minutesOf(later) - minutesOf(call);
  return d >= 0 ? d : d + 24 * 60;
}

const dayIndex = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** "13 h", "12 h 30 min", "45 min": hours as a production office writes them. */
export function formatHours(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

/** One person's work on one shoot day; `wrap`/`meal` "" when not yet planned. */
export interface WorkedDay {
  dayId: string;
  /** 1-based, in the project's date order. */
  dayNumber: number;
  date: string;
  call: string;
  wrap: string;
  meal: string;
}

export type HoursFinding =
  | { dayId: string; kind: "long"; minutes: number }
  | { dayId: string; kind: "turnaround"; minutes: number; afterDay: number }
  | { dayId: string; kind: "meal"; minutes: number };

/**
 * What one person's days break: over 12 hours from call to wrap, under 10 hours from one day's wrap to the
 * next worked day's call (found on the later day), a meal over 6 hours after their call. Days without a
 * planned wrap (or meal) are not judged on it: nothing is guessed.
 */
export function hoursFindings(days: readonly WorkedDay[]): HoursFinding[] {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date) || a.dayNumber - b.dayNumber);
  const out: HoursFinding[] = [];
  let previous: WorkedDay | null = null;
  for (const d of sorted) {
    if (d.wrap) {
      const minutes = minutesToWrap(d.call, d.wrap);
      if (minutes > MAX_DAY_MINUTES) out.push({ dayId: d.dayId, kind: "long", minutes });
    }
    if (previous?.wrap) {
      const end =
        dayIndex(previous.date) * 1440 + minutesOf(previous.call) + minutesToWrap(previous.call, previous.wrap);
      const start = dayIndex(d.date) * 1440 + minutesOf(d.call);
      const minutes = start - end;
      if (minutes < MIN_TURNAROUND_MINUTES)
        out.push({ dayId: d.dayId, kind: "turnaround", minutes: Math.max(0, minutes), afterDay: previous.dayNumber });
    }
    if (d.meal) {
      const minutes = minutesToLater(d.call, d.meal);
      if (minutes > MAX_BEFORE_MEAL_MINUTES) out.push({ dayId: d.dayId, kind: "meal", minutes });
    }
    previous = d;
  }
  return out;
}

/** The finding as it ends a day check's message, after the people's names. */
export function findingText(f: HoursFinding): string {
  switch (f.kind) {
    case "long":
      return `${formatHours(f.minutes)} from call to wrap`;
    case "turnaround":
      return `${formatHours(f.minutes)} turnaround after day ${f.afterDay}`;
    case "meal":
      return `meal ${formatHours(f.minutes)} after call`;
  }
}

// ── Minors ───────────────────────────────────────────────────────────────────────────────────────

/** An age band: minors up to and including `upToAge` (after the band before) may be on set `maxHours`. */
export interface MinorBand {
  upToAge: number;
  maxHours: number;
}

export interface MinorRules {
  /** Ascending by `upToAge`; the last covers up to 17. */
  bands: MinorBand[];
  /** No minor works after this time of day ("22:00"). */
  latestEnd: string;
}

export interface WorkingDayRules {
  /** The safe-working-day checks block sending the call sheet instead of only warning. */
  block: boolean;
}

/** On-set hours by age close to what UK and Californian rules allow; each school sets its own. */
export const DEFAULT_MINOR_RULES: MinorRules = {
  bands: [
    { upToAge: 5, maxHours: 6 },
    { upToAge: 8, maxHours: 8 },
    { upToAge: 15, maxHours: 9 },
    { upToAge: 17, maxHours: 10 },
  ],
  latestEnd: "22:00",
};
export const DEFAULT_WORKING_DAY_RULES: WorkingDayRules = { block: false };
export const MINOR_BANDS_MAX = 8;

const timeOfDay = z
  .string("Give the time as HH:MM")
  .regex(HHMM, "Give the latest hour as HH:MM (24 hours), e.g. 22:00");

export const minorRulesSchema = z.object({
  bands: z
    .array(
      z.object({
        upToAge: z
          .number("An age band's age must be a number.")
          .int("An age band's age must be a whole number of years.")
          .min(0, "An age band's age must be between 0 and 17.")
          .max(ADULT_AGE - 1, "An age band's age must be between 0 and 17."),
        maxHours: z
          .number("An age band's hours must be a number.")
          .int("An age band's hours must be whole hours.")
          .min(1, "An age band allows between 1 and 12 hours on set.")
          .max(12, "An age band allows between 1 and 12 hours on set."),
      }),
      "The age bands must be a list.",
    )
    .min(1, "Give at least one age band.")
    .max(MINOR_BANDS_MAX, `At most ${MINOR_BANDS_MAX} age bands.`)
    .refine((bands) => bands.every((b, i) => i === 0 || b.upToAge > bands[i - 1]!.upToAge), {
      message: "List the age bands from the youngest up, each up to an older age than the one before.",
    }),
  latestEnd: timeOfDay,
});
export const workingDayRulesSchema = z.object({
  block: z.boolean("Say whether the working-day checks block the call sheet (true or false)."),
});

/** Whole years at `date` of someone born on `dateOfBirth` (both "YYYY-MM-DD"); a 29 February birthday counts on 1 March. */
export function ageOn(dateOfBirth: string, date: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** The band of an age, or null for an adult (or an age past the school's last band). */
export function bandFor(rules: MinorRules, age: number): MinorBand | null {
  if (age >= ADULT_AGE) return null;
  return rules.bands.find((b) => age <= b.upToAge) ?? null;
}

/** "under 6", "6–8", "16–17": the band as the school's settings list it. */
export function bandLabel(rules: MinorRules, band: MinorBand): string {
  const i = rules.bands.indexOf(band);
  const from = i <= 0 ? 0 : rules.bands[i - 1]!.upToAge + 1;
  if (from === 0) return `under ${band.upToAge + 1}`;
  return from === band.upToAge ? `${from}` : `${from}–${band.upToAge}`;
}

/**
 * Minutes a minor works past the school's latest hour, or 0. The latest hour is read on the day's clock like a
 * wrap: at or before the call it is the next morning.
 */
export function minutesPastLatest(call: string, wrap: string, latestEnd: string): number {
  const end = minutesToWrap(call, wrap);
  const latest = minutesToWrap(call, latestEnd);
  return Math.max(0, end - latest);
}
