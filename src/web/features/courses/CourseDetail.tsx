import { useState } from "react";
import { Link } from "react-router";
import { ROSTER_FORMAT_LABELS, type CourseDetail, type RosterPreview } from "../../../common/courses.ts";
import { PROJECT_TYPE_LABELS } from "../../../common/projects.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { errorText } from "../../lib/api.ts";
import { previewRoster, useApplyRoster, useCourse } from "./api.ts";
import { CourseDialog } from "./CourseDialog.tsx";
import { CourseDelivery } from "./CourseDelivery.tsx";
import { CourseGreenlight } from "./CourseGreenlight.tsx";
import { CourseFairShare } from "../equipment/CourseFairShare.tsx";
import { CourseBudgetTemplate } from "../budgets/CourseBudgetTemplate.tsx";

/** One course: its teachers and students, and (for those who manage courses) its roster import. */
export function CourseDetailPanel({ id, onClose }: { id: string; onClose(): void }) {
  const course = useCourse(id);
  const [editing, setEditing] = useState(false);
  if (course.error) return <LoadError what="The course" error={course.error} onRetry={() => void course.refetch()} />;
  if (!course.data) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the course…</p>;
  const c = course.data;
  return (
    <section aria-labelledby={`course-${c.id}`} className="flex flex-col gap-4">
      <Card className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`course-${c.id}`} className="text-lg font-semibold">
            {c.code} — {c.title}
          </h2>
          <div className="flex gap-2">
            {c.canManage && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit Course
              </Button>
            )}
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {c.term} · Taught by {c.teachers.map((t) => t.name).join(", ") || "nobody yet"} ·{" "}
          {c.projectTypes.map((t) => PROJECT_TYPE_LABELS[t]).join(", ") || "Any project type"} ·{" "}
          <Link className="underline underline-offset-4" to={`/projects?courseId=${c.id}`}>
            {c.projectCount} {c.projectCount === 1 ? "project" : "projects"}
          </Link>
        </p>
      </Card>
      {c.canManage && <RosterImport course={c} />}
      {editing && <CourseDialog open course={c} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
      <CourseGreenlight courseId={c.id} />
      <CourseDelivery courseId={c.id} />
      <CourseFairShare courseId={c.id} />
      <CourseBudgetTemplate courseId={c.id} />
      <Students course={c} />
    </section>
  );
}

function Students({ course }: { course: CourseDetail }) {
  return (
    <Card>
      <h3 className="mb-2 font-semibold">Students ({course.activeStudents})</h3>
      {course.students.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No students yet.</p>
      ) : (
        <ul aria-label="Students" className="flex flex-col gap-1 text-sm">
          {course.students.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2">
              <span className={s.status === "dropped" ? "text-zinc-500 line-through" : undefined}>{s.name}</span>
              {s.email && <span className="text-zinc-600 dark:text-zinc-400">{s.email}</span>}
              {s.status === "dropped" && <Badge tone="warn">Dropped</Badge>}
              {!s.userId && s.status === "active" && <Badge>Invited</Badge>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Upload, read what would change, then apply: nothing changes before Apply. */
function RosterImport({ course }: { course: CourseDetail }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = useApplyRoster(course.id);
  const readFile = async () => {
    if (!file) return;
    setReading(true);
    setProblem(null);
    try {
      setPreview(await previewRoster(course.id, file));
    } catch (err) {
      setPreview(null);
      setProblem(errorText(err));
    } finally {
      setReading(false);
    }
  };
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="font-semibold">Import Roster</h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Upload the class list exported from Canvas (gradebook or people) or Moodle (participants), as CSV. You see who
        would be added, dropped and invited before anything changes.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Class list (CSV)
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
              setProblem(null);
            }}
          />
        </label>
        <Button variant="secondary" disabled={!file} busy={reading} onClick={() => void readFile()}>
          Preview Import
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      {preview && (
        <div className="flex flex-col gap-3" aria-label="Roster preview" role="region">
          <p className="text-sm">
            Read as a {ROSTER_FORMAT_LABELS[preview.format]}: {preview.added.length} to add, {preview.unknown.length} to
            invite, {preview.dropped.length} to drop, {preview.unchanged} unchanged.
          </p>
          <PeopleList title="Added" people={preview.added.map((p) => `${p.name} (${p.email})`)} />
          <PeopleList
            title="Invited (no account yet)"
            people={preview.unknown.map((p) => `${p.name || p.email} (${p.email})`)}
          />
          <PeopleList title="Dropped" people={preview.dropped.map((p) => `${p.name} (${p.email})`)} />
          <PeopleList title="Rows with problems" people={preview.problems.map((p) => `Row ${p.row}: ${p.reason}`)} />
          <PeopleList title="Rows left out" people={preview.skipped.map((p) => `Row ${p.row}: ${p.reason}`)} />
          <div className="flex gap-2">
            <Button
              busy={apply.isPending}
              onClick={() =>
                file &&
                apply.mutate(file, {
                  onSuccess: () => {
                    setPreview(null);
                    setFile(null);
                  },
                })
              }
            >
              Apply Import
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

function PeopleList({ title, people }: { title: string; people: string[] }) {
  if (people.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-medium">
        {title} ({people.length})
      </h4>
      <ul aria-label={title} className="list-disc pl-5 text-sm">
        {people.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
