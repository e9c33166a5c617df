import { reservationListQuery } from "../../../common/equipment.ts";
import {
  DAY_UNIT,
  templateRateFor,
  type BudgetStart,
  rentalDays,
  type BudgetStartDto,
  type BudgetStartLine,
} from "../../../common/budget-template.ts";
import { FILM_ROLE_LABELS, filmRoleList, type FilmRole } from "../../../common/projects.ts";
import type { Caller } from "../../auth/caller.ts";
import { dayRatesOf, listReservations } from "../equipment/index.ts";
import { projectFor } from "../projects/access.ts";
import { castOf, crewOf, shootDaysOf } from "../schedule/index.ts";
import { templateOf } from "./templates.ts";
import type { S } from "./shared.ts";

/** The account a crew member's line goes to when the template has no line for their role. */
const ROLE_ACCOUNTS: Partial<Record<FilmRole, string>> = {
  writer: "1100",
  producer: "1200",
  director: "1300",
  dp: "2100",
  camera_operator: "2100",
  gaffer: "2200",
  sound: "2300",
  production_designer: "2400",
  costume: "2500",
  makeup: "2500",
  editor: "3000",
  colourist: "3000",
  vfx: "3000",
  composer: "3100",
};
const CAST_ACCOUNT = "1400";
const EQUIPMENT_ACCOUNT = "2900";
const OTHER_CREW_ACCOUNT = "2000";
/** Reservations that no longer hold their gear. */
const GONE = new Set(["rejected", "cancelled"]);

/**
 * Lines for a project's budget, from its course's template or from its schedule, with the template's fringes
 * and globals they name. Nothing is saved: the sheet appends them to the crew's draft (skipping lines it
 * already has), where the producer checks the rates and saves, so no typed line is ever replaced by them.
 */
export async function startLines(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; projectId: string; from: BudgetStart },
): Promise<BudgetStartDto> {
  const { project } = await projectFor(s.db, opts.caller, opts.projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can start its budget.",
  });
  const course = project.courseId ? await templateOf(s.db, project.courseId) : { lines: [], fringes: [], globals: [] };
  const template = course.lines;
  const notes: string[] = [];
  if (opts.from === "template") {
    if (!project.courseId)
      notes.push("The project belongs to no course, so there is no course template to start from.");
    else if (template.length === 0) notes.push("The project's course has no budget template yet.");
    return { from: "template", lines: template, fringes: course.fringes, globals: course.globals, notes };
  }

  const [days, crew, cast, reservations] = await Promise.all([
    shootDaysOf(s.db, [project.id], "0001-01-01", "9999-12-31"),
    crewOf(s.db, project.id),
    castOf(s.db, project.id),
    listReservations(s, {
      caller: opts.caller,
      query: reservationListQuery.parse({ projectId: project.id, limit: 100 }),
    }),
  ]);
  const quantity = days.length * 100;
  let unrated = 0;
  const dayLine = (labels: string[], description: string, account: string): BudgetStartLine => {
    const match = templateRateFor(template, labels);
    if (!match || match.rate === 0) unrated++;
    return {
      accountCode: match?.accountCode ?? account,
      description,
      quantity,
      units: DAY_UNIT,
      rate: match?.rate ?? 0,
      // The template's line for the role carries its fringes (payroll tax on a day rate) to the person's line.
      ...(match?.fringeIds?.length ? { fringeIds: match.fringeIds } : {}),
    };
  };
  const lines: BudgetStartLine[] = [
    ...crew
      .filter((m) => m.active)
      .map((m) => {
        const roles = m.roles as FilmRole[];
        const labels = roles.map((r) => FILM_ROLE_LABELS[r] ?? r);
        const account = roles.map((r) => ROLE_ACCOUNTS[r]).find(Boolean) ?? OTHER_CREW_ACCOUNT;
        return dayLine(labels, `${filmRoleList(roles) || "Crew"} — ${m.name}`, account);
      }),
    ...[...cast.values()].map((c) => dayLine(["cast", c.character], `${c.actorName} as ${c.character}`, CAST_ACCOUNT)),
  ];
  const gear = await gearLines(s, reservations.items);
  lines.push(...gear.lines);

  if (days.length === 0) notes.push("The schedule has no shoot days yet: the crew's and cast's lines count 0 days.");
  if (unrated > 0)
    notes.push(
      `${unrated} ${unrated === 1 ? "person has" : "people have"} no day rate in the course template: the rate is 0, type it in.`,
    );
  if (gear.unrated.length > 0)
    notes.push(
      `The equipment room keeps no day rate for ${gear.unrated.join(", ")}: ${gear.unrated.length === 1 ? "its line is" : "their lines are"} at 0, type what each costs.`,
    );
  if (lines.length === 0) notes.push("The project has no crew, cast or reserved equipment yet.");
  const used = new Set(lines.flatMap((l) => l.fringeIds ?? []));
  return { from: "schedule", lines, fringes: course.fringes.filter((f) => used.has(f.id)), globals: [], notes };
}

type Reservation = Awaited<ReturnType<typeof listReservations>>["items"][number];

/**
 * The reserved equipment as rental lines: a line per model (or unmodelled item) and day rate, its quantity
 * the days each unit is reserved added up, priced at the equipment room's day rate (0 where it keeps none).
 */
async function gearLines(s: Pick<S, "db">, reservations: Reservation[]) {
  const held = reservations.filter((r) => !GONE.has(r.state));
  const rates = await dayRatesOf(
    s.db,
    held.flatMap((r) => r.items.map((i) => i.itemId)),
  );
  const byLine = new Map<string, { name: string; rate: number | null; unitDays: number; spans: Map<number, number> }>();
  for (const r of held) {
    const days = rentalDays(r.startsAt, r.endsAt);
    for (const item of r.items) {
      const name = item.byModel && item.modelName ? item.modelName : item.name;
      const rate = rates.get(item.itemId) ?? null;
      const key = `${name}\u0000${rate}`;
      const line = byLine.get(key) ?? { name, rate, unitDays: 0, spans: new Map() };
      line.unitDays += days;
      line.spans.set(days, (line.spans.get(days) ?? 0) + 1);
      byLine.set(key, line);
    }
  }
  const lines: BudgetStartLine[] = [...byLine.values()].map((l) => ({
    accountCode: EQUIPMENT_ACCOUNT,
    description: l.name,
    quantity: l.unitDays * 100,
    units: DAY_UNIT,
    rate: l.rate ?? 0,
    notes: `Reserved: ${[...l.spans].map(([days, units]) => `${units} × ${days} ${days === 1 ? "day" : "days"}`).join(", ")}`,
  }));
  const unrated = [...new Set([...byLine.values()].filter((l) => l.rate === null).map((l) => l.name))];
  return { lines, unrated };
}
