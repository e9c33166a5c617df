/**
 * The day on set: the "Today" answer a crew's phone keeps for offline use, and the daily production report
 * (DPR) with the script supervisor's take notes and the camera and sound rolls. Shared by the server and the
 * web; times are "HH:MM" wall-clock times of the shoot day, as on the call sheet.
 */
import { z } from "zod";
import { EIGHTHS_MAX, formatEighths } from "./eighths.ts";
import type { CallSheetContact } from "./schedule.ts";
import { formatPages } from "./eighths.ts";

export const REPORT_TEXT_MAX = 4000;
/** A long day has a few hundred takes; the limit keeps one autosave's body small for a phone on one bar. */
export const REPORT_ROWS_MAX = 400;
export const MEALS_MAX = 4;

const time = z
  .string("Give the time as HH:MM")
  .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, "Give the time as HH:MM (24 hours), e.g. 07:30, or leave it empty");
const text = (what: string, max = REPORT_TEXT_MAX) =>
  z.string(`${what} must be text`).max(max, `${what} may be at most ${max} characters long.`).default("");
const short = (what: string) => text(what, 100);
const count = (what: string) =>
  z
    .number(`${what} must be a whole number`)
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be below zero`)
    .max(10_000, `${what} must be below 10,000`)
    .nullable()
    .default(null);
const rows = <T extends z.ZodType>(row: T, what: string) =>
  z.array(row, `${what} must be a list`).max(REPORT_ROWS_MAX, `Keep ${what} under ${REPORT_ROWS_MAX} rows`).default([]);

export const SCENE_STATUSES = ["shot", "part", "not_shot"] as const;
export type SceneStatus = (typeof SCENE_STATUSES)[number];
export const SCENE_STATUS_LABELS: Record<SceneStatus, string> = {
  shot: "Shot",
  part: "Part shot",
  not_shot: "Not shot",
};

/** More shots than any day's shot list holds; the bound keeps one report's answer small. */
export const DAY_SHOTS_MAX = 500;

/** The script supervisor's marks: circled (print it), hold (keep it in mind), NG (no good). */
export const TAKE_MARKS = ["circled", "hold", "ng"] as const;
export type TakeMark = (typeof TAKE_MARKS)[number];
export const TAKE_MARK_LABELS: Record<TakeMark, string> = { circled: "Circled", hold: "Hold", ng: "NG" };

const takeNote = z.object({
  scene: short("The scene"),
  take: short("The take"),
  mark: z.enum(TAKE_MARKS, "Mark the take circled, hold or NG").default("hold"),
  notes: text("The notes", 1000),
});
const rollLine = z.object({
  roll: short("The roll"),
  scene: short("The scene"),
  take: short("The take"),
  notes: text("The notes", 1000),
});

export const dailyReportFields = z.object({
  actualCall: time.default(""),
  firstShot: time.default(""),
  wrap: time.default(""),
  meals: z
    .array(z.object({ start: time.default(""), end: time.default("") }), "The meals must be a list")
    .max(MEALS_MAX, `A day has at most ${MEALS_MAX} meals`)
    .default([]),
  /** The call sheet's scenes, each as far as it got; scenes not on the sheet may be added by number. */
  scenes: rows(
    z.object({
      number: z.string("A scene number must be text").trim().min(1, "Give the scene's number").max(20),
      status: z.enum(SCENE_STATUSES, "Say whether the scene was shot").default("not_shot"),
      /** A scene shot in part: the pages shot, in eighths (`parseEighths` reads what was typed). */
      shotEighths: z
        .number("The pages shot must be a number of eighths")
        .int("The pages shot must be a whole number of eighths")
        .min(0, "The pages shot cannot be below zero")
        .max(EIGHTHS_MAX, `The pages shot must be at most ${EIGHTHS_MAX / 8} pages`)
        .nullable()
        .default(null),
    }),
    "the scenes",
  ),
  setups: count("The setups"),
  /** The shots of the shot list taken this day (their ids): ticking one marks it done in the shot list. */
  shotsDone: z
    .array(
      z.string("A shot must be given by its id").uuid("Choose the shots from the day's shot list"),
      "The shots done must be a list",
    )
    .max(DAY_SHOTS_MAX, `A day has at most ${DAY_SHOTS_MAX} shots`)
    .default([]),
  takes: count("The takes"),
  delays: text("The delays"),
  incidents: text("The incidents"),
  /** An injury or accident on set: what happened, to whom, what was done. Empty when there was none. */
  injury: text("The injury or accident report"),
  notes: text("The notes"),
  takeNotes: rows(takeNote, "the take notes"),
  cameraRolls: rows(rollLine, "the camera report"),
  soundRolls: rows(rollLine, "the sound report"),
});
export type DailyReportFields = z.output<typeof dailyReportFields>;
export type DailyReportFieldsInput = z.input<typeof dailyReportFields>;
export type ReportScene = DailyReportFields["scenes"][number];
export type TakeNote = DailyReportFields["takeNotes"][number];
export type RollLine = DailyReportFields["cameraRolls"][number];

/** A report nobody has saved yet starts at version 0. */
export const dailyReportSaveInput = z.object({
  version: z.number("Say which version you edited").int().min(0),
  fields: dailyReportFields,
});
export type DailyReportSaveInput = z.input<typeof dailyReportSaveInput>;
export const dailyReportSignInput = z.object({ version: z.number("Say which version you signed").int().min(1) });

/** What a 409 on a save carries besides its sentence, so the page can say who and when in the reader's format. */
export interface ReportConflictDetails {
  version: number;
  updatedAt: string;
  updatedByName: string;
}

export interface DailyReportDto {
  projectId: string;
  projectTitle: string;
  dayId: string;
  dayNumber: number;
  date: string;
  generalCall: string;
  /** 0 until the first save. */
  version: number;
  fields: DailyReportFields;
  /** The call sheet's scenes with their length, for "pages shot against planned". */
  planned: { number: string; heading: string; eighths: number }[];
  plannedEighths: number;
  shotEighths: number;
  /** The shot lists of the call sheet's scenes, in their order; ticked in `fields.shotsDone` when taken this day. */
  plannedShots: DayShot[];
  updatedAt: string | null;
  updatedByName: string;
  signedAt: string | null;
  signedByName: string | null;
  /** The signed PDF in the project's documents. */
  documentId: string | null;
  /** The crew, staff and admins write it, until it is signed. */
  canEdit: boolean;
  /** The project's producers sign it and reopen it. */
  canSign: boolean;
}

/** One planned shot as the report lists it. */
export interface DayShot {
  id: string;
  sceneNumber: string;
  number: string;
  size: string;
  description: string;
  setupMinutes: number | null;
  /** Marked done in the shot list without being ticked on this report: taken on another day. */
  doneElsewhere: boolean;
}

/** GET /rest/v1/projects/{id}/daily-reports: the days that have a report, for the stripboard's links. */
export interface DailyReportSummary {
  dayId: string;
  version: number;
  signedAt: string | null;
  shotEighths: number;
  plannedEighths: number;
}

/** One project's day on the crew member's phone. */
export interface TodayDay {
  projectId: string;
  projectTitle: string;
  /** `today`: shooting today; `next`: the next shoot day; `report`: a past day whose report is not signed yet. */
  kind: "today" | "next" | "report";
  dayId: string;
  date: string;
  dayNumber: number;
  dayCount: number;
  myCall: string;
  generalCall: string;
  location: string;
  address: string;
  mapUrl: string | null;
  weather: string;
  hospital: string;
  notes: string;
  scenes: { number: string; heading: string; pages: string; cast: string[] }[];
  contacts: CallSheetContact[];
  /** The day's report, from the day itself on (null before it). */
  report: DailyReportDto | null;
}

/** GET /rest/v1/today: the caller's projects shooting today or next, and the reports still open. */
export interface TodayDto {
  /** The server's day ("YYYY-MM-DD") and the moment of this answer, which the phone shows when offline. */
  today: string;
  asOf: string;
  days: TodayDay[];
}

/** "Pages shot against planned" for the overview card: absent when no report was written. */
export interface ShootProgress {
  shotEighths: number;
  plannedEighths: number;
  reports: number;
}

type Planned = Pick<DailyReportDto["planned"][number], "number" | "eighths">;

/**
 * Pages shot, in eighths: a scene shot at its length on the call sheet, a scene shot in part at the pages typed
 * for it. A scene not on the sheet (added by hand) has no length here and counts none, as in "planned".
 */
export function shotEighthsOf(scenes: readonly ReportScene[], planned: readonly Planned[]): number {
  const length = new Map(planned.map((p) => [p.number, p.eighths]));
  const counted = new Map<string, number>();
  for (const sc of scenes) {
    const len = length.get(sc.number);
    if (len === undefined) continue;
    if (sc.status === "shot") counted.set(sc.number, len);
    else if (sc.status === "part") counted.set(sc.number, Math.min(sc.shotEighths ?? 0, len));
  }
  return [...counted.values()].reduce((a, b) => a + b, 0);
}

/** A scene cannot be shot in part for more pages than it has: the sentence that says so, or null. */
export function partShotProblem(scene: ReportScene, planned: readonly Planned[]): string | null {
  if (scene.status !== "part" || scene.shotEighths === null) return null;
  const len = planned.find((p) => p.number === scene.number)?.eighths;
  if (len === undefined || scene.shotEighths <= len) return null;
  return `Scene ${scene.number} is ${formatPages(len)} long on the call sheet, so at most ${formatEighths(len)} of it can be shot (you typed ${formatEighths(scene.shotEighths)}).`;
}
