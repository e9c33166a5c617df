import { describe, expect, it } from "vitest";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import {
  button,
  DEMO_PASSWORD,
  expectPath,
  field,
  fillSignIn,
  heading,
  signOut,
  toast,
  visible,
} from "./support/ui.ts";

const e2e = usePortal();

const EMAIL = "noor.haddad@portal.test";
const NEW_PASSWORD = "a-new-secret-7";

/** The reset link as the person would click it, read from the mail that reached the SMTP peer. */
function resetLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/reset-password\?\S+/.exec(text);
  if (!match) throw new Error(`no reset link in the mail:\n${text}`);
  return match[0];
}

describe("password reset through a real e-mail", () => {
  it("request → mail → new password → signed in → sign out → sign in with it; the link then reads as expired", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await button(page, "Forgot your password? Reset it").click();
    await visible(heading(page, "Reset Password"));
    await field(page, "Email").fill(`  ${EMAIL}  `);
    await button(page, "Send Reset Email").click();
    await toast(page, "Reset email sent", "Check your email for password reset instructions.");
    await visible(heading(page, "Sign In"));
    await expectPath(page, "/auth");

    await expect.poll(() => e2e.smtp.to(EMAIL).length, { timeout: UI_TIMEOUT }).toBe(1);
    const mail = e2e.smtp.to(EMAIL)[0]!;
    expect(mail.subject).toBe("Reset your password for The Portal");
    const link = resetLinkIn(mail.text);
    expect(new URL(link).origin).toBe(e2e.portal.url);
    // The HTML part carries the same link (escaped as HTML).
    expect(mail.html.replaceAll("&#38;", "&").replaceAll("&amp;", "&")).toContain(link);

    await page.goto(link);
    await visible(heading(page, "Choose a New Password"));
    await field(page, "New Password").fill(NEW_PASSWORD);
    await field(page, "Confirm New Password").fill("something-else");
    await button(page, "Set New Password").click();
    await toast(page, "Passwords Do Not Match", "Please type the same new password twice.");
    await field(page, "New Password").fill("12345");
    await field(page, "Confirm New Password").fill("12345");
    await button(page, "Set New Password").click();
    await toast(page, "Password Too Short", "Password must be at least 6 characters long");

    await field(page, "New Password").fill(NEW_PASSWORD);
    await field(page, "Confirm New Password").fill(NEW_PASSWORD);
    await button(page, "Set New Password").click();
    await toast(page, "Password Updated", "You are now signed in with your new password.");
    await expectPath(page, "/");
    await visible(heading(page, /^Welcome, Noor/));

    await signOut(page);
    await fillSignIn(page, EMAIL, DEMO_PASSWORD);
    await toast(page, "Sign in failed", "Invalid email or password");
    await fillSignIn(page, EMAIL, NEW_PASSWORD);
    await toast(page, "Welcome to The Portal!");
    await visible(heading(page, /^Welcome, Noor/));

    const other = await e2e.newPage();
    await other.goto(link);
    await visible(heading(other, "This Link Has Expired"));
    await visible(other.getByText("This password reset link has expired or has already been used.", { exact: true }));
    await button(other, "Send a New Link").click();
    await visible(heading(other, "Reset Password"));
    expect(new URL(other.url()).searchParams.get("mode")).toBe("reset");
    expect(await field(other, "Email").inputValue()).toBe(EMAIL);
  });

  it("a made-up token shows the expired page", async () => {
    const page = await e2e.newPage();
    await page.goto("/reset-password?token=not-a-real-token&email=student%40portal.test");
    await visible(heading(page, "This Link Has Expired"));
  });
});
