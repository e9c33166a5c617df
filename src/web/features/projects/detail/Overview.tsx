import { Pencil } from "lucide-react";
import { useFormats } from "../../../lib/format.ts";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  projectUpdateInput,
  type ProjectDetail,
  type ProjectUpdateInput,
  type StaleVersionDetails,
} from "../../../../common/project-api.ts";
import { PROJECT_TYPE_LABELS, type ProjectType } from "../../../../common/projects.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { api, ApiError } from "../../../lib/api.ts";
import { shootDates } from "../shared.tsx";
import { factsProblem, ProjectFactsFields, runtimeOf, type ProjectFacts } from "../ProjectFacts.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../../lib/useLeaveGuard.ts";
import { projectPath, useProjectChange, useSupervisors } from "../api.ts";
import { useCourseChoices } from "../../courses/api.ts";

/** The editable fields as the form holds them: text everywhere, so that what was typed is kept as typed. */
interface Draft extends ProjectFacts {
  synopsis: string;
  locations: string;
}
type Key = keyof Draft;

const LABELS: Record<Key, string> = {
  title: "Title",
  type: "Type",
  course: "Course",
  courseId: "School course",
  academicYear: "Academic year",
  logline: "Logline",
  synopsis: "Synopsis",
  runtime: "Target runtime (minutes)",
  format: "Format",
  shootStart: "First shoot day",
  shootEnd: "Last shoot day",
  locations: "Locations",
  supervisorId: "Supervisor",
};
const KEYS = Object.keys(LABELS) as Key[];

const toDraft = (p: ProjectDetail): Draft => ({
  title: p.title,
  type: p.type,
  course: p.course,
  courseId: p.courseId ?? "",
  academicYear: p.academicYear,
  logline: p.logline,
  synopsis: p.synopsis,
  runtime: p.targetRuntimeMinutes === null ? "" : String(p.targetRuntimeMinutes),
  format: p.format,
  shootStart: p.shootStart ?? "",
  shootEnd: p.shootEnd ?? "",
  locations: p.locations.join("\n"),
  supervisorId: p.supervisor?.id ?? "",
});

const norm = (k: Key, v: string) =>
  k === "locations"
    ? v
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .join("\n")
    : v.trim();

/** The fields of `draft` that differ from `base`, as the API takes them. */
function changes(base: Draft, draft: Draft): Omit<ProjectUpdateInput, "version"> {
  const out: Record<string, unknown> = {};
  for (const k of KEYS) {
    if (norm(k, base[k]) === norm(k, draft[k])) continue;
    const v = draft[k];
    if (k === "runtime") out.targetRuntimeMinutes = runtimeOf(v);
    else if (k === "shootStart" || k === "shootEnd" || k === "supervisorId" || k === "courseId") out[k] = v || null;
    else if (k === "locations") out.locations = norm(k, v) ? norm(k, v).split("\n") : [];
    else out[k] = v;
  }
  return out;
}

