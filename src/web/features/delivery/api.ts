import { useQuery } from "@tanstack/react-query";
import type {
  CourseDeliveryDto,
  CourseDeliveryInput,
  DeliverySignOffInput,
  DeliveryTickInput,
  ProjectDeliveryDto,
} from "../../../common/delivery.ts";
import { keys } from "../../../common/query-keys.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

export const courseDeliveryPath = (courseId: string) => `/rest/v1/courses/${encodeURIComponent(courseId)}/delivery`;
export const deliveryPath = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/delivery`;
/** The archive is a plain link: the browser streams the ZIP to disk as it comes. */
export const archivePath = (projectId: string) => `${deliveryPath(projectId)}/archive.zip`;

// Kept under the course and the project: a change to either (documents, releases, the course's list) refetches it.
export const deliveryKeys = {
  course: (courseId: string) => [...keys.course(courseId), "delivery"],
  project: (projectId: string) => [...keys.project(projectId), "delivery"],
};

export function useCourseDelivery(courseId: string) {
  return useQuery({
    queryKey: deliveryKeys.course(courseId),
    queryFn: ({ signal }) => api<CourseDeliveryDto>(courseDeliveryPath(courseId), { signal }),
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export const useSaveCourseDelivery = (courseId: string) =>
  useChange(
    { answer: deliveryKeys.course(courseId), invalidate: [keys.project()] },
    (input: CourseDeliveryInput) =>
      api<CourseDeliveryDto>(courseDeliveryPath(courseId), { method: "PUT", json: input }),
    {
      success: () => ["Delivery checklist saved", "The course's projects show it now."],
      failure: "Checklist not saved",
    },
  );

export const useResetCourseDelivery = (courseId: string) =>
  useChange(
    { answer: deliveryKeys.course(courseId), invalidate: [keys.project()] },
    () => api<CourseDeliveryDto>(courseDeliveryPath(courseId), { method: "DELETE" }),
    { success: () => ["The course follows the school's delivery checklist again"], failure: "Checklist not reset" },
  );

export function useDelivery(projectId: string) {
  return useQuery({
    queryKey: deliveryKeys.project(projectId),
    queryFn: ({ signal }) => api<ProjectDeliveryDto>(deliveryPath(projectId), { signal }),
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export const useTickDelivery = (projectId: string) =>
  useChange(
    { answer: deliveryKeys.project(projectId), invalidate: [keys.project(projectId)] },
    (v: { key: string; label: string } & DeliveryTickInput) =>
      api<ProjectDeliveryDto>(`${deliveryPath(projectId)}/items/${encodeURIComponent(v.key)}`, {
        method: "PUT",
        json: { done: v.done, note: v.note },
      }),
    {
      success: (_d, v) => [v.done ? "Delivery item ticked" : "Delivery item unticked", v.label],
      failure: "Delivery item not changed",
    },
  );

/** Closes the production: the project page (its phase) and the lists refetch too. */
export const useSignOffDelivery = (projectId: string) =>
  useChange(
    { answer: deliveryKeys.project(projectId), invalidate: [keys.project(projectId), keys.projects()] },
    (input: DeliverySignOffInput) =>
      api<ProjectDeliveryDto>(`${deliveryPath(projectId)}/sign-off`, { method: "POST", json: input }),
    { success: () => ["Delivery signed off", "The production is completed."], failure: "Not signed off" },
  );
