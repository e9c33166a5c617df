import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { jsonAnswers } from "../../lib/cache.ts";
import type { NotificationDto, NotificationListQuery, NotificationPage } from "../../../common/inbox.ts";
import type { NotificationKind } from "../../../common/school.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { notifications, profiles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import type { RenderedMail } from "../../mail/layout.ts";
import { queueEmail } from "../../mail/queue.ts";
import { keys } from "../../../common/query-keys.ts";

export interface Notice {
  userIds: string[];
  kind: NotificationKind;
  title: string;
  body: string;
  /** In-app path, e.g. /project/{id}. */
  link?: string;
  /** Sent to those who did not turn this kind off. */
  email?: RenderedMail;
}

/**
 * Writes the in-app notifications and queues the e-mails in the caller's transaction, so a change and
 * the news of it are kept or lost together. Deactivated people get neither; the e-mail respects opt-outs.
 * Returns who was notified, for the caller's realtime event.
 */
export async function notify(tx: DbOrTx, notice: Notice): Promise<string[]> {
  const ids = [...new Set(notice.userIds)];
  if (ids.length === 0) return [];
  const people = await tx
    .select({ id: profiles.id, email: profiles.email, optOuts: profiles.emailOptOuts })
    .from(profiles)
    .where(and(inArray(profiles.id, ids), eq(profiles.active, true)));
  if (people.length === 0) return [];
  await tx.insert(notifications).values(
    people.map((p) => ({
      userId: p.id,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link ?? null,
    })),
  );
  if (notice.email) {
    for (const p of people) {
      if (!p.optOuts.includes(notice.kind))
        await queueEmail(
          { db: tx },
          { to: p.email, ...notice.email, unsubscribe: { userId: p.id, kind: notice.kind } },
        );
    }
  }
  return people.map((p) => p.id);
}

/** Tells the given people's open tabs to refetch their notification centre. */
export async function publishNotified(s: Pick<Services, "events">, userIds: string[]) {
  if (userIds.length > 0)
    await s.events.publish({ type: "notifications.changed", invalidate: [keys.notifications()], userIds });
}

const toDto = (n: typeof notifications.$inferSelect): NotificationDto => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  readAt: n.readAt?.toISOString() ?? null,
  createdAt: n.createdAt.toISOString(),
});

/**
 * The bell asks on every page: its answers are kept per person until an event about their notifications (every
 * `notify` is announced with `publishNotified`), and answered a while longer while one reload runs. The time
 * bounds a notification written behind the portal's back.
 */
const answers = jsonAnswers({ ttlMs: 30_000, maxEntries: 5_000, staleMs: 30_000 });

export function browseNotifications(
  s: Pick<Services, "db" | "events">,
  opts: { userId: string } & NotificationListQuery,
) {
  const { userId, ...query } = opts;
  return answers(s.events, `${userId} ${JSON.stringify(query)}`, { deps: [keys.notifications()], userId }, () =>
    listNotifications(s, opts),
  );
}

const mine = eq(notifications.userId, sql.placeholder("userId"));
const pageOf = (where: SQL | undefined) =>
  preparedQuery((db) =>
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  );
const pages = { all: pageOf(mine), unread: pageOf(and(mine, isNull(notifications.readAt))) };
const counts = preparedQuery((db) =>
  db
    .select({
      all: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(mine),
);

export async function listNotifications(
  s: Pick<Services, "db">,
  opts: { userId: string } & NotificationListQuery,
): Promise<NotificationPage> {
  const [rows, [counted]] = await Promise.all([
    pages[opts.unreadOnly ? "unread" : "all"](s.db, opts),
    counts(s.db, { userId: opts.userId }),
  ]);
  const unread = counted?.unread ?? 0;
  return { total: opts.unreadOnly ? unread : (counted?.all ?? 0), unread, items: rows.map(toDto) };
}

export async function markRead(
  s: Pick<Services, "db" | "events">,
  opts: { userId: string; id: string },
): Promise<NotificationDto> {
  // Someone else's notification is answered like a missing one: its existence is nobody else's business.
  if (!isUuid(opts.id)) throw new AppError("not_found", "There is no notification with this id.");
  const [row] = await s.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, opts.id), eq(notifications.userId, opts.userId)))
    .returning();
  if (!row) throw new AppError("not_found", "There is no notification with this id.");
  await publishNotified(s, [opts.userId]);
  return toDto(row);
}

export async function markAllRead(
  s: Pick<Services, "db" | "events">,
  opts: { userId: string },
): Promise<{ marked: number }> {
  const rows = await s.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, opts.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await publishNotified(s, [opts.userId]);
  return { marked: rows.length };
}
