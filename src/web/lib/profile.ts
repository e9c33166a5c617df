import { useQuery } from "@tanstack/react-query";
import type { ProfileDto } from "../../common/profile.ts";
import { api } from "./api.ts";

/** The browser test of the error screen intercepts exactly this endpoint under exactly this key. */
export const PROFILE_QUERY_KEY = ["profile"] as const;

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => api<ProfileDto>("/rest/v1/profile", { signal }) });
}

export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;
