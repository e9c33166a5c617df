import { FileDown } from "lucide-react";
import { useState } from "react";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { formatMinutes } from "../../../common/shots.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { shotListPdfUrl, storyboardPdfUrl, useShots } from "./api.ts";
import { ShotList } from "./ShotList.tsx";
import { Storyboard } from "./Storyboard.tsx";

type View = "list" | "board";

const linkClass =
  "inline-flex min-h-10 items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-900 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

/**
 * The project's Shots tab: per scene of the screenplay the schedule plans from, the shot list (what the camera
 * does, in order) and the storyboard (a frame per shot), both printable.
 */
export function ShotsTab({ project }: { project: ProjectDetail }) {
  const q = useShots(project.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [view, setView] = useState<View>("list");
  if (q.error) return <LoadError what="The shot list" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the shot list…</p>;
  const { scenes, canEdit } = q.data;
  const scene = scenes.find((sc) => sc.number === chosen) ?? scenes[0];
  const total = scenes.reduce((n, sc) => n + sc.shots.length, 0);
  return (
    <section aria-labelledby="shots-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h2 id="shots-heading" className="text-lg font-semibold">
          Shot list and storyboard
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Plan each scene shot by shot: size, angle, movement, lens and how long the setup takes. Shots are numbered
          after the scene (1A, 1B, …) in their order unless you type a number. The call sheet of a shoot day shows the
          setups of its scenes.
        </p>
        {q.data.screenplayTitle && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Scenes of “{q.data.screenplayTitle}”. {total} {total === 1 ? "shot" : "shots"} planned.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={linkClass} href={storyboardPdfUrl(project.id)} download>
          <FileDown aria-hidden className="size-4" />
          Print storyboard (PDF)
        </a>
        <a className={linkClass} href={shotListPdfUrl(project.id)} download>
          <FileDown aria-hidden className="size-4" />
          Print shot list (PDF)
        </a>
      </div>
      {!scene ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The project has no screenplay with scenes yet. Write or import its screenplay, then plan its shots here.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <Select
              label="Scene"
              className="w-full sm:w-96"
              value={scene.number}
              onChange={(e) => setChosen(e.target.value)}
              options={scenes.map((sc) => ({
                value: sc.number,
                label: `${sc.number}. ${sc.heading}${sc.shots.length ? ` (${sc.shots.length} ${sc.shots.length === 1 ? "shot" : "shots"})` : ""}`,
              }))}
            />
            <div role="group" aria-label="Show" className="flex gap-1">
              <Button
                variant={view === "list" ? "primary" : "secondary"}
                aria-pressed={view === "list"}
                onClick={() => setView("list")}
              >
                Shot list
              </Button>
              <Button
                variant={view === "board" ? "primary" : "secondary"}
                aria-pressed={view === "board"}
                onClick={() => setView("board")}
              >
                Storyboard
              </Button>
            </div>
          </div>
          <h3 className="font-medium">
            Scene {scene.number}. {scene.heading}
            {scene.setupMinutes > 0 && (
              <span className="ml-2 text-sm font-normal text-zinc-600 dark:text-zinc-400">
                Setup time {formatMinutes(scene.setupMinutes)}
              </span>
            )}
          </h3>
          {scene.omitted && (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              This scene is no longer in the screenplay. Its shots are kept until you delete them.
            </p>
          )}
          {view === "list" ? (
            <ShotList key={scene.number} projectId={project.id} scene={scene} canEdit={canEdit} />
          ) : (
            <Storyboard projectId={project.id} scene={scene} canEdit={canEdit} />
          )}
        </>
      )}
    </section>
  );
}
