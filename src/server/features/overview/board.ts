/** The board of productions by phase, and the cached answers of the board, the timeline and the filters. */
import type {
  BoardDto,
  BoardQuery,
  OverviewCard,
  OverviewFilterOptions,
  ProjectBlocker,
  TimelineQuery,
} from "../../../common/overview-api.ts";
import type { ProjectListItem } from "../../../common/project-api.ts";
import { PHASES, type Phase } from "../../../common/projects.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import { blockerReasons, forViewer, listProjects, PROJECTS_SCOPE } from "../projects/index.ts";
import { jsonAnswers } from "../../lib/cache.ts";
import { courseFilterOptions } from "../courses/index.ts";
import { blockedDaysOf } from "../safety/index.ts";
import { keys } from "../../../common/query-keys.ts";
import { isoDay } from "../../../common/time.ts";
import type { ShootProgress } from "../../../common/daily-reports.ts";
import { shootProgress } from "../daily-reports/index.ts";
import * as repo from "./repository.ts";
import type { S } from "./shared.ts";
import { getTimeline } from "./timeline.ts";

function nextShoot(p: Pick<ProjectListItem, "shootStart" | "shootEnd">, today: string): string | null {
  if (!p.shootStart) return null;
  if (p.shootStart >= today) return p.shootStart;
  return (p.shootEnd ?? p.shootStart) >= today ? today : null;
}

/** A card says what the list row says, save the list's own columns, and the reasons behind its blocker count. */
const CARD_FIELDS = [
  "id",
  "title",
  "type",
  "course",
  "academicYear",
  "phase",
  "supervisor",
  "leadNames",
  "shootStart",
  "shootEnd",
  "greenlight",
  "isMember",
] as const;

function toCard(
  p: ProjectListItem,
  blockers: ProjectBlocker[],
  blockedDays: OverviewCard["blockedDays"],
  shot: ShootProgress | null,
  today: string,
  caller: Caller,
): OverviewCard {
  const shared = Object.fromEntries(CARD_FIELDS.map((k) => [k, p[k]])) as Pick<
    ProjectListItem,
    (typeof CARD_FIELDS)[number]
  >;
  return {
    ...shared,
    nextShoot: nextShoot(p, today),
    blockers,
    blockedDays,
    shot,
    canEdit: p.isMember || isStaff(caller.role),
  };
}

// ── The board ────────────────────────────────────────────────────────────────────────────────────

/**
 * One column per phase, each a page of the projects list under the same filters (so a card shows what
 * the projects list shows), with the reasons behind each card's blockers.
 */
export async function getBoard(s: Pick<S, "db">, opts: { caller: Caller; query: BoardQuery }): Promise<BoardDto> {
  const { limit, offset, ...filters } = opts.query;
  const phases: readonly Phase[] = filters.phase ? [filters.phase] : PHASES;
  const pages = await Promise.all(
    phases.map((phase) =>
      listProjects(s, {
        caller: opts.caller,
        query: { ...filters, phase, sort: "shootStart", dir: "asc", limit, offset },
      }),
    ),
  );
  const items = pages.flatMap((p) => p.items);
  const ids = items.map((p) => p.id);
  const [reasons, blocked, progress] = await Promise.all([
    blockerReasons(s, items),
    blockedDaysOf(s.db, ids),
    shootProgress(s.db, ids),
  ]);
  const today = isoDay(new Date());
  return {
    columns: phases.map((phase, i) => ({
      phase,
      total: pages[i]!.total,
      items: pages[i]!.items.map((p) =>
        toCard(p, reasons.get(p.id) ?? [], blocked.get(p.id) ?? null, progress.get(p.id) ?? null, today, opts.caller),
      ),
    })),
  };
}

/**
 * The board, the timeline and the filters as browsers ask for them, kept per viewer and query until an event
 * concerns projects (lib/cache.ts): at nine on a Monday the whole school opens the overview at once. A change of
 * shoot days names the overview itself; a stripboard's other changes (a screenplay's scenes) leave it alone.
 * The time bounds what turns without an event: a milestone overdue at midnight.
 */
// Hazard paperwork decided or withdrawn names `safety`; a scene moved onto a day within the 30 seconds below.
const OVERVIEW_SCOPE = { ...PROJECTS_SCOPE, deps: [...PROJECTS_SCOPE.deps, keys.safety()] };
const answers = jsonAnswers({ ttlMs: 30_000, maxEntries: 200, staleMs: 30_000 });

/**
 * The board depends on who asks only through each card's `isMember`: read once, marked per viewer, and written
 * out per request (a board is tens of kilobytes: one kept per person would cost a large school its memory).
 */
export async function browseBoard(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; query: BoardQuery },
): Promise<string> {
  const board = await forViewer(s, {
    caller: opts.caller,
    key: `board ${JSON.stringify(opts.query)}`,
    scope: OVERVIEW_SCOPE,
    read: (nobody) => getBoard(s, { ...opts, caller: nobody }),
    mark: (b, isMember) => ({
      columns: b.columns.map((c) => ({
        ...c,
        items: c.items.map((card) => ({
          ...card,
          isMember: isMember(card.id),
          canEdit: isMember(card.id) || isStaff(opts.caller.role),
        })),
      })),
    }),
  });
  return JSON.stringify(board);
}

/** The timeline is the same for everyone who asks the same question. */
export function browseTimeline(s: Pick<S, "db" | "events">, opts: { caller: Caller; query: TimelineQuery }) {
  return answers(s.events, `timeline ${JSON.stringify(opts.query)}`, OVERVIEW_SCOPE, () => getTimeline(s, opts));
}

export function browseFilterOptions(s: Pick<S, "db" | "events">) {
  return answers(s.events, "filters", OVERVIEW_SCOPE, () => getFilterOptions(s));
}

export async function getFilterOptions(s: Pick<S, "db">): Promise<OverviewFilterOptions> {
  const [options, courses] = await Promise.all([repo.selectFilterOptions(s.db), courseFilterOptions(s)]);
  return { ...options, ...courses };
}
