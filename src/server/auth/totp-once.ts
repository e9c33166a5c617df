import { createHmac } from "node:crypto";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { CODE_ALREADY_USED_MESSAGE } from "../../common/two-step.ts";
import { twoFactor } from "../db/schema/index.ts";
import type { Services } from "../context.ts";

/**
 * A TOTP code is taken once (ASVS 2.8.4). better-auth's twoFactor plugin (1.7.25) accepts any code of the
 * present period or the one before or after (±30 s), as often as it is sent, and offers no hook of its own.
 * So before `/two-factor/verify-totp` runs, the portal works out which period the code belongs to and claims
 * that period for the person in `two_factor.last_totp_step` (a row lock: one claim wins, on every instance);
 * a code of that period or an earlier one is refused like a wrong code. A claim whose request then fails
 * (a spent half-done sign-in, a locked account) is handed back, so that only a code that let someone in is spent.
 */

/** The plugin's TOTP: 6 digits, 30 s, HMAC-SHA-1, one period either side (better-auth's defaults, which auth.ts keeps). */
const PERIOD_MS = 30_000;
const DIGITS = 6;
const WINDOW = 1;
/** better-auth's name for its half-done sign-in cookie (plugins/two-factor/constant). */
const TWO_FACTOR_COOKIE = "two_factor";
const VERIFY_TOTP = "/two-factor/verify-totp";

function hotp(key: Buffer, counter: number) {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, "0");
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32Bytes(text: string) {
  let bits = "";
  for (const ch of text.toUpperCase().replace(/=+$/, "")) bits += BASE32.indexOf(ch).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)?.map((b) => parseInt(b, 2)) ?? []);
}

/** The key bytes the plugin computes codes with: its generated secret as UTF-8, an imported one (`base32:`) decoded. */
function keyOf(secret: string) {
  return secret.startsWith("base32:") ? base32Bytes(secret.slice(7)) : Buffer.from(secret, "utf8");
}

/** The latest period within the plugin's window whose code this is, or null when it is no code of now. */
export function periodOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = keyOf(secret);
  const present = Math.floor(now / PERIOD_MS);
  let found: number | null = null;
  for (let step = present - WINDOW; step <= present + WINDOW; step++) if (hotp(key, step) === code) found = step;
  return found;
}

type Ctx = Parameters<Parameters<typeof import("better-auth/api").createAuthMiddleware>[0]>[0];

/** Whose second step this is: the signed-in person (confirming a setup), else the half-done sign-in's, as the plugin reads it. */
async function userOf(ctx: Ctx): Promise<string | null> {
  const signedIn = await getSessionFromCtx(ctx).catch(() => null);
  if (signedIn) return signedIn.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending && new Date(pending.expiresAt).getTime() > Date.now() ? pending.value : null;
}

/** The claims made by requests still running, by their better-auth request context, to hand back on failure. */
const claims = new WeakMap<object, { id: string; step: number; previous: number | null }>();

export function totpOnce(s: Pick<Services, "db">) {
  return {
    /** Before the plugin: refuses a code of a period already used by this person, else claims its period. */
    async before(ctx: Ctx) {
      if (ctx.path !== VERIFY_TOTP) return;
      const code = (ctx.body as { code?: unknown } | undefined)?.code;
      if (typeof code !== "string") return; // the plugin's own validation answers
      const userId = await userOf(ctx);
      if (!userId) return; // the plugin answers 401 for a missing or spent sign-in
      const [row] = await s.db
        .select({ id: twoFactor.id, secret: twoFactor.secret })
        .from(twoFactor)
        .where(eq(twoFactor.userId, userId));
      if (!row) return;
      const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
      const step = periodOf(secret, code);
      if (step === null) return; // a wrong code: the plugin refuses and counts it
      const claimed = await s.db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ last: twoFactor.lastTotpStep })
          .from(twoFactor)
          .where(eq(twoFactor.id, row.id))
          .for("update");
        if (!locked || (locked.last !== null && locked.last >= step)) return null;
        await tx.update(twoFactor).set({ lastTotpStep: step }).where(eq(twoFactor.id, row.id));
        return { id: row.id, step, previous: locked.last };
      });
      if (!claimed) throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: CODE_ALREADY_USED_MESSAGE });
      claims.set(ctx.context, claimed);
    },
    /** After the plugin: a claim whose request did not sign in or confirm is handed back, unless a later code was taken since. */
    async after(ctx: Ctx) {
      if (ctx.path !== VERIFY_TOTP) return;
      const claim = claims.get(ctx.context);
      if (!claim) return;
      claims.delete(ctx.context);
      if (!(ctx.context.returned instanceof Error)) return;
      await s.db
        .update(twoFactor)
        .set({ lastTotpStep: claim.previous })
        .where(and(eq(twoFactor.id, claim.id), eq(twoFactor.lastTotpStep, claim.step)));
    },
  };
}
