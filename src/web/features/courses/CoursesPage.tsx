import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CourseListItem } from "../../../common/courses.ts";
import { can } from "../../../common/roles.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { SearchField } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useAuth } from "../auth/AuthProvider.tsx";
import { useFilterOptions } from "../overview/api.ts";
import { useCourseList } from "./api.ts";
import { CourseDetailPanel } from "./CourseDetail.tsx";
import { CourseDialog } from "./CourseDialog.tsx";

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
      {manage && creating && (
        <CourseDialog
          open
          onClose={() => setCreating(false)}
          onSaved={(c) => {
            setCreating(false);
            set("course", c.id);
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
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <button
                    type="button"
                    className="text-left font-medium underline-offset-4 hover:underline"
                    onClick={() => onSelect(c.id)}
                  >
                    {c.code} — {c.title}
                  </button>
                  {c.isTeacher && <Badge>You teach</Badge>}
                </div>
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
