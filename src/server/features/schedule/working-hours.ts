import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DayCheck } from "../../../common/day-checks.ts";
import { findingText, hoursFindings, type HoursFinding, type WorkedDay } from "../../../common/working-hours.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { castMembers, profiles, projectMembers, shootDays } from "../../db/schema/index.ts";
import { getSchoolSettings } from "../school/service.ts";

/** A day as the checks read it; `day-checks.ts:CheckedDay` by shape, named here so the sources import no circle. */
export interface CheckedDay {
  id: string;
  date: string;
  generalCall: string;
  castCalls: Record<string, string>;
  crewCalls: Record<string, string>;
  strips: { number: string; cast: string[] }[];
}

type DayRow = typeof shootDays.$inferSelect;
type CastRow = typeof castMembers.$inferSelect;

/** What the checks read of a day beyond `CheckedDay`: its wrap, meal and per-person wraps and chaperones. */
export type DayTimes = Pick<DayRow, "id" | "wrap" | "meal" | "castWraps" | "crewWraps" | "chaperones">;

/**
 * What several day-check sources read of a project, read once for all of them when first asked: the cast, and
 * the days' times, which the stripboard's own read of the days already holds (`rows`), so they cost no statement.
 */
export interface DayFacts {
  cast(): Promise<CastRow[]>;
  times(): Promise<Map<string, DayTimes>>;
  /** The minors' consents and permits, when the caller reads them for itself too (the stripboard's cast list). */
  minorPapers?(): Promise<MinorPapers>;
}

/** The guardians' consents by actor name, and the titles of the cast's work permits by document id. */
export interface MinorPapers {
  consents: Map<string, "sent" | "signed">;
  permits: Map<string, string>;
}

export const once = <T>(load: () => Promise<T>) => {
  let kept: Promise<T> | undefined;
  return () => (kept ??= load());
};

const projectCast = preparedQuery((db) =>
  db
    .select()
    .from(castMembers)
    .where(eq(castMembers.projectId, sql.placeholder("projectId"))),
);

/** The project's cast members, in no order. */
export const castRowsOf = (db: DbOrTx, projectId: string): Promise<CastRow[]> => projectCast(db, { projectId });

export function dayFacts(
  db: DbOrTx,
  projectId: string,
  days: readonly CheckedDay[],
  known: { rows?: readonly DayRow[]; cast?: () => Promise<CastRow[]>; minorPapers?: () => Promise<MinorPapers> } = {},
): DayFacts {
  return {
    ...(known.minorPapers ? { minorPapers: known.minorPapers } : {}),
    cast: known.cast ?? once(() => castRowsOf(db, projectId)),
    times: once(async () => {
      if (known.rows) return new Map(known.rows.map((r) => [r.id, r]));
      if (days.length === 0) return new Map();
      const rows = await db
        .select({
          id: shootDays.id,
          wrap: shootDays.wrap,
          meal: shootDays.meal,
          castWraps: shootDays.castWraps,
          crewWraps: shootDays.crewWraps,
          chaperones: shootDays.chaperones,
        })
        .from(shootDays)
        .where(
          inArray(
            shootDays.id,
            days.map((d) => d.id),
          ),
        );
      return new Map(rows.map((r) => [r.id, r]));
    }),
  };
}

/** The characters a day shoots, in name order. */
export const charactersOf = (day: CheckedDay) => [...new Set(day.strips.flatMap((s) => s.cast))].sort();

const crewNames = preparedQuery((db) =>
  db
    .select({ userId: projectMembers.userId, name: profiles.fullName })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, sql.placeholder("projectId")))
    .orderBy(asc(profiles.fullName)),
);

/**
 * Safe working days (source "hours"): each person's days, the crew by user id (every member works every day) and
 * the cast by character (on the days their scenes are shot), judged by `hoursFindings`. People with the same
 * finding on a day share one line, so a crew of twelve called at once reads as one warning, not twelve.
 */
export async function hoursChecks(
  db: DbOrTx,
  projectId: string,
  days: readonly CheckedDay[],
  facts = dayFacts(db, projectId, days),
) {
  const [settings, times, crew, cast] = await Promise.all([
    getSchoolSettings(db),
    facts.times(),
    crewNames(db, { projectId }),
    facts.cast(),
  ]);
  const actor = new Map(cast.map((c) => [c.character, c.actorName]));
  const numbered = days.map((d, i) => ({ day: d, number: i + 1, t: times.get(d.id) }));
  const people: { name: string; days: WorkedDay[] }[] = [];
  for (const m of crew)
    people.push({
      name: m.name,
      days: numbered.map(({ day, number, t }) => ({
        dayId: day.id,
        dayNumber: number,
        date: day.date,
        call: day.crewCalls[m.userId] ?? day.generalCall,
        wrap: t?.crewWraps[m.userId] ?? t?.wrap ?? "",
        meal: t?.meal ?? "",
      })),
    });
  for (const character of new Set(days.flatMap(charactersOf)))
    people.push({
      name: actor.get(character) || character,
      days: numbered
        .filter(({ day }) => day.strips.some((s) => s.cast.includes(character)))
        .map(({ day, number, t }) => ({
          dayId: day.id,
          dayNumber: number,
          date: day.date,
          call: day.castCalls[character] ?? day.generalCall,
          wrap: t?.castWraps[character] ?? t?.wrap ?? "",
          meal: t?.meal ?? "",
        })),
    });
  const level = settings.workingDays.block ? "blocking" : "warning";
  const grouped = new Map<string, Map<string, { finding: HoursFinding; names: string[] }>>();
  for (const p of people)
    for (const f of hoursFindings(p.days)) {
      const onDay = grouped.get(f.dayId) ?? new Map();
      const text = findingText(f);
      const entry = onDay.get(text) ?? { finding: f, names: [] };
      if (!entry.names.includes(p.name)) entry.names.push(p.name);
      onDay.set(text, entry);
      grouped.set(f.dayId, onDay);
    }
  const order = { long: 0, turnaround: 1, meal: 2 } as const;
  const out = new Map<string, DayCheck[]>();
  for (const [dayId, onDay] of grouped)
    out.set(
      dayId,
      [...onDay]
        .sort(([, a], [, b]) => order[a.finding.kind] - order[b.finding.kind] || b.finding.minutes - a.finding.minutes)
        .map(([text, { names }]) => ({ source: "hours", level, message: `${names.join(", ")}: ${text}` })),
    );
  return out;
}
