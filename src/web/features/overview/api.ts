import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IcalFeedDto, OverviewFilterOptions, TimelineDto } from "../../../common/overview-api.ts";
import { keys } from "../../../common/query-keys.ts";
import { api } from "../../lib/api.ts";

export const OVERVIEW_PATH = "/rest/v1/overview";
const ICAL_PATH = `${OVERVIEW_PATH}/ical-token`;

export const overviewKeys = {
  timeline: (query: string) => [...keys.overview(), "timeline", query],
  ical: () => [...keys.overview(), "ical"],
  filters: () => [...keys.overview(), "filters"],
};

/** The filters' choices (courses, terms, supervisors), shared by the overview and the projects lists. */
export const useFilterOptions = () =>
  useQuery({
    queryKey: overviewKeys.filters(),
    queryFn: ({ signal }) => api<OverviewFilterOptions>(`${OVERVIEW_PATH}/filters`, { signal }),
    staleTime: 5 * 60_000,
    throwOnError: false,
  });

/** A course as the filters name it: its code and term, then its title. */
export const courseOptionLabel = (c: OverviewFilterOptions["courseList"][number]) =>
  `${c.code} · ${c.term} — ${c.title}`;

/** A phase change shows on the board, the timeline and every projects list alike. */
export function useInvalidateOverview() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.overview() }),
      queryClient.invalidateQueries({ queryKey: keys.projects() }),
    ]);
}

export const useTimeline = (params: URLSearchParams) =>
  useQuery({
    queryKey: overviewKeys.timeline(params.toString()),
    queryFn: ({ signal }) => api<TimelineDto>(`${OVERVIEW_PATH}/timeline?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The person's calendar feed address, read once its dialog opens. */
export const useIcalFeed = (enabled: boolean) =>
  useQuery({
    queryKey: overviewKeys.ical(),
    queryFn: ({ signal }) => api<IcalFeedDto>(ICAL_PATH, { signal }),
    enabled,
  });
/** A new feed address; the old one stops working. */
export const renewIcalFeed = () => api<IcalFeedDto>(ICAL_PATH, { method: "POST" });

/** Moves a project to another phase from the board. */
export const moveProject = (projectId: string, json: { to: string; reason: string; overrideReason?: string }) =>
  api(`/rest/v1/projects/${encodeURIComponent(projectId)}/phase`, { method: "POST", json });
