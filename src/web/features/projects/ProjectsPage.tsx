import { Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
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
const NewProjectDialog = lazy(loadDialog);

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
  // Once opened the dialog stays mounted, so what was typed outlives closing it.
  const [opened, setOpened] = useState(false);
  return (
    <div>
      <PageHeader
        title="Projects"
        description="Every production of the school: find a film by its title, crew or course, and open it to see its crew, milestones and greenlight."
        actions={
          <Button
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            onClick={() => {
              setOpened(true);
              setCreating(true);
            }}
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
      {opened && (
        <Suspense fallback={null}>
          <NewProjectDialog open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </div>
  );
}
