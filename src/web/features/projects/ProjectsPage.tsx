import { Plus } from "lucide-react";
import { useState, type ComponentType } from "react";
import { toast } from "sonner";
import type { ProjectListItem } from "../../../common/project-api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
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

/**
 * The dialog brings the form's checks (zod and the projects API's schemas, a third of this page's code, evaluated
 * as it loads): they come when the pointer reaches New Project or it is focused, at the latest with the click.
 */
const loadDialog = () => import("./NewProjectDialog.tsx");
type DialogProps = { open: boolean; onClose(): void };

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
  // Once loaded the dialog stays mounted, so what was typed outlives closing it.
  const [NewProjectDialog, setNewProjectDialog] = useState<ComponentType<DialogProps> | null>(null);
  const [loading, setLoading] = useState(false);
  const start = async () => {
    setLoading(true);
    try {
      const { default: loaded } = await loadDialog();
      setNewProjectDialog(() => loaded);
      setCreating(true);
    } catch {
      // Without signal the page stays as it is; the form comes with the next click once the code can be fetched.
      toast.error("New Project could not be opened", {
        description: "Its form did not load. Check your connection, then try again.",
      });
    } finally {
      setLoading(false);
    }
  };
  return (
    <div>
      <PageHeader
        title="Projects"
        description="Every production of the school: find a film by its title, crew or course, and open it to see its crew, milestones and greenlight."
        actions={
          <Button
            onPointerEnter={() => void loadDialog().catch(() => undefined)}
            onFocus={() => void loadDialog().catch(() => undefined)}
            busy={loading}
            onClick={() => (NewProjectDialog ? setCreating(true) : void start())}
          >
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
      {NewProjectDialog && <NewProjectDialog open={creating} onClose={() => setCreating(false)} />}
    </div>
  );
}
