import type { DailyReportDto, DailyReportFields } from "../../../common/daily-reports.ts";
import { formatMinutes, SHOT_SIZE_LABELS } from "../../../common/shots.ts";

/**
 * The shot lists of the day's scenes, ticked off as they are taken: a ticked shot is marked done in the shot list
 * when the report saves, so the Shots tab and the next call sheet know what is left.
 */
export function DayShots({
  fields,
  planned,
  edit,
}: {
  fields: DailyReportFields;
  planned: DailyReportDto["plannedShots"];
  edit(change: Partial<DailyReportFields>): void;
}) {
  if (planned.length === 0) return null;
  // A phone's draft kept from before the report had shots has none ticked.
  const done = new Set(fields.shotsDone ?? []);
  const toggle = (id: string, on: boolean) =>
    edit({ shotsDone: on ? [...done, id] : [...done].filter((x) => x !== id) });
  const scenes = [...new Set(planned.map((x) => x.sceneNumber))];
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">
        Shots: {planned.filter((x) => done.has(x.id)).length} of {planned.length} on the shot list taken
      </h4>
      {scenes.map((scene) => (
        <fieldset key={scene} className="flex flex-col gap-1">
          <legend className="text-xs font-medium text-zinc-600 uppercase dark:text-zinc-400">Scene {scene}</legend>
          {planned
            .filter((x) => x.sceneNumber === scene)
            .map((x) => (
              <label key={x.id} className="flex min-h-11 items-start gap-2 text-sm sm:min-h-0">
                <input
                  type="checkbox"
                  className="mt-1 size-4"
                  checked={done.has(x.id)}
                  onChange={(e) => toggle(x.id, e.target.checked)}
                />
                <span>
                  <span className="font-medium">{x.number}</span>{" "}
                  {SHOT_SIZE_LABELS[x.size as keyof typeof SHOT_SIZE_LABELS] ?? x.size}
                  {x.description ? `: ${x.description}` : ""}
                  {x.setupMinutes ? ` (${formatMinutes(x.setupMinutes)})` : ""}
                  {x.doneElsewhere && <span className="text-zinc-600 dark:text-zinc-400"> · done on another day</span>}
                </span>
              </label>
            ))}
        </fieldset>
      ))}
    </div>
  );
}
