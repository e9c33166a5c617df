import { z } from "zod";
import { uploadNameQuery } from "./upload.ts";

/**
 * Shot lists and storyboards (issue 20): per scene of the project's screenplay, the shots the director and the
 * DP plan, in order, each with a storyboard frame. The vocabulary is the one StudioBinder and most shot-list
 * templates print, so a list reads the same to a crew used to those.
 */

export const SHOT_SIZES = ["ECU", "CU", "MCU", "MS", "MLS", "LS", "ELS", "OTS", "INSERT"] as const;
export type ShotSize = (typeof SHOT_SIZES)[number];
export const SHOT_SIZE_LABELS: Record<ShotSize, string> = {
  ECU: "ECU – extreme close-up",
  CU: "CU – close-up",
  MCU: "MCU – medium close-up",
  MS: "MS – medium shot",
  MLS: "MLS – medium long shot",
  LS: "LS – long shot",
  ELS: "ELS – extreme long shot",
  OTS: "OTS – over the shoulder",
  INSERT: "Insert",
};

export const SHOT_ANGLES = ["eye_level", "high", "low", "overhead", "dutch", "shoulder", "hip", "ground"] as const;
export type ShotAngle = (typeof SHOT_ANGLES)[number];
export const SHOT_ANGLE_LABELS: Record<ShotAngle, string> = {
  eye_level: "Eye level",
  high: "High angle",
  low: "Low angle",
  overhead: "Overhead",
  dutch: "Dutch angle",
  shoulder: "Shoulder level",
  hip: "Hip level",
  ground: "Ground level",
};

export const SHOT_MOVEMENTS = [
  "static",
  "pan",
  "tilt",
  "dolly",
  "tracking",
  "zoom",
  "handheld",
  "steadicam",
  "gimbal",
  "crane",
  "drone",
] as const;
export type ShotMovement = (typeof SHOT_MOVEMENTS)[number];
export const SHOT_MOVEMENT_LABELS: Record<ShotMovement, string> = {
  static: "Static",
  pan: "Pan",
  tilt: "Tilt",
  dolly: "Dolly",
  tracking: "Tracking",
  zoom: "Zoom",
  handheld: "Handheld",
  steadicam: "Steadicam",
  gimbal: "Gimbal",
  crane: "Crane",
  drone: "Drone",
};

export const SHOT_LIMITS = {
  /** The longest lens a school kit or a rental carries, in mm. */
  lensMm: 2000,
  /** A setup longer than a whole day is a typing mistake. */
  setupMinutes: 24 * 60,
  description: 2000,
  number: 12,
  /** Shots in one scene: far beyond any student film's coverage, small enough to keep a list on one page. */
  perScene: 200,
  /** A storyboard frame is a sketch or a photo of one: a few MB is plenty. */
  frameBytes: 5 * 1024 * 1024,
} as const;

export const FRAME_ACCEPTED = "PNG or JPEG";

const sceneNumber = z.string().trim().min(1, "Choose the scene.").max(12);
const shotNumber = z
  .string()
  .trim()
  .max(SHOT_LIMITS.number, `A shot number has at most ${SHOT_LIMITS.number} characters.`)
  .regex(/^[\p{L}\p{N}.\-/]*$/u, "A shot number has letters, digits, dots, dashes or slashes only, like 12A.");
const lens = z
  .number()
  .int("The lens is a whole number of millimetres.")
  .min(1, "The lens is at least 1 mm.")
  .max(SHOT_LIMITS.lensMm, `The lens is at most ${SHOT_LIMITS.lensMm} mm.`)
  .nullable();
const setupMinutes = z
  .number()
  .int("The setup time is a whole number of minutes.")
  .min(0, "The setup time cannot be negative.")
  .max(SHOT_LIMITS.setupMinutes, "The setup time is at most a day (1440 minutes).")
  .nullable();

const shotFields = {
  size: z.enum(SHOT_SIZES, "Choose the shot's size."),
  angle: z.enum(SHOT_ANGLES, "Choose the camera angle."),
  movement: z.enum(SHOT_MOVEMENTS, "Choose the camera movement."),
  lens,
  description: z.string().max(SHOT_LIMITS.description, "The description is at most 2000 characters."),
  setupMinutes,
};

