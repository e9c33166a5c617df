import type { Services } from "../../context.ts";
import { shootDays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";

export type S = Pick<Services, "db" | "events" | "config">;

export const noDay = () => new AppError("not_found", "There is no shoot day with this id in this project.");
export const DAY_MS = 86_400_000;
/** A confirmation link works until a week after its shoot day, then says it has expired. */
export const LINK_DAYS_AFTER = 7;
/** A character of the day whom nobody plays yet, as the call sheet shows it. */
export const NOT_CAST = "Not cast yet";

export type ShootDayRow = typeof shootDays.$inferSelect;
