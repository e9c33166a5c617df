import { and, eq, inArray } from "drizzle-orm";
import type { Services } from "../../context.ts";
import {
  courses,
  equipmentCategories,
  equipmentKits,
  fairShareLimits,
  profiles,
  projectMembers,
  projects,
  requestWindowLots,
  requestWindows,
  windowRequests,
} from "../../db/schema/index.ts";
import { DAY_MS } from "./shared.ts";

/** Who asks the demo window for what: [project, lot]. */
const REQUESTS: [project: string, lot: string][] = [
  ["The Weight of Water", "Lighting"],
  ["Small Hours", "Lighting"],
  ["Salt and Iron", "Lighting"],
  ["Static", "Lighting"],
  ["Night Market", "Documentary kit 1"],
  ["Border Kitchen", "Documentary kit 1"],
  ["Kiln", "Documentary kit 1"],
];

/**
 * The demo school's fair share: limits per project on Experimental Forms (per project, so the demo students' own
 * projects and the other courses' productions, which the tests book freely, stay unlimited), and an open request window for the first weekend at
 * least six days away (so its deadline, the Wednesday before, is still to come), with the courses ranked and
 * requests from several productions waiting for the draw; and one window cancelled before its draw, with its reason.
 */
export async function seedFairShare(s: Pick<Services, "db">) {
  const codes = await s.db
    .select({ id: courses.id, code: courses.code })
    .from(courses)
    .where(inArray(courses.code, ["EXP-220", "FILM-201", "DOC-210"]));
  const course = new Map(codes.map((c) => [c.code, c.id]));
  const office = (await s.db.select().from(profiles).where(eq(profiles.email, "equipment@portal.test")))[0];
  if (!course.has("EXP-220") || !office) return;
  await s.db.insert(fairShareLimits).values({
    courseId: course.get("EXP-220")!,
    maxActive: 2,
    activeScope: "project",
    maxDaysPerWeek: 4,
    daysScope: "project",
    updatedBy: office.id,
    updatedByName: office.fullName,
  });

  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  let saturday = new Date(today.getTime() + 6 * DAY_MS);
  while (saturday.getUTCDay() !== 6) saturday = new Date(saturday.getTime() + DAY_MS);
  const [w] = await s.db
    .insert(requestWindows)
    .values({
      name: "Lighting and documentary kits, busy weekend",
      startsAt: saturday,
      endsAt: new Date(saturday.getTime() + 2 * DAY_MS),
      deadline: new Date(saturday.getTime() - 3 * DAY_MS + 18 * 3_600_000),
      priorities: [course.get("FILM-201"), course.get("DOC-210")].filter((id): id is string => !!id),
      createdBy: office.id,
    })
    .returning({ id: requestWindows.id });
  const [lighting] = await s.db.select().from(equipmentCategories).where(eq(equipmentCategories.name, "Lighting"));
  const [kit] = await s.db.select().from(equipmentKits).where(eq(equipmentKits.name, "Documentary kit 1"));
  const lots = await s.db
    .insert(requestWindowLots)
    .values([
      { windowId: w!.id, kind: "category" as const, categoryId: lighting!.id, label: lighting!.name },
      { windowId: w!.id, kind: "kit" as const, kitId: kit!.id, label: kit!.name },
    ])
    .returning();
  const leads = await s.db
    .select({ id: projects.id, title: projects.title, lead: projectMembers.userId })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.isLead, true)))
    .where(
      inArray(
        projects.title,
        REQUESTS.map(([title]) => title),
      ),
    );
  const rows = REQUESTS.flatMap(([title, label], n) => {
    const project = leads.find((l) => l.title === title);
    const lot = lots.find((l) => l.label === label);
    if (!project || !lot) return [];
    return [
      {
        windowId: w!.id,
        lotId: lot.id,
        projectId: project.id,
        requesterId: project.lead,
        createdAt: new Date(Date.now() - (REQUESTS.length - n) * 3_600_000),
      },
    ];
  });
  if (rows.length) await s.db.insert(windowRequests).values(rows);

  // A window the office cancelled before its draw, so the list shows what a cancelled one looks like.
  const [grip] = await s.db.select().from(equipmentCategories).where(eq(equipmentCategories.name, "Grip"));
  if (!grip) return;
  const later = new Date(saturday.getTime() + 14 * DAY_MS);
  const [cancelled] = await s.db
    .insert(requestWindows)
    .values({
      name: "Grip for the graduation screening",
      startsAt: later,
      endsAt: new Date(later.getTime() + 2 * DAY_MS),
      deadline: new Date(later.getTime() - 4 * DAY_MS),
      state: "cancelled",
      cancelledAt: new Date(today.getTime() - DAY_MS),
      cancelReason: "The screening moved to the spring term; book grip first come as usual.",
      createdBy: office.id,
    })
    .returning({ id: requestWindows.id });
  await s.db
    .insert(requestWindowLots)
    .values({ windowId: cancelled!.id, kind: "category", categoryId: grip.id, label: grip.name });
}
