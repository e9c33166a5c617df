import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  accessLevelCertifications,
  accessLevelCourses,
  accessLevels,
  certifications,
  courseEnrolments,
  courses,
  equipmentItems,
  itemAccessLevels,
  kitAccessLevels,
  kitItems,
  userCertifications,
} from "../../../db/schema/index.ts";

/** Every level with its grants, and which items and kits carry one: a few hundred rows in a large school. */
export async function selectAccessRules(db: DbOrTx) {
  const [levels, byCourse, byCertification, items, kits, inKits] = await Promise.all([
    db.select().from(accessLevels).orderBy(asc(accessLevels.name)),
    db
      .select({
        levelId: accessLevelCourses.levelId,
        id: courses.id,
        code: courses.code,
        title: courses.title,
        term: courses.term,
      })
      .from(accessLevelCourses)
      .innerJoin(courses, eq(courses.id, accessLevelCourses.courseId))
      .orderBy(asc(courses.title), asc(courses.term)),
    db
      .select({ levelId: accessLevelCertifications.levelId, id: certifications.id, name: certifications.name })
      .from(accessLevelCertifications)
      .innerJoin(certifications, eq(certifications.id, accessLevelCertifications.certificationId))
      .orderBy(asc(certifications.name)),
    db.select().from(itemAccessLevels),
    db.select().from(kitAccessLevels),
    db
      .select({ kitId: kitItems.kitId, itemId: kitItems.itemId })
      .from(kitItems)
      .innerJoin(kitAccessLevels, eq(kitAccessLevels.kitId, kitItems.kitId)),
  ]);
  return { levels, byCourse, byCertification, items, kits, inKits };
}

/** The levels a person holds: an active enrolment on a granting course, or a granting certification. */
const heldLevelIds = (userId: string) => sql`
    select ${accessLevelCourses.levelId} as level_id from ${accessLevelCourses}
      join ${courseEnrolments} on ${courseEnrolments.courseId} = ${accessLevelCourses.courseId}
      where ${courseEnrolments.userId} = ${userId} and ${courseEnrolments.status} = 'active'
    union
    select ${accessLevelCertifications.levelId} from ${accessLevelCertifications}
      join ${userCertifications} on ${userCertifications.certificationId} = ${accessLevelCertifications.certificationId}
      where ${userCertifications.userId} = ${userId}`;

export async function selectHeldLevels(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db.execute<{ level_id: string }>(heldLevelIds(userId));
  return new Set(rows.rows.map((r) => r.level_id));
}

/**
 * Whether every one of these items is open to the person: the level each carries, or its kit's, is one they hold (or
 * it carries none). One statement, where the whole school's rules are seven: a booking that passes needs no reason.
 */
export async function allOpenTo(db: DbOrTx, userId: string, itemIds: string[]): Promise<boolean> {
  if (itemIds.length === 0) return true;
  const rows = await db.execute<{ closed: number }>(sql`
    with held as (${heldLevelIds(userId)})
    select count(*)::int as closed from ${equipmentItems}
      left join ${itemAccessLevels} on ${itemAccessLevels.itemId} = ${equipmentItems.id}
      left join ${kitItems} on ${kitItems.itemId} = ${equipmentItems.id}
      left join ${kitAccessLevels} on ${kitAccessLevels.kitId} = ${kitItems.kitId}
      where ${inArray(equipmentItems.id, itemIds)}
        and (${itemAccessLevels.levelId} not in (select level_id from held)
          or ${kitAccessLevels.levelId} not in (select level_id from held))`);
  return Number(rows.rows[0]?.closed ?? 0) === 0;
}
