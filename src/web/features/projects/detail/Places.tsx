import { Clapperboard, FileSignature, PiggyBank, ScrollText } from "lucide-react";
import { Link } from "react-router";
import type { ProjectDetail } from "../../../../common/project-api.ts";

/**
 * Where the screenplay, budget, equipment and paperwork of this project will be kept. Each place names
 * what it holds for this film, so the crew knows where to look once those parts of the portal arrive.
 */
export function Places({ project }: { project: ProjectDetail }) {
  const places = [
    { id: "screenplay", icon: ScrollText, heading: "Screenplay", text: `The drafts of “${project.title}”, its locked revisions and the supervisor's notes, with the scene and location reports the shoot is planned from.` },
    { id: "budget", icon: PiggyBank, heading: "Budget", text: "The budget proposal of this production, its approval by the school, and the spending against it; an approved budget ticks its greenlight item." },
    { id: "equipment", icon: Clapperboard, heading: "Equipment", text: "The cameras, lenses, sound and lighting kit reserved for the shoot days, with when each item is collected and due back." },
    { id: "documents", icon: FileSignature, heading: "Documents", text: "The risk assessment, location and talent releases and other signed paperwork of the film; uploads and signatures tick their greenlight items." },
  ];
  return (
    <section aria-labelledby="places-heading" className="flex flex-col gap-3">
      <h2 id="places-heading" className="text-lg font-semibold">
        Screenplay, budget, equipment and documents
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {places.map(({ id, icon: Icon, heading, text }) => (
          <section key={id} aria-labelledby={`place-${id}`} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <h3 id={`place-${id}`} className="flex items-center gap-2 font-semibold">
              <Icon aria-hidden className="size-4" />
              {heading}
            </h3>
            <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{text}</p>
            {id === "documents" && project.canEdit && (
              <Link to="?tab=documents" className="mt-2 inline-block text-sm font-medium underline underline-offset-4">
                Open the documents
              </Link>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
