import { type Formats } from "../../lib/format.ts";
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Infinity],
];

/** "3 hours ago": a notification's age matters more than its clock time; the full time goes in a tooltip. */
export function timeAgo(iso: string, fmt: Formats, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return unit === "second" ? "just now" : relative.format(Math.round(value), unit);
    value /= size;
  }
  return fmt.dateTime(iso);
}
