import type { CallSheetProductionContact } from "./production-contacts.ts";
import type { SceneSetups } from "./shots.ts";
/**
 * The schedule API contract (shoot days, stripboard, Day Out of Days, call sheets) and its pure rules,
 * shared by the server and the web. Days are "YYYY-MM-DD", times "HH:MM", instants ISO 8601.
 */
import type { DayCheck } from "./day-checks.ts";
import { BANNERS_PER_DAY_MAX, type BannerDto, type DayTotals } from "./banners.ts";
import type { CallSheetSite } from "./locations.ts";
import { z } from "zod";
import { DAY_MS } from "./time.ts";
import { formatPages } from "./eighths.ts";
import type { IntExt } from "./screenplay/fountain.ts";
import type { SceneReport } from "./screenplay/report.ts";

export const SHOOT_DAY_TEXT_MAX = 300;
export const SHOOT_DAY_NOTES_MAX = 4000;
/** A student shoot has days, not months; the limit keeps a board and its grid readable. */
export const SHOOT_DAYS_MAX = 120;
export const STRIPS_MAX = 2000;

const day = z.iso.date("Give the date as YYYY-MM-DD");
const time = z
  .string("Give the time as HH:MM")
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give the time as HH:MM (24 hours), e.g. 07:30");
const optionalTime = z.union([time, z.literal("")]);
const short = (what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .max(SHOOT_DAY_TEXT_MAX, `${what} may be at most ${SHOOT_DAY_TEXT_MAX} characters long.`);
const version = z.number("Say which version you edited").int().min(1);
const sceneNumber = z
  .string("A scene number must be text")
  .trim()
  .min(1, "A strip needs its scene number")
  .max(20, "A scene number is at most 20 characters");

const shootDayShape = {
  date: day,
  location: short("The location"),
  address: short("The address"),
  generalCall: time,
  notes: z
    .string("The notes must be text")
    .max(SHOOT_DAY_NOTES_MAX, `The notes may be at most ${SHOOT_DAY_NOTES_MAX} characters long.`),
  weather: short("The weather"),
  hospital: short("The nearest hospital"),
  /** The estimated wrap and the meal; "" until planned. A wrap at or before the call is the next morning. */
  wrap: optionalTime,
  meal: optionalTime,
  /** A place of the school's location library: its name, address and hospital are copied into the day. */
  locationId: z.uuid("Choose a location from the library, or none.").nullable(),
};
export const shootDayFields = z.object({
  ...shootDayShape,
  location: shootDayShape.location.default(""),
  address: shootDayShape.address.default(""),
  generalCall: time.default("08:00"),
  notes: shootDayShape.notes.default(""),
  weather: shootDayShape.weather.default(""),
  hospital: shootDayShape.hospital.default(""),
  wrap: optionalTime.default(""),
  meal: optionalTime.default(""),
  locationId: shootDayShape.locationId.default(null),
});
export const shootDayCreateInput = shootDayFields;
export type ShootDayCreateInput = z.input<typeof shootDayCreateInput>;

/** Per-person calls: cast by character name, crew by user id; "" = the general call. */
const calls = z.record(z.string().max(100), optionalTime, "Calls are a list of times");
// No defaults here: a field left out of an edit stays as it is.
export const shootDayUpdateInput = z
  .object(shootDayShape)
  .partial()
  .extend({
    version,
    castCalls: calls.optional(),
    crewCalls: calls.optional(),
    castWraps: calls.optional(),
    crewWraps: calls.optional(),
    chaperones: z
      .record(
        z.string().max(100),
        z.string("A chaperone's name must be text").trim().max(120, "A chaperone's name is at most 120 characters"),
        "Chaperones are a list of names",
      )
      .optional(),
  });
export type ShootDayUpdateInput = z.input<typeof shootDayUpdateInput>;

export const boardSaveInput = z.object({
  version,
  screenplayId: z.uuid("Choose a screenplay of the project").nullable().optional(),
  days: z
    .array(
      z.object({
        id: z.uuid("A shoot day is named by its id"),
        scenes: z.array(sceneNumber).max(STRIPS_MAX),
        /** The day's banners and their index in its lane (strips and banners counted together); left out, they stay. */
        banners: z
          .array(
            z.object({
              id: z.uuid("A banner is named by its id"),
              at: z
                .number()
                .int()
                .min(0)
                .max(STRIPS_MAX + BANNERS_PER_DAY_MAX),
            }),
          )
          .max(BANNERS_PER_DAY_MAX, `A day has at most ${BANNERS_PER_DAY_MAX} banners.`)
          .optional(),
      }),
      "Send the days of the board",
    )
    .max(SHOOT_DAYS_MAX),
});
export type BoardSaveInput = z.input<typeof boardSaveInput>;

/** Who plays a character; an empty actor name takes the character's actor off the cast list. */
export const castSaveInput = z.object({
  character: z
    .string("Name the character")
    .trim()
    .min(1, "Name the character")
    .max(100, "A character's name is at most 100 characters"),
  actorName: z
    .string("The actor's name must be text")
    .trim()
    .max(120, "The actor's name may be at most 120 characters long."),
  email: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .toLowerCase()
        .email("Give the actor's e-mail address, like name@example.com, or leave it empty.")
        .max(254),
    ])
    .default(""),
  phone: z
    .string("The phone number must be text")
    .trim()
    .max(40, "The phone number may be at most 40 characters long.")
    .default(""),
  // Left out by an edit that does not touch them: the minor's details then stay as they are.
  dateOfBirth: z.union([z.literal(""), z.iso.date("Give the date of birth as a date")]).optional(),
  minor: z.boolean("Say whether the actor is a minor (true or false).").optional(),
  guardianName: z
    .string("The guardian's name must be text")
    .trim()
    .max(120, "The guardian's name may be at most 120 characters long.")
    .optional(),
  guardianEmail: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .toLowerCase()
        .email("Give the guardian's e-mail address, like name@example.com, or leave it empty.")
        .max(254),
    ])
    .optional(),
  permitDocumentId: z.uuid("Choose the work permit from the project's documents").nullable().optional(),
  permitExpiresOn: z.union([z.literal(""), z.iso.date("Give the permit's expiry as a date")]).optional(),
});
export type CastSaveInput = z.input<typeof castSaveInput>;

