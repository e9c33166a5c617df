import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { courseCreateInput, type CourseDetail } from "../../../common/courses.ts";
import { PROJECT_TYPE_LABELS, PROJECT_TYPES, type ProjectType } from "../../../common/projects.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { firstProblem } from "../../lib/first-problem.ts";
import { useSupervisors } from "../projects/api.ts";
import { useCreateCourse, useUpdateCourse } from "./api.ts";

interface Draft {
  code: string;
  title: string;
  term: string;
  teacherIds: string[];
  projectTypes: ProjectType[];
}
const draftOf = (c?: CourseDetail): Draft => ({
  code: c?.code ?? "",
  title: c?.title ?? "",
  term: c?.term ?? "",
  teacherIds: c?.teachers.map((t) => t.id) ?? [],
  projectTypes: c?.projectTypes ?? [],
});
const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** Creates a course, or edits `course`: code, term, title, teachers (staff) and the project types it runs. */
export function CourseDialog({
  open,
  course,
  onClose,
  onSaved,
}: {
  open: boolean;
  course?: CourseDetail;
  onClose(): void;
  onSaved(c: CourseDetail): void;
}) {
  const staff = useSupervisors();
  const [base] = useState<Draft>(() => draftOf(course));
  const [draft, setDraft] = useState<Draft>(base);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const create = useCreateCourse();
  const update = useUpdateCourse(course?.id ?? "");
  const busy = create.isPending || update.isPending;
  const teachers = [...staff, ...(course?.teachers ?? []).filter((t) => !staff.some((s) => s.id === t.id))];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(courseCreateInput, draft);
    setError(problem);
    if (problem) return void toast.error("Check the course", { description: problem.message });
    const done = { onSuccess: (c: CourseDetail) => onSaved(c) };
    if (course) update.mutate(draft, done);
    else create.mutate(draft, done);
  };
  const err = (path: string) => (error?.path === path ? error.message : undefined);
  const typed = JSON.stringify(draft) !== JSON.stringify(base);
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={course ? "Edit Course" : "New Course"}
      unsaved={typed && (course ? "your changes to the course" : "the course you were creating")}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Code"
            required
            value={draft.code}
            onChange={(e) => setDraft({ ...draft, code: e.target.value })}
            error={err("code")}
            hint="Like FILM-201"
          />
          <Field
            label="Term"
            required
            value={draft.term}
            onChange={(e) => setDraft({ ...draft, term: e.target.value })}
            error={err("term")}
            hint="Like 2026 Autumn"
          />
        </div>
        <Field
          label="Course title"
          required
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          error={err("title")}
        />
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1 text-sm font-medium">Teachers</legend>
          {teachers.map((t) => (
            <Checkbox
              key={t.id}
              label={t.name}
              checked={draft.teacherIds.includes(t.id)}
              onChange={(e) => setDraft({ ...draft, teacherIds: toggle(draft.teacherIds, t.id, e.target.checked) })}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1 text-sm font-medium">Project types the course runs</legend>
          {PROJECT_TYPES.map((t) => (
            <Checkbox
              key={t}
              label={PROJECT_TYPE_LABELS[t]}
              checked={draft.projectTypes.includes(t)}
              onChange={(e) => setDraft({ ...draft, projectTypes: toggle(draft.projectTypes, t, e.target.checked) })}
            />
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {course ? "Save Course" : "Create Course"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
