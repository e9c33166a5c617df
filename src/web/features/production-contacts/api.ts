import { useQuery } from "@tanstack/react-query";
import type {
  ContactDaysInput,
  ProductionContactInput,
  ProductionContactsDto,
} from "../../../common/production-contacts.ts";
import { keys } from "../../../common/query-keys.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange, type ChangeMessages } from "../../lib/change.ts";

export const contactsPath = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/contacts`;

/** A production's shared contacts; only asked for by those who may read them (the project's `canEdit`). */
export function useProductionContacts(projectId: string, enabled = true) {
  return useQuery({
    queryKey: keys.productionContacts(projectId),
    queryFn: ({ signal }) => api<ProductionContactsDto>(contactsPath(projectId), { signal }),
    enabled,
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export type ContactChange =
  | { op: "add"; input: ProductionContactInput }
  | { op: "edit"; id: string; input: ProductionContactInput }
  | { op: "remove"; id: string };

/** Adds, changes or removes a contact; the list and the call sheets refetch. */
export const useContactChange = (projectId: string, messages: ChangeMessages<ContactChange, ProductionContactsDto>) =>
  useChange(
    { invalidate: [keys.productionContacts(projectId), keys.schedule(projectId)] },
    (v: ContactChange) =>
      v.op === "add"
        ? api<ProductionContactsDto>(contactsPath(projectId), { json: v.input })
        : api<ProductionContactsDto>(`${contactsPath(projectId)}/${encodeURIComponent(v.id)}`, {
            method: v.op === "edit" ? "PUT" : "DELETE",
            ...(v.op === "edit" ? { json: v.input } : {}),
          }),
    messages,
  );

export interface ContactDaysChange {
  id: string;
  name: string;
  input: ContactDaysInput;
}

/** Puts a contact on shoot days' call sheets (or every day's); the call sheets refetch. */
export const useContactDays = (projectId: string, onSuccess?: () => void) =>
  useChange(
    { invalidate: [keys.productionContacts(projectId), keys.schedule(projectId)] },
    (v: ContactDaysChange) =>
      api<ProductionContactsDto>(`${contactsPath(projectId)}/${encodeURIComponent(v.id)}/days`, {
        method: "PUT",
        json: v.input,
      }),
    {
      success: (_r, v) => ["Call sheets updated", `${v.name}'s days are saved.`],
      failure: "The days were not saved",
      onSuccess: () => onSuccess?.(),
    },
  );
