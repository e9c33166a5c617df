import { eq, sql } from "drizzle-orm";
import type { ProfileDto, ProfileUpdate } from "../../../common/profile.ts";
import type { Role } from "../../../common/roles.ts";
import type { Db } from "../../db/client.ts";
import { profiles, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";

export type { ProfileDto };

const toDto = (p: typeof profiles.$inferSelect): ProfileDto => ({ id: p.id, email: p.email, fullName: p.fullName, role: p.role });

/**
 * Brings the profile in step with the auth user (creating it if missing). Idempotent.
 * The very first profile of an empty school becomes its admin; the check and the insert are one
 * statement, so two simultaneous first sign-ups cannot both become admin by racing.
 */
export async function syncProfile(db: Db, userId: string, opts: { role?: Role } = {}): Promise<ProfileDto> {
  const [u] = await db.select().from(user).where(eq(user.id, userId));
  if (!u) throw new AppError("not_found", "No user with that id");
  const role = opts.role ? sql`${opts.role}::role` : sql`case when exists (select 1 from profiles) then 'student'::role else 'admin'::role end`;
  const result = await db.execute<typeof profiles.$inferSelect>(sql`
    insert into profiles (id, email, full_name, role)
    values (${u.id}, ${u.email}, ${u.name}, ${role})
    on conflict (id) do update set email = excluded.email, full_name = excluded.full_name, updated_at = now()
      ${opts.role ? sql`, role = excluded.role` : sql``}
    returning id, email, full_name as "fullName", role`);
  return toDto(result.rows[0]!);
}

export async function getProfile(db: Db, userId: string): Promise<ProfileDto | null> {
  const [p] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return p ? toDto(p) : null;
}

/**
 * Renames the user. better-auth's user row is the source of the name (the session shows it), so it
 * is written there and the profile follows through the same sync as every other change.
 */
export async function updateProfile(db: Db, opts: { userId: string; update: ProfileUpdate }): Promise<ProfileDto> {
  const updated = await db
    .update(user)
    .set({ name: opts.update.fullName, updatedAt: new Date() })
    .where(eq(user.id, opts.userId))
    .returning({ id: user.id });
  if (updated.length === 0) throw new AppError("not_found", "No user with that id");
  return syncProfile(db, opts.userId);
}
