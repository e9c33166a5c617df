import { Plus, Trash2 } from "lucide-react";
import { parseTime } from "../../../common/datetime.ts";
import { bandLabel, MINOR_BANDS_MAX, type MinorRules, type WorkingDayRules } from "../../../common/working-hours.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Switch } from "../../components/ui/Switch.tsx";

/** Minors' rules as typed: numbers and the time stay text until the form is saved, so a cleared field stays cleared. */
export interface MinorDraft {
  bands: { upToAge: string; maxHours: string }[];
  latestEnd: string;
}

export const toMinorDraft = (r: MinorRules): MinorDraft => ({
  bands: r.bands.map((b) => ({ upToAge: String(b.upToAge), maxHours: String(b.maxHours) })),
  latestEnd: r.latestEnd,
});

const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
// An unreadable time goes through as typed, so the settings' own check names the field.
export const fromMinorDraft = (d: MinorDraft): unknown => ({
  bands: d.bands.map((b) => ({ upToAge: num(b.upToAge), maxHours: num(b.maxHours) })),
  latestEnd: parseTime(d.latestEnd) ?? d.latestEnd,
});

/** The label of a band as far as the draft reads; blank while its ages are not yet numbers. */
function labelOf(d: MinorDraft, i: number): string {
  const bands = d.bands.slice(0, i + 1).map((b) => ({ upToAge: num(b.upToAge), maxHours: num(b.maxHours) }));
  if (bands.some((b) => Number.isNaN(b.upToAge))) return "";
  return bandLabel({ bands, latestEnd: d.latestEnd }, bands[i]!);
}

export function WorkingHoursFields({
  workingDays,
  minors,
  onWorkingDays,
  onMinors,
}: {
  workingDays: WorkingDayRules;
  minors: MinorDraft;
  onWorkingDays: (v: WorkingDayRules) => void;
  onMinors: (v: MinorDraft) => void;
}) {
  const setBand = (i: number, key: "upToAge" | "maxHours", value: string) =>
    onMinors({ ...minors, bands: minors.bands.map((b, j) => (j === i ? { ...b, [key]: value } : b)) });
  return (
    <>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">Safe working days</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The schedule checks each person&apos;s day: more than 12 hours from call to wrap, less than 10 hours between
          one day&apos;s wrap and the next day&apos;s call, and a meal more than 6 hours after call.
        </p>
        <Switch
          id="school-workingDays-block"
          label="Block the call sheet on a working-day finding"
          checked={workingDays.block}
          onChange={(block) => onWorkingDays({ block })}
          description="When off, the findings are warnings on the stripboard and the call sheet. When on, a day with a finding cannot have its call sheet sent until its times are changed."
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-zinc-900 dark:text-zinc-100">Minors on set</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The most hours a minor may be on set, from call to wrap, by their age on the shoot day. List the bands from
          the youngest up; each covers the ages after the band before, up to its age.
        </p>
        <ul className="flex flex-col gap-2">
          {minors.bands.map((b, i) => (
            <li key={i} className="flex flex-wrap items-end gap-3">
              <Field
                id={`school-minorRules-bands-${i}-upToAge`}
                label="Up to age"
                type="number"
                inputMode="numeric"
                min={0}
                max={17}
                value={b.upToAge}
                onChange={(e) => setBand(i, "upToAge", e.target.value)}
                className="w-28"
              />
              <Field
                id={`school-minorRules-bands-${i}-maxHours`}
                label="Hours on set"
                type="number"
                inputMode="numeric"
                min={1}
                max={12}
                value={b.maxHours}
                onChange={(e) => setBand(i, "maxHours", e.target.value)}
                className="w-28"
              />
              <span className="pb-2 text-sm text-zinc-600 dark:text-zinc-400">{labelOf(minors, i)}</span>
              <Button
                type="button"
                variant="ghost"
                aria-label={`Remove the age band ${labelOf(minors, i)}`}
                disabled={minors.bands.length <= 1}
                onClick={() => onMinors({ ...minors, bands: minors.bands.filter((_, j) => j !== i) })}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={minors.bands.length >= MINOR_BANDS_MAX}
            onClick={() => onMinors({ ...minors, bands: [...minors.bands, { upToAge: "17", maxHours: "" }] })}
          >
            <Plus aria-hidden className="size-4" /> Add an age band
          </Button>
        </div>
        <Field
          id="school-minorRules-latestEnd"
          label="No minor works after"
          value={minors.latestEnd}
          onChange={(e) => onMinors({ ...minors, latestEnd: e.target.value })}
          hint="A time of day, such as 22:00. A minor's wrap after it is a warning on their days."
          className="max-w-48"
        />
      </fieldset>
    </>
  );
}
