import ical from "ical-generator";
import { addDays, utcMidnight } from "../../../common/time.ts";

/**
 * The iCalendar (RFC 5545) feed, written by ical-generator: its escaping of TEXT values, folding at 75
 * octets without cutting a character and date forms are the library's, kept by its own tests.
 */
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

export function buildCalendar(opts: { name: string; events: CalendarEvent[] }): string {
  const calendar = ical({
    name: opts.name,
    prodId: { company: "The Portal", product: "Production shoots", language: "EN" },
    scale: "GREGORIAN",
    // Calendar apps poll a subscribed feed; shoots change rarely within hours.
    ttl: 6 * 3600,
  });
  for (const e of opts.events) {
    calendar.createEvent({
      id: e.uid,
      stamp: e.stamp,
      lastModified: e.stamp,
      // An all-day event's end is the day after its last one (DTEND is exclusive); the library writes
      // a date-only value from the UTC day, whatever the server's time zone.
      ...(e.at
        ? { start: e.at.start, end: e.at.end }
        : { start: utcMidnight(e.start), end: utcMidnight(addDays(e.lastDay, 1)), allDay: true }),
      summary: e.summary,
      description: e.description,
      location: e.location || null,
      url: e.url,
    });
  }
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return calendar.toString().replace(/(\r\n)?$/, "\r\n");
}
