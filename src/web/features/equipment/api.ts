import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  type AffectedReservationsDetails,
  type AvailabilityItem,
  type CalendarEntryDto,
  type CategoryDto,
  type CertificationDto,
  type DeskList,
  type EquipmentSummaryDto,
  type ItemDetailDto,
  type ItemDto,
  type KitDto,
  type ModelDto,
  type ModelTimelineDto,
  type MyEquipmentStatus,
  type Page,
  type ReservationDto,
  type StrikeDto,
} from "../../../common/equipment.ts";
import { ITEM_STATUS_LABELS } from "../../../common/equipment-states.ts";
import type { AccessOverviewDto, ItemAccessDto } from "../../../common/equipment-access.ts";
import type { ProjectListItem } from "../../../common/project-api.ts";
import { keys } from "../../../common/query-keys.ts";
import type { PersonDto } from "../../../common/users.ts";
import { api, ApiError } from "../../lib/api.ts";
import { useChange, type ChangeMessages } from "../../lib/change.ts";

export const EQUIPMENT_API = "/rest/v1/equipment";
export const itemPath = (id: string) => `${EQUIPMENT_API}/items/${encodeURIComponent(id)}`;
const PHOTOS = "/storage/v1/object/equipment";

/**
 * Every equipment key is one of keys.equipmentPart(…): the server's "equipment.changed" event names all of
 * `equipment` (refreshing them all), or only the parts a booking changes (EQUIPMENT_BOOKING_KEYS).
 */
const part = keys.equipmentPart;
export const equipmentKeys = {
  summary: () => part("summary"),
  queue: (state: string, page: number) => [...part("reservations"), "queue", state, page],
  mine: () => [...part("reservations"), "mine"],
  desk: (list: string, dayEnd: string, page: number) => [...part("reservations"), "desk", list, dayEnd, page],
  ofProject: (projectId: string) => [...part("reservations"), "project", projectId],
  items: (query: string) => [...part("items"), query],
  item: (id: string) => [...part("item"), id],
  categories: () => part("categories"),
  certifications: () => part("certifications"),
  kits: (from?: string, to?: string) => [...part("kits"), ...(from === undefined ? [] : [from, to ?? ""])],
  strikes: () => part("strikes"),
  access: () => part("access"),
  me: () => part("me"),
  availability: (query: string) => [...part("availability"), query],
  models: (query: string) => [...part("availability"), "models", query],
  calendar: (itemId: string | undefined, start: string) => [...part("calendar"), itemId ?? "all", start],
  timeline: (query: string) => [...part("calendar"), "timeline", query],
  people: () => [...keys.people(), "all-for-equipment"],
  myProjects: () => [...keys.projects(), "mine-for-equipment"],
};

export const post = <R>(path: string, json?: unknown) =>
  api<R>(`${EQUIPMENT_API}${path}`, { method: "POST", json: json ?? {} });

