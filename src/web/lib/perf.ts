import { perfLevel } from "../../common/perf.ts";

/**
 * SPEC §9's performance log: every API call and route load is timed; over 1 s a warning, over 3 s a
 * flag (an error entry that the server receives and logs too).
 */
export function recordTiming(kind: "api" | "route", name: string, durationMs: number) {
  const level = perfLevel(durationMs);
  if (level === "ok") return;
  const line = `[perf] ${kind} ${name} took ${Math.round(durationMs)} ms`;
  if (level === "warn") {
    console.warn(line);
    return;
  }
  console.error(`${line} (flagged)`);
  // Beacon so a navigation away does not lose it; never timed itself, never throws.
  try {
    const body = new Blob([JSON.stringify({ kind, name, durationMs })], { type: "application/json" });
    navigator.sendBeacon?.("/rest/v1/perf-log", body);
  } catch {
    /* the log is best effort */
  }
}
