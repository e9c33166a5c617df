import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLOCKS,
  DATE_ORDERS,
  dateFormatsForLocale,
  DEFAULT_DATE_FORMATS,
  formatDate,
  formatDateTime,
  formatTime,
  parseDate,
  parseTime,
  type DateFormats,
} from "./datetime.ts";

const everyFormat: DateFormats[] = CLOCKS.flatMap((clock) => DATE_ORDERS.map((dateOrder) => ({ clock, dateOrder })));
const formatArb = fc.constantFrom(...everyFormat);
// whole minutes from year 1000 to 9999, in UTC so the expected minute is known without a zone
const instantArb = fc
  .integer({ min: Date.UTC(1000, 0, 1) / 60_000, max: Date.UTC(9999, 11, 31, 23, 59) / 60_000 })
  .map((m) => new Date(m * 60_000));
const hhmmArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);

describe("date and time formats", () => {
  it("reads back the same minute from every format of any instant", () => {
    fc.assert(
      fc.property(
        instantArb,
        formatArb,
        fc.boolean(),
        fc.constantFrom("short" as const, "long" as const),
        (instant, f, weekday, style) => {
          const text = formatDateTime(instant, f, { timeZone: "UTC", weekday, style });
          const cut = text.lastIndexOf(", ");
          const day = parseDate(text.slice(0, cut), f);
          const time = parseTime(text.slice(cut + 2));
          expect(`${day}T${time}`).toBe(instant.toISOString().slice(0, 16));
        },
      ),
    );
  });

  it("never shows an hour past 12 or a zero hour on the 12-hour clock, and always one on the 24-hour clock", () => {
    fc.assert(
      fc.property(hhmmArb, (hhmm) => {
        const twelve = formatTime(hhmm, { clock: "12h", dateOrder: "dmy" });
        expect(twelve).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
        expect(formatTime(hhmm, { clock: "24h", dateOrder: "dmy" })).toBe(hhmm);
        expect(parseTime(twelve)).toBe(hhmm);
      }),
    );
    expect(formatTime("16:00", { clock: "12h", dateOrder: "dmy" })).toBe("4:00 PM");
    expect(formatTime("00:05", { clock: "12h", dateOrder: "dmy" })).toBe("12:05 AM");
    expect(formatTime("12:00", { clock: "12h", dateOrder: "dmy" })).toBe("12:00 PM");
  });

  it("reads UTC and the viewer's own zone off the Date exactly as Intl writes them in those zones", () => {
    const tz = process.env.TZ;
    try {
      for (const viewer of ["America/New_York", "Asia/Kolkata", "Europe/Berlin"]) {
        // Node reads TZ again when it is set, as a viewer's browser has its own zone
        process.env.TZ = viewer;
        fc.assert(
          fc.property(instantArb, formatArb, fc.boolean(), (instant, f, weekday) => {
            const as = (timeZone: string | undefined) =>
              formatDateTime(instant, f, { timeZone, weekday, style: "long" });
            // "Etc/UTC" and the zone's name are not shortcuts, so they go through Intl
            expect(as("UTC")).toBe(as("Etc/UTC"));
            expect(as(undefined)).toBe(as(viewer));
          }),
          { numRuns: 300 },
        );
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it("writes a calendar day the same in every time zone, in the school's order", () => {
    expect(formatDate("2026-11-24", { clock: "24h", dateOrder: "dmy" }, { timeZone: "Pacific/Kiritimati" })).toBe(
      "24 Nov 2026",
    );
    expect(formatDate("2026-11-24", { clock: "24h", dateOrder: "mdy" }, { weekday: true, style: "long" })).toBe(
      "Tuesday, November 24, 2026",
    );
    expect(formatDate("2026-11-04", { clock: "24h", dateOrder: "ymd" }, { weekday: true })).toBe("Wed, 2026-11-04");
  });

  it("understands the times people type on either clock and refuses what is not a time", () => {
    const cases: [string, string | null][] = [
      ["16:00", "16:00"],
      ["1600", "16:00"],
      ["16.30", "16:30"],
      ["7:05", "07:05"],
      ["7", "07:00"],
      ["4 pm", "16:00"],
      ["4:00 PM", "16:00"],
      ["4.30pm", "16:30"],
      ["12 am", "00:00"],
      ["12:15 p.m.", "12:15"],
      ["24:00", null],
      ["13 pm", null],
      ["0 am", null],
      ["7:60", null],
      ["noon", null],
      ["930", "09:30"],
      ["12345", null],
      ["", null],
    ];
    for (const [typed, expected] of cases) expect(parseTime(typed), typed).toBe(expected);
  });

  it("defaults the clock and the date order from a locale", () => {
    expect(dateFormatsForLocale("en-GB")).toEqual({ clock: "24h", dateOrder: "dmy" });
    expect(DEFAULT_DATE_FORMATS).toEqual(dateFormatsForLocale("en-GB"));
    expect(dateFormatsForLocale("en-US")).toEqual({ clock: "12h", dateOrder: "mdy" });
    expect(dateFormatsForLocale("sv-SE")).toEqual({ clock: "24h", dateOrder: "ymd" });
    expect(dateFormatsForLocale("not a locale")).toEqual({ clock: "24h", dateOrder: "dmy" });
  });
});
