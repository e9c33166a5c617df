/**
 * Calendar arithmetic on days, shared by the server and the web. A day is "YYYY-MM-DD" read in UTC, so
 * a date never shifts with the server's or the browser's time zone. How a date is shown to people is
 * `datetime.ts`'s.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The UTC calendar day of an instant. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Midnight UTC at the start of a day. */
export const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** The day `n` days after (or before, when negative) a day. */
export const addDays = (day: string, n: number) => isoDay(new Date(utcMidnight(day).getTime() + n * DAY_MS));

const isWeekend = (day: string) => {
  const weekday = utcMidnight(day).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The day `n` business days (Monday to Friday) after, or before when negative, a day: "21 business days before
 * the shoot". Counting from a weekend day, the first step lands on the nearest weekday in that direction.
 */
export function addBusinessDays(day: string, n: number): string {
  const step = n < 0 ? -1 : 1;
  let left = Math.abs(n);
  let d = day;
  while (left > 0) {
    d = addDays(d, step);
    if (!isWeekend(d)) left--;
  }
  return d;
}