export const confirmInput = z.object({
  token: z.string("The link is incomplete").min(1, "The link is incomplete").max(100, "The link is not valid"),
});

// ── Strips ───────────────────────────────────────────────────────────────────────────────────────

export type StripColour = "white" | "yellow" | "blue" | "green";

/** The usual stripboard colours: white INT day, yellow EXT day, blue INT night, green EXT night. */
export function stripColour(intExt: IntExt, night: boolean): StripColour {
  const exterior = intExt === "EXT";
  if (night) return exterior ? "green" : "blue";
  return exterior ? "yellow" : "white";
}

/** A scene of the script's report as a strip; its scene number is its identity (see docs/decisions/2026-11-23-schedule.md). */
export interface StripDto extends Pick<
  SceneReport,
  "number" | "heading" | "intExt" | "location" | "timeOfDay" | "night" | "eighths"
> {
  colour: StripColour;
  cast: string[];
  /** The scene is no longer in the script (omitted since it was scheduled). */
  omitted: boolean;
  /** Estimated shooting minutes: the producer's, or from the pages (`banners.ts:MINUTES_PER_PAGE`). */
  minutes: number;
  /** `minutes` is the producer's estimate, not the pages'. */
  estimated: boolean;
}

/** The line above the schedule, in whole sentences: "3 shoot days, 12 pages scheduled. 7 scenes are unscheduled." */
export function scheduleSummary(days: number, eighths: number, unscheduled: number): string {
  const sentences = [
    days === 0
      ? "No shoot days yet."
      : `${days} shoot ${days === 1 ? "day" : "days"}, ${formatPages(eighths)} scheduled.`,
  ];
  if (unscheduled > 0) sentences.push(`${unscheduled} ${unscheduled === 1 ? "scene is" : "scenes are"} unscheduled.`);
  return sentences.join(" ");
}

// ── Day Out of Days ──────────────────────────────────────────────────────────────────────────────

export type DoodCode = "SW" | "W" | "WF" | "SWF" | "H" | "D" | "PW" | "PWF" | "";

/** A gap of at least this many calendar days between work days lets an actor be dropped and picked up. */
export const DROP_MIN_DAYS = 10;

export interface DoodRow {
  name: string;
  /** Who plays the character, when cast. */
  actor: string | null;
  codes: DoodCode[];
  work: number;
  hold: number;
  drop: number;
  /** Days on the production, first work day to last, holds included and drop gaps excluded. */
  total: number;
}

const dayNumber = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);

