/**
 * How every date and time of the portal reads: the web app, the e-mails and the PDFs all format
 * through here, following the school's two settings, so one page never mixes "16:00" with
 * "04:00 PM" or three orders of day and month. Names of months and weekdays are English, like the
 * rest of the portal's texts; only the clock and the order of the parts follow the school.
 */
export const CLOCKS = ["24h", "12h"] as const;
export type Clock = (typeof CLOCKS)[number];
export const CLOCK_LABELS: Record<Clock, string> = { "24h": "24-hour (16:00)", "12h": "12-hour (4:00 PM)" };

export const DATE_ORDERS = ["dmy", "mdy", "ymd"] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  dmy: "Day month year (24 Nov 2026)",
  mdy: "Month day year (Nov 24, 2026)",
  ymd: "Year-month-day, ISO 8601 (2026-11-24)",
};

export interface DateFormats {
  clock: Clock;
  dateOrder: DateOrder;
}

/** The clock and date order people of `locale` expect, for a school that has not chosen yet. */
export function dateFormatsForLocale(locale: string): DateFormats {
  let resolved: Intl.DateTimeFormat;
  try {
    resolved = new Intl.DateTimeFormat(locale, {
      hour: "numeric",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      timeZone: "UTC",
    });
  } catch {
    resolved = new Intl.DateTimeFormat("en-GB", {
      hour: "numeric",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      timeZone: "UTC",
    });
  }
  const { hourCycle } = resolved.resolvedOptions();
  const order = resolved
    .formatToParts(0)
    .map((p) => p.type)
    .filter((t) => t === "day" || t === "month" || t === "year")
    .map((t) => t[0])
    .join("");
  return {
    clock: hourCycle === "h11" || hourCycle === "h12" ? "12h" : "24h",
    dateOrder: order === "mdy" ? "mdy" : order === "ymd" ? "ymd" : "dmy",
  };
}

/**
 * The school's formats until it chooses its own: en-GB's, as a European film school like the demo expects
 * (datetime.test.ts checks they are what `dateFormatsForLocale("en-GB")` answers). Written out rather than
 * asked of Intl when the module loads: the first `Intl.DateTimeFormat` loads the locale's data, 35 ms of a
 * phone's first load that no page needed yet.
 */
export const DEFAULT_DATE_FORMATS: DateFormats = { clock: "24h", dateOrder: "dmy" };

type Zone = { timeZone?: string };
/** A day of the calendar ("2026-11-24") is the same day everywhere, so it is read and shown in UTC. */
const calendarDay = (day: string) => new Date(`${day}T00:00:00Z`);
const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

type Parts = { year: string; month: string; day: string; hour: string; minute: string; weekday: string };

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const two = (n: number) => String(n).padStart(2, "0");

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The calendar and clock fields of `d` in `timeZone` (the viewer's own when left out). UTC (every calendar day)
 * and the viewer's zone are read off the Date itself: Intl's `formatToParts` costs microseconds a call, and a
 * timeline or a list of shoot days formats hundreds of dates in one render on a phone. Other zones (the
 * school's, in e-mails and PDFs) go through Intl; datetime.test.ts checks both ways agree.
 */
function parts(d: Date, timeZone: string | undefined): Parts {
  if (timeZone === "UTC")
    return fieldsOf(
      d.getUTCFullYear(),
      d.getUTCMonth(),
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCDay(),
    );
  if (timeZone === undefined)
    return fieldsOf(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getDay());
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      weekday: "long",
    });
    zoneFormats.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value])) as Parts;
}

