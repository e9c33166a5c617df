import { QueryClient } from "@tanstack/react-query";

/** SPEC §9's cache: fresh for 5 minutes, kept 10, one retry, no refetch on window focus or mount. */
export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_GC_MS = 10 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        // With nothing to show, the route's error screen is the honest answer; a failed background
        // refetch keeps the data on screen instead.
        throwOnError: (_error, query) => query.state.data === undefined,
      },
    },
  });
}
