import { and, eq } from "drizzle-orm";
import { isAdmin, type Role } from "../../common/roles.ts";
import { SSO_PROVIDER_ID } from "../../common/sso.ts";
import type { Services } from "../context.ts";
import { account, profiles } from "../db/schema/index.ts";
import { changeRole } from "../features/users/service.ts";
import { callbackClaims, type SignInClaims } from "./oidc.ts";
import { PEOPLE_KEYS } from "../../common/query-keys.ts";

// Apart from oidc.ts: auth.ts builds the plugin from there, and the users domain (whose role change this uses)
// reaches auth.ts through the guards, so importing it there would close a circle.

/** Runs better-auth's answer to a provider's callback, then gives the person the role their claims map to. */
export async function answerSsoCallback(
  s: Pick<Services, "db" | "events" | "log">,
  handle: () => Promise<Response>,
): Promise<Response> {
  const claims: SignInClaims = {};
  const res = await callbackClaims.run(claims, handle);
  if (!claims.sub) return res;
  if (claims.role) await applyRole(s, claims.sub, claims.role);
  // The person may be new (made just in time): the people lists and pickers of every instance forget theirs.
  await s.events.publish({ type: "auth.people_changed", userIds: [], invalidate: PEOPLE_KEYS });
  return res;
}

/**
 * The provider is the school's word on roles, applied at each sign-in, with one exception: an administrator is
 * made in the portal (by hand or the CLI) and is never lowered by a directory that does not know them as one.
 */
async function applyRole(s: Pick<Services, "db" | "events" | "log">, sub: string, role: Role): Promise<void> {
  const [row] = await s.db
    .select({ userId: account.userId, role: profiles.role })
    .from(account)
    .innerJoin(profiles, eq(profiles.id, account.userId))
    .where(and(eq(account.providerId, SSO_PROVIDER_ID), eq(account.accountId, sub)));
  // The provider never lowers an admin: an admin's role is the school's own decision.
  if (!row || row.role === role || isAdmin(row.role)) return;
  await changeRole(s, { actor: { id: null, name: "Single sign-on" }, userId: row.userId, role });
  s.log.info({ userId: row.userId, from: row.role, to: role }, "sso: role set from the provider's claims");
}
