import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import {
  TWO_STEP_SETUP_REQUIRED_CODE,
  TWO_STEP_SETUP_REQUIRED_MESSAGE,
  CODE_ALREADY_USED_MESSAGE,
} from "../../common/two-step.ts";
import { twoFactor, user } from "../db/schema/index.ts";
import { getSchoolSettingsDto, updateSchoolSettings } from "../features/school/service.ts";
import { changeRole } from "../features/users/service.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";

const PASSWORD = "portal-demo";
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** The code the authenticator app shows at `at` (now by default), or `offsetPeriods` periods later. */
function codeFor(totpURI: string, offsetPeriods = 0, at = Date.now()) {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return totp.generate({ timestamp: at + offsetPeriods * totp.period * 1000 });
}

describe.each(DB_KINDS)("two-step sign-in on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  /** Turns two-step sign-in on for this person, confirming it with the code of the period around `at`. */
  async function setUp(email: string, signedIn?: string, at = Date.now()) {
    const cookie = signedIn ?? (await p.signIn(email));
    const enabled = await p.request("/auth/v1/two-factor/enable", {
      method: "POST",
      cookie,
      json: { password: PASSWORD },
    });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const confirmed = await p.request("/auth/v1/two-factor/verify-totp", {
      method: "POST",
      cookie,
      json: { code: codeFor(totpURI, 0, at) },
    });
    expect(confirmed.status).toBe(200);
    return { totpURI, backupCodes, cookie: cookiesOf(confirmed) };
  }

  /** A student of the seed made staff, so that each test has a person of its own without two-step sign-in. */
  async function newStaff(email: string) {
    const [admin] = await p.services.db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(user.email, "admin@portal.test"));
    const [person] = await p.services.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await changeRole(p.services, { actor: admin!, userId: person!.id, role: "staff" });
    return person!.id;
  }

  async function requireTwoStep(on: boolean) {
    const [admin] = await p.services.db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(user.email, "admin@portal.test"));
    const current = await getSchoolSettingsDto(p.services.db);
    await updateSchoolSettings(p.services, {
      actor: admin!,
      version: current.version,
      settings: { ...current.settings, requireTwoStepForStaff: on },
    });
  }

  async function firstStep(email: string) {
    const res = await p.request("/auth/v1/sign-in/email", { method: "POST", json: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    return { body: (await res.json()) as { twoFactorRedirect?: boolean; token?: string }, cookie: cookiesOf(res) };
  }

  it("is offered to staff and admins, not to students", async () => {
    const student = await p.signIn("student@portal.test");
    const res = await p.request("/auth/v1/two-factor/enable", {
      method: "POST",
      cookie: student,
      json: { password: PASSWORD },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Two-step sign-in is available to staff and administrators.");
  });

  it("asks for the code after the password, refuses a wrong one, and signs in with the right one or a recovery code once", async () => {
    const email = "staff@portal.test";
    const at = Date.now();
    const { totpURI, backupCodes } = await setUp(email, undefined, at);
    expect(backupCodes).toHaveLength(10);
    const [row] = await p.services.db
      .select({ enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, email));
    expect(row!.enabled).toBe(true);
    // The stored secret is encrypted, not the base32 of the app's QR code.
    const secret = new URL(totpURI).searchParams.get("secret")!;
    const stored = await p.services.db
      .select({ secret: twoFactor.secret, codes: twoFactor.backupCodes })
      .from(twoFactor);
    expect(stored.some((r) => r.secret.includes(secret) || backupCodes.some((c) => r.codes.includes(c)))).toBe(false);

    // The password alone gives no session.
    const first = await firstStep(email);
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect(first.body.token).toBeUndefined();
    expect((await p.request("/rest/v1/profile", { cookie: first.cookie })).status).toBe(401);

    const wrong = await p.request("/auth/v1/two-factor/verify-totp", {
      method: "POST",
      cookie: first.cookie,
      json: { code: "000000" === codeFor(totpURI) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_CODE");

    // The setup spent the present period's code: the next one, which the app shows within 30 s, is taken now too.
    const right = await p.request("/auth/v1/two-factor/verify-totp", {
      method: "POST",
      cookie: first.cookie,
      json: { code: codeFor(totpURI, 1, at) },
    });
    expect(right.status).toBe(200);
    expect((await p.request("/rest/v1/profile", { cookie: cookiesOf(right) })).status).toBe(200);

    const again = await firstStep(email);
    const recovered = await p.request("/auth/v1/two-factor/verify-backup-code", {
      method: "POST",
      cookie: again.cookie,
      json: { code: backupCodes[0] },
    });
    expect(recovered.status).toBe(200);
    expect((await p.request("/rest/v1/profile", { cookie: cookiesOf(recovered) })).status).toBe(200);

    const reused = await firstStep(email);
    const refused = await p.request("/auth/v1/two-factor/verify-backup-code", {
      method: "POST",
      cookie: reused.cookie,
      json: { code: backupCodes[0] },
    });
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
    const setupNeeded = async (cookie: string) =>
      (
        (await (await p.request("/auth/v1/get-session", { cookie })).json()) as {
          user: { twoStepSetupNeeded: boolean };
        }
      ).user.twoStepSetupNeeded;
    expect(await setupNeeded(admin)).toBe(true);
    expect(await setupNeeded(await p.signIn("student@portal.test"))).toBe(false);
    const { cookie } = await setUp("admin@portal.test");
    expect(await setupNeeded(cookie)).toBe(false);
  });

  it("refuses everything but the setup to staff the school requires it of, at once, and opens all again once it is on", async () => {
    await requireTwoStep(false);
    const id = await newStaff("amara.diallo@portal.test");
    const cookie = await p.signIn("amara.diallo@portal.test");
    // Checked and kept in requireUser's cache before the school changes its mind.
    expect((await p.request("/rest/v1/projects", { cookie })).status).toBe(200);
    await requireTwoStep(true);

    const refused = await p.request("/rest/v1/projects", { cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({
      code: TWO_STEP_SETUP_REQUIRED_CODE,
      message: TWO_STEP_SETUP_REQUIRED_MESSAGE,
    });
    const [other] = await p.services.db.select({ id: user.id }).from(user).where(eq(user.email, "student@portal.test"));
    for (const [method, path, json] of [
      ["GET", "/rest/v1/notifications"],
      ["GET", "/rest/v1/people"],
      ["GET", "/rest/v1/equipment/items"],
      ["GET", "/rest/v1/budget-accounts"],
      ["GET", `/rest/v1/profile/avatar/${other!.id}`],
      ["PATCH", "/rest/v1/profile", { theme: "dark" }],
      ["PUT", "/rest/v1/school-settings", {}],
      ["POST", `/rest/v1/sessions/of/${other!.id}/sign-out-everywhere`],
      ["POST", "/rest/v1/rpc/sync_auth_user_to_profile", { user_id: other!.id }],
      ["POST", "/functions/v1/process-notification-jobs", {}],
      ["GET", "/storage/v1/object/documents/x/y.pdf"],
    ] as const) {
      const res = await p.request(path, { method, cookie, json });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }

    // What the Settings page needs to show the setup, and the shell's reads on every page.
    for (const path of [
      "/rest/v1/profile",
      "/rest/v1/school-settings",
      "/rest/v1/school-formats",
      "/rest/v1/sessions",
      "/auth/v1/get-session",
    ]) {
      const res = await p.request(path, { cookie });
      expect([path, res.status]).toEqual([path, 200]);
    }
    expect((await p.request(`/rest/v1/profile/avatar/${id}`, { cookie })).status).toBe(404); // none yet, but not refused
    expect(
      (await p.request("/rest/v1/rpc/sync_auth_user_to_profile", { method: "POST", cookie, json: { user_id: id } }))
        .status,
    ).toBe(200);
    const elsewhere = await p.signIn("amara.diallo@portal.test");
    expect((await p.request("/rest/v1/sessions/sign-out-others", { method: "POST", cookie })).status).toBe(200);
    expect((await p.request("/rest/v1/profile", { cookie: elsewhere })).status).toBe(401);

    // The setup hands out a new session, which reaches everything at once.
    const { cookie: after } = await setUp("amara.diallo@portal.test", cookie);
    expect((await p.request("/rest/v1/projects", { cookie: after })).status).toBe(200);
    expect((await p.request("/rest/v1/notifications", { cookie: after })).status).toBe(200);
    // Students are never asked.
    expect((await p.request("/rest/v1/projects", { cookie: await p.signIn("student@portal.test") })).status).toBe(200);
    // Signing out needs no setup.
    await newStaff("sofia.marchetti@portal.test");
    const leaving = await p.signIn("sofia.marchetti@portal.test");
    expect((await p.request("/rest/v1/projects", { cookie: leaving })).status).toBe(403);
    expect((await p.request("/auth/v1/sign-out", { method: "POST", cookie: leaving, json: {} })).status).toBe(200);
    expect((await p.request("/rest/v1/profile", { cookie: leaving })).status).toBe(401);
    await requireTwoStep(false);
  });

  it("takes a code once: the same code again within its window is refused like a wrong one, the next one works", async () => {
    const email = "jun.park@portal.test";
    await newStaff(email);
    const at = Date.now();
    const { totpURI } = await setUp(email, undefined, at);

    // The setup's code cannot sign in, though its 30 s are not over.
    const first = await firstStep(email);
    const replayed = await p.request("/auth/v1/two-factor/verify-totp", {
      method: "POST",
      cookie: first.cookie,
      json: { code: codeFor(totpURI, 0, at) },
    });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: "INVALID_CODE", message: CODE_ALREADY_USED_MESSAGE });
    expect(cookiesOf(replayed)).toBe("");

    // Two sign-ins racing with the next code: one gets in, the other is refused.
    const second = await firstStep(email);
    const next = codeFor(totpURI, 1, at);
    const raced = await Promise.all(
      [first, second].map((s) =>
        p.request("/auth/v1/two-factor/verify-totp", { method: "POST", cookie: s.cookie, json: { code: next } }),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 401]);
    const winner = raced.find((r) => r.status === 200)!;
    expect((await p.request("/rest/v1/profile", { cookie: cookiesOf(winner) })).status).toBe(200);
    expect((await raced.find((r) => r.status === 401)!.json()).message).toBe(CODE_ALREADY_USED_MESSAGE);

    // A wrong code is still a wrong code, counted by the plugin's own bounds.
    const third = await firstStep(email);
    const wrong = await p.request("/auth/v1/two-factor/verify-totp", {
      method: "POST",
      cookie: third.cookie,
      json: { code: next === "000000" ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_CODE");
  });

  it("spends a code only when it let someone in", async () => {
    const email = "elliot.brooks@portal.test";
    await newStaff(email);
    const at = Date.now();
    const { totpURI } = await setUp(email, undefined, at);
    const next = codeFor(totpURI, 1, at);
    const wrongCode = next === "000000" ? "111111" : "000000";
    // A half-done sign-in that used up its tries refuses even the right code, which therefore stays good.
    const tired = await firstStep(email);
    for (let i = 0; i < 5; i++) {
      const res = await p.request("/auth/v1/two-factor/verify-totp", {
        method: "POST",
        cookie: tired.cookie,
        json: { code: wrongCode },
      });
      expect(res.status).toBe(401);
    }
    const refused = await p.request("/auth/v1/two-factor/verify-totp", {
      method: "POST",
      cookie: tired.cookie,
      json: { code: next },
    });
    expect(refused.status).toBe(400);
    const fresh = await firstStep(email);
    const right = await p.request("/auth/v1/two-factor/verify-totp", {
      method: "POST",
      cookie: fresh.cookie,
      json: { code: next },
    });
    expect(right.status).toBe(200);
  });

  it("refuses a bad request to the second step with a 4xx", async () => {
    const res = await p.request("/auth/v1/two-factor/verify-totp", { method: "POST", json: { code: "123456" } });
    expect(res.status).toBe(401);
    const junk = await p.request("/auth/v1/two-factor/verify-totp", { method: "POST", json: { code: 12 } });
    expect(junk.status).toBeGreaterThanOrEqual(400);
    expect(junk.status).toBeLessThan(500);
  });
});