/** Sends a picture to the equipment bucket; the server checks what it really is and how large. */
export const uploadPhoto = <R>(path: string, file: File) =>
  api<R>(`${PHOTOS}/${path}?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    raw: { body: file, contentType: file.type || "application/octet-stream" },
  });
export const removeItemPhoto = (itemId: string) =>
  api<ItemDetailDto>(`${PHOTOS}/items/${encodeURIComponent(itemId)}`, { method: "DELETE" });

/** A change to the equipment: every equipment list and the admin dashboard's counts refetch. */
export const useEquipmentChange = <V, R>(fn: (v: V) => Promise<R>, messages: ChangeMessages<V, R>) =>
  useChange({ invalidate: [keys.equipment(), keys.adminDashboard()] }, fn, messages);

export const isConflict = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409;

export const useSummary = () =>
  useQuery({ queryKey: equipmentKeys.summary(), queryFn: () => api<EquipmentSummaryDto>(`${EQUIPMENT_API}/summary`) });

/** The office's queue of reservations: `state` is a reservation state, `overdue`, or "" for all. */
export function useReservationQueue(state: string, page: number, size: number) {
  return useQuery({
    queryKey: equipmentKeys.queue(state, page),
    queryFn: () =>
      api<Page<ReservationDto>>(
        `${EQUIPMENT_API}/reservations?${new URLSearchParams({ ...(state === "overdue" ? { overdue: "true" } : state ? { state } : {}), limit: String(size), offset: String(page * size) })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** One of the desk's lists; `dayEnd` is the end of the desk's own day (its browser's time zone). */
export function useDeskList(list: DeskList, dayEnd: string, page: number, size: number) {
  return useQuery({
    queryKey: equipmentKeys.desk(list, dayEnd, page),
    queryFn: () =>
      api<Page<ReservationDto>>(
        `${EQUIPMENT_API}/reservations?${new URLSearchParams({ desk: list, dayEnd, limit: String(size), offset: String(page * size) })}`,
      ),
    placeholderData: keepPreviousData,
    // "Late" and "due today" change with the clock too, which no event announces.
    refetchInterval: 60_000,
  });
}

export const useMyReservations = () =>
  useQuery({
    queryKey: equipmentKeys.mine(),
    queryFn: () => api<Page<ReservationDto>>(`${EQUIPMENT_API}/reservations?mine=true&limit=50`),
  });

export const useProjectReservations = (projectId: string) =>
  useQuery({
    queryKey: equipmentKeys.ofProject(projectId),
    queryFn: () =>
      api<Page<ReservationDto>>(`${EQUIPMENT_API}/reservations?projectId=${encodeURIComponent(projectId)}&limit=20`),
  });

export const useItems = (query: URLSearchParams) =>
  useQuery({
    queryKey: equipmentKeys.items(query.toString()),
    queryFn: () => api<Page<ItemDto>>(`${EQUIPMENT_API}/items?${query}`),
    placeholderData: keepPreviousData,
  });

/** The item carrying exactly this asset tag, if any: the search matches more than tags. */
export const itemByTag = (tag: string) =>
  api<Page<ItemDto>>(`${EQUIPMENT_API}/items?search=${encodeURIComponent(tag)}&limit=5`).then((p) =>
    p.items.find((i) => i.assetTag === tag),
  );

export const useItem = (id: string) =>
  useQuery({ queryKey: equipmentKeys.item(id), queryFn: () => api<ItemDetailDto>(itemPath(id)) });
export const fetchItem = (id: string) => api<ItemDetailDto>(itemPath(id));

export const useCategories = () =>
  useQuery({ queryKey: equipmentKeys.categories(), queryFn: () => api<CategoryDto[]>(`${EQUIPMENT_API}/categories`) });
export const useCertifications = () =>
  useQuery({
    queryKey: equipmentKeys.certifications(),
    queryFn: () => api<CertificationDto[]>(`${EQUIPMENT_API}/certifications`),
  });
export const useKits = () =>
  useQuery({ queryKey: equipmentKeys.kits(), queryFn: () => api<KitDto[]>(`${EQUIPMENT_API}/kits`) });
export const ACCESS_API = `${EQUIPMENT_API}/access-levels`;
/** The office's access levels, the gear carrying them and the courses they may be granted by. */
export const useAccessLevels = () =>
  useQuery({ queryKey: equipmentKeys.access(), queryFn: () => api<AccessOverviewDto>(ACCESS_API) });
/** The level an item needs and whether it is open to the person asking. */
export const useItemAccess = (itemId: string) =>
  useQuery({
    queryKey: [...equipmentKeys.access(), "item", itemId],
    queryFn: () => api<ItemAccessDto>(`${ACCESS_API}/items/${encodeURIComponent(itemId)}`),
  });
export const useStrikes = () =>
  useQuery({ queryKey: equipmentKeys.strikes(), queryFn: () => api<StrikeDto[]>(`${EQUIPMENT_API}/strikes`) });
export const usePeople = () =>
  useQuery({ queryKey: equipmentKeys.people(), queryFn: () => api<Page<PersonDto>>("/rest/v1/people?limit=50") });
export const useMyEquipment = () =>
  useQuery({ queryKey: equipmentKeys.me(), queryFn: () => api<MyEquipmentStatus>(`${EQUIPMENT_API}/me`) });
export const useMyProjects = () =>
  useQuery({
    queryKey: equipmentKeys.myProjects(),
    queryFn: () => api<Page<ProjectListItem>>("/rest/v1/projects?mine=true&limit=100&sort=title"),
  });

/** The catalogue for a period: what is free then; asked only once the period makes sense. */
export const useAvailability = (query: URLSearchParams, enabled: boolean) =>
  useQuery({
    queryKey: equipmentKeys.availability(query.toString()),
    queryFn: () => api<Page<AvailabilityItem>>(`${EQUIPMENT_API}/availability?${query}`),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useKitsBetween = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: equipmentKeys.kits(from, to),
    queryFn: () => api<KitDto[]>(`${EQUIPMENT_API}/kits?${new URLSearchParams({ from, to })}`),
    enabled,
  });

/** Two weeks of bookings from `start`, of one item or of all. */
export function useCalendar(itemId: string | undefined, start: string) {
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(from.getTime() + 14 * 86_400_000);
  const path = itemId ? `/items/${encodeURIComponent(itemId)}/calendar` : "/calendar";
  return useQuery({
    queryKey: equipmentKeys.calendar(itemId, start),
    queryFn: () =>
      api<CalendarEntryDto[]>(
        `${EQUIPMENT_API}${path}?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })}`,
      ),
    enabled: !Number.isNaN(from.getTime()),
  });
}

/** The catalogue by model, for a range ("N free"); asked only once the range makes sense. */
export const useModels = (query: URLSearchParams, enabled = true) =>
  useQuery({
    queryKey: equipmentKeys.models(query.toString()),
    queryFn: () => api<Page<ModelDto>>(`${EQUIPMENT_API}/models?${query}`),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The office's timeline of a model's units over `days` UTC days from `start` (a day, "2026-11-27"). */
export function useModelTimeline(model: { brand: string; model: string }, start: string, days: number) {
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(from.getTime() + days * 86_400_000);
  const query = new URLSearchParams({
    brand: model.brand,
    model: model.model,
    from: Number.isNaN(from.getTime()) ? "" : from.toISOString(),
    to: Number.isNaN(to.getTime()) ? "" : to.toISOString(),
  });
  return useQuery({
    queryKey: equipmentKeys.timeline(query.toString()),
    queryFn: () => api<ModelTimelineDto>(`${EQUIPMENT_API}/models/timeline?${query}`),
    enabled: !Number.isNaN(from.getTime()),
    placeholderData: keepPreviousData,
  });
}

/** A status change that affects reservations is confirmed after the office has seen them. */
export function useStatusChange(item: ItemDetailDto) {
  const [affected, setAffected] = useState<{
    status: string;
    note: string;
    details: AffectedReservationsDetails;
    message: string;
  } | null>(null);
  const change = useEquipmentChange(
    (v: { status: string; note: string; confirm?: boolean }) => post<ItemDetailDto>(`/items/${item.id}/status`, v),
    {
      success: (r) => ["Status changed", `${r.name} is now ${ITEM_STATUS_LABELS[r.status].toLowerCase()}.`],
      failure: "Status not changed",
      onSuccess: () => setAffected(null),
      onError: (err, v) => {
        if (isConflict(err) && (err.details as AffectedReservationsDetails | undefined)?.affected) {
          setAffected({
            status: v.status,
            note: v.note,
            details: err.details as AffectedReservationsDetails,
            message: err.message,
          });
          return true;
        }
      },
    },
  );
  return { change, affected, setAffected };
}
