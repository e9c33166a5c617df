import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import {
  projectCreateInput,
  shootDatesProblem,
  type ProjectCreateInput,
  type ProjectListItem,
} from "../../../common/project-api.ts";
import { PROJECT_TYPE_LABELS, PROJECT_TYPES, type FilmRole, type ProjectType } from "../../../common/projects.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import {
  blockersCell,
  courseCell,
  greenlightCell,
  leadsCell,
  milestoneCell,
  ProjectList,
  supervisorCell,
  type Column,
} from "./ProjectList.tsx";
import { RoleChecks } from "./RoleChecks.tsx";
import { academicYearOf } from "./shared.tsx";
import { firstProblem } from "../../lib/first-problem.ts";
import { useCreateProject, useSupervisors } from "./api.ts";
import { useCourseChoices } from "../courses/api.ts";

const COLUMNS: Column<ProjectListItem>[] = [
  { header: "Course / year", cell: courseCell },
  { header: "Supervisor", cell: supervisorCell },
  { header: "Leads", cell: leadsCell },
  { header: "Next milestone", cell: milestoneCell },
  { header: "Greenlight", cell: greenlightCell },
  { header: "Blockers", cell: blockersCell },
];

export default function ProjectsPage() {
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader
        title="Projects"
        description="Every production of the school: find a film by its title, crew or course, and open it to see its crew, milestones and greenlight."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            New Project
          </Button>
        }
      />
      <ProjectList
        list="all"
        label="Projects"
        columns={COLUMNS}
        emptyText="No project has been started yet. Choose New Project to start the first one; you become its lead."
      />
      <NewProjectDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

interface Draft {
  title: string;
  type: ProjectType;
  course: string;
  courseId: string;
  academicYear: string;
  logline: string;
  runtime: string;
  format: string;
  shootStart: string;
  shootEnd: string;
  supervisorId: string;
  myRoles: FilmRole[];
}

const emptyDraft = (): Draft => ({
  title: "",
  type: "fiction",
  course: "",
  courseId: "",
  academicYear: academicYearOf(),
  logline: "",
  runtime: "",
  format: "",
  shootStart: "",
  shootEnd: "",
  supervisorId: "",
  myRoles: ["director"],
});

function NewProjectDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const supervisors = useSupervisors();
  const courses = useCourseChoices(open);
  // Kept outside the dialog's content, so closing by mistake or a refusal never loses what was typed.
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [blank] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const toInput = (d: Draft): ProjectCreateInput => ({
    title: d.title,
    type: d.type,
    course: d.course,
    courseId: d.courseId || null,
    academicYear: d.academicYear,
    logline: d.logline,
    targetRuntimeMinutes: d.runtime.trim() === "" ? null : Number(d.runtime),
    format: d.format,
    shootStart: d.shootStart || null,
    shootEnd: d.shootEnd || null,
    supervisorId: d.supervisorId || null,
    myRoles: d.myRoles,
  });

  const create = useCreateProject({
    success: (p) => ["Project created", `“${p.title}” is ready; you are its lead.`],
    failure: "Project not created",
    onSuccess: (p) => {
      // Saved: the form is emptied and closed before the navigation, so the leave guard has nothing to ask.
      flushSync(() => {
        setDraft(emptyDraft());
        onClose();
      });
      navigate(`/project/${p.id}`);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = toInput(draft);
    const problem =
      firstProblem(projectCreateInput, input) ??
      (shootDatesProblem(input.shootStart, input.shootEnd)
        ? { path: "shootEnd", message: shootDatesProblem(input.shootStart, input.shootEnd)! }
        : null);
    setError(problem);
    if (problem) {
      toast.error("Check the project", { description: problem.message });
      return;
    }
    create.mutate(input);
  };
  const err = (path: string) => (error?.path === path ? error.message : undefined);
  // Closed is discarded, by Cancel as by Escape (which asks first when something was typed).
  const discard = () => {
    if (create.isPending) return;
    setDraft(blank);
    setError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={discard}
      unsaved={JSON.stringify(draft) !== JSON.stringify(blank) && "the project you were creating"}
      title="New Project"
      description="You become the project's lead with the roles you choose. Everything but the title can be changed later."
      wide
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label="Title"
          required
          value={draft.title}
          onChange={(e) => set("title", e.target.value)}
          error={err("title")}
          maxLength={200}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            label="Type"
            value={draft.type}
            onChange={(e) => set("type", e.target.value as ProjectType)}
            options={PROJECT_TYPES.map((t) => ({ value: t, label: PROJECT_TYPE_LABELS[t] }))}
          />
          <Field
            label="Course"
            value={draft.course}
            onChange={(e) => set("course", e.target.value)}
            error={err("course")}
            placeholder="e.g. BA Film 2"
          />
          <Field
            label="Academic year"
            required
            value={draft.academicYear}
            onChange={(e) => set("academicYear", e.target.value)}
            error={err("academicYear")}
            hint="Like 2026/27"
          />
        </div>
        {/* A course picked names the project by its code, and its teacher supervises unless a supervisor is chosen. */}
        <Select
          label="School course"
          value={draft.courseId}
          onChange={(e) => set("courseId", e.target.value)}
          options={[
            { value: "", label: "No course" },
            ...(courses.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.term} — ${c.title}` })),
          ]}
        />
        <Textarea
          label="Logline"
          value={draft.logline}
          onChange={(e) => set("logline", e.target.value)}
          error={err("logline")}
          rows={2}
          hint="The film in one or two sentences."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Target runtime (minutes)"
            type="number"
            inputMode="numeric"
            min={1}
            max={600}
            value={draft.runtime}
            onChange={(e) => set("runtime", e.target.value)}
            error={err("targetRuntimeMinutes")}
          />
          <Field
            label="Format"
            value={draft.format}
            onChange={(e) => set("format", e.target.value)}
            error={err("format")}
            placeholder="e.g. 4K digital, 16 mm"
          />
          <Field
            label="First shoot day"
            type="date"
            value={draft.shootStart}
            onChange={(e) => set("shootStart", e.target.value)}
            error={err("shootStart")}
          />
          <Field
            label="Last shoot day"
            type="date"
            value={draft.shootEnd}
            onChange={(e) => set("shootEnd", e.target.value)}
            error={err("shootEnd")}
          />
        </div>
        <Select
          label="Supervisor"
          value={draft.supervisorId}
          onChange={(e) => set("supervisorId", e.target.value)}
          options={[
            { value: "", label: draft.courseId ? "The course's teacher" : "Not chosen yet" },
            ...supervisors.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        <RoleChecks
          legend="Your roles on this film"
          value={draft.myRoles}
          onChange={(r) => set("myRoles", r)}
          error={err("myRoles")}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={discard} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create Project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
