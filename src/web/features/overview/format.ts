import { DAY_MS, utcMidnight } from "../../../common/time.ts";

export { addDays } from "../../../common/time.ts";
export const dayIndex = (from: string, iso: string) =>
  Math.round((utcMidnight(iso).getTime() - utcMidnight(from).getTime()) / DAY_MS);
