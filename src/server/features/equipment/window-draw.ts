import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { ordinal, type WindowDto } from "../../../common/equipment-fair.ts";
import { EQUIPMENT_BOOKING_KEYS, keys } from "../../../common/query-keys.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import {
  courseEnrolments,
  courses,
  equipmentItems,
  projects,
  requestWindowLots,
  requestWindows,
  reservationItems,
  reservations,
  userCertifications,
  windowRequests,
} from "../../db/schema/index.ts";
import { EXCLUSION_VIOLATION, pgCode } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { lotteryResultMail } from "../../mail/lottery-result.ts";
import { getSchoolSettings } from "../school/service.ts";
import { allot, drawOrder, type LotteryEntry } from "./lottery.ts";
import * as repo from "./repository/index.ts";
import { freeBetween, lotItems } from "./repository/sql.ts";
import { getWindow } from "./request-windows.ts";
import { checkId, missing, requireOffice, type S, when } from "./shared.ts";

type Lot = typeof requestWindowLots.$inferSelect;
type Window = typeof requestWindows.$inferSelect;
interface Unit {
  items: { id: string; name: string; assetTag: string; certificationId: string | null }[];
}
interface Entry extends LotteryEntry {
  requesterId: string;
  projectTitle: string;
  courseCode: string | null;
}

/** What a lot holds free over the period: each free item of a category or the item, or the whole kit as one. */
async function unitsOf(tx: Tx, w: Window, lot: Lot, taken: Set<string>): Promise<Unit[]> {
  const where = lotItems(tx, lot);
  const rows = await tx
    .select({
      id: equipmentItems.id,
      name: equipmentItems.name,
      assetTag: equipmentItems.assetTag,
      certificationId: equipmentItems.certificationId,
      free: freeBetween(w.startsAt, w.endsAt),
    })
    .from(equipmentItems)
    .where(and(where, taken.size ? notInArray(equipmentItems.id, [...taken]) : undefined))
    .orderBy(asc(equipmentItems.assetTag));
  if (lot.kind === "kit") return rows.length > 0 && rows.every((r) => r.free) ? [{ items: rows }] : [];
  return rows.filter((r) => r.free).map((r) => ({ items: [r] }));
}

/**
 * Each request's place in the draw: its project's course's rank in the window (1 first), or, for a project of no
 * course, the best rank among the courses its requester takes; a course the window does not rank draws last.
 */
async function entriesOf(tx: Tx, w: Window, lotId: string): Promise<Entry[]> {
  const rows = await tx
    .select({ r: windowRequests, title: projects.title, courseId: projects.courseId, code: courses.code })
    .from(windowRequests)
    .innerJoin(projects, eq(projects.id, windowRequests.projectId))
    .leftJoin(courses, eq(courses.id, projects.courseId))
    .where(eq(windowRequests.lotId, lotId));
  const last = w.priorities.length + 1;
  const rankOf = (courseId: string | null) => {
    const i = courseId ? w.priorities.indexOf(courseId) : -1;
    return i >= 0 ? i + 1 : last;
  };
  const entries: Entry[] = [];
  for (const { r, title, courseId, code } of rows) {
    let priority = rankOf(courseId);
    let courseCode = code;
    if (!courseId) {
      const taken = await tx
        .select({ id: courses.id, code: courses.code })
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .where(and(eq(courseEnrolments.userId, r.requesterId), eq(courseEnrolments.status, "active")));
      for (const c of taken)
        if (rankOf(c.id) < priority || (courseCode === null && rankOf(c.id) === priority)) {
          priority = rankOf(c.id);
          courseCode = c.code;
        }
    }
    entries.push({
      id: r.id,
      projectId: r.projectId,
      priority,
      requesterId: r.requesterId,
      projectTitle: title,
      courseCode,
    });
  }
  return entries;
}

function explain(w: Window, lot: Lot, e: Entry, position: number, total: number, units: number, got: Unit | null) {
  const ranked = e.priority <= w.priorities.length;
  const course = !e.courseCode
    ? "Your project has no course the window ranks, so it drew after the ranked courses"
    : ranked
      ? `Your course ${e.courseCode} had priority ${e.priority}`
      : `Your course ${e.courseCode} was not ranked, so it drew after the ranked courses`;
  const counted = `${total} request${total === 1 ? "" : "s"} for ${units} × ${lot.label}`;
  const outcome = got
    ? `you got ${got.items.map((i) => `${i.name} (${i.assetTag})`).join(", ")}`
    : position > units
      ? `all ${units} went to those drawn before you`
      : "what was left needs a certification you do not hold";
  return `${course}; ${counted}; you were drawn ${ordinal(position)}: ${outcome}.`;
}

/**
 * After the deadline, the office draws: lot by lot (single items, then kits, then categories, so a named item is
 * not first handed out as "any camera"), each in the order `drawOrder` gives, seeded by the window and the lot.
 * Winners get approved reservations (the office's draw is its decision); everyone is told why, in words.
 */
