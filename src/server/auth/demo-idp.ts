import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { JWK, KoaContextWithOIDC } from "oidc-provider";
import { SSO_PROVIDER_ID } from "../../common/sso.ts";
import { parseRoleMap, type Config } from "../config.ts";

/** One person of the demo school's directory. */
export interface DirectoryPerson {
  email: string;
  name: string;
  groups: string[];
  /** Whether the directory vouches for the address (the `email_verified` claim). */
  emailVerified: boolean;
}

/**
 * The demo directory: two people the portal already knows (their accounts are linked at their first school
 * sign-in) and two it does not (made at their first one), with groups that the demo role map reads.
 */
export const DEMO_DIRECTORY: DirectoryPerson[] = [
  { email: "staff@portal.test", name: "Daniel Reyes", groups: ["faculty"], emailVerified: true },
  { email: "student@portal.test", name: "Lena Fischer", groups: ["students"], emailVerified: true },
  { email: "ines.moreau@portal.test", name: "Inès Moreau", groups: ["faculty"], emailVerified: true },
  { email: "kofi.mensah@portal.test", name: "Kofi Mensah", groups: ["students"], emailVerified: true },
];
export const DEMO_ROLE_MAP = "faculty=staff,students=student";

export interface LocalIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The signing key (private): a test peer re-signs tokens with it to check what the portal refuses. */
  signingKey: JWK;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider, the certified Node implementation) on localhost, with the directory
 * given and one client: the portal. Its sign-in page is oidc-provider's development page, where any password
 * is accepted for a login from the directory: for the demo (`DEMO_SSO=true`) and the tests, never a school.
 */
export async function startLocalIdp(opts: {
  port: number;
  host?: string;
  redirectUri: string;
  directory: DirectoryPerson[];
  /** Put in front of every endpoint (a test's hand on what the provider answers). */
  before?: (
    idp: Pick<LocalIdp, "signingKey">,
  ) => (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => Promise<void>;
}): Promise<LocalIdp> {
  const { default: Provider } = await import("oidc-provider");
  const host = opts.host ?? "127.0.0.1";
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "local-idp", alg: "RS256", use: "sig" } as JWK;
  const clientId = `portal-${SSO_PROVIDER_ID}`;
  const clientSecret = randomBytes(24).toString("base64url");
  const byLogin = new Map(opts.directory.map((p) => [p.email.toLowerCase(), p]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    // The claims ride in the ID token, as Entra ID, Okta and Keycloak send groups once configured to.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: {
      Interaction: 10 * 60,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      IdToken: 3600,
      AccessToken: 3600,
      AuthorizationCode: 60,
    },
    // The school's own portal is a first-party client: a person signs in and is never asked to consent.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, id) => {
      const person = byLogin.get(id.toLowerCase());
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: person.email.toLowerCase(),
          email: person.email,
          email_verified: person.emailVerified,
          name: person.name,
          groups: person.groups,
        }),
      };
    },
  });
  if (opts.before) provider.middleware.unshift(opts.before({ signingKey }) as (typeof provider.middleware)[number]);
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    signingKey,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * `DEMO_SSO=true`: the local provider beside the portal, with the demo directory, and the portal's single sign-on
 * pointed at it (unless OIDC_ISSUER names a real one). Only for trying it out: any password is accepted there.
 */
export async function withDemoSso(config: Config): Promise<{ config: Config; idp: LocalIdp | null }> {
  if (!config.DEMO_SSO || config.oidc) return { config, idp: null };
  const idp = await startLocalIdp({
    port: config.DEMO_SSO_PORT,
    redirectUri: `${config.PUBLIC_URL}/auth/v1/callback/${SSO_PROVIDER_ID}`,
    directory: DEMO_DIRECTORY,
  });
  const oidc = {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    buttonLabel: null,
    scopes: ["openid", "email", "profile"],
    roleClaim: "groups",
    roleMap: parseRoleMap(DEMO_ROLE_MAP),
  };
  return { config: { ...config, oidc }, idp };
}
