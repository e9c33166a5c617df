import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  DEFAULT_DATE_FORMATS,
  formatDate,
  formatDateTime,
  formatTime,
  type DateFormats,
  type DateStyle,
} from "../../common/datetime.ts";
import { keys } from "../../common/query-keys.ts";
import { api } from "./api.ts";

/** Under the school settings' key, so saving the settings (or their change event) refreshes every date on screen. */
export const SCHOOL_FORMATS_QUERY_KEY = [...keys.schoolSettings(), "formats"];

export interface Formats {
  /** A calendar day ("2026-11-24") or an instant, as a date. */
  date: (
    value: string | null | undefined,
    opts?: { style?: DateStyle; weekday?: boolean; year?: boolean },
    empty?: string,
  ) => string;
  /** A wall-clock "HH:MM" or an instant, as a time of day. */
  time: (value: string | null | undefined, empty?: string) => string;
  /** An instant as date and time, in the viewer's time zone. */
  dateTime: (value: string | null | undefined, empty?: string) => string;
  formats: DateFormats;
}

export const formatsOf = (f: DateFormats): Formats => ({
  date: (v, opts, empty = "—") => (v ? formatDate(v, f, opts) : empty),
  time: (v, empty = "—") => (v ? formatTime(v, f) : empty),
  dateTime: (v, empty = "—") => (v ? formatDateTime(v, f) : empty),
  formats: f,
});

/**
 * The school's way of writing dates and times, for every page (public ones too: the answer is not
 * secret). Until it has loaded, or if it cannot be, the default formats stand in.
 */
export function useFormats(): Formats {
  const q = useQuery({
    queryKey: SCHOOL_FORMATS_QUERY_KEY,
    queryFn: ({ signal }) => api<DateFormats>("/rest/v1/school-formats", { signal }),
    staleTime: 5 * 60_000,
    // As the comment above says: without an answer (no signal on set) the defaults stand in, no error screen.
    throwOnError: false,
  });
  const f = q.data ?? DEFAULT_DATE_FORMATS;
  return useMemo(() => formatsOf(f), [f.clock, f.dateOrder]);
}
