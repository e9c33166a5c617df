import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  CourseCreateInput,
  CourseDetail,
  CourseListItem,
  CourseUpdateInput,
  Page,
  RosterPreview,
} from "../../../common/courses.ts";
import type { CourseGreenlightDto, CourseGreenlightInput } from "../../../common/course-greenlight.ts";
import { keys } from "../../../common/query-keys.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

export const COURSES_PATH = "/rest/v1/courses";
export const coursePath = (id: string) => `${COURSES_PATH}/${encodeURIComponent(id)}`;

export const courseKeys = {
  list: (params: string) => [...keys.courses(), params],
  one: (id: string) => keys.course(id),
};

export function useCourseList(params: URLSearchParams) {
  return useQuery({
    queryKey: courseKeys.list(params.toString()),
    queryFn: ({ signal }) => api<Page<CourseListItem>>(`${COURSES_PATH}?${params}`, { signal }),
    placeholderData: keepPreviousData,
    throwOnError: false,
  });
}

/** The courses a person may link a project to: every course for those who manage them, else their own. */
export function useCourseChoices(enabled = true) {
  return useQuery({
    queryKey: courseKeys.list("choices"),
    queryFn: ({ signal }) => api<Page<CourseListItem>>(`${COURSES_PATH}?limit=100`, { signal }),
    enabled,
    throwOnError: false,
  });
}

export function useCourse(id: string | null) {
  return useQuery({
    queryKey: courseKeys.one(id ?? ""),
    queryFn: ({ signal }) => api<CourseDetail>(coursePath(id!), { signal }),
    enabled: !!id,
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export const useCreateCourse = () =>
  useChange(
    { answer: (c: CourseDetail) => courseKeys.one(c.id), invalidate: [keys.courses(), keys.overview()] },
    (input: CourseCreateInput) => api<CourseDetail>(COURSES_PATH, { method: "POST", json: input }),
    { success: (c) => ["Course created", `${c.code} · ${c.term}`], failure: "Course not created" },
  );

export const useUpdateCourse = (id: string) =>
  useChange(
    { answer: courseKeys.one(id), invalidate: [keys.courses(), keys.overview()] },
    (input: CourseUpdateInput) => api<CourseDetail>(coursePath(id), { method: "PATCH", json: input }),
    { success: () => ["Course saved"], failure: "Course not saved" },
  );

/** The class list file as it is, its bytes sent untouched: the server reads its encoding and delimiter. */
export const previewRoster = (id: string, file: Blob) =>
  api<RosterPreview>(`${coursePath(id)}/roster?dryRun=true`, {
    method: "POST",
    raw: { body: file, contentType: "text/csv" },
  });

export const useApplyRoster = (id: string) =>
  useChange(
    { invalidate: [courseKeys.one(id), keys.courses(), keys.invitations()] },
    (file: Blob) =>
      api<RosterPreview>(`${coursePath(id)}/roster`, { method: "POST", raw: { body: file, contentType: "text/csv" } }),
    {
      success: (r) => [
        "Roster imported",
        `${r.added.length} added, ${r.unknown.length} invited, ${r.dropped.length} dropped, ${r.unchanged} unchanged`,
      ],
      failure: "Roster not imported",
    },
  );

// ── The course's own greenlight checklist and deadlines ──────────────────────────────────────────

export const courseGreenlightKey = (id: string) => [...keys.course(id), "greenlight"];

export function useCourseGreenlight(id: string) {
  return useQuery({
    queryKey: courseGreenlightKey(id),
    queryFn: ({ signal }) => api<CourseGreenlightDto>(`${coursePath(id)}/greenlight`, { signal }),
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

/** Its projects show the new list and dates: the server's event names them, and this tab refetches them too. */
export const useSaveCourseGreenlight = (id: string) =>
  useChange(
    { answer: courseGreenlightKey(id), invalidate: [keys.project(), keys.projects()] },
    (input: CourseGreenlightInput) =>
      api<CourseGreenlightDto>(`${coursePath(id)}/greenlight`, { method: "PUT", json: input }),
    { success: () => ["Checklist saved", "The course's projects show it now."], failure: "Checklist not saved" },
  );

export const useResetCourseGreenlight = (id: string) =>
  useChange(
    { answer: courseGreenlightKey(id), invalidate: [keys.project(), keys.projects()] },
    () => api<CourseGreenlightDto>(`${coursePath(id)}/greenlight`, { method: "DELETE" }),
    { success: () => ["The course follows the school's checklist again"], failure: "Checklist not reset" },
  );