/**
 * The Day Out of Days of one character over the shoot days (in date order): first day SW, last WF, one
 * day only SWF, days between W; a day off between work days is a hold (H), unless the gap is long
 * enough to drop the actor (D on the first day off, then PW, "pick up work", when they return).
 */
export function doodCodes(dates: string[], worksOn: boolean[]): Omit<DoodRow, "name" | "actor"> {
  const codes: DoodCode[] = dates.map(() => "");
  const work = worksOn.flatMap((w, i) => (w ? [i] : []));
  let hold = 0;
  let drop = 0;
  if (work.length === 0) return { codes, work: 0, hold: 0, drop: 0, total: 0 };
  const first = work[0]!;
  const last = work.at(-1)!;
  for (let k = 0; k < work.length; k++) {
    const i = work[k]!;
    if (codes[i] !== "PW") codes[i] = "W";
    const next = work[k + 1];
    if (next === undefined || next === i + 1) continue;
    const gapDays = dayNumber(dates[next]!) - dayNumber(dates[i]!) - 1;
    if (gapDays >= DROP_MIN_DAYS) {
      codes[i + 1] = "D";
      drop += 1;
      codes[next] = "PW";
    } else {
      for (let j = i + 1; j < next; j++) codes[j] = "H";
      hold += next - i - 1;
    }
  }
  if (first === last) codes[first] = "SWF";
  else {
    codes[first] = "SW";
    // A pick-up on the last day is also the finish.
    codes[last] = codes[last] === "PW" ? "PWF" : "WF";
  }
  return { codes, work: work.length, hold, drop, total: work.length + hold };
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export interface ShootDayDto {
  id: string;
  /** 1-based, in date order. */
  number: number;
  date: string;
  location: string;
  /** Absent for those who may not see the project's contacts (the crew, staff and admins do). */
  address?: string;
  generalCall: string;
  notes: string;
  weather: string;
  hospital: string;
  /** The library location the day was picked from, or null. */
  locationId: string | null;
  castCalls: Record<string, string>;
  crewCalls: Record<string, string>;
  /** "" until planned; at or before the call = the next morning. */
  wrap: string;
  meal: string;
  castWraps: Record<string, string>;
  crewWraps: Record<string, string>;
  /** The chaperone or studio teacher of each minor of the day, by character. */
  chaperones: Record<string, string>;
  version: number;
  strips: StripDto[];
  /** Notes, company moves and meal breaks, each with its index among the strips. */
  banners: BannerDto[];
  eighths: number;
  /** What the day break strip shows: scenes, pages, estimated minutes against call to wrap. */
  totals: DayTotals;
  /** When the call sheet was last sent (null = never). */
  callSheetSentAt: string | null;
  /** What the day must clear before it goes ahead (`blocking`) or warns of; see `common/day-checks.ts`. */
  checks: DayCheck[];
}

export interface ScheduleDto {
  projectId: string;
  /** Each speaking character's cast ID (1, 2, 3 …), printed on strips, call sheets and the Day Out of Days. */
  castIds: Record<string, number>;
  /** The producer's order of the cast IDs; null: numbered by first appearance in the script. */
  castOrder: string[] | null;
  projectTitle: string;
  canEdit: boolean;
  screenplays: { id: string; title: string; locked: boolean }[];
  screenplayId: string | null;
  /** The board's version: every save of the strips raises it. */
  version: number;
  updatedByName: string | null;
  days: ShootDayDto[];
  bank: StripDto[];
  dood: { dates: string[]; rows: DoodRow[] };
  /** Every speaking character of the script, and any character still cast who has left it. */
  cast: CastMemberDto[];
  /** The caller sees the cast's and the shoot's contact details (the crew, staff and admins); others see names and roles. */
  contactsVisible: boolean;
}

export interface CastMemberDto {
  character: string;
  actorName: string;
  /** Absent unless the caller may see the project's contacts. */
  email?: string;
  phone?: string;
  /** Still a speaking character of the script (false: cut since the actor was cast). */
  inScript: boolean;
  /** A date of birth, a minor's mark and what a minor needs; absent while none of it is given. */
  minor?: CastMinorDto;
}

export interface CastMinorDto {
  dateOfBirth: string | null;
  /** Marked a minor, or under 18 today by the date of birth. */
  isMinor: boolean;
  marked: boolean;
  guardianName: string;
  /** Absent unless the caller may see the project's contacts. */
  guardianEmail?: string;
  /** The guardian's consent: none made yet, out for signature, or signed. */
  consent: "none" | "sent" | "signed";
  permit: { documentId: string; title: string; expiresOn: string | null } | null;
}

export interface CallSheetPerson {
  name: string;
  role: string;
  call: string;
  /** Their estimated wrap, "" until planned. */
  wrap: string;
  /** A minor's chaperone or studio teacher on the day ("" when none is named); absent for adults and the crew. */
  chaperone?: string;
}

export interface CallSheetRecipient {
  userId: string | null;
  name: string;
  /** Absent unless the caller may see the project's contacts. */
  email?: string;
  sentAt: string;
  confirmedAt: string | null;
}

/** A character of the day on the call sheet: `name` the character, `role` who plays them. */
export type CallSheetCast = CallSheetPerson & {
  /** The character's cast ID, as the stripboard prints it; null for a character the script no longer has. */
  castId: number | null;
};

export interface CallSheetDto {
  projectId: string;
  projectTitle: string;
  day: ShootDayDto;
  dayCount: number;
  /** By cast ID. */
  cast: CallSheetCast[];
  crew: (CallSheetPerson & { userId: string })[];
  recipients: CallSheetRecipient[];
  canEdit: boolean;
  /** The signed-in person's own recipient row, when they were sent this call sheet and not yet confirmed. */
  canConfirm: boolean;
  /** The caller sees addresses and e-mail (the crew, staff and admins); others see names and roles. */
  contactsVisible: boolean;
  /** The day's library location: its contact and nearest hospital, or null (the typed hospital stands). */
  site: CallSheetSite | null;
  /** The day's scenes that have a shot list: their number of shots and setup time (issue 20). */
  setups: SceneSetups[];
  /** The production's location and vendor contacts (issue 20); phone and e-mail only where `contactsVisible`. */
  productionContacts: CallSheetProductionContact[];
}

/** A map search for the shoot's address: OpenStreetMap, so no account and no tracking key is needed. */
export const mapUrl = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.trim())}`;

/** Whom the production lists to call on the day: producer, director and assistant director. */
export interface CallSheetContact {
  role: string;
  name: string;
  phone: string;
  email: string;
}

/** What the e-mailed confirmation link opens, without signing in. */
export interface CallSheetConfirmationDto {
  name: string;
  projectTitle: string;
  date: string;
  dayNumber: number;
  generalCall: string;
  personalCall: string;
  location: string;
  address: string;
  /** A map search of the address, or null without one. */
  mapUrl: string | null;
  weather: string;
  hospital: string;
  /** The library location's contact and hospital, when the day has one. */
  site: CallSheetSite | null;
  contacts: CallSheetContact[];
  /** `yours`: the actor opening the link plays in this scene. */
  scenes: { number: string; heading: string; pages: string; yours: boolean }[];
  notes: string;
  confirmedAt: string | null;
}

// ── Cast IDs ─────────────────────────────────────────────────────────────────────────────────────

export const CAST_ORDER_MAX = 500;

/** The producer's order of the cast (the characters, ID 1 first), or null to number them by first appearance. */
export const castOrderInput = z.object({
  order: z
    .array(z.string().trim().min(1).max(200), "Give the characters in their order")
    .max(CAST_ORDER_MAX, `At most ${CAST_ORDER_MAX} characters`)
    .nullable(),
});
export type CastOrderInput = z.infer<typeof castOrderInput>;

/**
 * Cast IDs as a stripboard numbers them: the characters the producer ordered first, in that order, then the rest
 * of the script's speaking characters by first appearance. Only characters of the script get one, and the
 * numbers run 1, 2, 3 … without gaps, so a character cut from the script frees its number for the next.
 */
export function castIds(appearance: string[], order: string[] | null): Record<string, number> {
  const inScript = new Set(appearance);
  const ids: Record<string, number> = {};
  let next = 1;
  for (const name of [...(order ?? []), ...appearance])
    if (inScript.has(name) && !Object.hasOwn(ids, name)) ids[name] = next++;
  return ids;
}

/** A strip's cast as IDs in their order ("1, 2, 5"), as a strip prints them; a character without an ID by name. */
export function castIdsOf(cast: string[], ids: Record<string, number>): string {
  return [...cast]
    .sort((a, b) => (ids[a] ?? Infinity) - (ids[b] ?? Infinity) || a.localeCompare(b))
    .map((name) => ids[name] ?? name)
    .join(", ");
}
