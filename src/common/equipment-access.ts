/**
 * Access levels of the equipment (issue: booking rules by course): a level ("Intermediate", "Thesis") set on an
 * item or a kit is held by whoever is actively enrolled on one of its courses or holds one of its certifications.
 * What /rest/v1/equipment/access-levels accepts and answers, and the one sentence that says why gear is closed.
 */
import { z } from "zod";

export const ACCESS_LEVEL_GRANTS_MAX = 50;

const id = (what: string) => z.string(`Choose ${what}`).uuid(`Choose ${what} from the list`);

export const accessLevelInput = z.object({
  name: z
    .string("The level's name must be text")
    .trim()
    .min(2, "Give the level a name of at least 2 characters, like “Thesis”.")
    .max(60, "A level's name may be at most 60 characters long."),
  courseIds: z
    .array(id("a course"), "The courses must be a list")
    .max(ACCESS_LEVEL_GRANTS_MAX, `A level may be granted by at most ${ACCESS_LEVEL_GRANTS_MAX} courses.`)
    .default([]),
  certificationIds: z
    .array(id("a certification"), "The certifications must be a list")
    .max(ACCESS_LEVEL_GRANTS_MAX, `A level may be granted by at most ${ACCESS_LEVEL_GRANTS_MAX} certifications.`)
    .default([]),
});
export type AccessLevelInput = z.input<typeof accessLevelInput>;

/** PUT …/access-levels/items/:id and …/kits/:id: the level the gear needs, or null for open to all. */
export const accessAssignInput = z.object({
  levelId: id("a level").nullable(),
});
export type AccessAssignInput = z.input<typeof accessAssignInput>;

export interface AccessLevelDto {
  id: string;
  name: string;
  courses: { id: string; code: string; title: string; term: string }[];
  certifications: { id: string; name: string }[];
  /** What a student without the level reads beside the gear. */
  reason: string;
  itemCount: number;
  kitCount: number;
}

/** The office's view: every level, the gear carrying one, and the courses a level may be granted by. */
export interface AccessOverviewDto {
  levels: AccessLevelDto[];
  items: { id: string; name: string; assetTag: string; levelId: string }[];
  kits: { id: string; name: string; levelId: string }[];
  /** Every course of the school, by term and code: the office grants levels by courses it does not teach. */
  courses: { id: string; code: string; title: string; term: string }[];
}

/** Why gear is closed to a person, as the catalogue shows it and the refused reservation says it. */
export interface ClosedGear {
  level: string;
  reason: string;
}

const orList = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/**
 * "Thesis Film course only", "Needs the Steadicam certification or the Thesis Film course": the grants in the words
 * a student reads, so they know what to enrol on or train for.
 */
export function closedReason(level: { name: string; courses: string[]; certifications: string[] }): string {
  const { courses, certifications } = level;
  if (courses.length === 0 && certifications.length === 0)
    return `${level.name} level: no course or certification grants it yet`;
  if (certifications.length === 0) return `${orList(courses)} course only`;
  const certs = `the ${orList(certifications)} certification`;
  return courses.length === 0 ? `Needs ${certs}` : `Needs ${certs} or the ${orList(courses)} course`;
}

/** GET …/access-levels/items/:id: the level an item needs (its own or its kit's), and whether it closes it to the caller. */
export interface ItemAccessDto {
  level: ClosedGear | null;
  closed: ClosedGear | null;
}

/** When the desk and the bookings wait for a production's greenlight checklist (school settings). */
export const GREENLIGHT_GATES = ["off", "reserve", "checkout"] as const;
export type GreenlightGate = (typeof GREENLIGHT_GATES)[number];
export const GREENLIGHT_GATE_LABELS: Record<GreenlightGate, string> = {
  off: "Never: equipment does not wait for the greenlight",
  reserve: "At reservation: only greenlit productions may book",
  checkout: "At check-out: productions may reserve early, the desk hands gear out once greenlit",
};
