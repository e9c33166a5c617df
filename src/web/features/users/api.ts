import { useQuery } from "@tanstack/react-query";
import { keys } from "../../../common/query-keys.ts";
import type { Role } from "../../../common/roles.ts";
import { api } from "../../lib/api.ts";

const INVITATIONS_PATH = "/rest/v1/invitations";

/** What an invitation link offers (the address and the role), before the invited person chooses a password. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: keys.invitation(token),
    queryFn: ({ signal }) =>
      api<{ email: string; role: Role; expiresAt: string }>(
        `${INVITATIONS_PATH}/lookup?token=${encodeURIComponent(token)}`,
        { signal },
      ),
    enabled: !!token,
    retry: false,
    throwOnError: false,
  });

export const acceptInvitation = (token: string, fullName: string, password: string) =>
  api(`${INVITATIONS_PATH}/accept`, { json: { token, fullName, password } });
