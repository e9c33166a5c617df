import { useQuery } from "@tanstack/react-query";
import type { FairShareDto, FairShareInput, WindowCreateInput, WindowDto } from "../../../common/equipment-fair.ts";
import { keys } from "../../../common/query-keys.ts";
import { api } from "../../lib/api.ts";
import { useChange, type ChangeMessages } from "../../lib/change.ts";
import { EQUIPMENT_API, post } from "./api.ts";

/** Fair share and request windows: their own parts of `equipment`, which the server's events name. */
export const fairKeys = {
  fairShare: () => keys.equipmentPart("fair-share"),
  courseShare: (courseId: string) => [...keys.equipmentPart("fair-share"), courseId],
  windows: () => keys.equipmentPart("windows"),
};

export const useFairShareList = () =>
  useQuery({ queryKey: fairKeys.fairShare(), queryFn: () => api<FairShareDto[]>(`${EQUIPMENT_API}/fair-share`) });

export const useCourseFairShare = (courseId: string) =>
  useQuery({
    queryKey: fairKeys.courseShare(courseId),
    queryFn: () => api<FairShareDto>(`${EQUIPMENT_API}/fair-share/${encodeURIComponent(courseId)}`),
  });

export const useWindows = () =>
  useQuery({ queryKey: fairKeys.windows(), queryFn: () => api<WindowDto[]>(`${EQUIPMENT_API}/windows`) });

export const putFairShare = (courseId: string, input: FairShareInput) =>
  api<FairShareDto>(`${EQUIPMENT_API}/fair-share/${encodeURIComponent(courseId)}`, { method: "PUT", json: input });
export const openWindow = (input: WindowCreateInput) => post<WindowDto>("/windows", input);
export const updateWindow = (id: string, input: WindowCreateInput) =>
  api<WindowDto>(`${EQUIPMENT_API}/windows/${encodeURIComponent(id)}`, { method: "PUT", json: input });
export const cancelWindow = (id: string, reason: string) =>
  post<WindowDto>(`/windows/${encodeURIComponent(id)}/cancel`, { reason });
export const requestInWindow = (windowId: string, lotId: string, projectId: string) =>
  post<WindowDto>(`/windows/${windowId}/requests`, { lotId, projectId });
export const withdrawRequest = (windowId: string, requestId: string) =>
  api<WindowDto>(`${EQUIPMENT_API}/windows/${windowId}/requests/${requestId}`, { method: "DELETE" });

/** A change to limits or windows; a draw also makes reservations, so every equipment list refetches. */
export const useFairChange = <V, R>(fn: (v: V) => Promise<R>, messages: ChangeMessages<V, R>) =>
  useChange({ invalidate: [keys.equipment(), keys.adminDashboard(), keys.notifications()] }, fn, messages);