function fieldsOf(year: number, month0: number, day: number, hour: number, minute: number, weekday: number): Parts {
  return {
    year: String(year),
    month: two(month0 + 1),
    day: two(day),
    hour: two(hour),
    minute: two(minute),
    weekday: WEEKDAYS[weekday]!,
  };
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "16:00" or "4:00 PM" from hours 0–23 and minutes. */
function clockText(hours: number, minutes: number, clock: Clock): string {
  const mm = two(minutes);
  if (clock === "24h") return `${two(hours)}:${mm}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${mm} ${hours < 12 ? "AM" : "PM"}`;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A time of day: a wall-clock "HH:MM" as stored on shoot days (shown as it is, no zone), or an
 * instant, shown in `timeZone` (the viewer's own when left out).
 */
export function formatTime(value: string | Date, f: DateFormats, opts: Zone = {}): string {
  if (typeof value === "string") {
    const m = HHMM.exec(value);
    if (m) return clockText(Number(m[1]), Number(m[2]), f.clock);
  }
  const p = parts(asDate(value), opts.timeZone);
  return clockText(Number(p.hour) % 24, Number(p.minute), f.clock);
}

export type DateStyle = "short" | "long";

/**
 * A date: a calendar day ("2026-11-24") or an instant (in `timeZone`). `short` names the month in
 * three letters, `long` in full; `weekday` puts the day of the week in front.
 */
export function formatDate(
  value: string | Date,
  f: DateFormats,
  opts: Zone & { style?: DateStyle; weekday?: boolean; year?: boolean } = {},
): string {
  const isDay = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const p = parts(isDay ? calendarDay(value) : asDate(value), isDay ? "UTC" : opts.timeZone);
  const long = opts.style === "long";
  const monthName = MONTHS[Number(p.month) - 1]!;
  const month = long ? monthName : monthName.slice(0, 3);
  const day = String(Number(p.day));
  const weekday = long ? p.weekday : p.weekday.slice(0, 3);
  // without the year where the context gives it (the columns of one shoot)
  const date =
    opts.year === false
      ? f.dateOrder === "ymd"
        ? `${p.month}-${p.day}`
        : f.dateOrder === "mdy"
          ? `${month} ${day}`
          : `${day} ${month}`
      : f.dateOrder === "ymd"
        ? `${p.year}-${p.month}-${p.day}`
        : f.dateOrder === "mdy"
          ? `${month} ${day}, ${p.year}`
          : `${day} ${month} ${p.year}`;
  return opts.weekday ? `${weekday}${f.dateOrder === "dmy" ? "" : ","} ${date}` : date;
}

/** An instant as a date and a time of day. */
export function formatDateTime(
  value: string | Date,
  f: DateFormats,
  opts: Zone & { style?: DateStyle; weekday?: boolean } = {},
): string {
  return `${formatDate(value, f, opts)}, ${formatTime(value, f, opts)}`;
}

/**
 * What a person typed as a time of day, as "HH:MM", or null when it is not one: "16:00", "1600",
 * "16.00", "4 pm", "4:00 PM", "4.30pm", "12 am" (midnight). Either clock is understood whatever the
 * school shows, because "4:00 PM" and "16:00" cannot be mistaken for each other.
 */
export function parseTime(text: string): string | null {
  const m = /^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*(?:([ap])\.?\s*m?\.?)?\s*$/i.exec(text);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  // "16" alone is an hour; "930" or "1600" without a separator needs its minutes
  if (m[2] === undefined && !m[3] && m[1]!.length > 2) return null;
  if (minutes > 59) return null;
  if (m[3]) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (m[3].toLowerCase() === "p" ? 12 : 0);
  } else if (hours > 23) return null;
  return `${two(hours)}:${two(minutes)}`;
}

const MONTH_BY_NAME = new Map(
  MONTHS.flatMap((name, i) => [[name.toLowerCase(), i + 1] as const, [name.slice(0, 3).toLowerCase(), i + 1] as const]),
);

/**
 * A date as `formatDate` writes it in `f`'s order, back as "YYYY-MM-DD"; null when it is not one
 * (a weekday in front is ignored).
 */
export function parseDate(text: string, f: DateFormats): string | null {
  const t = text.trim().replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+/i, "");
  let y: number, mo: number | undefined, d: number;
  if (f.dateOrder === "ymd") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
    if (!m) return null;
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if (f.dateOrder === "mdy") {
    const m = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/.exec(t);
    if (!m) return null;
    [mo, d, y] = [MONTH_BY_NAME.get(m[1]!.toLowerCase()), Number(m[2]), Number(m[3])];
  } else {
    const m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(t);
    if (!m) return null;
    [d, mo, y] = [Number(m[1]), MONTH_BY_NAME.get(m[2]!.toLowerCase()), Number(m[3])];
  }
  if (!mo) return null;
  const iso = `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const back = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(back.getTime()) && back.toISOString().slice(0, 10) === iso ? iso : null;
}
