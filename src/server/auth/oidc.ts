import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { genericOAuth } from "better-auth/plugins";
import { isAdmin, ROLES, type Role } from "../../common/roles.ts";
import { PASSWORD_SIGN_IN_OFF_MESSAGE, SSO_PROVIDER_ID, type SignInOptions } from "../../common/sso.ts";
import type { Config, OidcConfig } from "../config.ts";
import type { Services } from "../context.ts";
import { profiles } from "../db/schema/index.ts";
import { getSchoolSettings } from "../features/school/service.ts";

/** What one callback learnt from the provider's verified answer, kept for the request that carries it. */
export interface SignInClaims {
  sub?: string;
  /** null: the provider sent no role claim, so the role is left as the portal has it. */
  role?: Role | null;
}
export const callbackClaims = new AsyncLocalStorage<SignInClaims>();

/**
 * The role the mapping gives, or null when the token carries no role claim at all. Several mapped groups give
 * the most powerful of their roles (ROLES is ordered from least to most); a claim naming no mapped group gives student.
 */
export function roleFromClaims(
  oidc: Pick<OidcConfig, "roleClaim" | "roleMap">,
  claims: Record<string, unknown>,
): Role | null {
  const value = claims[oidc.roleClaim];
  if (value === undefined || value === null) return null;
  const groups = new Set((Array.isArray(value) ? value : [value]).map(String));
  let best: Role = "student";
  for (const [group, role] of oidc.roleMap)
    if (groups.has(group) && ROLES.indexOf(role) > ROLES.indexOf(best)) best = role;
  return best;
}

function nameOf(raw: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const joined = [text(raw.given_name), text(raw.family_name)].filter(Boolean).join(" ");
  return text(raw.name) || joined || text(raw.preferred_username) || text(raw.email).split("@")[0] || "";
}

/**
 * better-auth's generic OAuth plugin, set for one OpenID provider. With discovery it verifies the ID token's
 * signature against the provider's JWKS, its issuer, audience, expiry and nonce (jose's jwtVerify inside
 * @better-auth/core's verifyIdToken); `requireIdTokenVerification` refuses to run if discovery gave no JWKS.
 * State and the PKCE verifier are kept server-side in the verification table and used once.
 */
export function ssoPlugin(config: Config) {
  const oidc = config.oidc;
  if (!oidc) return null;
  return genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        authentication: "basic",
        scopes: oidc.scopes,
        pkce: true,
        requireIdTokenVerification: true,
        // The school's directory answers for the address only when it says it verified it (see link-account).
        mapProfileToUser: (raw) => {
          const claims = callbackClaims.getStore();
          if (claims) {
            claims.sub = typeof raw.sub === "string" ? raw.sub : undefined;
            claims.role = roleFromClaims(oidc, raw);
          }
          return { name: nameOf(raw) };
        },
      },
    ],
  });
}

/**
 * Once the school turns password sign-in off (and only while single sign-on is configured, so that removing
 * it can never lock anyone out), a password is accepted from administrators alone.
 */
export async function passwordSignInRefused(
  s: Pick<Services, "db" | "config">,
  email: string | null,
): Promise<string | null> {
  if (!s.config.oidc || !(await getSchoolSettings(s.db)).passwordSignInAdminsOnly) return null;
  if (email) {
    const [p] = await s.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`);
    if (p && isAdmin(p.role)) return null;
  }
  return PASSWORD_SIGN_IN_OFF_MESSAGE;
}

/** The public answer the sign-in screen reads: the button's words, or null without single sign-on. */
export async function signInOptions(s: Pick<Services, "db" | "config">): Promise<SignInOptions> {
  const oidc = s.config.oidc;
  if (!oidc) return { sso: null };
  return { sso: { label: oidc.buttonLabel ?? `Sign in with ${(await getSchoolSettings(s.db)).schoolName}` } };
}
