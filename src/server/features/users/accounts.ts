import { eq } from "drizzle-orm";
import type { Role } from "../../../common/roles.ts";
import type { Auth } from "../../auth/auth.ts";
import type { Services } from "../../context.ts";
import { profiles, session, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { syncProfile } from "../profiles/service.ts";

/**
 * Makes an account on someone's behalf (the seed, the CLI, an accepted invitation): through better-auth,
 * so the password is hashed exactly as a sign-up's would be; the address counts as confirmed because
 * whoever provisions it vouches for it. better-auth's sign-up also signs the new user in: that session
 * is nobody's, so it is removed and no sign-in is recorded.
 */
export async function provisionAccount(
  s: Pick<Services, "db">,
  auth: Auth,
  opts: { email: string; name: string; password: string; role: Role },
): Promise<{ id: string }> {
  let id: string;
  try {
    const res = await auth.api.signUpEmail({ body: { email: opts.email, password: opts.password, name: opts.name } });
    id = res.user.id;
  } catch (err) {
    throw new AppError("bad_request", err instanceof Error ? err.message : "The account could not be created.");
  }
  await s.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
  await syncProfile(s.db, id, { role: opts.role });
  await s.db.delete(session).where(eq(session.userId, id));
  await s.db.update(profiles).set({ lastSignInAt: null }).where(eq(profiles.id, id));
  return { id };
}
