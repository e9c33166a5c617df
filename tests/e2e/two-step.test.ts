import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import {
  CODE_ALREADY_USED_MESSAGE,
  TWO_STEP_SETUP_REQUIRED_CODE,
  TWO_STEP_SETUP_REQUIRED_MESSAGE,
  WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from "../../src/common/two-step.ts";
import { usePortal } from "./support/fixtures.ts";
import {
  button,
  DEMO_PASSWORD,
  expectPath,
  field,
  fillSignIn,
  heading,
  signIn,
  signOut,
  toast,
  visible,
} from "./support/ui.ts";

const e2e = usePortal();

/** The code the person's authenticator app shows now for this secret (or at `at`). */
const codeNow = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at,
  });
/** A code that is never right around now: the present one with its last digit changed. */
const wrongCode = (secret: string) => codeNow(secret).replace(/.$/, (d) => String((Number(d) + 5) % 10));

describe("two-step sign-in", () => {
  it("is set up in Settings with a QR code, then asks for a code at sign-in, refusing a wrong one, and takes a recovery code", async () => {
    const page = await e2e.newPage();
    const email = "staff@portal.test";
    await signIn(page, email);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Two-Step Sign-In" });
    await visible(section.getByText("Two-step sign-in is off."));
    await section.getByLabel(/^Password\s*\*?$/).fill(DEMO_PASSWORD);
    await section.getByRole("button", { name: "Set Up Two-Step Sign-In", exact: true }).click();

    await visible(section.getByRole("img", { name: "QR code to scan with your authenticator app" }));
    const key = (await (await visible(section.getByLabel("Secret key"))).getAttribute("data-secret"))!;
    expect(key).toMatch(/^[A-Z2-7]+=*$/);
    // A wrong code does not turn it on.
    await field(page, "Code from the app").fill(wrongCode(key));
    await button(page, "Turn On").click();
    await toast(page, "Code not accepted", WRONG_CODE_MESSAGE);
    const setUpAt = Date.now();
    await field(page, "Code from the app").fill(codeNow(key, setUpAt));
    await button(page, "Turn On").click();
    await toast(page, "Two-step sign-in is on");
    const codes = await (
      await visible(section.getByRole("list", { name: "Recovery codes" }))
    )
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    await button(page, "I Have Saved Them").click();
    await visible(section.getByText(/^Two-step sign-in is on: signing in asks/));

    // The password alone no longer signs in; the /auth screen's first load did not carry the second step's code.
    await signOut(page);
    const loaded: string[] = [];
    page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto("/auth");
    await visible(heading(page, "Sign In"));
    expect(loaded.filter((p) => /TwoStep/.test(p))).toEqual([]);
    await fillSignIn(page, email, DEMO_PASSWORD);
    await visible(heading(page, "Two-Step Sign-In"));
    expect(await page.evaluate(async () => (await fetch("/auth/v1/get-session")).json())).toBeNull();

    await field(page, "Code").fill(wrongCode(key));
    await button(page, "Verify").click();
    await toast(page, "Sign in failed", WRONG_CODE_MESSAGE);
    await visible(heading(page, "Two-Step Sign-In"));
    // The setup's code was taken: within its 30 s it is refused, the app's next code signs in.
    await field(page, "Code").fill(codeNow(key, setUpAt));
    await button(page, "Verify").click();
    await toast(page, "Sign in failed", CODE_ALREADY_USED_MESSAGE);
    await field(page, "Code").fill(codeNow(key, setUpAt + 30_000));
    await button(page, "Verify").click();
    await toast(page, "Welcome to The Portal!");
    await expectPath(page, "/");
    expect((await page.evaluate(async () => (await fetch("/auth/v1/get-session")).json()))?.user?.email).toBe(email);

    // With the phone lost: a recovery code, once.
    await signOut(page);
    await fillSignIn(page, email, DEMO_PASSWORD);
    await visible(heading(page, "Two-Step Sign-In"));
    await button(page, "Lost your phone? Use a recovery code").click();
    await field(page, "Recovery Code").fill("not-a-recovery-code");
    await button(page, "Verify").click();
    await toast(page, "Sign in failed", WRONG_RECOVERY_CODE_MESSAGE);
    await field(page, "Recovery Code").fill(codes[0]!);
    await button(page, "Verify").click();
    await toast(page, "Welcome to The Portal!");
    await expectPath(page, "/");
  });

  it("leads an admin without it to the setup after sign-in once the school requires it, and leaves students alone", async () => {
    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/settings");
    const required = await visible(
      admin.getByRole("switch", { name: "Require two-step sign-in for staff and admins" }),
    );
    await required.click();
    await button(admin, "Save School Settings").click();
    await toast(admin, "School Settings Saved");

    // This tab still holds the session it read before; the server's refusal leads it to the setup all the same.
    await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Production Overview" }).click();
    await expectPath(admin, "/settings");
    await visible(admin.getByText(TWO_STEP_SETUP_REQUIRED_MESSAGE));

    const again = await e2e.newPage();
    await signIn(again, "admin@portal.test");
    await expectPath(again, "/settings", "");
    await visible(again.getByText(TWO_STEP_SETUP_REQUIRED_MESSAGE));
    await again.goto("/production-overview");
    await expectPath(again, "/settings");
    // The server refuses the rest, not only the app.
    expect(
      await again.evaluate(async () => {
        const res = await fetch("/rest/v1/projects");
        return { status: res.status, code: (await res.json()).error.code };
      }),
    ).toEqual({ status: 403, code: TWO_STEP_SETUP_REQUIRED_CODE });

    // Set up, and everything opens at once.
    const section = again.getByRole("region", { name: "Two-Step Sign-In" });
    await section.getByLabel(/^Password\s*\*?$/).fill(DEMO_PASSWORD);
    await section.getByRole("button", { name: "Set Up Two-Step Sign-In", exact: true }).click();
    const key = (await (await visible(section.getByLabel("Secret key"))).getAttribute("data-secret"))!;
    await field(again, "Code from the app").fill(codeNow(key));
    await button(again, "Turn On").click();
    await toast(again, "Two-step sign-in is on");
    await button(again, "I Have Saved Them").click();
    await again.goto("/production-overview");
    await visible(heading(again, "Production Overview"));
    await expectPath(again, "/production-overview");

    const student = await e2e.newPage();
    await signIn(student, "tomas.novak@portal.test");
    await student.goto("/production-overview");
    await visible(heading(student, "Production Overview"));
    await expectPath(student, "/production-overview");
  });
});
