import { eq, sql } from "drizzle-orm";
import type { ProfileDto, ProfileUpdate } from "../../../common/profile.ts";
import type { Role } from "../../../common/roles.ts";
import type { Services } from "../../context.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { profiles, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { keys } from "../../../common/query-keys.ts";

export type { ProfileDto };

type ProfileRow = typeof profiles.$inferSelect;

/** The avatar's address carries the time of the last change, so a browser never shows a replaced picture from its cache. */
export const avatarUrl = (p: Pick<ProfileRow, "id" | "avatarPath" | "updatedAt">) =>
  p.avatarPath ? `/rest/v1/profile/avatar/${encodeURIComponent(p.id)}?v=${new Date(p.updatedAt).getTime()}` : null;

const toDto = (p: ProfileRow): ProfileDto => ({
  id: p.id,
  email: p.email,
  fullName: p.fullName,
  role: p.role,
  phone: p.phone,
  programme: p.programme,
  yearOfStudy: p.yearOfStudy,
  avatarUrl: avatarUrl(p),
  theme: p.theme,
  emailOptOuts: p.emailOptOuts,
});

/**
 * Brings the profile in step with the auth user (creating it if missing). Idempotent.
 * The very first profile of an empty school becomes its admin; the check and the insert are one
 * statement, so two simultaneous first sign-ups cannot both become admin by racing.
 */
export async function syncProfile(db: Db, userId: string, opts: { role?: Role } = {}): Promise<ProfileDto> {
  const [u] = await db.select().from(user).where(eq(user.id, userId));
  if (!u) throw new AppError("not_found", "No user with that id");
  const role = opts.role
    ? sql`${opts.role}::role`
    : sql`case when exists (select 1 from profiles) then 'student'::role else 'admin'::role end`;
  const result = await db.execute<ProfileRow>(sql`
    insert into profiles (id, email, full_name, role)
    values (${u.id}, ${u.email}, ${u.name}, ${role})
    on conflict (id) do update set email = excluded.email, full_name = excluded.full_name, updated_at = now()
      ${opts.role ? sql`, role = excluded.role` : sql``}
    returning id, email, full_name as "fullName", role, phone, programme, year_of_study as "yearOfStudy",
      avatar_path as "avatarPath", theme, email_opt_outs as "emailOptOuts", updated_at as "updatedAt"`);
  return toDto(result.rows[0]!);
}

const profileOf = preparedQuery((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("userId"))),
);

export async function getProfile(db: Db, userId: string): Promise<ProfileDto | null> {
  const [p] = await profileOf(db, { userId });
  return p ? toDto(p) : null;
}

/**
 * Changes the fields sent, leaving the others alone. The name lives on better-auth's user row (the
 * session shows it), so it is written there and the profile follows through the same sync as every
 * other change; the rest belongs to the profile alone.
 */
export async function updateProfile(
  s: Pick<Services, "db" | "events">,
  opts: { userId: string; update: ProfileUpdate },
): Promise<ProfileDto> {
  const { fullName, ...own } = opts.update;
  const fields = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined));
  const updated = await s.db.transaction(async (tx) => {
    if (fullName !== undefined) {
      const updated = await tx
        .update(user)
        .set({ name: fullName, updatedAt: new Date() })
        .where(eq(user.id, opts.userId))
        .returning({ id: user.id });
      if (updated.length === 0) throw new AppError("not_found", "No user with that id");
    }
    const [row] = await tx
      .update(profiles)
      .set({ ...fields, ...(fullName !== undefined ? { fullName } : {}), updatedAt: new Date() })
      .where(eq(profiles.id, opts.userId))
      .returning();
    if (!row) throw new AppError("not_found", "No profile for this account");
    return toDto(row);
  });
  // The name shows in lists, crews and the session; every cached copy must follow.
  await s.events.publish({ type: "profile.updated", invalidate: [keys.profile()], userIds: [opts.userId] });
  return updated;
}

/** A person's e-mail address, for mail the portal sends on their behalf (their Reply-To); none for someone gone. */
export async function emailOf(db: DbOrTx, userId: string | null): Promise<string | undefined> {
  if (!userId) return undefined;
  const [row] = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId));
  return row?.email;
}
