import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, verification } from "../db/schema/index.ts";
import { runNotificationJobs } from "../features/notifications/service.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";

describe.each(DB_KINDS)("reset tokens kept only as hashes on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  const EMAIL = "elliot.brooks@portal.test";

  async function mailedToken() {
    const asked = await p.request("/auth/v1/request-password-reset", {
      method: "POST",
      json: { email: EMAIL, redirectTo: "/reset-password" },
    });
    expect(asked.status).toBe(200);
    await runNotificationJobs(p.services);
    const [mail] = await p.services.db
      .select()
      .from(emails)
      .where(eq(emails.to, EMAIL))
      .orderBy(desc(emails.createdAt))
      .limit(1);
    return decodeURIComponent(/reset-password\?token=([^&\s]+)/.exec(mail!.text)![1]!);
  }

  const reset = (token: string, newPassword: string) =>
    p.request("/auth/v1/reset-password", { method: "POST", json: { token, newPassword } });

  it("stores nothing a copy of the table could reset a password with, and the mailed link still works", async () => {
    const token = await mailedToken();
    const rows = await p.services.db.select().from(verification);
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain("reset-password:");

    // Whatever the table holds, used as a token, opens nothing.
    for (const row of rows) {
      for (const candidate of [row.identifier, row.value, row.id]) {
        expect((await reset(candidate, "taken-over-1")).status).toBe(400);
        const status = await p.request(`/rest/v1/password-reset/status?token=${encodeURIComponent(candidate)}`);
        expect(await status.json()).toEqual({ valid: false });
      }
    }

    expect(await (await p.request(`/rest/v1/password-reset/status?token=${encodeURIComponent(token)}`)).json()).toEqual(
      { valid: true },
    );
    expect((await reset(token, "owner-chose-this")).status).toBe(200);
    expect(
      (
        await p.request("/auth/v1/sign-in/email", {
          method: "POST",
          json: { email: EMAIL, password: "owner-chose-this" },
        })
      ).status,
    ).toBe(200);
    // Used once, gone.
    expect((await reset(token, "second-go-at-it")).status).toBe(400);
  });
});
