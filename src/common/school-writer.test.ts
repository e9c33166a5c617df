import { describe, expect, it } from "vitest";
import { writerOf } from "./school-writer.ts";
import { DEFAULT_SCHOOL_SETTINGS } from "./school.ts";

describe("writerOf", () => {
  it("writes amounts, quantities, dates and times as the school's settings say", () => {
    const w = writerOf({
      currency: "EUR",
      numberFormat: { decimal: ",", grouping: "." },
      clock: "12h",
      dateOrder: "mdy",
    });
    expect(w.money(678975)).toBe("6.789,75 EUR");
    expect(w.amount(123450)).toBe("1.234,50");
    expect(w.money(1250, "JPY")).toBe("1.250 JPY");
    expect(w.quantity(250)).toBe("2,5");
    expect(w.percent(750)).toBe("7,5");
    expect(w.date("2026-12-08", { style: "long", weekday: true })).toBe("Tuesday, December 8, 2026");
    expect(w.time("16:05")).toBe("4:05 PM");
    // A server knows no viewer's zone: instants are written in UTC, and say so.
    expect(w.dateTime(new Date("2026-11-24T23:30:00Z"))).toBe("Nov 24, 2026, 11:30 PM UTC");
  });

  it("follows the defaults of a school that chose nothing", () => {
    const w = writerOf(DEFAULT_SCHOOL_SETTINGS);
    expect(w.money(678975)).toBe("6,789.75 EUR");
    expect(w.dateTime("2026-11-24T23:30:00Z")).toBe("24 Nov 2026, 23:30 UTC");
  });
});
