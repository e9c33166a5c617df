/** The productions as a CSV file, written out a page at a time. */
import type { OverviewFilters, ProjectBlocker } from "../../../common/overview-api.ts";
import { PHASE_LABELS, PROJECT_TYPE_LABELS } from "../../../common/projects.ts";
import type { Caller } from "../../auth/caller.ts";
import { blockerReasons, listProjects } from "../projects/index.ts";
import { CSV_BOM, csvRow } from "../../lib/csv.ts";
import { isoDay } from "../../../common/time.ts";
import type { S } from "./shared.ts";

// ── The CSV export ───────────────────────────────────────────────────────────────────────────────

const EXPORT_PAGE = 100;

export const CSV_HEADER = [
  "Title",
  "Type",
  "Phase",
  "Course",
  "Academic year",
  "Supervisor",
  "Leads",
  "Shoot start",
  "Shoot end",
  "Greenlight done",
  "Greenlight total",
  "Blockers",
];

export function describeBlocker(b: ProjectBlocker): string {
  return b.kind === "greenlight"
    ? `Greenlight missing: ${b.label}`
    : `Milestone overdue: ${b.title} (due ${b.dueDate})`;
}

export const exportFilename = (now: Date) => `productions-${isoDay(now)}.csv`;

/**
 * The filtered list as CSV lines, read a page at a time from the database so an export of every
 * production never holds the whole table in memory.
 */
export async function* exportCsv(
  s: Pick<S, "db">,
  opts: { caller: Caller; filters: OverviewFilters },
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CSV_HEADER);
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const page = await listProjects(s, {
      caller: opts.caller,
      query: { ...opts.filters, sort: "title", dir: "asc", limit: EXPORT_PAGE, offset },
    });
    const reasons = await blockerReasons(s, page.items);
    for (const p of page.items) {
      yield csvRow([
        p.title,
        PROJECT_TYPE_LABELS[p.type],
        PHASE_LABELS[p.phase],
        p.course,
        p.academicYear,
        p.supervisor?.name ?? "",
        p.leadNames.join("; "),
        p.shootStart ?? "",
        p.shootEnd ?? "",
        String(p.greenlight.done),
        String(p.greenlight.total),
        (reasons.get(p.id) ?? []).map(describeBlocker).join("; "),
      ]);
    }
    if (page.items.length < EXPORT_PAGE) return;
  }
}
