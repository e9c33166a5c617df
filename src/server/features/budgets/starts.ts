import { reservationListQuery } from "../../../common/equipment.ts";
import {
  DAY_UNIT,
  templateRateFor,
  type BudgetStart,
  type BudgetStartDto,
  type BudgetTemplateLine,
} from "../../../common/budget-template.ts";
import { FILM_ROLE_LABELS, filmRoleList, type FilmRole } from "../../../common/projects.ts";
import type { Caller } from "../../auth/caller.ts";
import { listReservations } from "../equipment/index.ts";
import { projectFor } from "../projects/access.ts";
import { castOf, crewOf, shootDaysOf } from "../schedule/index.ts";
import { templateLinesOf } from "./templates.ts";
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
 * Lines for a project's empty budget, from its course's template or from its schedule. Nothing is saved: the
 * sheet puts them on the crew's draft, where the producer fills the rates and saves, so no typed line is ever
 * replaced by them.
 */
export async function startLines(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; projectId: string; from: BudgetStart },
): Promise<BudgetStartDto> {
  const { project } = await projectFor(s.db, opts.caller, opts.projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can start its budget.",
  });
  const template = project.courseId ? await templateLinesOf(s.db, project.courseId) : [];
  const notes: string[] = [];
  if (opts.from === "template") {
    if (!project.courseId)
      notes.push("The project belongs to no course, so there is no course template to start from.");
    else if (template.length === 0) notes.push("The project's course has no budget template yet.");
    return { from: "template", lines: template, notes };
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
  const dayLine = (labels: string[], description: string, account: string): BudgetTemplateLine => {
    const match = templateRateFor(template, labels);
    if (!match || match.rate === 0) unrated++;
    return {
      accountCode: match?.accountCode ?? account,
      description,
      quantity,
      units: DAY_UNIT,
      rate: match?.rate ?? 0,
    };
  };
  const lines: BudgetTemplateLine[] = [
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
  const gear = new Map<string, number>();
  for (const r of reservations.items) {
    if (GONE.has(r.state)) continue;
    for (const item of r.items) {
      const name = item.byModel && item.modelName ? item.modelName : item.name;
      gear.set(name, (gear.get(name) ?? 0) + 1);
    }
  }
  for (const [name, count] of gear)
    lines.push({ accountCode: EQUIPMENT_ACCOUNT, description: name, quantity: count * 100, units: "each", rate: 0 });

  if (days.length === 0) notes.push("The schedule has no shoot days yet: the crew's and cast's lines count 0 days.");
  if (unrated > 0)
    notes.push(
      `${unrated} ${unrated === 1 ? "person has" : "people have"} no day rate in the course template: the rate is 0, type it in.`,
    );
  if (gear.size > 0)
    notes.push(
      "The equipment room keeps no rental rates, so the reserved equipment's lines are at 0: type what each costs.",
    );
  if (lines.length === 0) notes.push("The project has no crew, cast or reserved equipment yet.");
  return { from: "schedule", lines, notes };
}
