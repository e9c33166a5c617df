// The lists of reservations: the office's queue, a person's own and their crews', a project's.
import type { Page, ReservationDto, ReservationListQuery } from "../../../common/equipment.ts";
import { isOffice, type Caller } from "../../auth/caller.ts";
import { jsonAnswers } from "../../lib/cache.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";
import { crewProjectsOf } from "../projects/index.ts";
import * as repo from "./repository/index.ts";
import type { S } from "./shared.ts";
import { toReservation } from "./reservations.ts";
import { withCheckoutGate } from "./gate.ts";

/**
 * The office sees every reservation; everyone else sees their own and their crews', or a given project's
 * (projects are open to everyone signed in, and so is what they have booked).
 */
export async function listReservations(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; query: ReservationListQuery },
): Promise<Page<ReservationDto>> {
  const q = opts.query;
  const visibleTo = q.mine || (!isOffice(opts.caller.role) && !q.projectId) ? opts.caller.id : undefined;
  // The caller's crews are kept per person until a crew changes: one read, not one per project on the page.
  const [page, crewOf] = await Promise.all([
    repo.selectReservationPage(s.db, { ...q, visibleTo }),
    crewProjectsOf(s, opts.caller.id),
  ]);
  const items = await repo.selectReservationItems(
    s.db,
    page.rows.map((r) => r.r.id),
  );
  return {
    total: page.total,
    items: await withCheckoutGate(
      s.db,
      page.rows.map((r) => toReservation(r, items, opts.caller, crewOf.has(r.r.projectId))),
    ),
  };
}

/**
 * `listReservations` as JSON, kept per person and query until a booking, a crew or a person changes, and never past
 * the moment a reservation on it turns overdue (which no event announces).
 */
export function browseReservations(s: Pick<S, "db" | "events">, opts: { caller: Caller; query: ReservationListQuery }) {
  return reservationAnswers(
    s.events,
    `reservations ${opts.caller.id} ${JSON.stringify(opts.query)}`,
    {
      // A project's title and crew reach its lists through `projects`, which every change of them names; not through
      // `project`, which a budget draft's autosave names too (several a second at a school's peak).
      deps: [keys.equipmentPart("reservations"), keys.projects(), keys.schoolSettings(), ...PEOPLE_KEYS],
    },
    () => listReservations(s, opts),
    untilOverdue,
  );
}

const reservationAnswers = jsonAnswers({ ttlMs: 60_000, maxEntries: 5_000 });

/** How long until the first checked-out reservation of the page passes its end, 0 when one already has. */
function untilOverdue(page: Page<ReservationDto>): number {
  const now = Date.now();
  let ms = Infinity;
  for (const r of page.items)
    if (r.state === "checked_out" && !r.overdue) ms = Math.min(ms, Date.parse(r.endsAt) - now);
  return Math.max(0, ms);
}
