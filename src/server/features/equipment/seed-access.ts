import { inArray } from "drizzle-orm";
import type { Services } from "../../context.ts";
import {
  accessLevelCertifications,
  accessLevelCourses,
  accessLevels,
  certifications,
  courses,
  equipmentItems,
  equipmentKits,
  itemAccessLevels,
  kitAccessLevels,
} from "../../db/schema/index.ts";

/** The demo's levels: what grants each (course titles, certification names) and the gear that carries it. */
const LEVELS: { name: string; courses: string[]; certifications: string[]; tags: string[]; kits: string[] }[] = [
  {
    name: "Intermediate",
    courses: ["Fiction Workshop II", "Documentary Practice"],
    certifications: ["Steadicam"],
    tags: ["NFS-MON-008", "NFS-MON-009"],
    kits: ["Documentary kit 2"],
  },
  // The second Alexa and the big zoom are kept for thesis productions.
  { name: "Thesis", courses: ["Thesis Film"], certifications: [], tags: ["NFS-CAM-002", "NFS-LNS-026"], kits: [] },
];

/** Access levels in the demo school, so a student sees gear closed to them and why (after the courses' seed). */
export async function seedAccessLevels(s: Pick<Services, "db">): Promise<void> {
  const [courseRows, certRows, itemRows, kitRows] = await Promise.all([
    s.db.select({ id: courses.id, title: courses.title }).from(courses),
    s.db.select({ id: certifications.id, name: certifications.name }).from(certifications),
    s.db
      .select({ id: equipmentItems.id, tag: equipmentItems.assetTag })
      .from(equipmentItems)
      .where(
        inArray(
          equipmentItems.assetTag,
          LEVELS.flatMap((l) => l.tags),
        ),
      ),
    s.db.select({ id: equipmentKits.id, name: equipmentKits.name }).from(equipmentKits),
  ]);
  for (const plan of LEVELS) {
    const [level] = await s.db.insert(accessLevels).values({ name: plan.name }).returning({ id: accessLevels.id });
    const levelId = level!.id;
    const courseIds = courseRows.filter((c) => plan.courses.includes(c.title)).map((c) => c.id);
    const certIds = certRows.filter((c) => plan.certifications.includes(c.name)).map((c) => c.id);
    const itemIds = itemRows.filter((i) => plan.tags.includes(i.tag)).map((i) => i.id);
    const kitIds = kitRows.filter((k) => plan.kits.includes(k.name)).map((k) => k.id);
    if (courseIds.length)
      await s.db.insert(accessLevelCourses).values(courseIds.map((courseId) => ({ levelId, courseId })));
    if (certIds.length)
      await s.db
        .insert(accessLevelCertifications)
        .values(certIds.map((certificationId) => ({ levelId, certificationId })));
    if (itemIds.length) await s.db.insert(itemAccessLevels).values(itemIds.map((itemId) => ({ itemId, levelId })));
    if (kitIds.length) await s.db.insert(kitAccessLevels).values(kitIds.map((kitId) => ({ kitId, levelId })));
  }
}
