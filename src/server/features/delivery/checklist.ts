import { eq } from "drizzle-orm";
import {
  courseDeliveryInput,
  type CourseDeliveryDto,
  type CourseDeliveryInput,
  type DeliveryItem,
} from "../../../common/delivery.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courseDeliveries, projects } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import { courseAccess, publishCourseChanged } from "../courses/index.ts";
import { getSchoolSettings } from "../school/service.ts";

export type S = Pick<Services, "db" | "events" | "config" | "log">;

/**
 * The checklist a project delivers against: its course's own when the course has one, else the school's (a
 * school setting).
 * `fromCourse` names the course whose list it is.
 */
export async function deliveryItemsOf(
  db: DbOrTx,
  projectId: string,
): Promise<{ items: DeliveryItem[]; fromCourse: string | null }> {
  const [row] = await db
    .select({ code: projects.course, items: courseDeliveries.items })
    .from(projects)
    .innerJoin(courseDeliveries, eq(courseDeliveries.courseId, projects.courseId))
    .where(eq(projects.id, projectId));
  if (row) return { items: row.items, fromCourse: row.code };
  return { items: (await getSchoolSettings(db)).deliveryItems, fromCourse: null };
}

async function toDto(db: DbOrTx, courseId: string, canEdit: boolean): Promise<CourseDeliveryDto> {
  const [own] = await db.select().from(courseDeliveries).where(eq(courseDeliveries.courseId, courseId));
  const items = own?.items ?? (await getSchoolSettings(db)).deliveryItems;
  return { courseId, followsSchool: !own, items, canEdit };
}

/** Whoever may see the course sees its delivery checklist (the greenlight's rule: course.ts `courseAccess`). */
export async function getCourseDelivery(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string },
): Promise<CourseDeliveryDto> {
  const course = await courseAccess(s.db, opts.caller, opts.id);
  return toDto(s.db, course.id, course.canEdit);
}

function assertEditor(course: { code: string; canEdit: boolean }) {
  if (!course.canEdit)
    throw new AppError(
      "forbidden",
      `Only the teachers of ${course.code} and admins can change its delivery checklist.`,
    );
}

/** Replaces the course's list; from then on the course no longer follows the school's. */
export async function saveCourseDelivery(
  s: S,
  opts: { caller: Caller; id: string; input: CourseDeliveryInput },
): Promise<CourseDeliveryDto> {
  const { items } = courseDeliveryInput.parse(opts.input);
  const course = await courseAccess(s.db, opts.caller, opts.id);
  assertEditor(course);
  await s.db.transaction(async (tx) => {
    const values = { items, updatedBy: opts.caller.id, updatedAt: new Date() };
    await tx
      .insert(courseDeliveries)
      .values({ courseId: course.id, ...values })
      .onConflictDoUpdate({ target: courseDeliveries.courseId, set: values });
    await recordAudit(tx, opts.caller, {
      action: "course.delivery_edited",
      targetType: "course",
      targetId: course.id,
      targetLabel: `${course.code} (${course.term})`,
      details: { items: items.map((i) => ({ key: i.key, rule: i.rule })) },
    });
  });
  await publishCourseChanged(s, course.id, true);
  return toDto(s.db, course.id, course.canEdit);
}

/** Back to the school's list: the course's own is forgotten, the projects' ticks stay. */
export async function resetCourseDelivery(s: S, opts: { caller: Caller; id: string }): Promise<CourseDeliveryDto> {
  const course = await courseAccess(s.db, opts.caller, opts.id);
  assertEditor(course);
  await s.db.transaction(async (tx) => {
    await tx.delete(courseDeliveries).where(eq(courseDeliveries.courseId, course.id));
    await recordAudit(tx, opts.caller, {
      action: "course.delivery_reset",
      targetType: "course",
      targetId: course.id,
      targetLabel: `${course.code} (${course.term})`,
    });
  });
  await publishCourseChanged(s, course.id, true);
  return toDto(s.db, course.id, course.canEdit);
}
