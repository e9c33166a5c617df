import {
  DECIMAL_SEPARATOR_LABELS,
  DECIMAL_SEPARATORS,
  GROUPING_SEPARATOR_LABELS,
  GROUPING_SEPARATORS,
  formatNumber,
  numberFormatOfLocale,
  type DecimalSeparator,
  type GroupingSeparator,
  type NumberFormat,
} from "../../../common/number-input.ts";
import { Select } from "../../components/ui/Select.tsx";

const LOCALES = [
  "en-GB",
  "en-US",
  "de-DE",
  "de-CH",
  "fr-FR",
  "es-ES",
  "it-IT",
  "nl-NL",
  "pt-BR",
  "sv-SE",
  "pl-PL",
  "cs-CZ",
  "ja-JP",
];
const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(undefined, { type: "language" }) : null;
const localeOptions = [
  { value: "", label: "Choose a locale to fill in its separators…" },
  ...LOCALES.map((l) => {
    const f = numberFormatOfLocale(l);
    return { value: l, label: `${names?.of(l) ?? l} · ${formatNumber(123456789, 2, f, { group: true })}` };
  }),
];

/** The school's number format: how amounts are shown, and the example the fields' messages give. */
export function NumberFormatFields({ value, onChange }: { value: NumberFormat; onChange(f: NumberFormat): void }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">Number format</legend>
      <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        How amounts and quantities are written everywhere: {formatNumber(123456789, 2, value, { group: true })}. Fields
        take 12.50 and 12,50 alike; a number that could be read two ways, like 1,250 (a thousand and more, or one and a
        quarter), is refused with a message, never guessed.
      </p>
      <Select
        id="school-numberFormat-locale"
        label="Take the format of a locale"
        value=""
        options={localeOptions}
        onChange={(e) => e.target.value && onChange(numberFormatOfLocale(e.target.value))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id="school-numberFormat-decimal"
          label="Decimal separator"
          value={value.decimal}
          options={DECIMAL_SEPARATORS.map((d) => ({ value: d, label: DECIMAL_SEPARATOR_LABELS[d] }))}
          onChange={(e) => onChange({ ...value, decimal: e.target.value as DecimalSeparator })}
        />
        <Select
          id="school-numberFormat-grouping"
          label="Thousands separator"
          value={value.grouping}
          options={GROUPING_SEPARATORS.map((g) => ({ value: g, label: GROUPING_SEPARATOR_LABELS[g] }))}
          onChange={(e) => onChange({ ...value, grouping: e.target.value as GroupingSeparator })}
        />
      </div>
    </fieldset>
  );
}
