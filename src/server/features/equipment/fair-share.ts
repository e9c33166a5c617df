import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  bookedDaysByWeek,
  COUNTED_STATES,
  fairShareInput,
  scopeWord,
  type FairShareDto,
  type FairShareInput,
} from "../../../common/equipment-fair.ts";
import { formatDate } from "../../../common/datetime.ts";
import { keys } from "../../../common/query-keys.ts";
import { isOffice, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  courseEnrolments,
  courses,
  courseTeachers,
  fairShareLimits,
  kitItems,
  projects,
  requestWindowLots,
  requestWindows,
  reservations,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { checkId, type S, when } from "./shared.ts";

// ── The limits ───────────────────────────────────────────────────────────────────────────────────

const NO_LIMITS: FairShareInput = {
  maxActive: null,
  activeScope: "student",
  maxDaysPerWeek: null,
  daysScope: "student",
};

async function teaches(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .select({ userId: courseTeachers.userId })
    .from(courseTeachers)
    .where(and(eq(courseTeachers.courseId, courseId), eq(courseTeachers.userId, userId)));
  return !!row;
}

/** The office sees every course's limits; anyone else those of the courses they teach or take. */
export async function listFairShare(s: Pick<S, "db">, opts: { caller: Caller }): Promise<FairShareDto[]> {
  const office = isOffice(opts.caller.role);
  const mine = sql<boolean>`exists (select 1 from ${courseTeachers} t where t.course_id = ${courses.id} and t.user_id = ${opts.caller.id})`;
  const takes = sql<boolean>`exists (select 1 from ${courseEnrolments} e where e.course_id = ${courses.id} and e.user_id = ${opts.caller.id} and e.status = 'active')`;
  const rows = await s.db
    .select({ course: courses, limits: fairShareLimits, teacher: mine })
    .from(courses)
    .leftJoin(fairShareLimits, eq(fairShareLimits.courseId, courses.id))
    .where(office ? undefined : or(mine, takes))
    .orderBy(sql`${courses.term} desc`, courses.code)
    .limit(500);
  return rows.map((r) => ({
    course: { id: r.course.id, code: r.course.code, title: r.course.title, term: r.course.term },
    maxActive: r.limits?.maxActive ?? null,
    activeScope: r.limits?.activeScope ?? "student",
    maxDaysPerWeek: r.limits?.maxDaysPerWeek ?? null,
    daysScope: r.limits?.daysScope ?? "student",
    updatedByName: r.limits?.updatedByName ?? null,
    canEdit: office || !!r.teacher,
  }));
}

export async function getFairShare(s: Pick<S, "db">, opts: { caller: Caller; courseId: string }) {
  checkId(opts.courseId, "course");
  const [course] = await s.db.select().from(courses).where(eq(courses.id, opts.courseId));
  if (!course) throw new AppError("not_found", "There is no course with this id.");
  const [limits] = await s.db.select().from(fairShareLimits).where(eq(fairShareLimits.courseId, course.id));
  return {
    course: { id: course.id, code: course.code, title: course.title, term: course.term },
    ...NO_LIMITS,
    ...(limits && {
      maxActive: limits.maxActive,
      activeScope: limits.activeScope,
      maxDaysPerWeek: limits.maxDaysPerWeek,
      daysScope: limits.daysScope,
    }),
    updatedByName: limits?.updatedByName ?? null,
    canEdit: isOffice(opts.caller.role) || (await teaches(s.db, course.id, opts.caller.id)),
  } satisfies FairShareDto;
}

/** The equipment office, or one of the course's teachers, sets its limits; they count from the next request on. */
export async function setFairShare(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; courseId: string; input: FairShareInput },
): Promise<FairShareDto> {
  checkId(opts.courseId, "course");
  const input = fairShareInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, opts.courseId));
    if (!course) throw new AppError("not_found", "There is no course with this id.");
    if (!isOffice(opts.caller.role) && !(await teaches(tx, course.id, opts.caller.id)))
      throw new AppError(
        "forbidden",
        `Only the equipment office and the teachers of ${course.code} can set its fair share of equipment.`,
      );
    const values = { ...input, updatedBy: opts.caller.id, updatedByName: opts.caller.name, updatedAt: new Date() };
    await tx
      .insert(fairShareLimits)
      .values({ courseId: course.id, ...values })
      .onConflictDoUpdate({ target: fairShareLimits.courseId, set: values });
    await recordAudit(tx, opts.caller, {
      action: "equipment.fair-share",
      targetType: "course",
      targetId: course.id,
      targetLabel: `${course.code} (${course.term})`,
      details: { ...input },
    });
  });
  await s.events.publish({ type: "equipment.changed", invalidate: [keys.equipmentPart("fair-share")] });
  return getFairShare(s, opts);
}

