// The equipment office's categories and certifications, and who holds which certification.
import { and, eq, sql } from "drizzle-orm";
import {
  categoryInput,
  certificationInput,
  type CategoryDto,
  type CategoryInput,
  type CertificationDto,
  type CertificationInput,
} from "../../../common/equipment.ts";
import { type Caller } from "../../auth/caller.ts";
import {
  certifications,
  equipmentCategories,
  equipmentItems,
  profiles,
  userCertifications,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { pgCode, STILL_REFERENCED, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import { checkId, missing, publish, requireOffice, type S } from "./shared.ts";
import { INVENTORY_SCOPE, keptAnswers } from "./kept.ts";

// ── Categories and certifications ────────────────────────────────────────────────────────────────

export async function listCategories(s: Pick<S, "db">): Promise<CategoryDto[]> {
  const rows = await s.db
    // The outer column is named with its table: drizzle leaves the name off in a one-table query, and a bare
    // "id" inside the subquery would be the item's own id (every count was 0).
    .select({
      c: equipmentCategories,
      n: sql<number>`(select count(*) from ${equipmentItems} i where i.category_id = ${equipmentCategories}.${sql.identifier("id")})`.mapWith(
        Number,
      ),
    })
    .from(equipmentCategories)
    .orderBy(equipmentCategories.name);
  return rows.map(({ c, n }) => ({ id: c.id, name: c.name, description: c.description, itemCount: n }));
}

/** The categories with their item counts, as JSON, kept until the inventory changes. */
export function browseCategories(s: Pick<S, "db" | "events">) {
  return keptAnswers(s.events, "categories", INVENTORY_SCOPE, () => listCategories(s));
}

const taken = (what: string, name: string) => new AppError("conflict", `There is already ${what} called “${name}”.`);

export async function createCategory(s: S, opts: { caller: Caller; input: CategoryInput }): Promise<CategoryDto> {
  requireOffice(opts.caller);
  const input = categoryInput.parse(opts.input);
  try {
    const [row] = await s.db.insert(equipmentCategories).values(input).returning();
    await publish(s);
    return { id: row!.id, name: row!.name, description: row!.description, itemCount: 0 };
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw taken("a category", input.name);
    throw err;
  }
}

export async function deleteCategory(s: S, opts: { caller: Caller; id: string }): Promise<void> {
  requireOffice(opts.caller);
  checkId(opts.id, "category");
  try {
    const gone = await s.db.delete(equipmentCategories).where(eq(equipmentCategories.id, opts.id)).returning();
    if (gone.length === 0) throw missing("category");
  } catch (err) {
    if (STILL_REFERENCED.has(pgCode(err) ?? ""))
      throw new AppError("conflict", "This category still holds items: move or delete them first.");
    throw err;
  }
  await publish(s);
}

export async function listCertifications(s: Pick<S, "db">): Promise<CertificationDto[]> {
  const [certs, holders] = await Promise.all([
    s.db.select().from(certifications).orderBy(certifications.name),
    s.db
      .select({
        certificationId: userCertifications.certificationId,
        userId: userCertifications.userId,
        name: profiles.fullName,
        grantedAt: userCertifications.grantedAt,
      })
      .from(userCertifications)
      .innerJoin(profiles, eq(profiles.id, userCertifications.userId))
      .orderBy(profiles.fullName),
  ]);
  return certs.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    holders: holders
      .filter((h) => h.certificationId === c.id)
      .map((h) => ({ userId: h.userId, name: h.name, grantedAt: h.grantedAt.toISOString() })),
  }));
}

export async function createCertification(
  s: S,
  opts: { caller: Caller; input: CertificationInput },
): Promise<CertificationDto> {
  requireOffice(opts.caller);
  const input = certificationInput.parse(opts.input);
  try {
    const [row] = await s.db.insert(certifications).values(input).returning();
    await publish(s);
    return { id: row!.id, name: row!.name, description: row!.description, holders: [] };
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw taken("a certification", input.name);
    throw err;
  }
}

export async function grantCertification(
  s: S,
  opts: { caller: Caller; id: string; userId: string },
): Promise<CertificationDto[]> {
  requireOffice(opts.caller);
  checkId(opts.id, "certification");
  const [cert] = await s.db.select().from(certifications).where(eq(certifications.id, opts.id));
  if (!cert) throw missing("certification");
  const [person] = await s.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, opts.userId), eq(profiles.active, true)));
  if (!person) throw new AppError("bad_request", "There is no active person with this id to certify.");
  await s.db
    .insert(userCertifications)
    .values({ userId: person.id, certificationId: cert.id, grantedBy: opts.caller.id })
    .onConflictDoNothing();
  await publish(s);
  return listCertifications(s);
}

export async function revokeCertification(
  s: S,
  opts: { caller: Caller; id: string; userId: string },
): Promise<CertificationDto[]> {
  requireOffice(opts.caller);
  checkId(opts.id, "certification");
  await s.db
    .delete(userCertifications)
    .where(and(eq(userCertifications.certificationId, opts.id), eq(userCertifications.userId, opts.userId)));
  await publish(s);
  return listCertifications(s);
}
