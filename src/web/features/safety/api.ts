import { useQuery } from "@tanstack/react-query";
import { keys } from "../../../common/query-keys.ts";
import type { AttachInput, AwaitingDto, DecisionInput, HazardKind, SafetyDto } from "../../../common/safety.ts";
import { api } from "../../lib/api.ts";
import { useChange, type ChangeMessages } from "../../lib/change.ts";

const base = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/safety`;

export function useSafety(projectId: string) {
  return useQuery({
    queryKey: keys.safety(projectId),
    queryFn: ({ signal }) => api<SafetyDto>(base(projectId), { signal }),
  });
}

export function useAwaiting(enabled = true) {
  return useQuery({
    queryKey: keys.safetyAwaiting(),
    queryFn: ({ signal }) => api<AwaitingDto>("/rest/v1/safety/awaiting", { signal }),
    enabled,
  });
}

export function useHazardKinds() {
  return useQuery({
    queryKey: keys.hazardKinds(),
    queryFn: ({ signal }) => api<{ kinds: HazardKind[] }>("/rest/v1/safety/hazard-kinds", { signal }),
  });
}

/** A requirement changed: the list is the answer; the stripboard, the greenlight and the awaiting list follow. */
const changed = (projectId: string) => ({
  answer: keys.safety(projectId),
  invalidate: [keys.schedule(projectId), keys.project(projectId), keys.safetyAwaiting()],
});

export const useAttach = (projectId: string, messages: ChangeMessages<{ id: string } & AttachInput, SafetyDto>) =>
  useChange(
    changed(projectId),
    ({ id, ...json }: { id: string } & AttachInput) =>
      api<SafetyDto>(`${base(projectId)}/${encodeURIComponent(id)}/document`, { json }),
    messages,
  );

export const useDecide = (projectId: string, messages: ChangeMessages<{ id: string } & DecisionInput, SafetyDto>) =>
  useChange(
    changed(projectId),
    ({ id, ...json }: { id: string } & DecisionInput) =>
      api<SafetyDto>(`${base(projectId)}/${encodeURIComponent(id)}/decision`, { json }),
    messages,
  );

type HazardKindsSave = { kinds: HazardKind[]; basedOn: HazardKind[] };
export const useSaveHazardKinds = (messages: ChangeMessages<HazardKindsSave, { kinds: HazardKind[] }>) =>
  useChange(
    { answer: keys.hazardKinds() },
    (json: HazardKindsSave) => api<{ kinds: HazardKind[] }>("/rest/v1/safety/hazard-kinds", { method: "PUT", json }),
    messages,
  );
