import { CheckCircle2, Circle } from "lucide-react";
import type { GreenlightEntryDto, ProjectDetail } from "../../../../common/project-api.ts";
import { api } from "../../../lib/api.ts";
import { useFormats } from "../../../lib/format.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { projectPath, useProjectChange } from "../api.ts";
import { leadText } from "../../../../common/course-greenlight.ts";

const FED_BY: Record<Exclude<GreenlightEntryDto["source"], "manual">, string> = {
  budget: "Ticked by the Budget feature when the project's budget is approved.",
  releases: "Ticked by the Documents feature when the location and talent releases are signed.",
  documents: "Ticked by the Documents feature when the document is uploaded to the project.",
  insurance:
    "Ticked by the Insurance feature when every certificate the project asked for is issued: at least one request answered with its certificate, and none still waiting for a teacher's endorsement or the insurance office. Declined, refused and withdrawn requests do not count; ask again for what is still needed.",
};
const TICKERS: Record<GreenlightEntryDto["tickedBy"], string> = {
  supervisor: "Ticked by the project's supervisor or an admin.",
  staff: "Ticked by staff or an admin.",
  member: "Ticked by the crew, staff or an admin.",
};

export function Greenlight({ project }: { project: ProjectDetail }) {
  const fmt = useFormats();
  const tick = useProjectChange(
    project.id,
    (v: { item: GreenlightEntryDto; done: boolean }) =>
      api<ProjectDetail>(`${projectPath(project.id)}/greenlight/${encodeURIComponent(v.item.key)}`, {
        method: "PUT",
        json: { done: v.done },
      }),
    {
      success: (_p, v) => [v.done ? "Greenlight item ticked" : "Greenlight item unticked", v.item.label],
      failure: "Greenlight not changed",
    },
  );
  const done = project.greenlight.filter((g) => g.done).length;
  return (
    <section aria-labelledby="greenlight-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="greenlight-heading" className="text-lg font-semibold">
          Greenlight checklist
        </h2>
        <Badge tone={project.greenlightComplete ? "good" : "warn"}>
          {done} of {project.greenlight.length} done
        </Badge>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        A project moves into production when every item is done. Until then staff can still let it through with a
        written override reason.
      </p>
      <Deadlines project={project} />
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {project.greenlight.map((g) => (
          <li key={g.key} className="flex items-start gap-3 px-4 py-3">
            {g.canTick ? (
              <input
                type="checkbox"
                aria-label={g.label}
                className="mt-0.5 size-5 shrink-0 accent-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 dark:accent-amber-400"
                checked={g.done}
                disabled={tick.isPending && tick.variables?.item.key === g.key}
                onChange={(e) => tick.mutate({ item: g, done: e.target.checked })}
              />
            ) : g.done ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-zinc-400" />
            )}
            <div className="min-w-0 text-sm">
              <div className="font-medium">
                {g.label}
                {!g.canTick && <span className="sr-only">{g.done ? ": done" : ": not done"}</span>}
              </div>
              <div className="text-xs text-zinc-600 dark:text-zinc-400">
                {g.done
                  ? g.doneByName
                    ? `Ticked by ${g.doneByName}${g.doneAt ? ` on ${fmt.dateTime(g.doneAt)}` : ""}.`
                    : g.doneAt
                      ? `Ticked on ${fmt.dateTime(g.doneAt)}.`
                      : "Done."
                  : "Not done yet."}{" "}
                {g.source === "manual" ? TICKERS[g.tickedBy] : FED_BY[g.source]}
              </div>
              {g.note && <div className="text-xs text-zinc-700 dark:text-zinc-300">Note: {g.note}</div>}
              {g.leadDays !== null && (
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                  {g.dueDate ? (
                    <span className={g.overdue ? "font-medium text-red-700 dark:text-red-400" : undefined}>
                      Due <time dateTime={g.dueDate}>{fmt.date(g.dueDate, { style: "long", weekday: true })}</time>,{" "}
                      {leadText(g.leadDays)}
                    </span>
                  ) : (
                    <span className="text-zinc-600 dark:text-zinc-400">Due {leadText(g.leadDays)}</span>
                  )}
                  {g.overdue && <Badge tone="bad">Overdue</Badge>}
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Whose checklist this is and what its dates count back from; why there are none when no shoot day is scheduled. */
function Deadlines({ project }: { project: ProjectDetail }) {
  const fmt = useFormats();
  const d = project.greenlightDeadlines;
  if (!d.courseCode) return null;
  const overdue = project.greenlight.filter((g) => g.overdue).length;
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="greenlight-deadlines">
      This is the checklist of the course {d.courseCode}.{" "}
      {!d.hasLeads
        ? "The course sets no deadlines for it."
        : d.firstShootDay
          ? `Its deadlines count back from the first shoot day, ${fmt.date(d.firstShootDay, { style: "long", weekday: true })}; moving that day moves them.${overdue ? ` ${overdue} ${overdue === 1 ? "item is" : "items are"} overdue.` : ""}`
          : "Its deadlines count back from the first shoot day, and none is scheduled yet: the items show their dates once the schedule has a shoot day."}
    </p>
  );
}
