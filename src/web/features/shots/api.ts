import { useQuery } from "@tanstack/react-query";
import { keys } from "../../../common/query-keys.ts";
import type { MoveDirection, ShotCreateInput, ShotDto, ShotsDto, ShotUpdateInput } from "../../../common/shots.ts";
import { api } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

const base = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/shots`;
const framePath = (projectId: string, shotId: string) =>
  `/storage/v1/object/shots/${encodeURIComponent(projectId)}/${encodeURIComponent(shotId)}`;
export const storyboardPdfUrl = (projectId: string) => `${base(projectId)}/storyboard.pdf`;
export const shotListPdfUrl = (projectId: string) => `${base(projectId)}/shot-list.pdf`;

export function useShots(projectId: string) {
  return useQuery({
    queryKey: keys.shots(projectId),
    queryFn: ({ signal }) => api<ShotsDto>(base(projectId), { signal }),
  });
}

/** The shots change the call sheet's setups, so the schedule's answers refresh with them. */
const changed = (projectId: string) => ({ invalidate: [keys.shots(projectId), keys.schedule(projectId)] });

export const useAddShot = (projectId: string, onSuccess?: (r: ShotDto) => void) =>
  useChange(
    changed(projectId),
    (input: ShotCreateInput) => api<ShotDto>(base(projectId), { method: "POST", json: input }),
    { success: (r) => [`Shot ${r.number} added`], failure: "The shot was not added", onSuccess },
  );

export const useUpdateShot = (projectId: string) =>
  useChange(
    changed(projectId),
    ({ shotId, input }: { shotId: string; input: ShotUpdateInput }) =>
      api<ShotDto>(`${base(projectId)}/${encodeURIComponent(shotId)}`, { method: "PATCH", json: input }),
    { success: (r) => [`Shot ${r.number} saved`], failure: "The shot was not saved" },
  );

export const useMoveShot = (projectId: string) =>
  useChange(
    changed(projectId),
    ({ shotId, direction }: { shotId: string; direction: MoveDirection; number: string }) =>
      api<ShotDto>(`${base(projectId)}/${encodeURIComponent(shotId)}/move`, { method: "POST", json: { direction } }),
    {
      success: (r, v) => [`Shot ${v.number} moved ${v.direction}`, `It is now shot ${r.number}.`],
      failure: "The shot was not moved",
    },
  );

export const useDeleteShot = (projectId: string) =>
  useChange(
    changed(projectId),
    ({ shotId }: { shotId: string; number: string }) =>
      api(`${base(projectId)}/${encodeURIComponent(shotId)}`, { method: "DELETE" }),
    { success: (_r, v) => [`Shot ${v.number} deleted`], failure: "The shot was not deleted" },
  );

/** An uploaded picture, or the canvas's drawing as a PNG (`drawn`); the server checks what the bytes are. */
export const useSetFrame = (projectId: string, onSuccess?: () => void) =>
  useChange(
    changed(projectId),
    ({ shotId, file, drawn }: { shotId: string; file: Blob; drawn: boolean }) =>
      api<ShotDto>(
        `${framePath(projectId, shotId)}?name=${encodeURIComponent(drawn ? "drawing.png" : (file as File).name || "frame")}&drawn=${drawn}`,
        { method: "POST", raw: { body: file, contentType: file.type || "application/octet-stream" } },
      ),
    {
      success: (r, v) => [`Frame of shot ${r.number} ${v.drawn ? "drawn" : "uploaded"}`],
      failure: "The frame was not saved",
      onSuccess,
    },
  );

export const useRemoveFrame = (projectId: string) =>
  useChange(
    changed(projectId),
    ({ shotId }: { shotId: string; number: string }) => api(framePath(projectId, shotId), { method: "DELETE" }),
    { success: (_r, v) => [`Frame of shot ${v.number} removed`], failure: "The frame was not removed" },
  );
