import { useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DailyReportDto,
  DailyReportFields,
  DailyReportSummary,
  ReportConflictDetails,
  TodayDto,
} from "../../../common/daily-reports.ts";
import { keys } from "../../../common/query-keys.ts";
import { api, ApiError, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";
import { keepToday, savedToday } from "./offline.ts";

export const todayKey = keys.today();
const reportBase = (projectId: string, dayId: string) =>
  `/rest/v1/projects/${encodeURIComponent(projectId)}/daily-reports/${encodeURIComponent(dayId)}`;

/** The report's own page, and the day it belongs to on the project's stripboard. */
export const reportPagePath = (projectId: string, dayId: string) =>
  `/project/${encodeURIComponent(projectId)}/daily-report/${encodeURIComponent(dayId)}`;
export const dayOnSchedulePath = (projectId: string, dayId: string) =>
  `/project/${encodeURIComponent(projectId)}?tab=schedule&day=${encodeURIComponent(dayId)}`;

/** One day's report, under the project's key so another writer's save (told by the socket) refreshes it. */
export function useReport(projectId: string, dayId: string) {
  return useQuery({
    queryKey: [...keys.dailyReports(projectId), dayId],
    queryFn: ({ signal }) => api<DailyReportDto>(reportBase(projectId, dayId), { signal }),
  });
}

/** Which days have a report, for the stripboard's links; only the crew, staff and admins may ask. */
export function useReportList(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.dailyReports(projectId), "list"],
    queryFn: ({ signal }) =>
      api<DailyReportSummary[]>(`/rest/v1/projects/${encodeURIComponent(projectId)}/daily-reports`, { signal }),
    enabled,
    // The stripboard works without its links: a refusal is no error screen.
    throwOnError: false,
  });
}

export const REPORT_PAPERS = [
  { file: "report.pdf", label: "Daily production report" },
  { file: "script-notes.pdf", label: "Script supervisor's notes" },
  { file: "camera-report.pdf", label: "Camera report" },
  { file: "sound-report.pdf", label: "Sound report" },
] as const;
export const paperUrl = (r: Pick<DailyReportDto, "projectId" | "dayId">, file: string) =>
  `${reportBase(r.projectId, r.dayId)}/${file}`;

/** The portal could not be reached at all (no signal), as opposed to an answer that refused. */
export const isOffline = (err: unknown) => err instanceof ApiError && err.status === 0;

/**
 * Today: the server's answer, kept on the phone as it arrives; without signal, the last one kept, with
 * `offline` set so the page says how old it is.
 */
export function useToday() {
  const q = useQuery({
    queryKey: todayKey,
    queryFn: async ({ signal }) => {
      const today = await api<TodayDto>("/rest/v1/today", { signal });
      keepToday(today);
      return today;
    },
    retry: retryUnlessRefused,
    // No answer is not an error screen here: the page shows what the phone kept, or says why it cannot.
    throwOnError: false,
    // Opened again on set, the page asks afresh: the call may have moved since.
    refetchOnMount: "always",
  });
  const offline = q.isError && isOffline(q.error);
  const data = q.data ?? (offline ? (savedToday() ?? undefined) : undefined);
  return { ...q, data, offline };
}

export function saveReport(r: Pick<DailyReportDto, "projectId" | "dayId">, version: number, fields: DailyReportFields) {
  return api<DailyReportDto>(reportBase(r.projectId, r.dayId), { method: "PUT", json: { version, fields } });
}

export const fetchReport = (r: Pick<DailyReportDto, "projectId" | "dayId">) =>
  api<DailyReportDto>(reportBase(r.projectId, r.dayId));

/** A save refused because someone else saved first: who and when, for the sentence the page shows. */
export function conflictOf(err: unknown): ReportConflictDetails | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const d = err.details as Partial<ReportConflictDetails> | undefined;
  return d && typeof d.version === "number" && typeof d.updatedAt === "string"
    ? { version: d.version, updatedAt: d.updatedAt, updatedByName: d.updatedByName ?? "" }
    : null;
}

/** Replaces the report inside the kept Today answer, so what the phone shows offline is what the server has. */
export function usePutReportInToday() {
  const qc = useQueryClient();
  return (report: DailyReportDto) =>
    qc.setQueryData<TodayDto>(todayKey, (t) => {
      if (!t) return t;
      const next = { ...t, days: t.days.map((d) => (d.dayId === report.dayId ? { ...d, report } : d)) };
      keepToday(next);
      return next;
    });
}

export function useSignReport(r: Pick<DailyReportDto, "projectId" | "dayId">, onDone: (r: DailyReportDto) => void) {
  return useChange(
    { invalidate: [todayKey, keys.documents(r.projectId)] },
    (version: number) =>
      api<DailyReportDto>(`${reportBase(r.projectId, r.dayId)}/sign`, { method: "POST", json: { version } }),
    {
      success: () => ["Report signed", "It is stored with the project's call sheets and sent to the supervisor."],
      failure: "The report was not signed",
      onSuccess: onDone,
    },
  );
}

export function useReopenReport(r: Pick<DailyReportDto, "projectId" | "dayId">, onDone: (r: DailyReportDto) => void) {
  return useChange(
    { invalidate: [todayKey] },
    () => api<DailyReportDto>(`${reportBase(r.projectId, r.dayId)}/reopen`, { method: "POST" }),
    { success: () => ["Report reopened"], failure: "The report was not reopened", onSuccess: onDone },
  );
}

/** Whether the menu offers Today: a shoot day today or a report still open. Asked once in a while, not per page. */
export function useOnSet(enabled: boolean) {
  return useQuery({
    queryKey: [...todayKey, "on-set"],
    queryFn: ({ signal }) => api<{ onSet: boolean }>("/rest/v1/today/on-set", { signal }),
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
    throwOnError: false,
  });
}
