import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import {
  button,
  DEMO_PASSWORD,
  expectPath,
  field,
  fillSignIn,
  heading,
  isFocused,
  toast,
  uniqueEmail,
  visible,
} from "./support/ui.ts";

const e2e = usePortal();

async function openSignUp(page: Page) {
  await page.goto("/auth");
  await visible(heading(page, "Sign In"));
  await button(page, "Don't have an account? Sign up").click();
  await visible(heading(page, "Create Account"));
  await expectPath(page, "/auth", "?mode=signup");
}

async function fillSignUp(page: Page, values: { name: string; email: string; password: string }) {
  await field(page, "Full Name").fill(values.name);
  await field(page, "Email").fill(values.email);
  await field(page, "Password").fill(values.password);
  await button(page, "Create Account").click();
}

describe("the /auth screen", () => {
  it("switches between its three modes with the spec's footer links", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await visible(page.getByText("The Portal", { exact: true }).first());
    await visible(heading(page, "Sign In"));
    await visible(button(page, "Forgot your password? Reset it"));
    await button(page, "Don't have an account? Sign up").click();
    await visible(heading(page, "Create Account"));
    for (const label of ["Full Name", "Email", "Password"]) {
      expect(await field(page, label).getAttribute("aria-required"), label).toBe("true");
    }
    await button(page, "Already have an account? Sign in").click();
    await visible(heading(page, "Sign In"));
    await expectPath(page, "/auth");
    await button(page, "Forgot your password? Reset it").click();
    await visible(heading(page, "Reset Password"));
    await expectPath(page, "/auth", "?mode=reset");
    expect(await field(page, "Password").count()).toBe(0);
    await button(page, "Remember your password? Sign in").click();
    await visible(heading(page, "Sign In"));
  });
});

describe("sign-up", () => {
  it("creates the account and lands signed in at home", async () => {
    const page = await e2e.newPage();
    await openSignUp(page);
    await fillSignUp(page, {
      name: "  Ada Lovelace  ",
      email: `  ${uniqueEmail("ada")}  `,
      password: "analytical-engine",
    });
    await toast(page, "Account Created");
    await expectPath(page, "/");
    await visible(heading(page, /^Welcome, Ada/));
    await visible(button(page, "Sign Out"));
  });

  it("with an already-registered e-mail and its right password, signs in instead", async () => {
    const page = await e2e.newPage();
    await openSignUp(page);
    await fillSignUp(page, { name: "Jun Park", email: "jun.park@portal.test", password: DEMO_PASSWORD });
    await expectPath(page, "/");
    await visible(heading(page, /^Welcome, Jun/));
  });

  it("with an already-registered e-mail and a wrong password, stays signed out and says so", async () => {
    const page = await e2e.newPage();
    await openSignUp(page);
    await fillSignUp(page, {
      name: "Sofia Marchetti",
      email: "sofia.marchetti@portal.test",
      password: "not-her-password",
    });
    // SPEC §8 maps the failed fallback sign-in (invalid credentials) to this message.
    await toast(page, "Sign up failed", "Account creation failed. Please check your information and try again.");
    await visible(heading(page, "Create Account"));
    expect(await button(page, "Sign Out").count()).toBe(0);
  });
});

describe("validation toasts (SPEC §5)", () => {
  it("Invalid Email on sign-in", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await field(page, "Email").fill("not-an-address");
    await field(page, "Password").fill("whatever");
    await button(page, "Sign In").click();
    await toast(page, "Invalid Email", "Please enter a valid email address");
    expect(await isFocused(field(page, "Email"))).toBe(true);
  });

  it("Invalid Email on sign-up", async () => {
    const page = await e2e.newPage();
    await openSignUp(page);
    await fillSignUp(page, { name: "Grace Hopper", email: "grace.example.test", password: "cobol-1959" });
    await toast(page, "Invalid Email", "Please enter a valid email address");
  });

  it("Password Too Short on sign-up", async () => {
    const page = await e2e.newPage();
    await openSignUp(page);
    await fillSignUp(page, { name: "Grace Hopper", email: uniqueEmail("grace"), password: "12345" });
    await toast(page, "Password Too Short", "Password must be at least 6 characters long");
    expect(await isFocused(field(page, "Password"))).toBe(true);
  });

  it("Invalid Name on sign-up (trimmed, at least 2 characters)", async () => {
    const page = await e2e.newPage();
    await openSignUp(page);
    await fillSignUp(page, { name: "  G  ", email: uniqueEmail("g"), password: "long-enough" });
    await toast(page, "Invalid Name", "Please provide a valid full name (at least 2 characters).");
    expect(await isFocused(field(page, "Full Name"))).toBe(true);
  });

  it("Missing Information for an empty required field, with the focus on it", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await field(page, "Email").fill("student@portal.test");
    await button(page, "Sign In").click();
    await toast(page, "Missing Information", "Please fill in all required fields.");
    expect(await isFocused(field(page, "Password"))).toBe(true);
    await visible(heading(page, "Sign In"));
  });
});

describe("sign-in", () => {
  it("a wrong password shows 'Sign in failed' with the server's message", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await fillSignIn(page, "elliot.brooks@portal.test", "wrong-password");
    await toast(page, "Sign in failed", "Invalid email or password");
    await visible(heading(page, "Sign In"));
  });

  it("trims the e-mail, submits with Enter, welcomes the user and goes home", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await field(page, "Email").fill("  student@portal.test ");
    await field(page, "Password").fill(DEMO_PASSWORD);
    await field(page, "Password").press("Enter");
    await toast(page, "Welcome to The Portal!");
    await expectPath(page, "/");
    await visible(heading(page, /^Welcome, Lena/));
  });
});

describe("a protected route signed out", () => {
  it("shows the skeleton while auth loads, then the sign-in screen at the same URL, then the page", async () => {
    const page = await e2e.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/auth/v1/get-session*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/settings");
    const skeleton = await visible(page.getByTestId("page-skeleton"));
    expect(await skeleton.getAttribute("role")).toBe("status");
    expect(await skeleton.getAttribute("aria-busy")).toBe("true");
    await visible(page.getByRole("status", { name: "Loading" }));
    release();
    await visible(heading(page, "Sign In"));
    await expectPath(page, "/settings");
    expect(await page.getByTestId("page-skeleton").count()).toBe(0);
    await page.unroute("**/auth/v1/get-session*");

    await fillSignIn(page, "staff@portal.test", DEMO_PASSWORD);
    await toast(page, "Welcome to The Portal!");
    await visible(heading(page, "Settings"));
    await expectPath(page, "/settings");
  });
});
