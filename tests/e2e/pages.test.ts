import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { DEMO_PASSWORD, heading, visible } from "./support/ui.ts";

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
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
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
