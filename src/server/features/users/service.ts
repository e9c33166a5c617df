import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Role } from "../../../common/roles.ts";
import type { Page, PeopleQuery, PersonDto, UserDto, UserListQuery } from "../../../common/users.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { profiles, session } from "../../db/schema/index.ts";
import { jsonAnswers } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { isAdmin, isStaff, type Caller } from "../../auth/caller.ts";
import { recordAudit, type Actor } from "../audit/service.ts";
import { contactsFor, emailsVisibleTo } from "../projects/contacts.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";

const toDto = (p: typeof profiles.$inferSelect): UserDto => ({
  id: p.id,
  email: p.email,
  fullName: p.fullName,
  role: p.role,
  active: p.active,
  lastSignInAt: p.lastSignInAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
});

const SORTS = {
  name: [asc(profiles.fullName), asc(profiles.id)],
  email: [asc(profiles.email), asc(profiles.id)],
  role: [asc(profiles.role), asc(profiles.fullName), asc(profiles.id)],
  lastSignIn: [sql`${profiles.lastSignInAt} desc nulls last`, asc(profiles.id)],
  created: [desc(profiles.createdAt), asc(profiles.id)],
} satisfies Record<UserListQuery["sort"], SQL[]>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(s: Pick<Services, "db">, q: UserListQuery): Promise<Page<UserDto>> {
  const where = and(
    q.search
      ? or(ilike(profiles.fullName, `%${escapeLike(q.search)}%`), ilike(profiles.email, `%${escapeLike(q.search)}%`))
      : undefined,
    q.role ? eq(profiles.role, q.role) : undefined,
    q.state ? eq(profiles.active, q.state === "active") : undefined,
  );
  const rows = await s.db
    .select()
    .from(profiles)
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await s.db.select({ n: count() }).from(profiles).where(where);
  return { total: total?.n ?? 0, items: rows.map(toDto) };
}

/**
 * Active people only, by name: what a crew form or a supervisor picker needs, and nothing more. An e-mail
 * goes only to those who may see it (`emailsVisibleTo`); for the others a search matches names, or a whole
 * e-mail address they already know, so a part of an address cannot be guessed letter by letter.
 */
/**
 * The people pickers' answers, kept per viewer and query until the people or a crew change: whose e-mail a
 * viewer sees follows their crews (`emailsVisibleTo`).
 */
const peopleAnswers = jsonAnswers({ ttlMs: 30_000, maxEntries: 1_000, staleMs: 30_000 });
export function browsePeople(
  s: Pick<Services, "db" | "events">,
  opts: { caller: Caller; query: PeopleQuery },
): Promise<Uint8Array<ArrayBuffer>> {
  const scope = { deps: [...PEOPLE_KEYS, keys.project(), keys.projects()] };
  return peopleAnswers(s.events, `${opts.caller.id} ${opts.caller.role} ${JSON.stringify(opts.query)}`, scope, () =>
    searchPeople(s, opts),
  );
}

export async function searchPeople(
  s: Pick<Services, "db">,
  opts: { caller: Caller; query: PeopleQuery },
): Promise<{ items: PersonDto[] }> {
  const q = opts.query;
  const byEmail = isStaff(opts.caller.role)
    ? ilike(profiles.email, `%${escapeLike(q.search ?? "")}%`)
    : eq(profiles.email, (q.search ?? "").toLowerCase());
  const rows = await s.db
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, role: profiles.role })
    .from(profiles)
    .where(
      and(
        eq(profiles.active, true),
        q.search ? or(ilike(profiles.fullName, `%${escapeLike(q.search)}%`), byEmail) : undefined,
        q.role?.length ? inArray(profiles.role, q.role) : undefined,
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.id))
    .limit(q.limit);
  const visible = await emailsVisibleTo(
    s.db,
    opts.caller,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => contactsFor(r, visible(r.id))) };
}

/**
 * Locks the school's active admins and the target, so that two admins demoting each other at the
 * same moment cannot leave the school with none.
 */
async function lockForChange(tx: Tx, userId: string) {
  const admins = await tx.execute<{ id: string }>(
    sql`select id from profiles where role = 'admin' and active for update`,
  );
  const [target] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for("update");
  if (!target) throw new AppError("not_found", "There is no user with that id.");
  const isLastAdmin = isAdmin(target.role) && target.active && admins.rows.length <= 1;
  return { target, isLastAdmin };
}

export async function changeRole(
  s: Pick<Services, "db" | "events">,
  opts: { actor: Actor; userId: string; role: Role },
): Promise<UserDto> {
  const updated = await s.db.transaction(async (tx) => {
    const { target, isLastAdmin } = await lockForChange(tx, opts.userId);
    if (target.role === opts.role) return target;
    if (isLastAdmin)
      throw new AppError("conflict", "The school needs at least one active admin: make someone else admin first.");
    const [row] = await tx
      .update(profiles)
      .set({ role: opts.role, updatedAt: new Date() })
      .where(eq(profiles.id, target.id))
      .returning();
    await recordAudit(tx, opts.actor, {
      action: "user.role_changed",
      targetType: "user",
      targetId: target.id,
      targetLabel: `${target.fullName} <${target.email}>`,
      details: { from: target.role, to: opts.role },
    });
    return row!;
  });
  await s.events.publish({ type: "user.updated", invalidate: [keys.users(), keys.profile()] });
  return toDto(updated);
}

export async function setActive(
  s: Pick<Services, "db" | "events">,
  opts: { actor: Actor; userId: string; active: boolean },
): Promise<UserDto> {
  if (!opts.active && opts.userId === opts.actor.id)
    throw new AppError("conflict", "You cannot deactivate your own account.");
  const updated = await s.db.transaction(async (tx) => {
    const { target, isLastAdmin } = await lockForChange(tx, opts.userId);
    if (target.active === opts.active) return target;
    if (!opts.active && isLastAdmin)
      throw new AppError("conflict", "The school needs at least one active admin: make someone else admin first.");
    const [row] = await tx
      .update(profiles)
      .set({ active: opts.active, deactivatedAt: opts.active ? null : new Date(), updatedAt: new Date() })
      .where(eq(profiles.id, target.id))
      .returning();
    // Their open sessions end at once: the next request from any of their tabs is signed out.
    if (!opts.active) await tx.delete(session).where(eq(session.userId, target.id));
    await recordAudit(tx, opts.actor, {
      action: opts.active ? "user.reactivated" : "user.deactivated",
      targetType: "user",
      targetId: target.id,
      targetLabel: `${target.fullName} <${target.email}>`,
    });
    return row!;
  });
  await s.events.publish({ type: "user.updated", invalidate: [keys.users()] });
  if (!opts.active) await s.events.publish({ type: "session.ended", userIds: [opts.userId] });
  return toDto(updated);
}

/** Other domains invite people through the one invitation flow (a course's roster names people without an account). */
export { createInvitation } from "./invitations.ts";
