import { useQuery } from "@tanstack/react-query";
import type { ProfileDto } from "../../common/profile.ts";
import { keys } from "../../common/query-keys.ts";
import { api } from "./api.ts";
import { currentTheme, setTheme } from "./theme.ts";

/** The browser test of the error screen intercepts exactly this endpoint under exactly this key. */
export const PROFILE_QUERY_KEY = keys.profile();

/** The theme kept on the profile wins over this device's copy, so a choice made elsewhere follows the person. */
async function fetchProfile(signal: AbortSignal) {
  const profile = await api<ProfileDto>("/rest/v1/profile", { signal });
  if (profile.theme && profile.theme !== currentTheme()) setTheme(profile.theme);
  return profile;
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => fetchProfile(signal) });
}

export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;