// ── The check every booking passes ───────────────────────────────────────────────────────────────

export interface Booking {
  caller: Caller;
  projectId: string;
  /** The project, when the caller has just read it: not read again. */
  project?: { id: string; title: string; courseId: string | null };
  startsAt: Date;
  endsAt: Date;
  items: { item: { id: string; categoryId: string } }[];
  now: Date;
}

/**
 * The fair-share rules a new booking must meet besides the school's: contested stock of an open request window
 * is not booked first-come, and no course's limit may be passed. The office books outside both: it sets them.
 */
export async function checkFairShare(tx: DbOrTx, b: Booking) {
  if (isOffice(b.caller.role)) return;
  await checkWindows(tx, b);
  await checkLimits(tx, b);
}

async function checkWindows(tx: DbOrTx, b: Booking) {
  const itemIds = b.items.map((i) => i.item.id);
  const categoryIds = [...new Set(b.items.map((i) => i.item.categoryId))];
  if (itemIds.length === 0) return;
  const inKits = tx.select({ kitId: kitItems.kitId }).from(kitItems).where(inArray(kitItems.itemId, itemIds));
  const hits = await tx
    .select({ w: requestWindows, label: requestWindowLots.label })
    .from(requestWindowLots)
    .innerJoin(requestWindows, eq(requestWindows.id, requestWindowLots.windowId))
    .where(
      and(
        eq(requestWindows.state, "open"),
        lt(requestWindows.startsAt, b.endsAt),
        gt(requestWindows.endsAt, b.startsAt),
        or(
          inArray(requestWindowLots.itemId, itemIds),
          inArray(requestWindowLots.categoryId, categoryIds),
          inArray(requestWindowLots.kitId, inKits),
        ),
      ),
    );
  if (hits.length === 0) return;
  const w = hits[0]!.w;
  const f = await getSchoolSettings(tx);
  const labels = [...new Set(hits.filter((h) => h.w.id === w.id).map((h) => h.label))].join(", ");
  const how =
    w.deadline > b.now
      ? `Request it there before ${when(w.deadline, f)}; the office then draws a fair lottery.`
      : "Its requests are closed and the office draws the lottery soon; what is left is bookable after the draw.";
  throw new AppError(
    "conflict",
    `Request window: ${labels} for ${when(w.startsAt, f)} – ${when(w.endsAt, f)} is allotted by lottery in “${w.name}”, not first come. ${how}`,
  );
}

/** A reservation that still holds gear or is about to: requested or approved and not over, or out. */
const counted = (now: Date) =>
  and(
    inArray(reservations.state, [...COUNTED_STATES]),
    or(gt(reservations.endsAt, now), eq(reservations.state, "checked_out")),
  );

