import { eq } from "drizzle-orm";
import {
  alignSources,
  courseGreenlightInput,
  fromSchool,
  type CourseGreenlightDto,
  type CourseGreenlightInput,
  type CourseGreenlightItem,
} from "../../../common/course-greenlight.ts";
import type { GreenlightItem } from "../../../common/projects.ts";
import { GREENLIGHT_SOURCE_LABELS } from "../../../common/school.ts";
import { isAdmin, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courseGreenlights } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit } from "../audit/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { mayManageCourses, noCourse, publishCourseChanged, type S } from "./courses.ts";
import * as repo from "./repository.ts";

/**
 * Who may see the course's checklist is who may see the course; who may change it is narrower: the course's own
 * teachers and the admins, since the deadlines are the teaching plan of that course.
 */
export async function courseFor(db: DbOrTx, caller: Caller, id: string) {
  if (!isUuid(id)) throw noCourse();
  const row = await repo.selectCourse(db, id, caller.id);
  if (!row || !(mayManageCourses(caller) || row.isTeacher || row.isStudent)) throw noCourse();
  return { ...row.course, canEdit: isAdmin(caller.role) || !!row.isTeacher };
}

async function toDto(db: DbOrTx, courseId: string, canEdit: boolean): Promise<CourseGreenlightDto> {
  const [[own], school] = await Promise.all([
    db.select().from(courseGreenlights).where(eq(courseGreenlights.courseId, courseId)),
    getSchoolSettings(db).then((s) => s.greenlightItems),
  ]);
  const items = own ? alignSources(own.items, school) : fromSchool(school);
  return { courseId, followsSchool: !own, items, schoolItems: school, canEdit };
}

export async function getCourseGreenlight(
  s: Pick<S, "db">,
  opts: { caller: Caller; id: string },
): Promise<CourseGreenlightDto> {
  const course = await courseFor(s.db, opts.caller, opts.id);
  return toDto(s.db, course.id, course.canEdit);
}

function assertEditor(course: { code: string; canEdit: boolean }) {
  if (!course.canEdit)
    throw new AppError(
      "forbidden",
      `Only the teachers of ${course.code} and admins can change its greenlight checklist and deadlines.`,
    );
}

/**
 * An item the school's list has keeps the school's source: its ticks come from the feature that feeds it, so a
 * renamed "Budget approved" is still ticked by the budget's approval. Every other item is ticked by hand.
 */
function checkSources(items: CourseGreenlightItem[], school: GreenlightItem[]) {
  const schoolSource = new Map(school.map((i) => [i.key, i.source]));
  for (const item of items) {
    const source = schoolSource.get(item.key) ?? "manual";
    if (item.source !== source)
      throw new AppError(
        "bad_request",
        source === "manual"
          ? `“${item.label}” is the course's own item: it is ticked by hand, not by ${GREENLIGHT_SOURCE_LABELS[item.source].toLowerCase()}.`
          : `“${item.label}” is the school's automatic item (${GREENLIGHT_SOURCE_LABELS[source].toLowerCase()}); it keeps that source.`,
      );
  }
}

/** Replaces the course's list; from then on the course no longer follows the school's. */
export async function saveCourseGreenlight(
  s: S,
  opts: { caller: Caller; id: string; input: CourseGreenlightInput },
): Promise<CourseGreenlightDto> {
  const { items } = courseGreenlightInput.parse(opts.input);
  const course = await courseFor(s.db, opts.caller, opts.id);
  assertEditor(course);
  checkSources(items, (await getSchoolSettings(s.db)).greenlightItems);
  await s.db.transaction(async (tx) => {
    const values = { items, updatedBy: opts.caller.id, updatedAt: new Date() };
    await tx
      .insert(courseGreenlights)
      .values({ courseId: course.id, ...values })
      .onConflictDoUpdate({ target: courseGreenlights.courseId, set: values });
    await recordAudit(tx, opts.caller, {
      action: "course.greenlight_edited",
      targetType: "course",
      targetId: course.id,
      targetLabel: `${course.code} (${course.term})`,
      details: { items: items.map((i) => ({ key: i.key, leadDays: i.leadDays })) },
    });
  });
  // Every project of the course shows the new list and dates.
  await publishCourseChanged(s, course.id, true);
  return toDto(s.db, course.id, course.canEdit);
}

/** Back to the school's list: the course's own is forgotten, the projects' ticks stay. */
export async function resetCourseGreenlight(s: S, opts: { caller: Caller; id: string }): Promise<CourseGreenlightDto> {
  const course = await courseFor(s.db, opts.caller, opts.id);
  assertEditor(course);
  await s.db.transaction(async (tx) => {
    await tx.delete(courseGreenlights).where(eq(courseGreenlights.courseId, course.id));
    await recordAudit(tx, opts.caller, {
      action: "course.greenlight_reset",
      targetType: "course",
      targetId: course.id,
      targetLabel: `${course.code} (${course.term})`,
    });
  });
  await publishCourseChanged(s, course.id, true);
  return toDto(s.db, course.id, course.canEdit);
}
