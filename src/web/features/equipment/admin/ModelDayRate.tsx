import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { readDayRate } from "../../../../common/day-rate.ts";
import type { ModelTimelineDto } from "../../../../common/equipment.ts";
import { formatNumber } from "../../../../common/number-input.ts";
import { type SchoolSettings } from "../../../../common/school.ts";
import { currencyMinorDigits } from "../../../../common/money.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { NumberField } from "../../../components/ui/NumberField.tsx";
import { api } from "../../../lib/api.ts";
import { useSchoolSettings } from "../../../lib/number-input.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { EQUIPMENT_API, useEquipmentChange } from "../api.ts";

/** The model's rental day rate, typed once and saved on every unit of the model (the budgets price by it). */
export function ModelDayRate({ timeline }: { timeline: ModelTimelineDto }) {
  const school = useSchoolSettings();
  // Keyed by the model and its saved rate, so a rate saved elsewhere shows here instead of an old draft.
  return school ? (
    <RateForm
      key={`${timeline.name}|${timeline.dayRateMinor}|${timeline.dayRatesDiffer}`}
      timeline={timeline}
      school={school}
    />
  ) : null;
}

function RateForm({ timeline, school }: { timeline: ModelTimelineDto; school: SchoolSettings }) {
  const digits = currencyMinorDigits(school.currency);
  const saved = timeline.dayRateMinor === null ? "" : formatNumber(timeline.dayRateMinor, digits, school.numberFormat);
  const [typed, setTyped] = useState(saved);
  const rate = readDayRate(typed, digits, school.numberFormat);
  const dirty = typed !== saved;
  useLeaveGuard(dirty, `the day rate of ${timeline.name}`);
  const save = useEquipmentChange(
    (dayRateMinor: number | null) =>
      api<{ units: number }>(`${EQUIPMENT_API}/models/day-rate`, {
        method: "PUT",
        json: { brand: timeline.brand, model: timeline.model, dayRateMinor },
      }),
    {
      success: (r) => ["Day rate saved", `for the ${r.units} units of ${timeline.name}`],
      failure: "Day rate not saved",
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rate.ok) return void toast.error("Day rate not saved", { description: rate.message });
    save.mutate(rate.value);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <NumberField
        label={`Rental day rate of ${timeline.name} (${school.currency})`}
        className="max-w-xs"
        value={typed}
        onChange={setTyped}
        digits={digits}
        format={school.numberFormat}
        hint={
          timeline.dayRatesDiffer
            ? "Its units have different rates now; saving gives every unit this one. Empty: no rate."
            : "Saved on every unit of the model; empty: no rate."
        }
      />
      <Button type="submit" busy={save.isPending} disabled={!dirty && !timeline.dayRatesDiffer}>
        Save the model's day rate
      </Button>
    </form>
  );
}
