const day = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

/** A calendar date ("2026-10-15") as people read it; read as UTC so it never shifts a day. */
export const formatDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
export const formatShortDay = (iso: string) => shortDay.format(new Date(`${iso}T00:00:00Z`));

export const DAY_MS = 86_400_000;
export const dayIndex = (from: string, iso: string) => Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