/** The course's limits, for a booking or a window's request of the period. */
export async function checkLimits(tx: DbOrTx, b: Omit<Booking, "items">) {
  if (isOffice(b.caller.role)) return;
  const [project] = b.project
    ? [b.project]
    : await tx
        .select({ id: projects.id, title: projects.title, courseId: projects.courseId })
        .from(projects)
        .where(eq(projects.id, b.projectId));
  if (!project) return;
  // A course's project answers to its course; a project of no course to every course its requester takes.
  const taken = await tx
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, b.caller.id), eq(courseEnrolments.status, "active")));
  const takes = new Set(taken.map((t) => t.courseId));
  const courseIds = project.courseId ? [project.courseId] : [...takes];
  if (courseIds.length === 0) return;
  const limits = await tx
    .select({ l: fairShareLimits, code: courses.code })
    .from(fairShareLimits)
    .innerJoin(courses, eq(courses.id, fairShareLimits.courseId))
    .where(inArray(fairShareLimits.courseId, courseIds));
  if (limits.length === 0) return;
  const f = await getSchoolSettings(tx);
  for (const { l, code } of limits) {
    // The student's share under a course: their bookings for its projects, and for projects of no course while
    // they take it.
    const inScope = (scope: "student" | "project") =>
      scope === "project"
        ? eq(reservations.projectId, project.id)
        : and(
            eq(reservations.requesterId, b.caller.id),
            takes.has(l.courseId)
              ? or(eq(projects.courseId, l.courseId), isNull(projects.courseId))
              : eq(projects.courseId, l.courseId),
          );
    const whose = (scope: "student" | "project") => (scope === "project" ? `“${project.title}” has` : "you have");
    const list = (rows: { title: string; startsAt: Date; endsAt: Date }[]) =>
      rows.map((r) => `${r.title} ${when(r.startsAt, f)} – ${when(r.endsAt, f)}`).join("; ");
    const select = (scope: "student" | "project", extra?: ReturnType<typeof and>) =>
      tx
        .select({ title: projects.title, startsAt: reservations.startsAt, endsAt: reservations.endsAt })
        .from(reservations)
        .innerJoin(projects, eq(projects.id, reservations.projectId))
        .where(and(inScope(scope), counted(b.now), extra))
        .orderBy(reservations.startsAt)
        .limit(200);

    // A project of no course is not the course's: only its student's own share under the course applies.
    const applies = (scope: "student" | "project") => scope === "student" || project.courseId === l.courseId;
    if (l.maxActive !== null && applies(l.activeScope)) {
      const held = await select(l.activeScope);
      if (held.length >= l.maxActive)
        throw new AppError(
          "forbidden",
          `Your course ${code} allows ${l.maxActive} booking${l.maxActive === 1 ? "" : "s"} at a time ${scopeWord(l.activeScope)}; ${whose(l.activeScope)} ${held.length}: ${list(held)}. Cancel one, or wait until one is returned.`,
        );
    }
    if (l.maxDaysPerWeek !== null && applies(l.daysScope)) {
      const weeks = bookedDaysByWeek(b.startsAt, b.endsAt);
      const mondays = [...weeks.keys()];
      const from = new Date(`${mondays[0]}T00:00:00Z`);
      const to = new Date(new Date(`${mondays.at(-1)}T00:00:00Z`).getTime() + 7 * 86_400_000);
      const near = await select(l.daysScope, and(lt(reservations.startsAt, to), gt(reservations.endsAt, from)));
      for (const [monday, days] of weeks) {
        const booked = new Set<string>();
        for (const r of near) for (const d of bookedDaysByWeek(r.startsAt, r.endsAt).get(monday) ?? []) booked.add(d);
        const after = new Set([...booked, ...days]);
        if (after.size > l.maxDaysPerWeek)
          throw new AppError(
            "forbidden",
            `Your course ${code} allows ${l.maxDaysPerWeek} booked day${l.maxDaysPerWeek === 1 ? "" : "s"} per week ${scopeWord(l.daysScope)}; in the week of ${formatDate(monday, f, { weekday: true })} ${whose(l.daysScope)} ${booked.size} booked and this booking would make ${after.size}.`,
          );
      }
    }
  }
}
