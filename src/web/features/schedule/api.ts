import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BoardSaveInput,
  CallSheetConfirmationDto,
  CallSheetDto,
  CastSaveInput,
  ScheduleDto,
  ShootDayCreateInput,
  ShootDayUpdateInput,
} from "../../../common/schedule.ts";
import type { BannerCreateInput, BannerUpdateInput, EstimateInput } from "../../../common/banners.ts";
import { keys } from "../../../common/query-keys.ts";
import { notify } from "../../components/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";

export const scheduleKey = (projectId: string) => keys.schedule(projectId);
const callSheetKey = (projectId: string, dayId: string | null) => [...keys.schedule(projectId), "call-sheet", dayId];
const base = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/schedule`;
export const callSheetPdfUrl = (projectId: string, dayId: string) =>
  `${base(projectId)}/days/${encodeURIComponent(dayId)}/call-sheet.pdf`;

export const breakdownSheetsPdfUrl = (projectId: string) => `${base(projectId)}/breakdown-sheets.pdf`;
export const oneLinerPdfUrl = (projectId: string) => `${base(projectId)}/one-liner.pdf`;

export function useSchedule(projectId: string, enabled = true) {
  return useQuery({
    queryKey: scheduleKey(projectId),
    queryFn: ({ signal }) => api<ScheduleDto>(base(projectId), { signal }),
    enabled,
  });
}

/** The locations of the scenes on shoot days, as the script names them: what location releases are for. */
export const scheduledLocations = (schedule: ScheduleDto | undefined) => [
  ...new Set((schedule?.days ?? []).flatMap((d) => d.strips.map((st) => st.location.trim())).filter(Boolean)),
];

export function useCallSheet(projectId: string, dayId: string | null) {
  return useQuery({
    queryKey: callSheetKey(projectId, dayId),
    queryFn: ({ signal }) =>
      api<CallSheetDto>(`${base(projectId)}/days/${encodeURIComponent(dayId!)}/call-sheet`, { signal }),
    enabled: !!dayId,
  });
}

/**
 * Every change answers the whole schedule, which replaces the cached one. A conflict (someone saved
 * after this board was loaded) is told and the board reloads, so nobody overwrites another unseen.
 */
function useScheduleMutation<I>(projectId: string, call: (input: I) => Promise<ScheduleDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => qc.setQueryData(scheduleKey(projectId), data),
    onError: (err) => {
      notify.error(err.message);
      if (err instanceof ApiError && err.status === 409)
        void qc.invalidateQueries({ queryKey: scheduleKey(projectId) });
    },
  });
}

export const useSaveBoard = (projectId: string) =>
  useScheduleMutation(projectId, (input: BoardSaveInput) =>
    api<ScheduleDto>(`${base(projectId)}/board`, { method: "PUT", json: input }),
  );
export const useSaveCast = (projectId: string) =>
  useScheduleMutation(projectId, (input: CastSaveInput) =>
    api<ScheduleDto>(`${base(projectId)}/cast`, { method: "PUT", json: input }),
  );
export const useSaveCastOrder = (projectId: string) =>
  useScheduleMutation(projectId, (order: string[] | null) =>
    api<ScheduleDto>(`${base(projectId)}/cast-order`, { method: "PUT", json: { order } }),
  );
export const useCreateDay = (projectId: string) =>
  useScheduleMutation(projectId, (input: ShootDayCreateInput) =>
    api<ScheduleDto>(`${base(projectId)}/days`, { method: "POST", json: input }),
  );
export const useUpdateDay = (projectId: string) =>
  useScheduleMutation(projectId, ({ dayId, input }: { dayId: string; input: ShootDayUpdateInput }) =>
    api<ScheduleDto>(`${base(projectId)}/days/${encodeURIComponent(dayId)}`, { method: "PATCH", json: input }),
  );
export const useDeleteDay = (projectId: string) =>
  useScheduleMutation(projectId, (dayId: string) =>
    api<ScheduleDto>(`${base(projectId)}/days/${encodeURIComponent(dayId)}`, { method: "DELETE" }),
  );

export const useCreateBanner = (projectId: string) =>
  useScheduleMutation(projectId, (input: BannerCreateInput) =>
    api<ScheduleDto>(`${base(projectId)}/banners`, { method: "POST", json: input }),
  );
export const useUpdateBanner = (projectId: string) =>
  useScheduleMutation(projectId, ({ bannerId, input }: { bannerId: string; input: BannerUpdateInput }) =>
    api<ScheduleDto>(`${base(projectId)}/banners/${encodeURIComponent(bannerId)}`, { method: "PUT", json: input }),
  );
export const useDeleteBanner = (projectId: string) =>
  useScheduleMutation(projectId, (bannerId: string) =>
    api<ScheduleDto>(`${base(projectId)}/banners/${encodeURIComponent(bannerId)}`, { method: "DELETE" }),
  );
export const useSaveEstimate = (projectId: string) =>
  useScheduleMutation(projectId, (input: EstimateInput) =>
    api<ScheduleDto>(`${base(projectId)}/estimates`, { method: "PUT", json: input }),
  );

const confirmationPath = (recipientId: string) => `/rest/v1/call-sheet-confirmation/${encodeURIComponent(recipientId)}`;
const confirmationKey = (recipientId: string, token: string) => ["call-sheet-confirmation", recipientId, token];

/** The call sheet as its e-mailed link shows it to a crew or cast member, and their confirmation. */
export function useCallSheetConfirmation(recipientId: string, token: string) {
  const qc = useQueryClient();
  const view = useQuery({
    queryKey: confirmationKey(recipientId, token),
    queryFn: ({ signal }) =>
      api<CallSheetConfirmationDto>(`${confirmationPath(recipientId)}?token=${encodeURIComponent(token)}`, { signal }),
    retry: false,
    throwOnError: false,
  });
  const confirm = useMutation({
    mutationFn: () => api<CallSheetConfirmationDto>(confirmationPath(recipientId), { method: "POST", json: { token } }),
    onSuccess: (data) => qc.setQueryData(confirmationKey(recipientId, token), data),
  });
  return { view, confirm };
}

export function useCallSheetAction(projectId: string, dayId: string, action: "send" | "confirm") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<CallSheetDto>(`${base(projectId)}/days/${encodeURIComponent(dayId)}/call-sheet/${action}`, {
        method: "POST",
      }),
    onSuccess: (data) => {
      qc.setQueryData(callSheetKey(projectId, dayId), data);
      void qc.invalidateQueries({ queryKey: scheduleKey(projectId) });
      notify.success(
        action === "send"
          ? `Call sheet sent to ${data.recipients.length} ${data.recipients.length === 1 ? "person" : "people"}.`
          : "You confirmed the call sheet.",
      );
    },
    onError: (err) => notify.error(err.message),
  });
}
