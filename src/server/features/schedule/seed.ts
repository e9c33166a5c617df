import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { callSheetRecipients, profiles, projects, screenplays } from "../../db/schema/index.ts";
import { deliverToOutbox } from "../budgets/seed.ts";
import { DAY_MS, isoDay } from "../../../common/time.ts";
import {
  createBanner,
  createShootDay,
  getSchedule,
  saveBoard,
  saveCast,
  saveEstimate,
  sendCallSheet,
} from "./index.ts";
import { seedMinorsAndHours } from "./seed-hours.ts";

const dayFromToday = (n: number) => isoDay(new Date(Date.now() + n * DAY_MS));

/**
 * The demo's schedule, on "The Weight of Water" (its screenplay's numbers are locked): three shoot
 * days around today with strips, its leads cast (two actors with e-mail addresses, so they are sent
 * their call sheets too), and the next day's call sheet sent (its mails in the outbox), two of the crew
 * having confirmed.
 * Built through the domain's own functions, so the demo shows what the portal itself makes.
 */
export async function seedSchedule(s: Services): Promise<void> {
  await seedFirstShootDay(s);
  const [project] = await s.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(screenplays, and(eq(screenplays.projectId, projects.id), isNotNull(screenplays.lockedScenes)))
    .where(eq(projects.title, "The Weight of Water"));
  const [lead] = await s.db
    .select({ id: profiles.id, name: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.email, "amara.diallo@portal.test"));
  if (!project || !lead) return;
  const caller: Caller = { id: lead.id, name: lead.name, role: lead.role };
  const opts = { caller, projectId: project.id };
  const days: [offset: number, location: string, address: string, call: string, notes: string, scenes: string[]][] = [
    [
      -2,
      "Harbour flat",
      "Seestrasse 12, 2nd floor",
      "17:00",
      "Blackout the kitchen window; the scene plays at night.",
      ["3"],
    ],
    [
      1,
      "Lake ferry terminal",
      "Quai du Lac 1, Gate B",
      "18:30",
      "Warm clothes: we are outside until 02:00. Hot food at 22:00.",
      ["2", "1"],
    ],
    [
      3,
      "Ferry MS Helvetia",
      "Quai du Lac 1, berth 3",
      "04:00",
      "Dawn at 05:40: we have one take at first light. Life jackets on deck at all times.",
      ["4"],
    ],
  ];
  for (const [offset, location, address, generalCall, notes] of days) {
    await createShootDay(s, {
      ...opts,
      input: {
        date: dayFromToday(offset),
        location,
        address,
        generalCall,
        notes,
        hospital: offset === 3 ? "Lakeside Hospital, Seeweg 4 (6 min)" : "",
      },
    });
  }
  const schedule = await getSchedule(s, opts);
  const actors: [character: string, actorName: string, email: string, phone: string][] = [
    ["INES", "Hanna Brunner", "hanna.brunner@example.com", "+41 79 555 01 12"],
    ["PAUL", "Marc Aebischer", "marc.aebischer@example.com", "+41 78 555 03 40"],
    ["MOTHER", "Lucia Ferraro", "", "+41 76 555 07 21"],
  ];
  const inScript = new Set(schedule.cast.map((c) => c.character));
  for (const [character, actorName, email, phone] of actors) {
    if (inScript.has(character)) await saveCast(s, { ...opts, input: { character, actorName, email, phone } });
  }
  await saveBoard(s, {
    ...opts,
    input: { version: schedule.version, days: schedule.days.map((d, i) => ({ id: d.id, scenes: days[i]![5] })) },
  });
  await seedBanners(s, opts);
  const consentSent = new Date(Date.now() - 1000);
  await seedMinorsAndHours(s, opts);
  await deliverToOutbox(s, consentSent);
  const next = schedule.days[1]!;
  const started = new Date(Date.now() - 1000);
  await sendCallSheet(s, { ...opts, dayId: next.id });
  // The demo's call sheet mails go to the outbox, never through a real mail server, and the queue starts empty.
  await deliverToOutbox(s, started);
  // Sent yesterday, so the confirmations that follow read in order.
  await s.db
    .update(callSheetRecipients)
    .set({ sentAt: new Date(Date.now() - 26 * 3_600_000) })
    .where(eq(callSheetRecipients.shootDayId, next.id));
  const confirmed = await s.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.email, ["amara.diallo@portal.test", "jun.park@portal.test"]));
  await s.db
    .update(callSheetRecipients)
    .set({ confirmedAt: new Date(Date.now() - 3 * 3_600_000), confirmedIp: "demo", confirmedUserAgent: "demo" })
    .where(
      and(
        eq(callSheetRecipients.shootDayId, next.id),
        inArray(
          callSheetRecipients.userId,
          confirmed.map((c) => c.id),
        ),
      ),
    );
}

/**
 * "Small Hours" (Fiction Workshop II, whose course keeps its own greenlight deadlines) has its first shoot day
 * scheduled in 18 days, so its checklist shows dates counted back from it, two of them already passed.
 */
async function seedFirstShootDay(s: Services) {
  const [project] = await s.db.select({ id: projects.id }).from(projects).where(eq(projects.title, "Small Hours"));
  const [admin] = await s.db
    .select({ id: profiles.id, name: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.email, "admin@portal.test"));
  if (!project || !admin) return;
  await createShootDay(s, {
    caller: { id: admin.id, name: admin.name, role: admin.role },
    projectId: project.id,
    input: {
      date: dayFromToday(18),
      location: "Office tower, 14th floor",
      address: "Lindenstrasse 40",
      generalCall: "21:00",
      notes: "Night shoot: the building's security lets us in at 20:45.",
      hospital: "",
    },
  });
}

/**
 * Day 2 at the ferry terminal: the hot meal the notes promise and the company's move from the terminal to the
 * ferry's wheelhouse, between its two scenes; and the wheelhouse scene estimated longer than its pages (night
 * interiors on a moored ferry are slow to light).
 */
async function seedBanners(s: Services, opts: { caller: Caller; projectId: string }) {
  const { days } = await getSchedule(s, opts);
  const day = days[1];
  if (!day) return;
  await createBanner(s, { ...opts, input: { dayId: day.id, kind: "meal", minutes: 30, text: "Hot food at 22:00" } });
  const made = await createBanner(s, {
    ...opts,
    input: { dayId: day.id, kind: "move", from: "Ferry terminal", to: "MS Helvetia, wheelhouse", minutes: 20 },
  });
  const [meal, move] = made.days[1]!.banners;
  await saveBoard(s, {
    ...opts,
    input: {
      version: made.version,
      days: [
        {
          id: day.id,
          scenes: made.days[1]!.strips.map((x) => x.number),
          banners: [
            { id: meal!.id, at: 1 },
            { id: move!.id, at: 2 },
          ],
        },
      ],
    },
  });
  await saveEstimate(s, { ...opts, input: { scene: "1", minutes: 75 } });
}
