import { Plus, ScrollText } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/Button.tsx";
import { ScreenplayList } from "./ScreenplayList.tsx";
import { NewScreenplayDialog } from "./ScreenplaysPage.tsx";

/** The screenplay place of a project: its scripts, and (for the crew) a new one or an import. */
export function ProjectScreenplays({
  projectId,
  projectTitle,
  canEdit,
}: {
  projectId: string;
  projectTitle: string;
  canEdit: boolean;
}) {
  const [mode, setMode] = useState<null | "new" | "import">(null);
  return (
    <section
      aria-labelledby="place-screenplay"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:col-span-2 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="place-screenplay" className="flex items-center gap-2 font-semibold">
          <ScrollText aria-hidden className="size-4" />
          Screenplay
        </h3>
        {canEdit && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setMode("import")}>
              Import
            </Button>
            <Button variant="secondary" onClick={() => setMode("new")}>
              <Plus aria-hidden className="size-4" />
              New screenplay
            </Button>
          </div>
        )}
      </div>
      <ScreenplayList
        projectId={projectId}
        emptyText={`No screenplay of “${projectTitle}” yet.${canEdit ? " Start one, or import a Fountain or Final Draft file." : ""}`}
      />
      <Link to="?tab=breakdown" className="self-start text-sm font-medium underline underline-offset-4">
        Open the breakdown
      </Link>
      <NewScreenplayDialog mode={mode} onClose={() => setMode(null)} projectId={projectId} />
    </section>
  );
}
