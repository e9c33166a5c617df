// The office's access levels: what grants each, and which items and kits carry one.
import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  accessAssignInput,
  accessLevelInput,
  type AccessAssignInput,
  type AccessLevelInput,
  type AccessOverviewDto,
} from "../../../common/equipment-access.ts";
import { type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
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
import { AppError } from "../../lib/errors.ts";
import { pgCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import { loadAccessRules } from "./access.ts";
import { checkId, missing, publish, requireOffice, type S } from "./shared.ts";

/** Every level with what grants it and how much gear carries it, the gear that carries one, and the courses. */
export async function listAccessLevels(s: Pick<S, "db">, opts: { caller: Caller }): Promise<AccessOverviewDto> {
  requireOffice(opts.caller);
  const [rules, items, kits, allCourses] = await Promise.all([
    loadAccessRules(s.db),
    s.db
      .select({
        id: equipmentItems.id,
        name: equipmentItems.name,
        assetTag: equipmentItems.assetTag,
        levelId: itemAccessLevels.levelId,
      })
      .from(itemAccessLevels)
      .innerJoin(equipmentItems, eq(equipmentItems.id, itemAccessLevels.itemId))
      .orderBy(asc(equipmentItems.assetTag)),
    s.db
      .select({ id: equipmentKits.id, name: equipmentKits.name, levelId: kitAccessLevels.levelId })
      .from(kitAccessLevels)
      .innerJoin(equipmentKits, eq(equipmentKits.id, kitAccessLevels.kitId))
      .orderBy(asc(equipmentKits.name)),
    s.db
      .select({ id: courses.id, code: courses.code, title: courses.title, term: courses.term })
      .from(courses)
      .orderBy(asc(courses.term), asc(sql`lower(${courses.code})`))
      .limit(COURSES_MAX),
  ]);
  return {
    levels: [...rules.levels.values()].map((l) => ({
      ...l,
      itemCount: items.filter((i) => i.levelId === l.id).length,
      kitCount: kits.filter((k) => k.levelId === l.id).length,
    })),
    items,
    kits,
    courses: allCourses,
  };
}

/** Enough for years of terms; listed as the Courses page lists them, by term and code. */
const COURSES_MAX = 500;

async function writeGrants(tx: Tx, levelId: string, input: { courseIds: string[]; certificationIds: string[] }) {
  const courseIds = [...new Set(input.courseIds)];
  const certIds = [...new Set(input.certificationIds)];
  const [foundCourses, foundCerts] = await Promise.all([
    courseIds.length
      ? tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds))
      : Promise.resolve([]),
    certIds.length
      ? tx.select({ id: certifications.id }).from(certifications).where(inArray(certifications.id, certIds))
      : Promise.resolve([]),
  ]);
  if (foundCourses.length !== courseIds.length)
    throw new AppError("bad_request", "One of the courses does not exist: choose the courses from the list.");
  if (foundCerts.length !== certIds.length)
    throw new AppError(
      "bad_request",
      "One of the certifications does not exist: choose the certifications from the list.",
    );
  await tx.delete(accessLevelCourses).where(eq(accessLevelCourses.levelId, levelId));
  await tx.delete(accessLevelCertifications).where(eq(accessLevelCertifications.levelId, levelId));
  if (courseIds.length)
    await tx.insert(accessLevelCourses).values(courseIds.map((courseId) => ({ levelId, courseId })));
  if (certIds.length)
    await tx.insert(accessLevelCertifications).values(certIds.map((certificationId) => ({ levelId, certificationId })));
}

async function writeLevel(s: S, opts: { caller: Caller; id?: string; input: AccessLevelInput }) {
  requireOffice(opts.caller);
  const input = accessLevelInput.parse(opts.input);
  try {
    await s.db.transaction(async (tx) => {
      let id = opts.id;
      if (id) {
        const rows = await tx.update(accessLevels).set({ name: input.name }).where(eq(accessLevels.id, id)).returning();
        if (rows.length === 0) throw missing("access level");
      } else {
        [{ id }] = (await tx.insert(accessLevels).values({ name: input.name }).returning({ id: accessLevels.id })) as [
          { id: string },
        ];
      }
      await writeGrants(tx, id!, input);
    });
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION)
      throw new AppError("conflict", `There is already an access level called “${input.name}”.`);
    throw err;
  }
  // Every answer showing gear may now close or open it: all of `equipment`, as an inventory change.
  await publish(s);
  return listAccessLevels(s, opts);
}

export const createAccessLevel = (s: S, opts: { caller: Caller; input: AccessLevelInput }) => writeLevel(s, opts);
export function updateAccessLevel(s: S, opts: { caller: Caller; id: string; input: AccessLevelInput }) {
  checkId(opts.id, "access level");
  return writeLevel(s, opts);
}

/** Deleting a level opens the gear that carried it to everyone. */
export async function deleteAccessLevel(s: S, opts: { caller: Caller; id: string }): Promise<AccessOverviewDto> {
  requireOffice(opts.caller);
  checkId(opts.id, "access level");
  const gone = await s.db.delete(accessLevels).where(eq(accessLevels.id, opts.id)).returning();
  if (gone.length === 0) throw missing("access level");
  await publish(s);
  return listAccessLevels(s, opts);
}

/**
 * The one writer of the level an item or a kit carries (null: open to all), for the Access levels tab, the item
 * dialog, the kit form and the CSV import alike. Inside the caller's transaction; publishing is theirs (`publish`).
 */
export async function placeAccessLevel(tx: Tx, what: "item" | "kit", id: string, levelId: string | null) {
  if (levelId) {
    const [level] = await tx.select({ id: accessLevels.id }).from(accessLevels).where(eq(accessLevels.id, levelId));
    if (!level) throw new AppError("bad_request", "There is no such access level: choose one from the list.");
  }
  if (what === "item") {
    await tx.delete(itemAccessLevels).where(eq(itemAccessLevels.itemId, id));
    if (levelId) await tx.insert(itemAccessLevels).values({ itemId: id, levelId });
  } else {
    await tx.delete(kitAccessLevels).where(eq(kitAccessLevels.kitId, id));
    if (levelId) await tx.insert(kitAccessLevels).values({ kitId: id, levelId });
  }
}

async function assign(
  s: S,
  opts: { caller: Caller; id: string; input: AccessAssignInput },
  what: "item" | "kit",
): Promise<AccessOverviewDto> {
  requireOffice(opts.caller);
  checkId(opts.id, what);
  const { levelId } = accessAssignInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const table = what === "item" ? equipmentItems : equipmentKits;
    const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, opts.id));
    if (!found) throw missing(what);
    await placeAccessLevel(tx, what, opts.id, levelId);
  });
  await publish(s);
  return listAccessLevels(s, opts);
}

export const setItemAccessLevel = (s: S, opts: { caller: Caller; id: string; input: AccessAssignInput }) =>
  assign(s, opts, "item");
export const setKitAccessLevel = (s: S, opts: { caller: Caller; id: string; input: AccessAssignInput }) =>
  assign(s, opts, "kit");
