import { eq } from "drizzle-orm";
import {
  type AvailabilityItem,
  type AvailabilityQuery,
  type CalendarEntryDto,
  type CalendarQuery,
  type EquipmentSummaryDto,
  type MyEquipmentStatus,
  type Page,
} from "../../../common/equipment.ts";
import { RESERVATION_STATE_LABELS } from "../../../common/equipment-states.ts";
import { type Caller } from "../../auth/caller.ts";
import { certifications, userCertifications } from "../../db/schema/index.ts";
import { cachePerBus } from "../../lib/cache.ts";
import { FREE_SCOPE, INVENTORY_SCOPE, freeAmong, heldCertifications, keptAnswers, part, shortAnswers } from "./kept.ts";
import { AppError } from "../../lib/errors.ts";
import { getSchoolSettings } from "../school/service.ts";
import * as repo from "./repository/index.ts";
import { checkId, type S, when } from "./shared.ts";
import { toItem } from "./inventory.ts";
import { ACCESS_DEPS, accessFor } from "./access.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";

// ── The catalogue ────────────────────────────────────────────────────────────────────────────────

export function range(from: string, to: string) {
  const r = { from: new Date(from), to: new Date(to) };
  if (!(r.to > r.from)) throw new AppError("bad_request", "The end of the range must come after its start.");
  return r;
}

/**
 * Which items a catalogue page shows does not depend on the range (unless only free ones are asked for), so the
 * page is kept per filter until the inventory changes.
 */
const pageCache = cachePerBus<Awaited<ReturnType<typeof repo.selectCataloguePage>>>({
  ttlMs: 5 * 60_000,
  maxEntries: 200,
});

export async function availability(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; query: AvailabilityQuery },
): Promise<Page<AvailabilityItem>> {
  const q = opts.query;
  const r = range(q.from, q.to);
  const access = await accessFor(s, opts.caller);
  const exclude = q.onlyOpen ? access.closedItemIds() : [];
  const filter = { search: q.search, categoryId: q.categoryId, limit: q.limit, offset: q.offset, exclude };
  // Those holding the same levels see the same page of open items: kept per filter and levels.
  const page = q.onlyFree
    ? await repo.selectCataloguePage(s.db, { ...filter, onlyFree: r })
    : await pageCache(s.events).get(
        JSON.stringify({ ...filter, exclude: exclude.length ? access.key : "" }),
        () => repo.selectCataloguePage(s.db, filter),
        undefined,
        { deps: [...INVENTORY_SCOPE.deps, ...ACCESS_DEPS] },
      );
  const [free, held] = await Promise.all([
    freeAmong(
      s,
      page.rows.map((row) => row.item.id),
      r,
    ),
    heldCertifications(s, opts.caller.id),
  ]);
  return {
    total: page.total,
    items: page.rows.map((row) => {
      const i = toItem(row);
      return {
        id: i.id,
        name: i.name,
        brand: i.brand,
        model: i.model,
        assetTag: i.assetTag,
        status: i.status,
        condition: i.condition,
        photoUrl: i.photoUrl,
        certification: i.certification,
        category: i.category,
        free: free.has(i.id),
        certified: !i.certification || held.has(i.certification.id),
        closed: access.item(i.id),
      };
    }),
  };
}

export function browseAvailability(s: Pick<S, "db" | "events">, opts: { caller: Caller; query: AvailabilityQuery }) {
  return shortAnswers(
    s.events,
    `availability ${opts.caller.id} ${JSON.stringify(opts.query)}`,
    { deps: [...FREE_SCOPE.deps, ...INVENTORY_SCOPE.deps, ...ACCESS_DEPS, ...PEOPLE_KEYS], userId: opts.caller.id },
    () => availability(s, opts),
  );
}

export async function myStatus(s: Pick<S, "db">, opts: { caller: Caller }): Promise<MyEquipmentStatus> {
  const [rules, open, certs] = await Promise.all([
    getSchoolSettings(s.db).then((x) => x.equipmentRules),
    repo.countOpenStrikes(s.db, opts.caller.id),
    s.db
      .select({ id: certifications.id, name: certifications.name })
      .from(userCertifications)
      .innerJoin(certifications, eq(certifications.id, userCertifications.certificationId))
      .where(eq(userCertifications.userId, opts.caller.id)),
  ]);
  return { strikes: open, strikeLimit: rules.strikeLimit, blocked: open >= rules.strikeLimit, certifications: certs };
}

/** `myStatus` as JSON, kept until the person's strikes, certifications or the school's rules change. */
export function browseMyStatus(s: Pick<S, "db" | "events">, opts: { caller: Caller }) {
  return keptAnswers(
    s.events,
    `me ${opts.caller.id}`,
    { deps: [part("me"), part("strikes"), part("certifications"), keys.schoolSettings()], userId: opts.caller.id },
    () => myStatus(s, opts),
  );
}

// ── Calendars and the dashboard ──────────────────────────────────────────────────────────────────

export async function calendar(
  s: Pick<S, "db">,
  opts: { itemId?: string; query: CalendarQuery },
): Promise<CalendarEntryDto[]> {
  const q = opts.query;
  if (opts.itemId) checkId(opts.itemId, "item");
  const rows = await repo.selectCalendar(s.db, { ...q, ...range(q.from, q.to), itemId: opts.itemId });
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

export const equipmentSummary = (s: Pick<S, "db">): Promise<EquipmentSummaryDto> => repo.countSummary(s.db);

/** The person's reservations (their own and their crews') as timed events of their iCal feed. */
export async function feedReservations(s: Pick<S, "db" | "config">, opts: { userId: string; host: string }) {
  const rows = await repo.selectFeedReservations(s.db, opts.userId);
  const f = await getSchoolSettings(s.db);
  return rows.map(({ r, projectTitle }) => {
    const link = `${s.config.PUBLIC_URL}/project/${r.projectId}`;
    return {
      uid: `equipment-${r.id}@${opts.host}`,
      stamp: r.updatedAt,
      start: r.startsAt.toISOString().slice(0, 10),
      lastDay: r.endsAt.toISOString().slice(0, 10),
      at: { start: r.startsAt, end: r.endsAt },
      summary: `Equipment (${RESERVATION_STATE_LABELS[r.state].toLowerCase()}): ${projectTitle}`,
      description: `Collect at the equipment desk; due back ${when(r.endsAt, f)}.\n${link}`,
      location: "Equipment desk",
      url: link,
    };
  });
}
