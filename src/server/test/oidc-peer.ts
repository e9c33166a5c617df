import { decodeJwt, importJWK, SignJWT, type JWK as JoseJWK } from "jose";
import { startLocalIdp, type DirectoryPerson, type LocalIdp } from "../auth/demo-idp.ts";

/** What the peer does to the ID token of the next token answers, to see the portal refuse it. */
export type Tamper = "signature" | "issuer" | "expired" | null;

export interface OidcPeer extends LocalIdp {
  directory: DirectoryPerson[];
  tamper: Tamper;
  /**
   * Walks a browser's way through the provider from the portal's authorization URL: oidc-provider's own login
   * page answered as a person would, redirects followed with the provider's cookies, until the provider sends
   * the browser back to the portal. Returns that callback URL.
   */
  authorize(authorizationUrl: string, login: string): Promise<URL>;
}

function b64url(text: string): string {
  return Buffer.from(text).toString("base64url");
}

/** A real OpenID provider on localhost (oidc-provider), for the portal's single sign-on tests. */
export async function startOidcPeer(opts: { redirectUri: string; directory: DirectoryPerson[] }): Promise<OidcPeer> {
  const state: { tamper: Tamper } = { tamper: null };
  // In front of the token endpoint: the provider signs as always, then the test decides what the portal receives.
  const before: Parameters<typeof startLocalIdp>[0]["before"] = ({ signingKey }) => {
    const key = importJWK(JSON.parse(JSON.stringify(signingKey)) as JoseJWK, "RS256");
    return async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path !== "/token" || !state.tamper || !body?.id_token) return;
      const claims = decodeJwt(body.id_token);
      const header = { alg: "RS256", kid: signingKey.kid as string };
      const now = Math.floor(Date.now() / 1000);
      if (state.tamper === "signature") {
        const [h, , sig] = body.id_token.split(".");
        body.id_token = `${h}.${b64url(JSON.stringify({ ...claims, groups: ["it-admins"] }))}.${sig}`;
      } else if (state.tamper === "issuer") {
        body.id_token = await new SignJWT({ ...claims, iss: "http://127.0.0.1:9/another-issuer" })
          .setProtectedHeader(header)
          .sign(await key);
      } else {
        body.id_token = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
          .setProtectedHeader(header)
          .sign(await key);
      }
      ctx.body = body;
    };
  };
  const idp = await startLocalIdp({ port: 0, redirectUri: opts.redirectUri, directory: opts.directory, before });
  const peer: OidcPeer = {
    ...idp,
    directory: opts.directory,
    get tamper() {
      return state.tamper;
    },
    set tamper(t: Tamper) {
      state.tamper = t;
    },
    async authorize(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const send = async (url: URL, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
        const res = await fetch(url, { ...init, headers, redirect: "manual" });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(";");
          const at = pair!.indexOf("=");
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return res;
      };
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== idp.issuer) return url;
        let res = await send(url);
        if (res.status === 200 && url.pathname.startsWith("/interaction/")) {
          const form = new URLSearchParams({ prompt: "login", login, password: "any" });
          res = await send(url, {
            method: "POST",
            body: form,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          });
        }
        const location = res.headers.get("location");
        if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
        url = new URL(location, url);
      }
      throw new Error("the provider redirected too often");
    },
  };
  return peer;
}
