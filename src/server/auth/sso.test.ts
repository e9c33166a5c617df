import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../config.ts";
import { account, profiles, user } from "../db/schema/index.ts";
import { ACCOUNT_DEACTIVATED_MESSAGE } from "./auth.ts";
import { PASSWORD_SIGN_IN_OFF_MESSAGE, PASSWORD_SIGN_UP_OFF_MESSAGE } from "../../common/sso.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";
import { startOidcPeer, type OidcPeer } from "../test/oidc-peer.ts";
import { roleFromClaims } from "./oidc.ts";

const PUBLIC_URL = "http://localhost:4987";
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("single sign-on settings", () => {
  it("names the missing variable and a wrong role map in one line", () => {
    expect(() => loadConfig({ DATA_DIR: "/tmp/portal-sso-config", OIDC_ISSUER: "https://login.school.edu" })).toThrow(
      new ConfigError(
        "OIDC_CLIENT_ID: must be set when OIDC_ISSUER is (single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)",
      ),
    );
    const full = {
      DATA_DIR: "/tmp/portal-sso-config",
      OIDC_ISSUER: "https://login.school.edu/",
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "s3cret",
    };
    expect(() => loadConfig({ ...full, OIDC_ROLE_MAP: "staff=teacher" })).toThrow(
      /OIDC_ROLE_MAP: “teacher” is not a role/,
    );
    expect(() => loadConfig({ ...full, OIDC_ROLE_MAP: "staff" })).toThrow(/OIDC_ROLE_MAP: “staff” must be group=role/);
    expect(loadConfig({ ...full, OIDC_ROLE_MAP: "staff=staff, it-admins=admin" }).oidc).toMatchObject({
      issuer: "https://login.school.edu",
      roleMap: [
        ["staff", "staff"],
        ["it-admins", "admin"],
      ],
    });
    expect(loadConfig({ DATA_DIR: "/tmp/portal-sso-config" }).oidc).toBeNull();
  });

  it("maps groups to the most powerful mapped role, student when none is mapped, nothing without the claim", () => {
    const oidc = {
      roleClaim: "groups",
      roleMap: [
        ["faculty", "staff"],
        ["it", "admin"],
      ] as [string, "staff" | "admin"][],
    };
    expect(roleFromClaims(oidc, { groups: ["students", "faculty"] })).toBe("staff");
    expect(roleFromClaims(oidc, { groups: ["faculty", "it"] })).toBe("admin");
    expect(roleFromClaims(oidc, { groups: "faculty" })).toBe("staff");
    expect(roleFromClaims(oidc, { groups: ["alumni"] })).toBe("student");
    expect(roleFromClaims(oidc, {})).toBeNull();
  });
});

describe("without single sign-on", () => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal("pglite");
  });
  afterAll(() => p?.close());

  it("offers no school button, and the admins-only switch cannot lock anyone out", async () => {
    expect(await (await p.request("/rest/v1/sign-in-options")).json()).toEqual({ sso: null });
    const admin = await p.signIn("admin@portal.test");
    const current = (await (await p.request("/rest/v1/school-settings", { cookie: admin })).json()) as {
      version: number;
      settings: Record<string, unknown>;
    };
    const put = await p.request("/rest/v1/school-settings", {
      method: "PUT",
      cookie: admin,
      json: { version: current.version, settings: { ...current.settings, passwordSignInAdminsOnly: true } },
    });
    expect(put.status).toBe(200);
    expect(await p.signIn("student@portal.test")).toBeTruthy();
  });
});

