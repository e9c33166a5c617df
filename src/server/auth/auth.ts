import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { customSession, twoFactor } from "better-auth/plugins";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../common/limits.ts";
import { mayUseTwoStep, mustUseTwoStep, TWO_STEP_ROLES_ONLY_MESSAGE } from "../../common/two-step.ts";
import * as schema from "../db/schema/index.ts";
import type { Services } from "../context.ts";
import { queueEmail } from "../mail/queue.ts";
import { confirmEmailMail } from "../mail/confirm-email.ts";
import { resetPasswordMail } from "../mail/reset-password.ts";
import { getProfile, syncProfile } from "../features/profiles/service.ts";
import { getSchoolSettings } from "../features/school/service.ts";
import { ssoPlugin } from "./oidc.ts";
import { boundedPassword } from "./password.ts";
import { alertSignUpWithExistingEmail } from "./signin-limit.ts";
import { totpOnce } from "./totp-once.ts";
import { verificationStorage } from "./verification.ts";

export const AUTH_BASE_PATH = "/auth/v1";
/** Set by the server from the socket (or a trusted proxy), never taken from the client as sent. */
export const CLIENT_IP_HEADER = "x-portal-client-ip";
export const RESET_TOKEN_MINUTES = 60;
export const ACCOUNT_DEACTIVATED_MESSAGE =
  "This account has been deactivated. Please contact the school's administrator.";

export function createAuth(s: Omit<Services, "mailer">) {
  const { config } = s;
  const onceOnly = totpOnce(s);
  const sso = ssoPlugin(config);
  return betterAuth({
    appName: "The Portal",
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(s.db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: boundedPassword,
      autoSignIn: true,
      requireEmailVerification: config.REQUIRE_EMAIL_CONFIRMATION,
      // With confirmation on, better-auth answers a registered address as a new one; its owner is told.
      onExistingUserSignUp: async ({ user }) => alertSignUpWithExistingEmail(s, user.email),
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // The link goes straight to the app's page (not through better-auth's redirect endpoint), carrying
      // the e-mail so that the page can sign the person in once the new password is set.
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        await queueEmail(s, {
          to: user.email,
          ...resetPasswordMail({ name: user.name, url, expiresInMinutes: RESET_TOKEN_MINUTES }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: config.REQUIRE_EMAIL_CONFIRMATION,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await queueEmail(s, { to: user.email, ...confirmEmailMail({ name: user.name, url }) });
      },
    },
    verification: { storeIdentifier: verificationStorage },
    // A school account meets an existing one only when both addresses are verified: the provider's `email_verified`
    // claim and the portal's own (set for invited, provisioned and confirmed people); otherwise it is refused.
    account: { accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true } },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 600,
      customRules: {
        "/sign-in/email": { window: 60, max: config.SIGNIN_LIMIT_PER_IP },
        "/sign-up/email": { window: 60, max: config.SIGNIN_LIMIT_PER_IP },
        "/request-password-reset": { window: 60, max: 10 },
        // The second step counts like the first (the plugin's own 3 per 10 s would refuse a person who mistypes
        // twice); guessing is bounded anyway by the plugin's 5 tries per challenge and 10 per account.
        "/two-factor/*": { window: 60, max: config.SIGNIN_LIMIT_PER_IP },
        "/get-session": false,
        // better-auth's own 3 per 10 s for sign-ins would turn away a class signing in with the school account together.
        "/sign-in/social": { window: 60, max: config.SIGNIN_LIMIT_PER_IP },
        "/callback/*": { window: 60, max: config.SIGNIN_LIMIT_PER_IP },
      },
    },
    advanced: {
      useSecureCookies: config.PUBLIC_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await onceOnly.before(ctx);
        // The plugin lets anyone begin a setup; the school offers it to its staff and admins (issue 15).
        if (ctx.path !== "/two-factor/enable") return;
        const found = await getSessionFromCtx(ctx);
        if (!found) return; // the plugin's own guard answers 401
        const profile = await getProfile(s.db, found.user.id);
        if (!profile || !mayUseTwoStep(profile.role))
          throw new APIError("FORBIDDEN", { code: "TWO_STEP_NOT_OFFERED", message: TWO_STEP_ROLES_ONLY_MESSAGE });
      }),
      after: createAuthMiddleware(async (ctx) => {
        await onceOnly.after(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: { after: async (u) => void (await syncProfile(s.db, u.id)) },
        update: { after: async (u) => void (await syncProfile(s.db, u.id)) },
      },
      session: {
        create: {
          // A deactivated person is refused here, whatever the way in (password, reset, invitation).
          before: async (sess) => {
            const [p] = await s.db
              .select({ active: schema.profiles.active })
              .from(schema.profiles)
              .where(eq(schema.profiles.id, sess.userId));
            if (p && !p.active)
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_DEACTIVATED", message: ACCOUNT_DEACTIVATED_MESSAGE });
          },
          after: async (sess) => {
            await s.db
              .update(schema.profiles)
              .set({ lastSignInAt: new Date() })
              .where(eq(schema.profiles.id, sess.userId));
          },
        },
      },
    },
    plugins: [
      // The role travels with the session, so that a page opening needs no second request to know what
      // it may show, and the server's guards read it from the same answer.
      twoFactor({
        issuer: "The Portal",
        // A stolen browser that kept a "trusted" cookie would skip the code: every sign-in asks for it.
        trustDeviceMaxAge: 1,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
      }),
      customSession(async ({ user, session }) => {
        const profile = (await getProfile(s.db, user.id)) ?? (await syncProfile(s.db, user.id));
        const twoStepEnabled = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
        // The web app leads a person the school requires it of to the setup, without a second request.
        const twoStepSetupNeeded =
          !twoStepEnabled &&
          mayUseTwoStep(profile.role) &&
          mustUseTwoStep(profile.role, (await getSchoolSettings(s.db)).requireTwoStepForStaff);
        return { session, user: { ...user, role: profile.role, twoFactorEnabled: twoStepEnabled, twoStepSetupNeeded } };
      }),
      ...(sso ? [sso] : []),
    ],
    // A failure that is not better-auth's own reaches the app's one error mapper (a 503 during an outage, and a
    // log without the failed query's values) instead of better-call's console line with every parameter.
    // A failed single sign-on lands on the sign-in screen, which says what went wrong (never better-auth's own page).
    onAPIError: { throw: true, errorURL: `${config.PUBLIC_URL}/auth` },
    logger: {
      log: (level, message, ...args) => s.log[level]({ args }, `auth: ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
