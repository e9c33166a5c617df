import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileUp, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import {
  IMPORT_EXTENSIONS,
  IMPORT_FILE_MAX_BYTES,
  screenplayCreateInput,
  type ScreenplayDetail,
} from "../../../common/screenplay-api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { failed } from "../../lib/change.ts";
import { firstProblem } from "../../lib/first-problem.ts";
import { ScreenplayList } from "./ScreenplayList.tsx";
import { editorLink, useMyProjects, screenplayKeys, createScreenplay, importScreenplay } from "./api.ts";
import { keys } from "../../../common/query-keys.ts";

export default function ScreenplaysPage() {
  const [creating, setCreating] = useState<null | "new" | "import">(null);
  return (
    <div>
      <PageHeader
        title="Screenplays"
        description="Write in Fountain and see real script pages as you type; keep coloured revisions, get scene, character and location reports, and take notes from your supervisor and crew."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setCreating("import")}>
              <FileUp aria-hidden className="size-4" />
              Import
            </Button>
            <Button onClick={() => setCreating("new")}>
              <Plus aria-hidden className="size-4" />
              New Screenplay
            </Button>
          </div>
        }
      />
      <ScreenplayList emptyText="No screenplay yet. Choose New Screenplay to start writing, or Import a Fountain or Final Draft file." />
      <NewScreenplayDialog mode={creating} onClose={() => setCreating(null)} />
    </div>
  );
}

export function NewScreenplayDialog({
  mode,
  onClose,
  projectId,
}: {
  mode: null | "new" | "import";
  onClose(): void;
  projectId?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projects = useMyProjects(mode !== null && !projectId);
  const [title, setTitle] = useState("");
  const [project, setProject] = useState(projectId ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const done = (s: ScreenplayDetail) => {
    queryClient.setQueryData(screenplayKeys.one(s.id), s);
    void queryClient.invalidateQueries({ queryKey: keys.screenplays() });
    toast.success(mode === "import" ? "Screenplay imported" : "Screenplay created", {
      description: `“${s.title}” is open in the editor.`,
    });
    // Saved: the form is emptied and closed before the navigation, so the leave guard has nothing to ask.
    flushSync(() => {
      setTitle("");
      setFile(null);
      onClose();
    });
    navigate(editorLink(s.id));
  };
  const create = useMutation({
    mutationFn: () => createScreenplay(title, project || null),
    onSuccess: done,
    onError: failed("Screenplay not created"),
  });
  const upload = useMutation({
    mutationFn: (f: File) => {
      const q = new URLSearchParams({ fileName: f.name });
      if (project) q.set("projectId", project);
      if (title.trim()) q.set("title", title.trim());
      return importScreenplay(f, q);
    },
    onSuccess: done,
    onError: (err) => {
      failed("File not imported")(err);
      setError(err instanceof Error ? err.message : "The file could not be imported.");
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === "import") {
      const problem = !file
        ? "Choose a file to import."
        : !IMPORT_EXTENSIONS.some((x) => file.name.toLowerCase().endsWith(x))
          ? "Import a Fountain (.fountain or .txt) or Final Draft (.fdx) file."
          : file.size > IMPORT_FILE_MAX_BYTES
            ? `The file is larger than ${Math.round(IMPORT_FILE_MAX_BYTES / 1024)} KB; a screenplay file is much smaller.`
            : null;
      setError(problem);
      if (problem || !file) return;
      upload.mutate(file);
      return;
    }
    const problem = firstProblem(screenplayCreateInput, { title, projectId: project || null });
    setError(problem?.message ?? null);
    if (!problem) create.mutate();
  };

  // Closed is discarded, by Cancel as by Escape (which asks first when something was typed).
  const discard = () => {
    if (create.isPending || upload.isPending) return;
    setTitle("");
    setFile(null);
    setError(null);
    onClose();
  };

  return (
    <Dialog
      open={mode !== null}
      onClose={discard}
      unsaved={
        (title.trim() !== "" || !!file) &&
        (mode === "import" ? "the screenplay you were importing" : "the screenplay you were creating")
      }
      title={mode === "import" ? "Import a screenplay" : "New Screenplay"}
      description={
        mode === "import"
          ? "A Fountain file (.fountain or .txt) is kept as it is; a Final Draft file (.fdx) is turned into Fountain."
          : "You are its writer. Attach it to a project so its crew can work on it with you."
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {mode === "import" && (
          <Field
            label="File"
            type="file"
            required
            accept={IMPORT_EXTENSIONS.join(",")}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            error={error ?? undefined}
            hint={`Up to ${Math.round(IMPORT_FILE_MAX_BYTES / 1024)} KB.`}
          />
        )}
        <Field
          label="Title"
          required={mode === "new"}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={200}
          error={mode === "new" ? (error ?? undefined) : undefined}
          hint={mode === "import" ? "Leave empty to take the title from the file." : undefined}
        />
        {!projectId && (
          <Select
            label="Project"
            value={project}
            onChange={(e) => setProject(e.target.value)}
            options={[
              { value: "", label: "None — a personal draft" },
              ...(projects ?? []).map((p) => ({ value: p.id, label: p.title })),
            ]}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={discard}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending || upload.isPending}>
            {mode === "import" ? "Import" : "Create"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
