import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  ActivityDto,
  Page,
  PersonRef,
  ProjectCreateInput,
  ProjectDetail,
  ProjectListItem,
} from "../../../common/project-api.ts";
import { keys } from "../../../common/query-keys.ts";
import type { PersonDto } from "../../../common/users.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange, type ChangeMessages } from "../../lib/change.ts";

export const PROJECTS_PATH = "/rest/v1/projects";
export const projectPath = (id: string) => `${PROJECTS_PATH}/${encodeURIComponent(id)}`;
const PEOPLE_PATH = "/rest/v1/people";

/** The two lists of projects: each its own path and its own key, which the server's events name. */
export const PROJECT_LISTS = {
  all: { path: PROJECTS_PATH, key: keys.projects() },
  documentary: { path: `${PROJECTS_PATH}/documentary`, key: keys.projectsDocumentary() },
} as const;
export type ProjectListKind = keyof typeof PROJECT_LISTS;

export const projectKeys = {
  list: (kind: ProjectListKind, params: string) => [...PROJECT_LISTS[kind].key, params],
  one: (id: string) => keys.project(id),
  activity: (id: string, page?: number) => [...keys.project(id), "activity", ...(page === undefined ? [] : [page])],
  supervisors: () => [...keys.people(), "supervisors"],
  peopleSearch: (search: string) => [...keys.people(), "crew-search", search],
};

export function useProject(id: string) {
  return useQuery({
    queryKey: projectKeys.one(id),
    queryFn: ({ signal }) => api<ProjectDetail>(projectPath(id), { signal }),
    // The page says itself that a project is missing, with a way back, instead of the route's error screen.
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export function useProjectList<T extends ProjectListItem>(kind: ProjectListKind, params: URLSearchParams) {
  return useQuery({
    queryKey: projectKeys.list(kind, params.toString()),
    queryFn: ({ signal }) => api<Page<T>>(`${PROJECT_LISTS[kind].path}?${params}`, { signal }),
    placeholderData: keepPreviousData,
    // A refused filter (a hand-edited address) is answered in the list, where the filters can be cleared.
    throwOnError: false,
  });
}

export function useActivity(projectId: string, page: number, size: number) {
  return useQuery({
    queryKey: projectKeys.activity(projectId, page),
    queryFn: ({ signal }) =>
      api<Page<ActivityDto>>(`${projectPath(projectId)}/activity?limit=${size}&offset=${page * size}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change to one project: the server answers with the whole project, which replaces the cached one,
 * and the lists are refreshed because titles, phases and counts show there too.
 */
export const useProjectChange = <V>(
  id: string,
  fn: (v: V) => Promise<ProjectDetail>,
  messages: ChangeMessages<V, ProjectDetail>,
) =>
  useChange(
    {
      answer: projectKeys.one(id),
      invalidate: [keys.projects(), keys.projectsDocumentary(), projectKeys.activity(id)],
    },
    fn,
    messages,
  );

/** A new project, kept at once under its own key so that its page opens without a round trip. */
export const useCreateProject = (messages: ChangeMessages<ProjectCreateInput, ProjectDetail>) =>
  useChange(
    { answer: (p) => projectKeys.one(p.id), invalidate: [keys.projects(), keys.projectsDocumentary()] },
    (input: ProjectCreateInput) => api<ProjectDetail>(PROJECTS_PATH, { json: input }),
    messages,
  );

/** Who can supervise: the school's active staff and admins, from the directory everyone may search. */
export function useSupervisors(): PersonRef[] {
  const directory = useQuery({
    queryKey: projectKeys.supervisors(),
    queryFn: ({ signal }) => api<{ items: PersonDto[] }>(`${PEOPLE_PATH}?role=staff,admin&limit=50`, { signal }),
    staleTime: 60_000,
    // Only the filters' and forms' choices: without them the page still works, so it never fails for them.
    throwOnError: false,
  });
  return (directory.data?.items ?? []).map((p) => ({ id: p.id, name: p.fullName }));
}

/** People in the school directory (active accounts) by name or e-mail, once two letters are typed. */
export function usePeopleSearch(search: string) {
  return useQuery({
    queryKey: projectKeys.peopleSearch(search),
    enabled: search.length >= 2,
    queryFn: ({ signal }) =>
      api<{ items: PersonDto[] }>(`${PEOPLE_PATH}?limit=8&search=${encodeURIComponent(search)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
