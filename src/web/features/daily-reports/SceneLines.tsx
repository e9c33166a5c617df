import {
  partShotProblem,
  SCENE_STATUSES,
  SCENE_STATUS_LABELS,
  shotEighthsOf,
  type DailyReportDto,
  type DailyReportFields,
  type ReportScene,
  type SceneStatus,
} from "../../../common/daily-reports.ts";
import { formatEighths, parseEighths } from "../../../common/eighths.ts";
import { formatPages } from "../../../common/eighths.ts";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useTypedField } from "../../lib/typed-field.ts";

type Planned = DailyReportDto["planned"];

/** The call sheet's scenes as far as each got, a scene shot in part with its pages, and the day's sum of pages. */
export function SceneLines({
  fields,
  planned,
  plannedEighths,
  edit,
}: {
  fields: DailyReportFields;
  planned: Planned;
  plannedEighths: number;
  edit(change: Partial<DailyReportFields>): void;
}) {
  const heading = new Map(planned.map((p) => [p.number, p]));
  const set = (i: number, change: Partial<ReportScene>) =>
    edit({ scenes: fields.scenes.map((x, j) => (j === i ? { ...x, ...change } : x)) });
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">
        Scenes: {formatPages(shotEighthsOf(fields.scenes, planned))} shot of {formatPages(plannedEighths)} planned
      </h4>
      {fields.scenes.map((sc, i) => (
        <div key={sc.number} className="grid gap-2 sm:grid-cols-[1fr_10rem]">
          <Select
            label={`Scene ${sc.number}${heading.get(sc.number) ? `: ${heading.get(sc.number)!.heading}` : ""}`}
            value={sc.status}
            options={SCENE_STATUSES.map((v) => ({ value: v, label: SCENE_STATUS_LABELS[v] }))}
            // Only a scene shot in part carries its pages; finished or not shot, its length on the sheet counts.
            onChange={(e) => {
              const status = e.target.value as SceneStatus;
              set(i, { status, shotEighths: status === "part" ? sc.shotEighths : null });
            }}
          />
          {sc.status === "part" && (
            <PagesShotField scene={sc} planned={planned} onChange={(shotEighths) => set(i, { shotEighths })} />
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The pages of a scene shot in part, typed as people say them ("3/8", "1 2/8") and read by the shared parser;
 * text it cannot read, or more than the scene's length, is said under the field and not sent.
 */
function PagesShotField({
  scene,
  planned,
  onChange,
}: {
  scene: ReportScene;
  planned: Planned;
  onChange(eighths: number | null): void;
}) {
  const length = planned.find((p) => p.number === scene.number)?.eighths;
  const field = useTypedField<number>({
    value: scene.shotEighths ?? null,
    onChange,
    write: formatEighths,
    read(typed) {
      const parsed = parseEighths(typed);
      const problem = parsed.ok && partShotProblem({ ...scene, shotEighths: parsed.value }, planned);
      return problem ? { ok: false, message: problem } : parsed;
    },
  });
  return (
    <Field
      label={`Pages shot of scene ${scene.number}`}
      hint={`In eighths, e.g. 3/8${length === undefined ? "" : `; the scene is ${formatPages(length)}`}`}
      {...field}
    />
  );
}
