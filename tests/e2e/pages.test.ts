import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, DEMO_PASSWORD, field, fillSignIn, heading, signIn, signOut, toast, visible } from "./support/ui.ts";
import { UI_TIMEOUT } from "./support/fixtures.ts";

const e2e = usePortal();

describe("the started portal", () => {
  it("answers /healthz", async () => {
    const res = await fetch(`${e2e.portal.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("delivers its mail to a real SMTP peer", async () => {
    const signIn = await fetch(`${e2e.portal.url}/auth/v1/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: e2e.portal.url },
      body: JSON.stringify({ email: "admin@portal.test", password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const send = await fetch(`${e2e.portal.url}/rest/v1/emails/test`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: e2e.portal.url, cookie },
      body: JSON.stringify({ to: "smtp-check@example.test" }),
    });
    expect(send.status).toBe(202);
    await expect.poll(() => e2e.smtp.to("smtp-check@example.test").length, { timeout: 15_000 }).toBe(1);
    const mail = e2e.smtp.to("smtp-check@example.test")[0]!;
    expect(mail.subject).not.toBe("");
    expect(mail.text.length).toBeGreaterThan(0);
  });
});

describe("the HTML of a page", () => {
  it("shows the loading skeleton before any script runs and names the page's own code, which the server has", async () => {
    const html = async (p: string) => (await fetch(`${e2e.portal.url}${p}`)).text();
    const overview = await html("/production-overview");
    expect(overview).toContain('data-testid="page-skeleton"');
    const code = [...overview.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    expect(code.some((f) => /\/assets\/ProductionOverviewPage-[\w-]+\.js$/.test(f))).toBe(true);
    expect(code.some((f) => /\/assets\/Shell-[\w-]+\.js$/.test(f))).toBe(true);
    for (const f of code) expect((await fetch(`${e2e.portal.url}${f}`)).status, f).toBe(200);
    // A project's page names its own code; the sign-in page only the app's first load, as built.
    const project = "/project/00000000-0000-4000-8000-000000000000";
    expect(await html(project)).toMatch(/\/assets\/ProjectPage-[\w-]+\.js/);
    // A tab loaded apart comes with the page when the address opens it; the home page too is a page of its own.
    expect(await html(project)).not.toMatch(/BudgetTab-/);
    expect(await html(`${project}?tab=budget`)).toMatch(/\/assets\/BudgetTab-[\w-]+\.js/);
    expect(await html("/")).toMatch(/\/assets\/HomePage-[\w-]+\.js/);
    expect(await html("/auth")).not.toMatch(/Shell-|Page-[\w-]+\.js/);
  });
});

describe("public routes signed out", () => {
  it("/test shows the static test text", async () => {
    const page = await e2e.newPage();
    await page.goto("/test");
    await visible(heading(page, "Test Page"));
    await visible(page.getByText("This is a static test page. The Portal is serving pages.", { exact: true }));
  });

  it("/email-test answers without sign-in and keeps the outbox from strangers", async () => {
    const page = await e2e.newPage();
    await page.goto("/email-test");
    await visible(heading(page, "E-mail Test"));
    expect(await page.getByRole("button", { name: "Send Test E-mail", exact: true }).count()).toBe(0);
    expect(await page.getByText("smtp-check@example.test").count()).toBe(0);
  });
});

describe("/email-test signed in", () => {
  it("an admin sends a test e-mail: it reaches the SMTP peer and shows in the outbox with its details", async () => {
    const page = await e2e.newPage();
    await signIn(page, "admin@portal.test");
    await page.goto("/email-test");
    await visible(heading(page, "E-mail Test"));
    const recipient = "outbox-check@example.test";
    await field(page, "Recipient").fill(recipient);
    await button(page, "Send Test E-mail").click();
    await toast(page, "Test e-mail queued");
    await expect.poll(() => e2e.smtp.to(recipient).length, { timeout: UI_TIMEOUT }).toBe(1);

    const outbox = page.getByRole("list", { name: "E-mails, newest first" });
    const item = outbox.getByRole("listitem").filter({ hasText: `to ${recipient}` });
    await visible(item);
    await expect
      .poll(async () => (await outbox.getByRole("listitem").first().textContent()) ?? "", { timeout: UI_TIMEOUT })
      .toContain(recipient);
    await item.getByText(e2e.smtp.to(recipient)[0]!.subject, { exact: true }).click();
    await visible(item.getByText("The Portal <no-reply@portal.test>", { exact: true }));
  });

  it("someone who is not an admin does not see the outbox", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    await page.goto("/email-test");
    await visible(heading(page, "E-mail Test"));
    await visible(page.getByRole("heading", { name: "Only administrators can open the outbox" }));
    expect(await page.getByRole("list", { name: "E-mails, newest first" }).count()).toBe(0);
    expect(await button(page, "Send Test E-mail").count()).toBe(0);
  });
});

describe("/settings", () => {
  it("renames the user and changes the password, which then signs them in", async () => {
    const page = await e2e.newPage();
    const email = "equipment@portal.test";
    await signIn(page, email);
    await page.goto("/settings");
    await visible(heading(page, "Settings"));

    const name = field(page, "Full Name");
    await expect.poll(() => name.inputValue(), { timeout: UI_TIMEOUT }).toBe("Priya Natarajan");
    await name.fill("  Priya N. Raman  ");
    await button(page, "Save Profile").click();
    await toast(page, "Profile Saved");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }).click();
    await visible(heading(page, /^Welcome, Priya/));
    await visible(page.getByText("Priya N. Raman", { exact: true }).first());

    await page.goto("/settings");
    await field(page, "Current Password").fill("not-the-password");
    await field(page, "New Password").fill("kit-room-2026");
    await field(page, "Confirm New Password").fill("kit-room-2026");
    await button(page, "Change Password").click();
    await toast(page, "Password not changed", "Your current password is not correct.");

    await field(page, "Current Password").fill(DEMO_PASSWORD);
    await field(page, "New Password").fill("kit-room-2026");
    await field(page, "Confirm New Password").fill("kit-room-2026");
    await button(page, "Change Password").click();
    await toast(page, "Password Changed");

    await signOut(page);
    await fillSignIn(page, email, "kit-room-2026");
    await toast(page, "Welcome to The Portal!");
    await visible(heading(page, /^Welcome, Priya/));
  });
});
