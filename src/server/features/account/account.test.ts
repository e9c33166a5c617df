import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedResetIdentifier } from "../../auth/verification.ts";
import { emails, verification } from "../../db/schema/index.ts";
import { runNotificationJobs } from "../notifications/service.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

describe.each(DB_KINDS)("password-reset link status on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  const status = async (token: string) => {
    const res = await p.request(`/rest/v1/password-reset/status?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    return res.json();
  };

  /** Requests a reset and reads the token out of the e-mail in the outbox. */
  async function resetTokenFor(email: string) {
    await p.request("/auth/v1/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: "/reset-password" },
    });
    await runNotificationJobs(p.services);
    const [mail] = await p.services.db
      .select()
      .from(emails)
      .where(eq(emails.to, email))
      .orderBy(desc(emails.createdAt))
      .limit(1);
    return mail!.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)![1]!;
  }

  it("says a fresh link is valid, without a session", async () => {
    const token = await resetTokenFor("sofia.marchetti@portal.test");
    expect(await status(token)).toEqual({ valid: true });
  });

  it("says a made-up token is not valid", async () => {
    expect(await status("not-a-real-token")).toEqual({ valid: false });
  });

  it("says a used link is no longer valid", async () => {
    const token = await resetTokenFor("elliot.brooks@portal.test");
    const reset = await p.request("/auth/v1/reset-password", {
      method: "POST",
      json: { newPassword: "brand-new", token },
    });
    expect(reset.status).toBe(200);
    expect(await status(token)).toEqual({ valid: false });
  });

  it("says an expired link is no longer valid", async () => {
    const token = await resetTokenFor("noor.haddad@portal.test");
    await p.services.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, storedResetIdentifier(token)));
    expect(await status(token)).toEqual({ valid: false });
  });

  it("answers a missing token with a clear 400", async () => {
    const res = await p.request("/rest/v1/password-reset/status");
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/token/);
  });
});
