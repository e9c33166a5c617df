import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import {
  button,
  DEMO_PASSWORD,
  expectPath,
  fillSignIn,
  heading,
  signIn,
  signOut,
  toast,
  visible,
} from "./support/ui.ts";

const e2e = usePortal();

describe("the sign-in limit (SPEC §4)", () => {
  it("after too many failed attempts for one e-mail, says so, signs out and clears the auth state", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto("/auth");
    const email = "amara.diallo@portal.test";
    const signInAnswer = () => page.waitForResponse((r) => new URL(r.url()).pathname === "/auth/v1/sign-in/email");
    // SIGNIN_LIMIT_PER_EMAIL is 5: five refusals, then the limit answers.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = signInAnswer();
      await fillSignIn(page, email, `wrong-${attempt}`);
      expect((await answer).status()).toBe(401);
    }
    await toast(page, "Sign in failed", "Invalid email or password");

    // A session the browser holds (signed in elsewhere in this profile) must not survive the sign-out.
    const other = await fetch(`${e2e.portal.url}/auth/v1/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: e2e.portal.url },
      body: JSON.stringify({ email: "jun.park@portal.test", password: DEMO_PASSWORD }),
    });
    expect(other.status).toBe(200);
    await context.addCookies(
      other.headers.getSetCookie().map((c) => {
        const [name, ...value] = c.split(";")[0]!.split("=");
        return { name: name!, value: value.join("="), url: e2e.portal.url };
      }),
    );
    expect((await page.evaluate(async () => (await fetch("/auth/v1/get-session")).json()))?.user?.email).toBe(
      "jun.park@portal.test",
    );

    const signOutCall = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/auth/v1/sign-out",
    );
    const limited = signInAnswer();
    await fillSignIn(page, email, "wrong-6");
    expect((await limited).status()).toBe(429);
    await toast(page, "Sign in failed", /too many failed login attempts/i);
    await (await signOutCall).response();
    await visible(heading(page, "Sign In"));

    expect(await page.evaluate(async () => (await fetch("/auth/v1/get-session")).json())).toBeNull();
    await page.goto("/settings");
    await visible(heading(page, "Sign In"));
    await expectPath(page, "/settings");
  });
});

describe("tabs are kept in step", () => {
  it("signing out in one tab shows the sign-in screen in the other without a reload", async () => {
    const context = await e2e.newContext();
    const first = await context.newPage();
    await signIn(first, "tomas.novak@portal.test");
    const second = await context.newPage();
    await second.goto("/settings");
    await visible(heading(second, "Settings"));
    let reloaded = false;
    second.on("framenavigated", (frame) => {
      if (frame === second.mainFrame()) reloaded = true;
    });

    await signOut(first);
    await visible(heading(second, "Sign In"));
    await expectPath(second, "/settings");
    expect(reloaded).toBe(false);
  });
});

describe("/test-notifications", () => {
  it("runs the notification-jobs processor and shows its raw JSON", async () => {
    const page = await e2e.newPage();
    await signIn(page, "staff@portal.test");
    await page.goto("/test-notifications");
    await visible(heading(page, "Test Notifications"));
    await button(page, "Run Notification Jobs").click();
    const result = await visible(page.getByLabel("Result", { exact: true }));
    const json = JSON.parse((await result.textContent()) ?? "") as Record<string, unknown>;
    for (const key of ["processed", "sent", "retried", "failed", "remaining"]) expect(json, key).toHaveProperty(key);
  });
});
