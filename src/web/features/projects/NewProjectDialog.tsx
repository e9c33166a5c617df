import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { projectCreateInput, type ProjectCreateInput } from "../../../common/project-api.ts";
import type { FilmRole } from "../../../common/projects.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { factsProblem, ProjectFactsFields, runtimeOf, type ProjectFacts } from "./ProjectFacts.tsx";
import { RoleChecks } from "./RoleChecks.tsx";
import { academicYearOf } from "./shared.tsx";
import { useCreateProject, useSupervisors } from "./api.ts";
import { useCourseChoices } from "../courses/api.ts";

interface Draft extends ProjectFacts {
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

/** A new project, its creator its lead: ProjectsPage loads it when someone first starts one. */
export default function NewProjectDialog({ open, onClose }: { open: boolean; onClose(): void }) {
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
    targetRuntimeMinutes: runtimeOf(d.runtime),
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
    const problem = factsProblem(projectCreateInput, input, draft);
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
        <ProjectFactsFields
          facts={draft}
          set={set}
          err={err}
          supervisors={supervisors}
          courseOptions={[
            { value: "", label: "No course" },
            ...(courses.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.term} — ${c.title}` })),
          ]}
          guide
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
