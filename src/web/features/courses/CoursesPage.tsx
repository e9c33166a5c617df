import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { courseCreateInput, type CourseListItem } from "../../../common/courses.ts";
import { PROJECT_TYPE_LABELS, PROJECT_TYPES, type ProjectType } from "../../../common/projects.ts";
import { can } from "../../../common/roles.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field, SearchField } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { firstProblem } from "../../lib/first-problem.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { useFilterOptions } from "../overview/api.ts";
import { useSupervisors } from "../projects/api.ts";
import { useCourseList, useCreateCourse } from "./api.ts";
import { CourseDetailPanel } from "./CourseDetail.tsx";

const PAGE_SIZE = 25;

/** Courses: everyone sees the ones they teach or take; staff and admins every course, and run them. */
export default function CoursesPage() {
  const { user } = useAuth();
  const manage = !!user && can(user.role, "courses.manage");
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get("page") ?? "1") - 1) || 0;
  const selected = params.get("course");
  const [creating, setCreating] = useState(false);
  const options = useFilterOptions();
  const set = (key: string, value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== "page" && key !== "course") next.delete("page");
      return next;
    });
  const apiParams = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  for (const k of ["search", "term"]) if (params.get(k)) apiParams.set(k, params.get(k)!);
  const list = useCourseList(apiParams);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Courses"
        description={
          manage
            ? "The school's courses by term: their teachers, their students and the projects made in them. Import a course's class list from Canvas or Moodle."
            : "The courses you teach or take, with their teachers and the projects made in them."
        }
        actions={manage && <Button onClick={() => setCreating(true)}>New Course</Button>}
      />
      <div className="grid gap-3 sm:grid-cols-2 md:max-w-2xl">
        <SearchField
          label="Search"
          placeholder="Code or title"
          defaultValue={params.get("search") ?? ""}
          onChange={(e) => set("search", e.target.value.trim())}
        />
        <Select
          label="Term"
          value={params.get("term") ?? ""}
          onChange={(e) => set("term", e.target.value)}
          options={[
            { value: "", label: "All terms" },
            ...(options.data?.terms ?? []).map((t) => ({ value: t, label: t })),
          ]}
        />
      </div>
      {list.error ? (
        <LoadError what="The courses" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <CourseTable items={list.data?.items} selected={selected} onSelect={(id) => set("course", id)} />
      )}
      {list.data && (
        <Pagination
          label="Pages of courses"
          page={page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={(p) => set("page", String(p + 1))}
        />
      )}
      {selected && <CourseDetailPanel id={selected} onClose={() => set("course", "")} />}
      {manage && (
        <NewCourseDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            set("course", id);
          }}
        />
      )}
    </div>
  );
}

function CourseTable({
  items,
  selected,
  onSelect,
}: {
  items: CourseListItem[] | undefined;
  selected: string | null;
  onSelect(id: string): void;
}) {
  if (!items) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading courses…</p>;
  if (items.length === 0)
    return <Card>No course to show. Staff and admins create courses; you see the ones you teach or take.</Card>;
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Courses</caption>
        <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
          <tr>
            <th className="px-3 py-2">Course</th>
            <th className="px-3 py-2">Term</th>
            <th className="px-3 py-2">Teachers</th>
            <th className="px-3 py-2">Students</th>
            <th className="px-3 py-2">Projects</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr
              key={c.id}
              className={
                selected === c.id ? "bg-amber-50 dark:bg-zinc-800" : "border-t border-zinc-200 dark:border-zinc-800"
              }
            >
              <td className="px-3 py-2">
                <button
                  type="button"
                  className="text-left font-medium underline-offset-4 hover:underline"
                  onClick={() => onSelect(c.id)}
                >
                  {c.code} — {c.title}
                </button>
                {c.isTeacher && <Badge>You teach</Badge>}
              </td>
              <td className="px-3 py-2">{c.term}</td>
              <td className="px-3 py-2">{c.teachers.map((t) => t.name).join(", ") || "None yet"}</td>
              <td className="px-3 py-2">{c.activeStudents}</td>
              <td className="px-3 py-2">
                <Link className="underline underline-offset-4" to={`/projects?courseId=${c.id}`}>
                  {c.projectCount}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface Draft {
  code: string;
  title: string;
  term: string;
  teacherId: string;
  projectTypes: ProjectType[];
}
const emptyDraft: Draft = { code: "", title: "", term: "", teacherId: "", projectTypes: [] };

function NewCourseDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(id: string): void;
}) {
  const supervisors = useSupervisors();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const create = useCreateCourse();
  const input = () => ({
    code: draft.code,
    title: draft.title,
    term: draft.term,
    teacherIds: draft.teacherId ? [draft.teacherId] : [],
    projectTypes: draft.projectTypes,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(courseCreateInput, input());
    setError(problem);
    if (problem) return void toast.error("Check the course", { description: problem.message });
    create.mutate(input(), {
      onSuccess: (c) => {
        setDraft(emptyDraft);
        onCreated(c.id);
      },
    });
  };
  const err = (path: string) => (error?.path === path ? error.message : undefined);
  const typed = JSON.stringify(draft) !== JSON.stringify(emptyDraft);
  return (
    <Dialog open={open} onClose={onClose} title="New Course" unsaved={typed && "the course you were creating"}>
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
        <Select
          label="Teacher"
          value={draft.teacherId}
          onChange={(e) => setDraft({ ...draft, teacherId: e.target.value })}
          options={[
            { value: "", label: "Not chosen yet" },
            ...supervisors.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1 text-sm font-medium">Project types the course runs</legend>
          {PROJECT_TYPES.map((t) => (
            <Checkbox
              key={t}
              label={PROJECT_TYPE_LABELS[t]}
              checked={draft.projectTypes.includes(t)}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  projectTypes: e.target.checked
                    ? [...draft.projectTypes, t]
                    : draft.projectTypes.filter((x) => x !== t),
                })
              }
            />
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create Course
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