export const shotCreateInput = z.object({
  sceneNumber,
  ...shotFields,
  /** Empty or absent: numbered after the scene (1A, 1B, …) by its place in the list. */
  number: shotNumber.optional(),
});
export type ShotCreateInput = z.infer<typeof shotCreateInput>;

export const shotUpdateInput = z
  .object({
    ...shotFields,
    /** "" gives the shot back its automatic number. */
    number: shotNumber,
    done: z.boolean(),
  })
  .partial();
export type ShotUpdateInput = z.infer<typeof shotUpdateInput>;

export const shotMoveInput = z.object({ direction: z.enum(["up", "down"], "Say up or down.") });
export type MoveDirection = z.infer<typeof shotMoveInput>["direction"];

/** A frame's upload: `?name=` as every upload, and `drawn=true` when it comes from the portal's drawing canvas. */
export const frameUploadQuery = uploadNameQuery.extend({ drawn: z.enum(["true", "false"]).optional() });

export interface ShotFrameDto {
  url: string;
  contentType: string;
  /** Drawn on the portal's canvas rather than uploaded. */
  drawn: boolean;
}

export interface ShotDto {
  id: string;
  sceneNumber: string;
  /** The number shown: typed by hand, or made from the scene and the shot's place. */
  number: string;
  numberIsCustom: boolean;
  size: ShotSize;
  angle: ShotAngle;
  movement: ShotMovement;
  lens: number | null;
  description: string;
  setupMinutes: number | null;
  done: boolean;
  frame: ShotFrameDto | null;
}

export interface ShotSceneDto {
  number: string;
  heading: string;
  /** The scene is no longer in the screenplay; its shots are kept so nobody loses them silently. */
  omitted: boolean;
  shots: ShotDto[];
  setupMinutes: number;
}

export interface ShotsDto {
  projectId: string;
  canEdit: boolean;
  screenplayTitle: string | null;
  scenes: ShotSceneDto[];
}

/** What a day's call sheet shows of one scene's shots. */
export interface SceneSetups {
  sceneNumber: string;
  shots: number;
  setupMinutes: number;
}

// ── Numbering ────────────────────────────────────────────────────────────────────────────────────

/** I and O are left out, as on slates and shot lists, so 1I and 1O are never read as 11 and 10. */
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/** The n-th suffix (0 → A, 23 → Z, 24 → AA, …). */
export function shotSuffix(n: number): string {
  let s = "";
  let i = n;
  do {
    s = LETTERS[i % LETTERS.length] + s;
    i = Math.floor(i / LETTERS.length) - 1;
  } while (i >= 0);
  return s;
}

const sameNumber = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * The numbers of a scene's shots in their order: a number typed by hand stands, every other shot takes the
 * scene's number and the next letter no typed number already uses. So inserting or moving a shot renumbers
 * only the automatic ones, as the shot list's order is the order they are written on the slate.
 */
export function shotNumbers(sceneNumber: string, custom: (string | null)[]): string[] {
  const taken = custom.filter((c): c is string => !!c);
  let next = 0;
  return custom.map((c) => {
    if (c) return c;
    let n: string;
    do n = `${sceneNumber}${shotSuffix(next++)}`;
    while (taken.some((t) => sameNumber(t, n)));
    return n;
  });
}

/** A typed number another shot of the scene already shows, or null when it is free. */
export function numberClash(numbers: { id: string; number: string }[], id: string, wanted: string): string | null {
  return numbers.find((n) => n.id !== id && sameNumber(n.number, wanted))?.number ?? null;
}

/** The order after moving one shot a place up or down; at either end the order stays as it is. */
export function moveShot<T>(order: readonly T[], item: T, direction: MoveDirection): T[] {
  const from = order.indexOf(item);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next[from] = order[to]!;
  next[to] = item;
  return next;
}

export const totalSetupMinutes = (shots: { setupMinutes: number | null }[]) =>
  shots.reduce((n, s) => n + (s.setupMinutes ?? 0), 0);

/** "1 h 25 min", "40 min": how a setup time reads on the call sheet and the printed list. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** One line of a shot's camera: "MS · Eye level · Dolly · 35 mm". */
export const shotCamera = (s: Pick<ShotDto, "size" | "angle" | "movement" | "lens">) =>
  [s.size, SHOT_ANGLE_LABELS[s.angle], SHOT_MOVEMENT_LABELS[s.movement], s.lens ? `${s.lens} mm` : ""]
    .filter(Boolean)
    .join(" · ");
