import { useQuery } from "@tanstack/react-query";
import type { SignInOptions } from "../../common/sso.ts";
import { api } from "./api.ts";

export const SIGN_IN_OPTIONS_QUERY_KEY = ["sign-in-options"] as const;

/**
 * Whether the school signs in with its own account: public, since the sign-in screen asks before anyone is
 * signed in; the school settings read it too, to offer password sign-in for admins only.
 */
export function useSignInOptions() {
  return useQuery({ queryKey: SIGN_IN_OPTIONS_QUERY_KEY, queryFn: () => api<SignInOptions>("/rest/v1/sign-in-options"), staleTime: 5 * 60_000 });
}
