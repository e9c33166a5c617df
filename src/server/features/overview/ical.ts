/** An iCalendar (RFC 5545) feed of all-day events, written by hand: the format is small and exact. */

export interface CalendarEvent {
  /** Stable per event, so a calendar app updates the event instead of adding a second one. */
  uid: string;
  /** When the event's information last changed. */
  stamp: Date;
  /** First and last day, "YYYY-MM-DD", both included. */
  start: string;
  lastDay: string;
  /** A timed event (an equipment reservation) instead of whole days. */
  at?: { start: Date; end: Date };
  summary: string;
  description: string;
  location: string;
  url: string;
}

/** TEXT values escape backslash, semicolon and comma, and write a line break as \n. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Lines longer than 75 octets are folded: CRLF and a space, the space counting towards the next
 * line's 75. A UTF-8 character is never cut in two.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    if (octets + size > limit) {
      out.push(current);
      current = " ";
      octets = 1;
      limit = 75;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

const compactDate = (day: string) => day.replace(/-/g, "");
const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
/** DTEND of an all-day event is the day after the last one (it is exclusive). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function buildCalendar(opts: { name: string; events: CalendarEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//The Portal//Production shoots//EN",
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    // Calendar apps poll a subscribed feed; shoots change rarely within hours.
    "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
    "X-PUBLISHED-TTL:PT6H",
  ];
  for (const e of opts.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(e.stamp)}`,
      `LAST-MODIFIED:${utcStamp(e.stamp)}`,
      ...(e.at
        ? [`DTSTART:${utcStamp(e.at.start)}`, `DTEND:${utcStamp(e.at.end)}`]
        : [`DTSTART;VALUE=DATE:${compactDate(e.start)}`, `DTEND;VALUE=DATE:${compactDate(dayAfter(e.lastDay))}`]),
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      `URL:${e.url}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
