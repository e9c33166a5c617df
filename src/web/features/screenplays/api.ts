import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { BreakdownDetail } from "../../../common/breakdown-api.ts";
import type { Page, ProjectListItem } from "../../../common/project-api.ts";
import { keys } from "../../../common/query-keys.ts";
import type {
  CompareResult,
  RevisionDetail,
  ScreenplayDetail,
  ScreenplayListItem,
} from "../../../common/screenplay-api.ts";
import { api } from "../../lib/api.ts";

export const SCREENPLAYS_PATH = "/rest/v1/screenplays";
export const screenplayPath = (id: string) => `${SCREENPLAYS_PATH}/${id}`;
export const breakdownPath = (id: string) => `${screenplayPath(id)}/breakdown`;
export const editorLink = (id: string) => `/screenplays/${id}`;

export const screenplayKeys = {
  list: (params: string) => [...keys.screenplays(), params],
  ofProject: (projectId: string) => [...keys.screenplays(), "breakdown-of", projectId],
  one: (id: string) => keys.screenplay(id),
  compare: (id: string, from: string, to: string, version: number) => [
    ...keys.screenplay(id),
    "compare",
    from,
    to,
    version,
  ],
  breakdown: (id: string) => keys.breakdown(id),
  /** A saved revision's text never changes, so no event needs to reach it (an autosave names the screenplay). */
  revisionBody: (revisionId: string) => ["screenplay-revision", revisionId],
  myProjects: () => [...keys.projects(), "mine-for-screenplays"],
};

export function useScreenplay(id: string) {
  // The editor says itself that a screenplay is missing, or could not be loaded, with a way back.
  return useQuery({
    queryKey: screenplayKeys.one(id),
    queryFn: ({ signal }) => api<ScreenplayDetail>(screenplayPath(id), { signal }),
    throwOnError: false,
  });
}

export function useScreenplayList(params: URLSearchParams) {
  return useQuery({
    queryKey: screenplayKeys.list(params.toString()),
    queryFn: ({ signal }) => api<Page<ScreenplayListItem>>(`${SCREENPLAYS_PATH}?${params}`, { signal }),
    placeholderData: keepPreviousData,
    throwOnError: false,
  });
}

/** The screenplays of one project, for its breakdown. */
export function useProjectScreenplays(projectId: string) {
  return useQuery({
    queryKey: screenplayKeys.ofProject(projectId),
    queryFn: ({ signal }) =>
      api<Page<ScreenplayListItem>>(`${SCREENPLAYS_PATH}?projectId=${encodeURIComponent(projectId)}&limit=100`, {
        signal,
      }),
    throwOnError: false,
  });
}

export const useBreakdown = (id: string, enabled = true) =>
  useQuery({
    queryKey: screenplayKeys.breakdown(id),
    queryFn: ({ signal }) => api<BreakdownDetail>(breakdownPath(id), { signal }),
    throwOnError: false,
    enabled,
  });

/** Two versions side by side: a revision, or the current text (`to` = "current"). */
export function useCompare(detail: ScreenplayDetail, from: string, to: string) {
  return useQuery({
    queryKey: screenplayKeys.compare(detail.id, from, to, detail.version),
    queryFn: () => api<CompareResult>(`${screenplayPath(detail.id)}/compare?from=${from}&to=${to}`),
    enabled: !!from,
    throwOnError: false,
  });
}

/** The text of the latest revision, which the draft's revision marks are counted from; none without one. */
export function useLatestRevisionBody(detail: ScreenplayDetail): string | null {
  const latest = detail.revisions.reduce<ScreenplayDetail["revisions"][number] | null>(
    (a, r) => (a && a.number > r.number ? a : r),
    null,
  );
  return (
    useQuery({
      queryKey: screenplayKeys.revisionBody(latest?.id ?? ""),
      queryFn: ({ signal }) => api<RevisionDetail>(`${screenplayPath(detail.id)}/revisions/${latest!.id}`, { signal }),
      enabled: !!latest,
      staleTime: Infinity,
      throwOnError: false,
    }).data?.body ?? null
  );
}

/** The projects the person is on, to attach a screenplay to. */
export function useMyProjects(enabled: boolean) {
  return useQuery({
    queryKey: screenplayKeys.myProjects(),
    queryFn: () => api<Page<ProjectListItem>>("/rest/v1/projects?mine=true&limit=100&sort=title"),
    enabled,
  }).data?.items;
}

export const createScreenplay = (title: string, projectId: string | null) =>
  api<ScreenplayDetail>(SCREENPLAYS_PATH, { json: { title, projectId } });
export const importScreenplay = (file: File, query: URLSearchParams) =>
  api<ScreenplayDetail>(`${SCREENPLAYS_PATH}/import?${query}`, {
    raw: { body: file, contentType: "application/octet-stream" },
  });
