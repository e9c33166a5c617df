import { eq } from "drizzle-orm";
import { isoDay } from "../../../common/time.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { profiles, projects } from "../../db/schema/index.ts";
import { deliverToOutbox } from "../budgets/seed.ts";
import { createShootDay, getSchedule } from "../schedule/index.ts";
import { getReport, saveReport, signReport } from "./index.ts";

async function callerOf(s: Services, email: string): Promise<Caller | null> {
  const [p] = await s.db
    .select({ id: profiles.id, name: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.email, email));
  return p ?? null;
}
async function projectId(s: Services, title: string) {
  const [p] = await s.db.select({ id: projects.id }).from(projects).where(eq(projects.title, title));
  return p?.id ?? null;
}

/**
 * The day on set in the demo: "Paper Moon Factory" shoots today (Lena Fischer, student@portal.test, is its DP, so
 * her Today shows it), and the first shoot day of "The Weight of Water", two days ago, has its report filled in
 * and signed by its producer, Sofia Marchetti: stored with the call sheets, the supervisor told.
 */
export async function seedDailyReports(s: Services): Promise<void> {
  const admin = await callerOf(s, "admin@portal.test");
  const paperMoon = await projectId(s, "Paper Moon Factory");
  if (admin && paperMoon)
    await createShootDay(s, {
      caller: admin,
      projectId: paperMoon,
      input: {
        date: isoDay(new Date()),
        location: "Old paper mill",
        address: "Mühleweg 7, Hall 2",
        generalCall: "08:00",
        notes: "The mill is cold: bring layers. Lunch at 13:00 in the canteen.",
        weather: "Overcast, 6 °C",
        hospital: "Cantonal Hospital, Spitalstrasse 16, +41 44 555 01 00 (9 min)",
      },
    });

  const producer = await callerOf(s, "sofia.marchetti@portal.test");
  const weight = await projectId(s, "The Weight of Water");
  if (!producer || !weight) return;
  const schedule = await getSchedule(s, { caller: producer, projectId: weight });
  const first = schedule.days[0];
  if (!first) return;
  const opts = { caller: producer, projectId: weight, dayId: first.id };
  const blank = await getReport(s, opts);
  const started = new Date(Date.now() - 1000);
  const saved = await saveReport(s, {
    ...opts,
    input: {
      version: blank.version,
      fields: {
        ...blank.fields,
        actualCall: "17:05",
        firstShot: "18:20",
        wrap: "03:40",
        meals: [{ start: "22:00", end: "22:30" }],
        scenes: blank.fields.scenes.map((sc) => ({ ...sc, status: "shot" as const })),
        setups: 11,
        takes: 34,
        delays: "The kitchen blackout took 35 minutes longer than planned: the window frame needed a second layer.",
        incidents: "A neighbour complained about the noise at 01:10; the AD spoke with him and we moved the generator.",
        injury: "",
        notes: "All scenes of the day shot. The last setup was done without the dolly to make up time.",
        takeNotes: [
          { scene: "3", take: "1", mark: "ng", notes: "Boom in frame" },
          { scene: "3", take: "2", mark: "hold", notes: "Good, line flubbed at the end" },
          { scene: "3", take: "3", mark: "circled", notes: "Best performance" },
        ],
        cameraRolls: [
          { roll: "A001", scene: "3", take: "1-3", notes: "Cooke 32 mm, T2.8" },
          { roll: "A002", scene: "3", take: "4-6", notes: "Insert of the kettle" },
        ],
        soundRolls: [{ roll: "S001", scene: "3", take: "1-6", notes: "Fridge hum off for every take" }],
      },
    },
  });
  await signReport(s, { ...opts, version: saved.version });
  // The supervisor's e-mail goes to the demo's outbox, never through a real mail server.
  await deliverToOutbox(s, started);
}
