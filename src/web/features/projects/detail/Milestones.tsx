import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { milestoneCreateInput, type MilestoneDto, type ProjectDetail } from "../../../../common/project-api.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { api } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { useFormats } from "../../../lib/format.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { firstProblem } from "../../../lib/first-problem.ts";
import { useLeaveGuard, useSaveShortcut } from "../../../lib/useLeaveGuard.ts";
import { projectPath, useProjectChange } from "../api.ts";

export function Milestones({ project }: { project: ProjectDetail }) {
  const fmt = useFormats();
  const [title, setTitle] = useState("");
  const [dueDate, setDueDate] = useState("");
  const [deleting, setDeleting] = useState<MilestoneDto | null>(null);
  useLeaveGuard(!!(title.trim() || dueDate), "the milestone you were adding");
  const onSaveKey = useSaveShortcut();
  const base = `${projectPath(project.id)}/milestones`;
  const create = useProjectChange(
    project.id,
    (v: { title: string; dueDate: string }) => api<ProjectDetail>(base, { json: v }),
    {
      success: (_p, v) => ["Milestone added", `“${v.title.trim()}” is due ${fmt.date(v.dueDate)}.`],
      failure: "Milestone not added",
      onSuccess: () => {
        setTitle("");
        setDueDate("");
      },
    },
  );
  const update = useProjectChange(
    project.id,
    (v: { m: MilestoneDto; patch: { dueDate?: string; done?: boolean } }) =>
      api<ProjectDetail>(`${base}/${v.m.id}`, { method: "PATCH", json: v.patch }),
    {
      success: (_p, { m, patch }) =>
        patch.done === undefined
          ? ["Due date changed", `“${m.title}” is now due ${fmt.date(patch.dueDate)}.`]
          : patch.done
            ? ["Milestone done", `“${m.title}” is ticked off.`]
            : ["Milestone reopened", `“${m.title}” is open again.`],
      failure: "Milestone not changed",
    },
  );
  const remove = useProjectChange(
    project.id,
    (m: MilestoneDto) => api<ProjectDetail>(`${base}/${m.id}`, { method: "DELETE" }),
    {
      success: (_p, m) => ["Milestone deleted", `“${m.title}” is gone from the plan.`],
      failure: "Milestone not deleted",
      onSuccess: () => setDeleting(null),
      onError: () => void setDeleting(null),
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(milestoneCreateInput, { title, dueDate });
    if (problem) return void toast.error("Milestone not added", { description: problem.message });
    create.mutate({ title, dueDate });
  };

  return (
    <section aria-labelledby="milestones-heading" className="flex flex-col gap-4">
      <h2 id="milestones-heading" className="text-lg font-semibold">
        Milestones
      </h2>
      {project.milestones.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No milestones yet. Plan the steps to the shoot and the delivery here: script lock, casting, the first shoot
          day, picture lock.
        </p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {project.milestones.map((m) => (
            <li
              key={m.id}
              className={cn(
                "flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between",
                m.overdue && "bg-red-50 dark:bg-red-950/30",
              )}
            >
              <div className="flex items-start gap-3">
                {project.canEdit ? (
                  <input
                    type="checkbox"
                    aria-label={`${m.title} done`}
                    className="mt-0.5 size-5 shrink-0 accent-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 dark:accent-amber-400"
                    checked={m.done}
                    disabled={update.isPending && update.variables?.m.id === m.id}
                    onChange={(e) => update.mutate({ m, patch: { done: e.target.checked } })}
                  />
                ) : (
                  <span className="sr-only">{m.done ? "Done:" : "Open:"}</span>
                )}
                <div>
                  <div className={cn("font-medium", m.done && "text-zinc-500 line-through")}>{m.title}</div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                    Due {fmt.date(m.dueDate)}
                    {m.overdue && <Badge tone="bad">Overdue</Badge>}
                    {m.done && m.doneAt && (
                      <span>
                        · done {fmt.dateTime(m.doneAt)}
                        {m.doneByName ? ` by ${m.doneByName}` : ""}
                      </span>
                    )}
                  </div>
                </div>
              </div>
              {project.canEdit && (
                <div className="flex items-end gap-2">
                  <Field
                    label={`Due date of ${m.title}`}
                    className="[&_label]:sr-only"
                    type="date"
                    defaultValue={m.dueDate}
                    key={m.dueDate}
                    onBlur={(e) =>
                      e.target.value &&
                      e.target.value !== m.dueDate &&
                      update.mutate({ m, patch: { dueDate: e.target.value } })
                    }
                  />
                  <Button variant="ghost" onClick={() => setDeleting(m)} aria-label={`Delete ${m.title}`}>
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {project.canEdit && (
        <form
          onSubmit={submit}
          onKeyDown={onSaveKey}
          noValidate
          className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Field
            label="New milestone"
            required
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Picture lock"
          />
          <Field label="Due date" type="date" required value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
          <Button type="submit" busy={create.isPending}>
            Add Milestone
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete “${deleting?.title ?? ""}”?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        The milestone leaves the plan and the crew's reminders. The activity history keeps a note that it was deleted.
      </ConfirmDialog>
    </section>
  );
}
