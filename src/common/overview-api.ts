/**
 * The production overview and admin dashboard contract: what /rest/v1/overview…, /rest/v1/ical… and
 * /rest/v1/admin… accept (zod) and answer (DTO types). Dates are "YYYY-MM-DD", instants ISO 8601 strings.
 */
import type { ShootProgress } from "./daily-reports.ts";
import { z } from "zod";
import { BOARD_COLUMN_DEFAULT, BOARD_COLUMN_MAX, TIMELINE_WEEKS_DEFAULT, TIMELINE_WEEKS_MAX } from "./overview.ts";
import { projectListQuery, type PersonRef } from "./project-api.ts";
import type { Phase, ProjectType } from "./projects.ts";
import type { Role } from "./roles.ts";

/** The board, the timeline and the CSV export share these filters, so what is exported is what is shown. */
export const overviewFilters = projectListQuery.pick({
  search: true,
  type: true,
  phase: true,
  course: true,
  courseId: true,
  term: true,
  supervisorId: true,
  academicYear: true,
});
export type OverviewFilters = z.infer<typeof overviewFilters>;

/** A column longer than `limit` shows its first cards and its count; `offset` (with `phase`) loads more. */
export const boardQuery = overviewFilters.extend({
  limit: z.coerce
    .number("limit is a number")
    .int()
    .min(1, "limit is at least 1")
    .max(BOARD_COLUMN_MAX, `limit is at most ${BOARD_COLUMN_MAX}`)
    .default(BOARD_COLUMN_DEFAULT),
  offset: z.coerce.number("offset is a number").int().min(0, "offset is at least 0").default(0),
});
export type BoardQuery = z.infer<typeof boardQuery>;

export const timelineQuery = overviewFilters.extend({
  from: z.iso.date({ message: "from looks like 2026-10-15" }).optional(),
  weeks: z.coerce
    .number("weeks is a number")
    .int("weeks is a whole number")
    .min(1, "weeks is at least 1")
    .max(TIMELINE_WEEKS_MAX, `weeks is at most ${TIMELINE_WEEKS_MAX}`)
    .default(TIMELINE_WEEKS_DEFAULT),
  limit: z.coerce
    .number("limit is a number")
    .int()
    .min(1, "limit is at least 1")
    .max(100, "limit is at most 100")
    .default(100),
  offset: z.coerce.number("offset is a number").int().min(0, "offset is at least 0").default(0),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

/** One reason a production is held up. */
export type ProjectBlocker =
  | { kind: "greenlight"; key: string; label: string }
  | { kind: "milestone"; id: string; title: string; dueDate: string };

export interface OverviewCard {
  id: string;
  title: string;
  type: ProjectType;
  course: string;
  academicYear: string;
  phase: Phase;
  supervisor: PersonRef | null;
  leadNames: string[];
  shootStart: string | null;
  shootEnd: string | null;
  /** The first planned shoot day from today on (today while a shoot is under way); null when none is ahead. */
  nextShoot: string | null;
  greenlight: { done: number; total: number };
  blockers: ProjectBlocker[];
  /** Shoot days blocked by unapproved hazard paperwork: how many, the first, and what blocks them; null when none. */
  blockedDays: { days: number; first: string; messages: string[] } | null;
  /** Pages shot against planned from the daily production reports; null before the first report. */
  shot: ShootProgress | null;
  isMember: boolean;
  /** Whether the viewer may move the card to another phase: its crew, staff and admins. */
  canEdit: boolean;
}

export interface BoardColumn {
  phase: Phase;
  /** Every card of this column under the filters, of which `items` are the page asked for. */
  total: number;
  items: OverviewCard[];
}

/** GET /rest/v1/overview/board: one column per phase, in the phases' order (only the filtered one when `phase` is given). */
export interface BoardDto {
  columns: BoardColumn[];
}

export interface TimelineEntry {
  id: string;
  title: string;
  type: ProjectType;
  phase: Phase;
  shootStart: string;
  /** The last shoot day; the first one when only that is planned. */
  shootEnd: string;
  /** Scheduled shoot days (the project's schedule) inside the window. */
  shootDays: string[];
}

/** GET /rest/v1/overview/timeline. `to` is the window's last day. */
export interface TimelineDto {
  from: string;
  to: string;
  today: string;
  total: number;
  items: TimelineEntry[];
}

/** GET /rest/v1/overview/filters: the choices of the course and supervisor filters. */
export interface OverviewFilterOptions {
  /** The free-text courses of projects made before courses were first-class. */
  courses: string[];
  /** Every academic year a project names, newest first: the projects list's year filter. */
  academicYears: string[];
  /** The school's courses, by term and code, and the terms they run in, for the course and term filters. */
  courseList: { id: string; code: string; title: string; term: string }[];
  terms: string[];
  supervisors: PersonRef[];
}

/** GET and POST /rest/v1/overview/ical-token. The URL is only ever shown when it is made: only its hash is kept. */
export interface IcalFeedDto {
  active: boolean;
  url: string | null;
}

// ── The admin dashboard ──────────────────────────────────────────────────────────────────────────

export interface DeadJobDto {
  id: string;
  type: string;
  attempts: number;
  lastError: string | null;
  updatedAt: string;
}

export interface DashboardActivity {
  id: string;
  source: "project" | "audit";
  actorName: string;
  summary: string;
  /** The project the entry is about, for a link. */
  projectId: string | null;
  projectTitle: string | null;
  createdAt: string;
}

/** One thing waiting for someone's decision, from whichever feature asks for it. */
export interface PendingApprovalItem {
  kind: "signature" | "budget";
  id: string;
  title: string;
  detail: string;
  /** In-app path where it is handled. */
  link: string;
  since: string;
}

export interface PendingApprovalsDto {
  items: PendingApprovalItem[];
  total: number;
  /** The features that will put approvals here once they exist. */
  sources: string[];
  explanation: string;
}

/** GET /rest/v1/admin/dashboard (staff and admins). */
export interface AdminDashboardDto {
  productionsByPhase: { phase: Phase; count: number }[];
  shootsThisWeek: { from: string; to: string; total: number; items: TimelineEntry[] };
  jobs: { pending: number; running: number; dead: number; recentDead: DeadJobDto[] };
  recentActivity: DashboardActivity[];
  people: { role: Role; active: number; deactivated: number }[];
  pendingApprovals: PendingApprovalsDto;
  /** The equipment office's counts: reservations out now, overdue, and waiting for approval. */
  equipment: { outNow: number; overdue: number; pending: number };
  /** Admins may retry a dead job. */
  canRetryJobs: boolean;
}
