/** SPEC §9: the performance log warns above 1 s and flags above 3 s. */
export const PERF_WARN_MS = 1000;
export const PERF_FLAG_MS = 3000;

export type PerfLevel = "ok" | "warn" | "flag";

export function perfLevel(ms: number): PerfLevel {
  if (ms > PERF_FLAG_MS) return "flag";
  if (ms > PERF_WARN_MS) return "warn";
  return "ok";
}
