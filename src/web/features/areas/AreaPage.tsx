import { useParams } from "react-router";
import { PageHeader } from "../../components/ui/PageHeader.tsx";

export type AreaKey =
  | "screenplays";

interface AreaText {
  title: string;
  description: string;
}

/** What each area is for, in the words of the people who use it; the area's own issue fills the page. */
const AREAS: Record<AreaKey, AreaText> = {
  screenplays: {
    title: "Screenplays",
    description:
      "The home of every script: writers draft in Fountain and see the pages in industry format, keep numbered, colour-coded revisions, and collect their supervisor's notes scene by scene. From a locked draft the assistant director gets the scene, character and location reports that the breakdown, the stripboard and the call sheets are built from.",
  },
};

export function AreaPage({ area }: { area: AreaKey }) {
  const { title, description } = AREAS[area];
  // Someone who followed a link can tell which record it points at.
  const params = useParams();
  const reference = params.id ?? params.proposalId ?? params.submissionId;
  return (
    <div className="max-w-3xl">
      <PageHeader title={title} />
      <p className="text-base leading-relaxed text-zinc-700 dark:text-zinc-300">{description}</p>
      {reference && <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">Reference: {reference}</p>}
    </div>
  );
}