export function Overview({ project }: { project: ProjectDetail }) {
  const fmt = useFormats();
  const supervisors = useSupervisors();
  const courses = useCourseChoices();
  const [editing, setEditing] = useState<{ base: ProjectDetail; draft: Draft } | null>(null);
  const [conflict, setConflict] = useState<ProjectDetail | null>(null);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  useLeaveGuard(
    !!editing && Object.keys(changes(toDraft(editing.base), editing.draft)).length > 0,
    "your changes to the project details",
  );
  const onSaveKey = useSaveShortcut();

  const save = useProjectChange(
    project.id,
    (input: ProjectUpdateInput) => api<ProjectDetail>(projectPath(project.id), { method: "PATCH", json: input }),
    {
      success: () => ["Project saved", "Your changes are saved."],
      failure: "Project not saved",
      onSuccess: () => {
        setEditing(null);
        setConflict(null);
      },
      onError: (err) => {
        const current =
          err instanceof ApiError && err.status === 409
            ? (err.details as StaleVersionDetails | undefined)?.current
            : undefined;
        if (!current) return false;
        setConflict(current);
        toast.error("Project not saved", {
          description: "Someone else saved this project while you were editing. Your changes are still in the form.",
        });
        return true;
      },
    },
  );

  const supervisorName = (id: string) =>
    id
      ? (supervisors.find((s) => s.id === id)?.name ??
        (project.supervisor?.id === id ? project.supervisor.name : "Another supervisor"))
      : "None";
  const courseName = (id: string) => {
    const c = courses.data?.items.find((i) => i.id === id);
    return c ? `${c.code} · ${c.term}` : id === project.courseId ? project.course : "Another course";
  };
  const courseOptions = [
    { value: "", label: "No course" },
    ...(courses.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.term} — ${c.title}` })),
    ...(project.courseId && !courses.data?.items.some((c) => c.id === project.courseId)
      ? [{ value: project.courseId, label: project.course }]
      : []),
  ];
  const show = (k: Key, v: string) => {
    if (!v.trim()) return "(empty)";
    if (k === "type") return PROJECT_TYPE_LABELS[v as ProjectType] ?? v;
    if (k === "supervisorId") return supervisorName(v);
    if (k === "courseId") return courseName(v);
    if (k === "shootStart" || k === "shootEnd") return fmt.date(v);
    if (k === "locations") return v.split("\n").filter(Boolean).join(", ");
    return v;
  };

  if (!editing) {
    return (
      <section aria-labelledby="overview-heading" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="overview-heading" className="text-lg font-semibold">
            Overview
          </h2>
          {project.canEdit && (
            <Button variant="secondary" onClick={() => setEditing({ base: project, draft: toDraft(project) })}>
              <Pencil aria-hidden className="size-4" />
              Edit Details
            </Button>
          )}
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Logline</dt>
          <dd>{project.logline || "No logline yet."}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Synopsis</dt>
          <dd className="whitespace-pre-line">{project.synopsis || "No synopsis yet."}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Target runtime</dt>
          <dd>{project.targetRuntimeMinutes ? `${project.targetRuntimeMinutes} minutes` : "Not set"}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Format</dt>
          <dd>{project.format || "Not set"}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Shoot dates</dt>
          <dd>{shootDates(fmt, project.shootStart, project.shootEnd)}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Locations</dt>
          <dd>
            {project.locations.length ? (
              <ul className="list-inside list-disc">
                {project.locations.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            ) : (
              "None listed yet"
            )}
          </dd>
        </dl>
      </section>
    );
  }

  const { base, draft } = editing;
  const set = (k: Key, v: string) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, [k]: v } } : e));
  const err = (path: string) => (error?.path === path ? error.message : undefined);

  const send = (version: number, from: Draft) => {
    const input: ProjectUpdateInput = { version, ...changes(from, draft) };
    const problem = factsProblem(projectUpdateInput, input, draft);
    setError(problem);
    if (problem) {
      toast.error("Check the details", { description: problem.message });
      return;
    }
    if (Object.keys(input).length === 1) {
      toast.success("Nothing to save", { description: "The details are as they were." });
      setEditing(null);
      return;
    }
    save.mutate(input);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(base.version, toDraft(base));
  };

  const baseDraft = toDraft(base);
  const theirs = conflict ? toDraft(conflict) : null;
  const differing = theirs ? KEYS.filter((k) => norm(k, theirs[k]) !== norm(k, baseDraft[k])) : [];

  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-4">
      <h2 id="overview-heading" className="text-lg font-semibold">
        Edit details
      </h2>
      {conflict && theirs && (
        <div
          role="alert"
          className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950/40"
        >
          <p className="font-semibold">Someone else saved this project while you were editing</p>
          <p className="mt-1 text-zinc-700 dark:text-zinc-300">
            Nothing of yours was saved and your changes are still in the form.{" "}
            {differing.length ? "They changed:" : "Their save did not touch the fields of this form."}
          </p>
          {differing.length > 0 && (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full min-w-[20rem] text-left text-sm">
                <thead>
                  <tr className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Their value
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Your value
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {differing.map((k) => (
                    <tr key={k} className="border-t border-amber-200 align-top dark:border-amber-900">
                      <th scope="row" className="py-1 pr-3 font-medium">
                        {LABELS[k]}
                      </th>
                      <td className="py-1 pr-3 break-words">{show(k, theirs[k])}</td>
                      <td className="py-1 break-words">{show(k, draft[k])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button
              variant="secondary"
              onClick={() => {
                setEditing({ base: conflict, draft: toDraft(conflict) });
                setConflict(null);
                toast.success("Their version loaded", {
                  description: "The form now shows the saved project; your changes were set aside.",
                });
              }}
            >
              Load Their Version
            </Button>
            <Button busy={save.isPending} onClick={() => send(conflict.version, baseDraft)}>
              Save My Changes Over Theirs
            </Button>
          </div>
          <p className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">
            Saving yours over theirs changes only the fields you edited; their other changes stay.
          </p>
        </div>
      )}
      <form onSubmit={submit} onKeyDown={onSaveKey} noValidate className="flex flex-col gap-4">
        <ProjectFactsFields
          facts={draft}
          set={set}
          err={err}
          supervisors={supervisors}
          courseOptions={courseOptions}
          supervisor={project.supervisor}
          afterLogline={
            <Textarea
              label="Synopsis"
              rows={6}
              value={draft.synopsis}
              onChange={(e) => set("synopsis", e.target.value)}
              error={err("synopsis")}
            />
          }
          afterDates={
            <Textarea
              label="Locations"
              rows={3}
              value={draft.locations}
              onChange={(e) => set("locations", e.target.value)}
              error={err("locations")}
              hint="One location a line."
            />
          }
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={save.isPending}
            onClick={() => {
              setEditing(null);
              setConflict(null);
              setError(null);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} disabled={!!conflict}>
            Save Details
          </Button>
        </div>
      </form>
    </section>
  );
}
