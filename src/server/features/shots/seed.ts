import { and, eq, isNotNull } from "drizzle-orm";
import type { ShotCreateInput } from "../../../common/shots.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { profiles, projects, screenplays } from "../../db/schema/index.ts";
import { sketchPng, type Shape } from "../../lib/png.ts";
import { createShot, putFrame } from "./index.ts";

type Planned = Omit<ShotCreateInput, "number"> & { frame?: Shape[] };

const shot = (
  sceneNumber: string,
  size: ShotCreateInput["size"],
  angle: ShotCreateInput["angle"],
  movement: ShotCreateInput["movement"],
  lens: number,
  setupMinutes: number,
  description: string,
  frame?: Shape[],
): Planned => ({ sceneNumber, size, angle, movement, lens, setupMinutes, description, frame });

/** The wheelhouse at night: the window's dark lake, the wheel, Ines's silhouette. */
const WHEELHOUSE: Shape[] = [
  { kind: "rect", x: 0, y: 0, w: 1, h: 0.55, grey: 60 },
  { kind: "line", y: 0.55, grey: 20 },
  { kind: "circle", x: 0.3, y: 0.75, r: 0.18, grey: 120 },
  { kind: "rect", x: 0.62, y: 0.3, w: 0.14, h: 0.7, grey: 30 },
  { kind: "circle", x: 0.69, y: 0.25, r: 0.09, grey: 30 },
];
const INES_CLOSE: Shape[] = [
  { kind: "rect", x: 0, y: 0, w: 1, h: 1, grey: 90 },
  { kind: "circle", x: 0.45, y: 0.45, r: 0.32, grey: 200 },
  { kind: "rect", x: 0.2, y: 0.8, w: 0.5, h: 0.2, grey: 40 },
];
const TERMINAL: Shape[] = [
  { kind: "rect", x: 0, y: 0, w: 1, h: 0.4, grey: 70 },
  { kind: "line", y: 0.4, grey: 20 },
  { kind: "rect", x: 0.1, y: 0.25, w: 0.35, h: 0.25, grey: 150 },
  { kind: "circle", x: 0.8, y: 0.15, r: 0.07, grey: 235 },
  { kind: "rect", x: 0.55, y: 0.5, w: 0.05, h: 0.35, grey: 25 },
  { kind: "circle", x: 0.575, y: 0.46, r: 0.05, grey: 25 },
];
const PAUL_ARRIVES: Shape[] = [
  { kind: "rect", x: 0, y: 0.6, w: 1, h: 0.4, grey: 120 },
  { kind: "line", y: 0.6, grey: 20 },
  { kind: "rect", x: 0.4, y: 0.2, w: 0.16, h: 0.6, grey: 35 },
  { kind: "circle", x: 0.48, y: 0.16, r: 0.1, grey: 35 },
];

/**
 * The demo's shot lists, on "The Weight of Water": scene 1 (the wheelhouse) and scene 2 (the terminal), which are
 * on tomorrow's shoot day, so its call sheet shows their setups; four of the shots have drawn frames.
 * Built through the domain's own functions, so the demo shows what the portal itself makes.
 */
export async function seedShots(s: Services): Promise<void> {
  const [project] = await s.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(screenplays, and(eq(screenplays.projectId, projects.id), isNotNull(screenplays.lockedScenes)))
    .where(eq(projects.title, "The Weight of Water"));
  const [dp] = await s.db
    .select({ id: profiles.id, name: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.email, "amara.diallo@portal.test"));
  if (!project || !dp) return;
  const caller: Caller = { id: dp.id, name: dp.name, role: dp.role };
  const plan: Planned[] = [
    shot(
      "1",
      "LS",
      "eye_level",
      "static",
      24,
      45,
      "The wheelhouse in the dark; Ines at the wheel, the lake black behind the glass.",
      WHEELHOUSE,
    ),
    shot(
      "1",
      "CU",
      "low",
      "handheld",
      50,
      20,
      "Ines's face lit by the radar; she does not look at the radio.",
      INES_CLOSE,
    ),
    shot("1", "INSERT", "overhead", "static", 85, 15, "The radio's dial turning to channel 16."),
    shot(
      "2",
      "ELS",
      "high",
      "crane",
      18,
      60,
      "The terminal from above: one lamp, the empty quay, the ferry's lights far out.",
      TERMINAL,
    ),
    shot(
      "2",
      "MS",
      "eye_level",
      "dolly",
      35,
      30,
      "Paul walks into the lamp's light with his bag and stops.",
      PAUL_ARRIVES,
    ),
  ];
  for (const { frame, ...input } of plan) {
    const made = await createShot(s, { caller, projectId: project.id, input });
    if (frame)
      await putFrame(s, {
        caller,
        projectId: project.id,
        shotId: made.id,
        bytes: sketchPng(320, 180, frame),
        drawn: true,
      });
  }
}
