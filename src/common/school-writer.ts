import { formatPercent, formatQuantity } from "./budget.ts";
import { formatMinor, formatMoney } from "./money.ts";
import { formatDate, formatDateTime, formatTime, type DateStyle } from "./datetime.ts";
import type { SchoolSettings } from "./school.ts";

/**
 * How the school writes for people, outside the web app: e-mails, PDFs, notifications and the activity
 * log. One writer built from the school's settings, so an amount reads "1.234,50 EUR" and a time "4:00 PM"
 * in a budget's e-mail exactly as on the page that sent it. Machine-readable files (CSV) do not use it:
 * they keep "1234.50", which every spreadsheet reads back.
 *
 * Instants (a decision, a submission) are written in UTC and say so: a server has no viewer's time zone.
 */
export interface SchoolWriter {
  /** Minor units with the currency: "1,234.50 EUR". */
  money(minor: number, currency?: string): string;
  /** Minor units alone, for a column that names its currency: "1,234.50". */
  amount(minor: number, currency?: string): string;
  /** Hundredths: "2.5". */
  quantity(hundredths: number): string;
  /** Basis points as percent: "7.5". */
  percent(bps: number): string;
  /** A calendar day ("2026-11-24") or an instant's day in UTC. */
  date(value: string | Date, opts?: { style?: DateStyle; weekday?: boolean; year?: boolean }): string;
  /** A wall-clock "HH:MM" as it is, or an instant's time in UTC. */
  time(value: string | Date): string;
  /** An instant in UTC, marked as such: "24 Nov 2026, 16:00 UTC". */
  dateTime(value: string | Date): string;
}

export type WriterSettings = Pick<SchoolSettings, "currency" | "numberFormat" | "clock" | "dateOrder">;

export function writerOf(settings: WriterSettings): SchoolWriter {
  const f = { clock: settings.clock, dateOrder: settings.dateOrder };
  const n = settings.numberFormat;
  const utc = { timeZone: "UTC" };
  return {
    money: (minor, currency = settings.currency) => formatMoney(minor, currency, n),
    amount: (minor, currency = settings.currency) => formatMinor(minor, currency, n),
    quantity: (hundredths) => formatQuantity(hundredths, n),
    percent: (bps) => formatPercent(bps, n),
    date: (value, opts = {}) => formatDate(value, f, { ...utc, ...opts }),
    time: (value) => formatTime(value, f, utc),
    dateTime: (value) => `${formatDateTime(value, f, utc)} UTC`,
  };
}
