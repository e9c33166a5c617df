import { useQuery } from "@tanstack/react-query";
import type {
  HospitalDto,
  HospitalInput,
  LocationDto,
  LocationInput,
  LocationLibraryDto,
  LocationUpdateInput,
} from "../../../common/locations.ts";
import { keys } from "../../../common/query-keys.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

const LOCATIONS = "/rest/v1/locations";
const HOSPITALS = "/rest/v1/hospitals";

export function useLocationLibrary(search = "") {
  return useQuery({
    queryKey: [...keys.locations(), search],
    queryFn: ({ signal }) =>
      api<LocationLibraryDto>(search ? `${LOCATIONS}?search=${encodeURIComponent(search)}` : LOCATIONS, { signal }),
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

const useLibraryChange = <V, R>(fn: (v: V) => Promise<R>, success: string, failure: string) =>
  useChange({ invalidate: [keys.locations()] }, fn, { success: () => [success], failure });

export const useSaveLocation = () =>
  useLibraryChange(
    ({ id, input }: { id?: string; input: LocationInput | LocationUpdateInput }) =>
      id
        ? api<LocationDto>(`${LOCATIONS}/${encodeURIComponent(id)}`, { method: "PATCH", json: input })
        : api<LocationDto>(LOCATIONS, { method: "POST", json: input }),
    "Location saved",
    "The location was not saved",
  );

export const useDeleteLocation = () =>
  useLibraryChange(
    (id: string) => api(`${LOCATIONS}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    "Location removed from the library",
    "The location was not removed",
  );

export const useLocationPhoto = () =>
  useLibraryChange(
    (v: { id: string; file: File } | { id: string; photoId: string }) =>
      "file" in v
        ? api<LocationDto>(
            `/storage/v1/object/locations/${encodeURIComponent(v.id)}?name=${encodeURIComponent(v.file.name)}`,
            {
              raw: { body: v.file, contentType: v.file.type || "application/octet-stream" },
            },
          )
        : api<LocationDto>(`${LOCATIONS}/${encodeURIComponent(v.id)}/photos/${encodeURIComponent(v.photoId)}`, {
            method: "DELETE",
          }),
    "Photos updated",
    "The photo was not saved",
  );

export const useSaveHospital = () =>
  useLibraryChange(
    ({ id, input }: { id?: string; input: HospitalInput }) =>
      id
        ? api<HospitalDto>(`${HOSPITALS}/${encodeURIComponent(id)}`, { method: "PUT", json: input })
        : api<HospitalDto>(HOSPITALS, { method: "POST", json: input }),
    "Hospital saved",
    "The hospital was not saved",
  );

export const useDeleteHospital = () =>
  useLibraryChange(
    (id: string) => api(`${HOSPITALS}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    "Hospital removed",
    "The hospital was not removed",
  );
