import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { twoFactor, user } from "../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";

const PASSWORD = "portal-demo";
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("=")).join("; ");

/** The code the authenticator app shows now (or `offsetPeriods` periods from now). */
function codeFor(totpURI: string, offsetPeriods = 0) {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return totp.generate({ timestamp: Date.now() + offsetPeriods * totp.period * 1000 });
}

describe.each(DB_KINDS)("two-step sign-in on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  async function setUp(email: string) {
    const cookie = await p.signIn(email);
    const enabled = await p.request("/auth/v1/two-factor/enable", { method: "POST", cookie, json: { password: PASSWORD } });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const confirmed = await p.request("/auth/v1/two-factor/verify-totp", { method: "POST", cookie, json: { code: codeFor(totpURI) } });
    expect(confirmed.status).toBe(200);
    return { totpURI, backupCodes, cookie: cookiesOf(confirmed) };
  }

  async function firstStep(email: string) {
    const res = await p.request("/auth/v1/sign-in/email", { method: "POST", json: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    return { body: (await res.json()) as { twoFactorRedirect?: boolean; token?: string }, cookie: cookiesOf(res) };
  }

  it("is offered to staff and admins, not to students", async () => {
    const student = await p.signIn("student@portal.test");
    const res = await p.request("/auth/v1/two-factor/enable", { method: "POST", cookie: student, json: { password: PASSWORD } });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Two-step sign-in is available to staff and administrators.");
  });

  it("asks for the code after the password, refuses a wrong one, and signs in with the right one or a recovery code once", async () => {
    const email = "staff@portal.test";
    const { totpURI, backupCodes } = await setUp(email);
    expect(backupCodes).toHaveLength(10);
    const [row] = await p.services.db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.email, email));
    expect(row!.enabled).toBe(true);
    // The stored secret is encrypted, not the base32 of the app's QR code.
    const secret = new URL(totpURI).searchParams.get("secret")!;
    const stored = await p.services.db.select({ secret: twoFactor.secret, codes: twoFactor.backupCodes }).from(twoFactor);
    expect(stored.some((r) => r.secret.includes(secret) || backupCodes.some((c) => r.codes.includes(c)))).toBe(false);

    // The password alone gives no session.
    const first = await firstStep(email);
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect(first.body.token).toBeUndefined();
    expect((await p.request("/rest/v1/profile", { cookie: first.cookie })).status).toBe(401);

    const wrong = await p.request("/auth/v1/two-factor/verify-totp", { method: "POST", cookie: first.cookie, json: { code: "000000" === codeFor(totpURI) ? "111111" : "000000" } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_CODE");

    const right = await p.request("/auth/v1/two-factor/verify-totp", { method: "POST", cookie: first.cookie, json: { code: codeFor(totpURI) } });
    expect(right.status).toBe(200);
    expect((await p.request("/rest/v1/profile", { cookie: cookiesOf(right) })).status).toBe(200);

    const again = await firstStep(email);
    const recovered = await p.request("/auth/v1/two-factor/verify-backup-code", { method: "POST", cookie: again.cookie, json: { code: backupCodes[0] } });
    expect(recovered.status).toBe(200);
    expect((await p.request("/rest/v1/profile", { cookie: cookiesOf(recovered) })).status).toBe(200);

    const reused = await firstStep(email);
    const refused = await p.request("/auth/v1/two-factor/verify-backup-code", { method: "POST", cookie: reused.cookie, json: { code: backupCodes[0] } });
    expect(refused.status).toBe(401);
  });

  it("tells the web app who must still set it up when the school requires it", async () => {
    const admin = await p.signIn("admin@portal.test");
    const current = await (await p.request("/rest/v1/school-settings", { cookie: admin })).json();
    const saved = await p.request("/rest/v1/school-settings", {
      method: "PUT",
      cookie: admin,
      json: { version: current.version, settings: { ...current.settings, requireTwoStepForStaff: true } },
    });
    expect(saved.status).toBe(200);
    const setupNeeded = async (cookie: string) => ((await (await p.request("/auth/v1/get-session", { cookie })).json()) as { user: { twoStepSetupNeeded: boolean } }).user.twoStepSetupNeeded;
    expect(await setupNeeded(admin)).toBe(true);
    expect(await setupNeeded(await p.signIn("student@portal.test"))).toBe(false);
    const { cookie } = await setUp("admin@portal.test");
    expect(await setupNeeded(cookie)).toBe(false);
  });

  it("refuses a bad request to the second step with a 4xx", async () => {
    const res = await p.request("/auth/v1/two-factor/verify-totp", { method: "POST", json: { code: "123456" } });
    expect(res.status).toBe(401);
    const junk = await p.request("/auth/v1/two-factor/verify-totp", { method: "POST", json: { code: 12 } });
    expect(junk.status).toBeGreaterThanOrEqual(400);
    expect(junk.status).toBeLessThan(500);
  });
});
