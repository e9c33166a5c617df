import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcPeer, type OidcPeer, type Tamper } from "../../src/server/test/oidc-peer.ts";
import { launchBrowser } from "./support/browser.ts";
import { UI_TIMEOUT } from "./support/fixtures.ts";
import { freePort, startPortalProcess, type RunningPortal } from "./support/portal.ts";
import { seriousAxe } from "./support/axe.ts";
import { button, expectPath, field, fillSignIn, heading, signIn, toast, visible } from "./support/ui.ts";

const SSO_BUTTON = "Sign in with Northbridge Film School";

describe("signing in with the school account (a real OpenID provider on localhost)", () => {
  let idp: OidcPeer;
  let portal: RunningPortal;
  let browser: Browser;
  beforeAll(async () => {
    const port = await freePort();
    idp = await startOidcPeer({
      redirectUri: `http://localhost:${port}/auth/v1/callback/sso`,
      directory: [
        { email: "ines.moreau@portal.test", name: "Inès Moreau", groups: ["faculty"], emailVerified: true },
        { email: "student@portal.test", name: "Lena Fischer", groups: ["students"], emailVerified: true },
        { email: "kofi.mensah@portal.test", name: "Kofi Mensah", groups: ["students"], emailVerified: true },
      ],
    });
    portal = await startPortalProcess({
      port,
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_ROLE_MAP: "faculty=staff,students=student",
        SIGNIN_LIMIT_PER_IP: "1000",
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await idp?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: portal.url });
    context.setDefaultTimeout(UI_TIMEOUT);
    return context.newPage();
  }

  /** From /auth through the provider's own sign-in page; returns the callback address the browser was sent to. */
  async function signInAtProvider(page: Page, login: string): Promise<string> {
    let callback = "";
    page.on("request", (r) => {
      if (r.url().includes("/auth/v1/callback/sso")) callback = r.url();
    });
    await page.goto("/auth");
    await visible(heading(page, "Sign In"));
    await button(page, SSO_BUTTON).click();
    await page.waitForURL((u) => u.origin === idp.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.waitForURL((u) => u.origin === portal.url && !u.pathname.startsWith("/auth/v1/"));
    return callback;
  }

  const roleOf = (page: Page) =>
    page.evaluate(async () => ((await (await fetch("/rest/v1/profile")).json()) as { role: string }).role);

  it("adds one button above the three modes and nothing else", async () => {
    const page = await newPage();
    await page.goto("/auth");
    await visible(button(page, SSO_BUTTON));
    await visible(heading(page, "Sign In"));
    await visible(button(page, "Forgot your password? Reset it"));
    await visible(button(page, "Don't have an account? Sign up"));
    await expect(page.getByRole("alert").count()).resolves.toBe(0);
  });

  it("signs a new person in at the provider's page and lands them signed in with the mapped role; they come back to the same account", async () => {
    const page = await newPage();
    await signInAtProvider(page, "ines.moreau@portal.test");
    await expectPath(page, "/");
    await visible(heading(page, /^Welcome, Inès/));
    expect(await roleOf(page)).toBe("staff");
    const first = await page.evaluate(
      async () => ((await (await fetch("/rest/v1/profile")).json()) as { id: string }).id,
    );

    const again = await newPage();
    await signInAtProvider(again, "ines.moreau@portal.test");
    await visible(heading(again, /^Welcome, Inès/));
    expect(
      await again.evaluate(async () => ((await (await fetch("/rest/v1/profile")).json()) as { id: string }).id),
    ).toBe(first);
  });

  it("links the school account to the person's existing password account", async () => {
    const page = await newPage();
    await signInAtProvider(page, "student@portal.test");
    await visible(heading(page, /^Welcome, Lena/));
    expect(await roleOf(page)).toBe("student");
  });

  it.each([
    ["a tampered token", "signature"],
    ["a token from another issuer", "issuer"],
    ["an expired token", "expired"],
  ] as [string, Tamper][])("refuses %s with a clear message on /auth", async (_name, tamper) => {
    idp.tamper = tamper;
    try {
      const page = await newPage();
      await signInAtProvider(page, "kofi.mensah@portal.test");
      await expectPath(page, "/auth", "?error=unable_to_get_user_info");
      await visible(page.getByRole("alert").filter({ hasText: "could not be verified, so you were not signed in" }));
      await visible(heading(page, "Sign In"));
      await visible(button(page, SSO_BUTTON));
      if (tamper === "signature") expect(await seriousAxe(page)).toEqual([]);
    } finally {
      idp.tamper = null;
    }
  });

  it("refuses a replayed sign-in answer: its state was used once", async () => {
    const page = await newPage();
    const callback = await signInAtProvider(page, "kofi.mensah@portal.test");
    await visible(heading(page, /^Welcome, Kofi/));
    const replay = await newPage();
    await replay.goto(callback);
    await expectPath(replay, "/auth", "?error=state_mismatch");
    await visible(replay.getByRole("alert").filter({ hasText: "already been used or has expired" }));
    await visible(heading(replay, "Sign In"));
  });

  it("lets an admin keep password sign-in for admins only, and tells anyone else why their password is refused", async () => {
    const admin = await newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/settings");
    await expect
      .poll(() => field(admin, "School name").inputValue(), { timeout: UI_TIMEOUT })
      .toBe("Northbridge Film School");
    const only = admin.getByRole("switch", { name: "Password sign-in for administrators only" });
    await only.click();
    await button(admin, "Save School Settings").click();
    await toast(admin, "School Settings Saved");
    try {
      const student = await newPage();
      await student.goto("/auth");
      await fillSignIn(student, "tomas.novak@portal.test", "portal-demo");
      await toast(student, "Sign in failed", /Only administrators may sign in with a password/);
      await visible(button(student, SSO_BUTTON));
    } finally {
      await only.click();
      await button(admin, "Save School Settings").click();
      await toast(admin, "School Settings Saved");
    }
  });
});

describe("DEMO_SSO=true", () => {
  it("starts the local provider with the demo accounts beside the portal, and the sign-in screen offers it", async () => {
    const demoPort = await freePort();
    const portal = await startPortalProcess({ env: { DEMO_SSO: "true", DEMO_SSO_PORT: String(demoPort) } });
    try {
      const discovery = await (await fetch(`http://127.0.0.1:${demoPort}/.well-known/openid-configuration`)).json();
      expect(discovery).toMatchObject({
        issuer: `http://127.0.0.1:${demoPort}`,
        code_challenge_methods_supported: ["S256"],
      });
      expect(await (await fetch(`${portal.url}/rest/v1/sign-in-options`)).json()).toEqual({
        sso: { label: SSO_BUTTON },
      });
      expect(portal.output()).toContain("kofi.mensah@portal.test");
    } finally {
      await portal.stop();
    }
  });
});
