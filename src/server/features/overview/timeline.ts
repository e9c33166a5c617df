/** The shoots on a calendar window, each with its scheduled shoot days; the dashboard's week reads them too. */
import type { TimelineDto, TimelineQuery } from "../../../common/overview-api.ts";
import type { Caller } from "../../auth/caller.ts";
import { shootDaysOf } from "../schedule/index.ts";
import { addDays, isoDay } from "../../../common/time.ts";
import * as repo from "./repository.ts";
import type { S } from "./shared.ts";

// ── The timeline ─────────────────────────────────────────────────────────────────────────────────

/** Each shoot with its scheduled shoot days in the window (from the project's schedule). */
export async function withShootDays<T extends { id: string }>(
  s: Pick<S, "db">,
  rows: T[],
  from: string,
  to: string,
): Promise<(T & { shootDays: string[] })[]> {
  const days = await shootDaysOf(
    s.db,
    rows.map((r) => r.id),
    from,
    to,
  );
  return rows.map((r) => ({ ...r, shootDays: days.filter((d) => d.projectId === r.id).map((d) => d.date) }));
}

export async function getTimeline(
  s: Pick<S, "db">,
  opts: { caller: Caller; query: TimelineQuery },
): Promise<TimelineDto> {
  const { from: asked, weeks, limit, offset, ...filters } = opts.query;
  const today = isoDay(new Date());
  const from = asked ?? today;
  const to = addDays(from, weeks * 7 - 1);
  const page = await repo.selectShootsBetween(s.db, { from, to, filters, viewerId: opts.caller.id, limit, offset });
  return { from, to, today, total: page.total, items: await withShootDays(s, page.rows, from, to) };
}
