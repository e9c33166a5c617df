import { ImageOff, Pencil, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { shotCamera, formatMinutes, type ShotDto, type ShotSceneDto } from "../../../common/shots.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { useRemoveFrame, useSetFrame } from "./api.ts";
import { FrameCanvas } from "./FrameCanvas.tsx";

/** A scene's storyboard: a frame per shot in the shot list's order, with the shot's fields under it. */
export function Storyboard({
  projectId,
  scene,
  canEdit,
}: {
  projectId: string;
  scene: ShotSceneDto;
  canEdit: boolean;
}) {
  const [drawing, setDrawing] = useState<ShotDto | null>(null);
  if (scene.shots.length === 0)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        No shots planned for this scene yet. Add them in the shot list, then give each a frame here.
      </p>
    );
  return (
    <>
      <ul
        aria-label={`Storyboard of scene ${scene.number}`}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {scene.shots.map((shot) => (
          <FrameCard
            key={shot.id}
            projectId={projectId}
            shot={shot}
            canEdit={canEdit}
            onDraw={() => setDrawing(shot)}
          />
        ))}
      </ul>
      {drawing && <DrawDialog projectId={projectId} shot={drawing} onClose={() => setDrawing(null)} />}
    </>
  );
}

function FrameCard({
  projectId,
  shot,
  canEdit,
  onDraw,
}: {
  projectId: string;
  shot: ShotDto;
  canEdit: boolean;
  onDraw(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const set = useSetFrame(projectId);
  const remove = useRemoveFrame(projectId);
  const label = `Shot ${shot.number}`;
  return (
    <li
      aria-label={`Frame of ${label}`}
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded border border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950">
        {shot.frame ? (
          <img
            src={shot.frame.url}
            alt={`Storyboard frame of shot ${shot.number}`}
            className="h-full w-full object-contain"
          />
        ) : (
          <span className="flex flex-col items-center gap-1 text-sm text-zinc-500">
            <ImageOff aria-hidden className="size-5" />
            No frame yet
          </span>
        )}
      </div>
      <p className="font-semibold">
        {label}
        {shot.done && <span className="ml-2 text-sm font-normal text-emerald-700 dark:text-emerald-400">Done</span>}
      </p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {shotCamera(shot)}
        {shot.setupMinutes !== null && ` · setup ${formatMinutes(shot.setupMinutes)}`}
      </p>
      {shot.description && <p className="text-sm text-zinc-700 dark:text-zinc-300">{shot.description}</p>}
      {canEdit && (
        <div className="mt-auto flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            tabIndex={-1}
            aria-label={`Picture for ${label}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) set.mutate({ shotId: shot.id, file, drawn: false });
            }}
          />
          <Button
            variant="secondary"
            busy={set.isPending}
            aria-label={`Upload frame of ${label}`}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden className="size-4" />
            Upload frame
          </Button>
          <Button variant="secondary" aria-label={`Draw frame of ${label}`} onClick={onDraw}>
            <Pencil aria-hidden className="size-4" />
            Draw frame
          </Button>
          {shot.frame && (
            <Button
              variant="ghost"
              aria-label={`Remove frame of ${label}`}
              busy={remove.isPending}
              onClick={() => remove.mutate({ shotId: shot.id, number: shot.number })}
            >
              <Trash2 aria-hidden className="size-4" />
              Remove frame
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function DrawDialog({ projectId, shot, onClose }: { projectId: string; shot: ShotDto; onClose(): void }) {
  const [drawn, setDrawn] = useState<HTMLCanvasElement | null>(null);
  const set = useSetFrame(projectId, onClose);
  const save = () =>
    drawn?.toBlob((blob) => blob && set.mutate({ shotId: shot.id, file: blob, drawn: true }), "image/png");
  return (
    <Dialog
      open
      wide
      title={`Draw frame of shot ${shot.number}`}
      description="Draw with the mouse, a pen or a finger. Saving replaces the shot's frame."
      unsaved={drawn ? `the frame you were drawing for shot ${shot.number}` : false}
      onClose={onClose}
    >
      <FrameCanvas label={`Drawing of shot ${shot.number}`} onChange={setDrawn} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!drawn} busy={set.isPending} onClick={save}>
          Save drawing
        </Button>
      </div>
    </Dialog>
  );
}