describe.each(DB_KINDS)("single sign-on against a real OpenID provider on %s", (kind) => {
  let p: TestPortal;
  let idp: OidcPeer;
  beforeAll(async () => {
    idp = await startOidcPeer({
      redirectUri: `${PUBLIC_URL}/auth/v1/callback/sso`,
      directory: [
        { email: "kofi.mensah@portal.test", name: "Kofi Mensah", groups: ["students"], emailVerified: true },
        { email: "ines.moreau@portal.test", name: "Inès Moreau", groups: ["faculty"], emailVerified: true },
        { email: "student@portal.test", name: "Lena Fischer", groups: ["students"], emailVerified: true },
        { email: "jun.park@portal.test", name: "Jun Park", groups: ["students"], emailVerified: false },
        { email: "admin@portal.test", name: "Margaret Okafor", groups: ["students"], emailVerified: true },
      ],
    });
    p = await startTestPortal(kind, {
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_ROLE_MAP: "faculty=staff,students=student",
    });
  });
  afterAll(async () => {
    await p?.close();
    await idp?.close();
  });

  /** The browser's round trip: start at the portal, sign in at the provider, come back to the callback. */
  async function ssoSignIn(login: string) {
    const start = await p.request("/auth/v1/sign-in/social", {
      method: "POST",
      json: { provider: "sso", callbackURL: "/", errorCallbackURL: "/auth" },
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("state")).toBeTruthy();
    const callback = await idp.authorize(url, login);
    expect(callback.origin).toBe(PUBLIC_URL);
    const stateCookie = cookiesOf(start);
    const res = await p.request(callback.pathname + callback.search, { cookie: stateCookie });
    return {
      res,
      location: res.headers.get("location") ?? "",
      cookie: cookiesOf(res),
      again: () => p.request(callback.pathname + callback.search, { cookie: stateCookie }),
    };
  }

  async function profileOf(cookie: string) {
    const res = await p.request("/rest/v1/profile", { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; email: string; fullName: string; role: string };
  }

  it("tells the sign-in screen that the school signs in with its account", async () => {
    expect(await (await p.request("/rest/v1/sign-in-options")).json()).toEqual({
      sso: { label: "Sign in with Northbridge Film School" },
    });
  });

  it("makes a new person just in time with the claims' name, e-mail and mapped role, and finds them again the next time", async () => {
    const first = await ssoSignIn("ines.moreau@portal.test");
    expect(first.location).toBe("/");
    const me = await profileOf(first.cookie);
    expect(me).toMatchObject({ email: "ines.moreau@portal.test", fullName: "Inès Moreau", role: "staff" });

    const again = await ssoSignIn("ines.moreau@portal.test");
    expect((await profileOf(again.cookie)).id).toBe(me.id);
    const [{ n }] = (await p.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(eq(user.email, "ines.moreau@portal.test"))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("follows the directory's groups at each sign-in, but never lowers an administrator", async () => {
    const kofi = idp.directory.find((d) => d.email.startsWith("kofi"))!;
    expect((await profileOf((await ssoSignIn(kofi.email)).cookie)).role).toBe("student");
    kofi.groups = ["students", "faculty"];
    expect((await profileOf((await ssoSignIn(kofi.email)).cookie)).role).toBe("staff");
    kofi.groups = ["students"];
    expect((await profileOf((await ssoSignIn(kofi.email)).cookie)).role).toBe("student");

    const admin = await ssoSignIn("admin@portal.test");
    expect((await profileOf(admin.cookie)).role).toBe("admin");
  });

  it("links a password account whose verified address the provider verified too, without a second person", async () => {
    const byPassword = await profileOf(await p.signIn("student@portal.test"));
    const bySso = await ssoSignIn("student@portal.test");
    expect((await profileOf(bySso.cookie)).id).toBe(byPassword.id);
    const providers = await p.services.db
      .select({ providerId: account.providerId })
      .from(account)
      .where(eq(account.userId, byPassword.id));
    expect(providers.map((a) => a.providerId).sort()).toEqual(["credential", "sso"]);
    expect(await p.signIn("student@portal.test")).toBeTruthy();
  });

  it("refuses to join an existing account when the provider does not vouch for the address", async () => {
    const { location, cookie } = await ssoSignIn("jun.park@portal.test");
    expect(location).toBe(`/auth?error=account_not_linked`);
    expect(cookie).not.toMatch(/session_token=[^;]/);
    const rows = await p.services.db
      .select()
      .from(account)
      .where(and(eq(account.providerId, "sso"), eq(account.accountId, "jun.park@portal.test")));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ["a tampered token", "signature"],
    ["a token from another issuer", "issuer"],
    ["an expired token", "expired"],
  ] as const)("refuses %s and sends the browser to /auth with the reason", async (_name, tamper) => {
    idp.tamper = tamper;
    try {
      const { location, cookie } = await ssoSignIn("kofi.mensah@portal.test");
      expect(location).toBe(`/auth?error=unable_to_get_user_info`);
      expect(cookie).not.toMatch(/session_token=[^;]/);
    } finally {
      idp.tamper = null;
    }
  });

  it("refuses a replayed callback: its state was used once", async () => {
    const first = await ssoSignIn("kofi.mensah@portal.test");
    expect(first.location).toBe("/");
    const replay = await first.again();
    expect(replay.headers.get("location")).toBe(`${PUBLIC_URL}/auth?error=state_mismatch`);
    expect(cookiesOf(replay)).not.toMatch(/session_token=[^;]/);
  });

  it("turns a deactivated person away at the school sign-in too, with the portal's sentence", async () => {
    await p.services.db.update(profiles).set({ active: false }).where(eq(profiles.email, "ines.moreau@portal.test"));
    try {
      const { location, cookie } = await ssoSignIn("ines.moreau@portal.test");
      const url = new URL(location, PUBLIC_URL);
      expect(url.pathname).toBe("/auth");
      expect(url.searchParams.get("error_description")).toBe(ACCOUNT_DEACTIVATED_MESSAGE);
      expect(cookie).not.toMatch(/session_token=[^;]/);
    } finally {
      await p.services.db.update(profiles).set({ active: true }).where(eq(profiles.email, "ines.moreau@portal.test"));
    }
  });

  it("lets an admin turn password sign-in off for everyone else, with a clear 403", async () => {
    const admin = await p.signIn("admin@portal.test");
    const current = (await (await p.request("/rest/v1/school-settings", { cookie: admin })).json()) as {
      version: number;
      settings: Record<string, unknown>;
    };
    const put = await p.request("/rest/v1/school-settings", {
      method: "PUT",
      cookie: admin,
      json: { version: current.version, settings: { ...current.settings, passwordSignInAdminsOnly: true } },
    });
    expect(put.status).toBe(200);
    try {
      const student = await p.request("/auth/v1/sign-in/email", {
        method: "POST",
        json: { email: "tomas.novak@portal.test", password: "portal-demo" },
      });
      expect(student.status).toBe(403);
      expect(await student.json()).toMatchObject({
        code: "PASSWORD_SIGN_IN_OFF",
        message: PASSWORD_SIGN_IN_OFF_MESSAGE,
      });
      const signUp = await p.request("/auth/v1/sign-up/email", {
        method: "POST",
        json: { email: "new.one@portal.test", password: "secret12", name: "New One" },
      });
      expect(signUp.status).toBe(403);
      expect((await signUp.json()).message).toBe(PASSWORD_SIGN_UP_OFF_MESSAGE);
      expect(await p.signIn("admin@portal.test")).toBeTruthy();
      expect((await ssoSignIn("kofi.mensah@portal.test")).location).toBe("/");
    } finally {
      const now = (await (await p.request("/rest/v1/school-settings", { cookie: admin })).json()) as {
        version: number;
        settings: Record<string, unknown>;
      };
      await p.request("/rest/v1/school-settings", {
        method: "PUT",
        cookie: admin,
        json: { version: now.version, settings: { ...now.settings, passwordSignInAdminsOnly: false } },
      });
    }
  });
});
