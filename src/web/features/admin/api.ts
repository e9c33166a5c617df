import { useQuery } from "@tanstack/react-query";
import { keys } from "../../../common/query-keys.ts";
import type { AdminDashboardDto } from "../../../common/overview-api.ts";
import { api } from "../../lib/api.ts";

const ADMIN_PATH = "/rest/v1/admin";

/** The school at a glance, read again each minute while the page is open (and at once on the server's events). */
export const useDashboard = () =>
  useQuery({
    queryKey: keys.adminDashboard(),
    queryFn: ({ signal }) => api<AdminDashboardDto>(`${ADMIN_PATH}/dashboard`, { signal }),
    refetchInterval: 60_000,
  });

/** Gives a dead job a fresh set of attempts. */
export const retryJob = (jobId: string) =>
  api(`${ADMIN_PATH}/jobs/${encodeURIComponent(jobId)}/retry`, { method: "POST" });
