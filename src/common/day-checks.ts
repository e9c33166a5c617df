/**
 * What a shoot day must clear before it goes ahead, or should warn its crew of: a hazard's paperwork not yet
 * approved, a minor's hours, a working day past its limits. Each feature that checks days adds its own source
 * on the server (`schedule/day-checks.ts`); the stripboard, the call sheet and the overview show them alike.
 */
export const DAY_CHECK_SOURCES = ["hazard", "minor", "hours", "length"] as const;
export type DayCheckSource = (typeof DAY_CHECK_SOURCES)[number];

export interface DayCheck {
  source: DayCheckSource;
  /** `blocking`: the day's call sheet is not sent until it is cleared; `warning`: shown, nothing refused. */
  level: "blocking" | "warning";
  /** For people, whole: "blocked: weapons plan due 3 Dec", "Tomás Novák: 13 h from call to wrap". */
  message: string;
}

/** Why a day's call sheet may not be sent yet, or null when nothing blocks it. */
export function blockedReason(checks: readonly DayCheck[]): string | null {
  const blocking = checks.filter((c) => c.level === "blocking").map((c) => c.message);
  if (blocking.length === 0) return null;
  return `This day is blocked until it is cleared: ${blocking.join("; ")}.`;
}
