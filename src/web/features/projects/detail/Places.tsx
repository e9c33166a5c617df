import { Clapperboard, FileSignature, PiggyBank } from "lucide-react";
import { Link } from "react-router";
import type { ProjectDetail } from "../../../../common/project-api.ts";
import { ProjectEquipment } from "../../equipment/ProjectEquipment.tsx";
import { ProjectScreenplays } from "../../screenplays/ProjectScreenplays.tsx";

/**
 * Where the screenplay, budget, equipment and paperwork of this project will be kept. Each place names
 * what it holds for this film, so the crew knows where to look once those parts of the portal arrive.
 */
export function Places({ project }: { project: ProjectDetail }) {
  const places = [
    {
      id: "budget",
      icon: PiggyBank,
      heading: "Budget",
      text: "The budget proposal of this production, its approval by the school, and the spending against it; an approved budget ticks its greenlight item.",
      to: `/project/${project.id}?tab=budget`,
      linkText: "Open the budget",
    },
    {
      id: "equipment",
      icon: Clapperboard,
      heading: "Equipment",
      text: "The cameras, lenses, sound and lighting kit reserved for the shoot days, with when each item is collected and due back.",
    },
    {
      id: "documents",
      icon: FileSignature,
      heading: "Documents",
      text: "The risk assessment, location and talent releases and other signed paperwork of the film; uploads and signatures tick their greenlight items.",
      to: project.canEdit ? "?tab=documents" : undefined,
      linkText: "Open the documents",
    },
  ];
  return (
    <section aria-labelledby="places-heading" className="flex flex-col gap-3">
      <h2 id="places-heading" className="text-lg font-semibold">
        Screenplay, budget, equipment and documents
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <ProjectScreenplays projectId={project.id} projectTitle={project.title} canEdit={project.canEdit} />
        {places.map(({ id, icon: Icon, heading, text, to, linkText }) =>
          id === "equipment" ? (
            <ProjectEquipment key={id} projectId={project.id} canBook={project.canEdit} />
          ) : (
            <section
              key={id}
              aria-labelledby={`place-${id}`}
              className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <h3 id={`place-${id}`} className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden className="size-4" />
                {heading}
              </h3>
              <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{text}</p>
              {to && (
                <Link to={to} className="mt-2 inline-block text-sm font-medium underline underline-offset-4">
                  {linkText}
                </Link>
              )}
            </section>
          ),
        )}
      </div>
    </section>
  );
}
