import {
  PHASE_LABELS,
  type ConsentStatus,
  type InterviewStatus,
  type LicenceStatus,
  type Phase,
} from "../../../common/projects.ts";
import { cn } from "../../lib/cn.ts";
import type { Formats } from "../../lib/format.ts";

export const PAGE_SIZE = 25;

export const CONSENT_LABELS: Record<ConsentStatus, string> = {
  pending: "Pending",
  signed: "Signed",
  declined: "Declined",
  not_needed: "Not needed",
};
export const INTERVIEW_LABELS: Record<InterviewStatus, string> = {
  planned: "Planned",
  confirmed: "Confirmed",
  done: "Done",
  cancelled: "Cancelled",
};
export const LICENCE_LABELS: Record<LicenceStatus, string> = {
  unknown: "Unknown",
  requested: "Requested",
  licensed: "Licensed",
  public_domain: "Public domain",
  refused: "Refused",
};

const PHASE_STYLES: Record<Phase, string> = {
  development: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  pre_production: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  production: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
  post_production: "bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
};

export function PhaseBadge({ phase, className }: { phase: Phase; className?: string }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        PHASE_STYLES[phase],
        className,
      )}
    >
      {PHASE_LABELS[phase]}
    </span>
  );
}

export function shootDates(fmt: Formats, start: string | null, end: string | null): string {
  if (!start) return "Not planned yet";
  if (!end || end === start) return fmt.date(start);
  return `${fmt.date(start)} – ${fmt.date(end)}`;
}

/** The academic year that a date falls in; a new year starts in September. */
export function academicYearOf(date = new Date()): string {
  const y = date.getMonth() >= 8 ? date.getFullYear() : date.getFullYear() - 1;
  return `${y}/${String((y + 1) % 100).padStart(2, "0")}`;
}
