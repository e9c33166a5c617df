import type { DocumentaryListItem } from "../../../common/project-api.ts";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import {
  blockersCell,
  countCell,
  courseCell,
  leadsCell,
  ProjectList,
  supervisorCell,
  type Column,
} from "./ProjectList.tsx";

const COLUMNS: Column<DocumentaryListItem>[] = [
  { header: "Course / year", cell: courseCell },
  { header: "Supervisor", cell: supervisorCell },
  { header: "Leads", cell: leadsCell },
  {
    header: "Consent pending",
    cell: (p) => (
      <span>
        {countCell(p.pendingConsent, "warn")}{" "}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">of {p.participantCount}</span>
      </span>
    ),
  },
  { header: "Interviews to come", cell: (p) => p.upcomingInterviews },
  { header: "Unlicensed archive", cell: (p) => countCell(p.unlicensedArchive, "bad") },
  { header: "Blockers", cell: blockersCell },
];

export default function DocumentaryProjectsPage() {
  return (
    <div>
      <PageHeader
        title="Documentary Projects"
        description={
          <>
            The school's documentaries with what a non-fiction film needs watched: participants whose consent is still
            pending, interviews still to be filmed and archive material not yet cleared for the cut. Start a new
            documentary from{" "}
            <Link to="/projects" className="underline underline-offset-4">
              Projects
            </Link>
            .
          </>
        }
      />
      <ProjectList
        list="documentary"
        label="Documentary projects"
        columns={COLUMNS}
        fixedType
        emptyText="No documentary has been started yet. Create one from Projects with the type Documentary."
      />
    </div>
  );
}
