import { useQuery } from "@tanstack/react-query";
import { useState, type ChangeEvent } from "react";
import {
  DEFAULT_NUMBER_FORMAT,
  formatNumber,
  parseNumberInput,
  type NumberFormat,
  type ParsedNumber,
} from "../../common/number-input.ts";
import type { SchoolSettings, SchoolSettingsDto } from "../../common/school.ts";
import { keys } from "../../common/query-keys.ts";
import { api } from "./api.ts";

/** The key the server's `school.updated` event invalidates. */
export const SCHOOL_SETTINGS_QUERY_KEY = keys.schoolSettings();

/** The school's settings for pages that follow them (currency, number format); undefined until loaded. */
export function useSchoolSettings(): SchoolSettings | undefined {
  const q = useQuery({
    queryKey: SCHOOL_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => api<SchoolSettingsDto>("/rest/v1/school-settings", { signal }),
    staleTime: 60_000,
  });
  return q.data?.settings;
}

export interface NumberInputOptions {
  value: string;
  onChange(text: string): void;
  /** Decimals kept: the currency's minor digits for money, 2 for quantities and percentages. */
  digits: number;
  /** Drop trailing zeros when the field is left ("2.5" days, "10" %). */
  trim?: boolean;
  format?: NumberFormat;
}

/**
 * A money or quantity field: typed text stays as typed while the person types; leaving the field writes
 * the value read in the school's format (so "12,50" shows as 12.50 and nobody wonders what was kept), or
 * leaves the text alone and says why it cannot be read. Nothing is ever reinterpreted.
 */
export function useNumberInput({
  value,
  onChange,
  digits,
  trim = false,
  format = DEFAULT_NUMBER_FORMAT,
}: NumberInputOptions) {
  const [focused, setFocused] = useState(false);
  const parsed: ParsedNumber = parseNumberInput(value, { digits, format });
  const refused = !parsed.ok && parsed.problem !== "empty";
  return {
    parsed,
    /** Shown once the person leaves the field, not while they are half-way through typing "1,25". */
    error: refused && !focused ? parsed.message : undefined,
    props: {
      value,
      inputMode: digits > 0 ? ("decimal" as const) : ("numeric" as const),
      "aria-invalid": refused && !focused ? (true as const) : undefined,
      onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
      onFocus: () => setFocused(true),
      onBlur: () => {
        setFocused(false);
        if (!parsed.ok) return;
        const shown = formatNumber(parsed.value, digits, format, { trim });
        if (shown !== value) onChange(shown);
      },
    },
  };
}