export async function drawWindow(s: S, opts: { caller: Caller; id: string; now?: Date }): Promise<WindowDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "request window");
  const now = opts.now ?? new Date();
  const notified = await draw(s, opts, now).catch((err: unknown) => {
    if (pgCode(err) !== EXCLUSION_VIOLATION) throw err;
    throw new AppError(
      "conflict",
      "Something contested was booked while the lottery was drawn, so nothing was allotted: draw again (the order stays the same).",
    );
  });
  await s.events.publish({
    type: "equipment.changed",
    invalidate: [...EQUIPMENT_BOOKING_KEYS, keys.equipmentPart("windows"), keys.adminDashboard()],
  });
  await publishNotified(s, notified);
  return getWindow(s, opts);
}

function draw(s: S, opts: { caller: Caller; id: string }, now: Date) {
  return s.db.transaction(async (tx) => {
    const [w] = await tx.select().from(requestWindows).where(eq(requestWindows.id, opts.id)).for("update");
    if (!w) throw missing("request window");
    const f = await getSchoolSettings(tx);
    if (w.state === "drawn") throw new AppError("conflict", `“${w.name}” has already been drawn.`);
    if (w.state === "cancelled") throw new AppError("conflict", `“${w.name}” was cancelled: there is nothing to draw.`);
    if (w.deadline > now)
      throw new AppError(
        "conflict",
        `Requests for “${w.name}” are open until ${when(w.deadline, f)}: draw after the deadline, or close the requests first.`,
      );
    const order = { item: 0, kit: 1, category: 2 } as const;
    const lots = (await tx.select().from(requestWindowLots).where(eq(requestWindowLots.windowId, w.id))).sort(
      (a, b) => order[a.kind] - order[b.kind] || a.label.localeCompare(b.label) || a.id.localeCompare(b.id),
    );
    const taken = new Set<string>();
    const ids: string[] = [];
    for (const lot of lots) {
      const entries = await entriesOf(tx, w, lot.id);
      if (entries.length === 0) continue;
      const units = await unitsOf(tx, w, lot, taken);
      const certs = await tx
        .select({ userId: userCertifications.userId, id: userCertifications.certificationId })
        .from(userCertifications)
        .where(inArray(userCertifications.userId, [...new Set(entries.map((e) => e.requesterId))]));
      const holds = (userId: string, cert: string | null) =>
        !cert || certs.some((c) => c.userId === userId && c.id === cert);
      const drawn = drawOrder(`${w.id}:${lot.id}`, entries);
      const result = allot(drawn, units, (e, u) => u.items.every((i) => holds(e.requesterId, i.certificationId)));
      for (const [n, e] of drawn.entries()) {
        const got = result.get(e.id) ?? null;
        const explanation = explain(w, lot, e, n + 1, entries.length, units.length, got);
        let reservationId: string | null = null;
        if (got) {
          const itemIds = got.items.map((i) => i.id);
          for (const id of itemIds) taken.add(id);
          await repo.lockItemsForBooking(tx, itemIds);
          const [row] = await tx
            .insert(reservations)
            .values({
              projectId: e.projectId,
              requesterId: e.requesterId,
              startsAt: w.startsAt,
              endsAt: w.endsAt,
              state: "approved",
              note: `Allotted by the lottery of “${w.name}”. ${explanation}`,
              decidedBy: opts.caller.id,
              decidedByName: opts.caller.name,
              decidedAt: now,
            })
            .returning({ id: reservations.id });
          reservationId = row!.id;
          await tx.insert(reservationItems).values(
            itemIds.map((itemId) => ({
              reservationId: row!.id,
              itemId,
              kitId: lot.kitId,
              startsAt: w.startsAt,
              endsAt: w.endsAt,
            })),
          );
        }
        await tx
          .update(windowRequests)
          .set({ position: n + 1, won: !!got, reservationId, explanation })
          .where(eq(windowRequests.id, e.id));
        ids.push(
          ...(await notify(tx, {
            userIds: [e.requesterId],
            kind: "equipment",
            title: got
              ? `Lottery “${w.name}”: ${lot.label} is yours for “${e.projectTitle}”`
              : `Lottery “${w.name}”: no ${lot.label} for “${e.projectTitle}” this time`,
            body: explanation,
            link: `/equipment?window=${w.id}`,
            email: lotteryResultMail({
              won: !!got,
              windowName: w.name,
              lotLabel: lot.label,
              projectTitle: e.projectTitle,
              range: `${when(w.startsAt, f)} – ${when(w.endsAt, f)}`,
              explanation,
              url: new URL(`/equipment?window=${w.id}`, s.config.PUBLIC_URL).toString(),
            }),
          })),
        );
      }
    }
    await tx
      .update(requestWindows)
      .set({ state: "drawn", drawnAt: now, drawnBy: opts.caller.id, drawnByName: opts.caller.name })
      .where(eq(requestWindows.id, w.id));
    return ids;
  });
}
